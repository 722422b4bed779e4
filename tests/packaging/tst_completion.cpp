// The bash completions that packaging/cli_reference.py writes at build time, driven
// the way bash drives them: the script is sourced, COMP_WORDS/COMP_CWORD are set and
// its function is called. The expected flags come from core/plan's field table, not
// from the --help text the script was generated from.

#include "plan/plan_fields.h"

#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

namespace {

// What the completion function offers for `words`, completing the last one.
QStringList complete(const char* script, const QString& function, const QStringList& words,
                     const QString& cwd = QString()) {
    QString array;
    for (const QString& w : words)
        array += QLatin1Char('\'') + QString(w).replace(QLatin1Char('\''), QLatin1String("'\\''")) + QLatin1String("' ");
    const QString program = QStringLiteral("source '%1' || exit 3; COMP_WORDS=(%2); COMP_CWORD=%3; %4; "
                                           "printf '%s\\n' \"${COMPREPLY[@]}\"")
                                .arg(QString::fromUtf8(script), array)
                                .arg(words.size() - 1)
                                .arg(function);
    QProcess bash;
    if (!cwd.isEmpty())
        bash.setWorkingDirectory(cwd);
    bash.start(QStringLiteral("bash"), {QStringLiteral("--norc"), QStringLiteral("-c"), program});
    if (!bash.waitForFinished(10000) || bash.exitCode() != 0)
        qFatal("bash failed: %s", bash.readAllStandardError().constData());
    return QString::fromUtf8(bash.readAllStandardOutput()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

QStringList completeTraindeck(const QStringList& words, const QString& cwd = QString()) {
    return complete(TRAINDECK_COMPLETION, QStringLiteral("_traindeck"), QStringList{QStringLiteral("traindeck")} + words,
                    cwd);
}

QStringList trainer(const QStringList& words) {
    return complete(TRAINER_COMPLETION, QStringLiteral("_traindeck_trainer"),
                    QStringList{QStringLiteral("traindeck-trainer")} + words);
}

// The commands `traindeck --help` lists: the command table of app/main.cpp.
QStringList commandsOfHelp() {
    QProcess p;
    p.start(QStringLiteral(TRAINDECK_BINARY), {QStringLiteral("--help")});
    p.waitForFinished(30000);
    const QString help = QString::fromUtf8(p.readAllStandardOutput());
    const QString table = help.section(QStringLiteral("Commands:\n"), 1).section(QStringLiteral("\n\n"), 0, 0);
    QStringList out;
    for (const QString& line : table.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
        if (!line.startsWith(QLatin1String("   ")))  // deeper: a wrapped description goes on
            out << line.trimmed().section(QLatin1Char(' '), 0, 0);
    return out;
}

}  // namespace

class TstCompletion : public QObject {
    Q_OBJECT
private slots:
    void commands() {
        const QStringList commands = commandsOfHelp();
        QVERIFY(commands.contains(QStringLiteral("plan")));
        QVERIFY(commands.contains(QStringLiteral("generate")));
        const QStringList offered = completeTraindeck({QString()});
        for (const QString& c : commands)
            QVERIFY2(offered.contains(c), qPrintable(c));
        QCOMPARE(completeTraindeck({QStringLiteral("pl")}), QStringList{QStringLiteral("plan")});
        QCOMPARE(completeTraindeck({QStringLiteral("--vers")}), QStringList{QStringLiteral("--version")});
    }

    void everyPlanFlag_data() {
        QTest::addColumn<QString>("command");
        for (const QString& c : commandsOfHelp())
            if (c == QLatin1String("plan") || c == QLatin1String("generate"))
                QTest::newRow(qPrintable(c)) << c;
    }
    void everyPlanFlag() {
        QFETCH(QString, command);
        const QStringList offered = completeTraindeck({command, QStringLiteral("--")});
        int checked = 0;
        for (const traindeck::PlanField& f : traindeck::planFields()) {
            const QString flag = QString::fromStdString(f.flag);
            QVERIFY2(offered.contains(flag), qPrintable(command + QLatin1Char(' ') + flag));
            if (f.boolean) {
                const QString no = QStringLiteral("--no-") + flag.mid(2);
                QVERIFY2(offered.contains(no), qPrintable(command + QLatin1Char(' ') + no));
            }
            ++checked;
        }
        QVERIFY(checked > 10);
        QVERIFY(offered.contains(QStringLiteral("--help")));
        // A prefix narrows to the flags that start with it.
        const QStringList micro = completeTraindeck({command, QStringLiteral("--micro")});
        QVERIFY(!micro.isEmpty());
        for (const QString& m : micro)
            QVERIFY2(m.startsWith(QLatin1String("--micro")), qPrintable(m));
    }

    void values() {
        // --target's choices come from the generators' list.
        const QStringList targets = completeTraindeck({QStringLiteral("generate"), QStringLiteral("--target"), QStringLiteral("s")});
        QVERIFY2(targets.contains(QStringLiteral("slurm")) && targets.contains(QStringLiteral("ssh")),
                 qPrintable(targets.join(QLatin1Char(' '))));
        // A free value (a number) gets no flags offered in its place.
        QVERIFY(completeTraindeck({QStringLiteral("plan"), QStringLiteral("--nodes"), QString()}).isEmpty());
        // A directory and a plan file complete from the file system.
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("launch")));
        QFile plan(dir.filePath(QStringLiteral("mine.yaml")));
        QVERIFY(plan.open(QIODevice::WriteOnly));
        plan.close();
        QCOMPARE(completeTraindeck({QStringLiteral("generate"), QStringLiteral("--out"), QStringLiteral("la")}, dir.path()),
                 QStringList{QStringLiteral("launch")});
        QCOMPARE(completeTraindeck({QStringLiteral("plan"), QStringLiteral("mi")}, dir.path()), QStringList{QStringLiteral("mine.yaml")});
        QVERIFY(completeTraindeck({QStringLiteral("mi")}, dir.path()).contains(QStringLiteral("mine.yaml")));
    }

    void trainerFlags() {
        const QStringList flags = trainer({QStringLiteral("--")});
        for (const char* f : {"--backend", "--preset", "--steps", "--nproc-per-node", "--metrics-file", "--check-sync",
                              "--version", "--height", "--width", "--nnodes", "--node-rank"})
            QVERIFY2(flags.contains(QLatin1String(f)), f);
        QCOMPARE(trainer({QStringLiteral("--backend"), QString()}),
                 (QStringList{QStringLiteral("nccl"), QStringLiteral("gloo"), QStringLiteral("auto")}));
        QCOMPARE(trainer({QStringLiteral("--preset"), QStringLiteral("t")}), QStringList{QStringLiteral("tiny")});
    }
};

QTEST_GUILESS_MAIN(TstCompletion)
#include "tst_completion.moc"
