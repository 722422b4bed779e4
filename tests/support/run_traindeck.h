#pragma once
// Runs the built `traindeck` binary (TRAINDECK_BINARY, set by CMake) the way a
// user at a shell would, and returns what it printed and its exit code.

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QtGlobal>

struct TraindeckRun {
    int code;
    QString out, err;
};

// The locale is English (LANG=C.UTF-8, no LC_ALL, LC_MESSAGES or LANGUAGE) unless
// `env` ("NAME=VALUE" each) says otherwise: the texts a test expects do not
// depend on the machine's language.
inline TraindeckRun runTraindeck(const QStringList& args, const QStringList& env = {}) {
    QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
    for (const char* name : {"LC_ALL", "LC_MESSAGES", "LANGUAGE"})
        e.remove(QString::fromLatin1(name));
    e.insert(QStringLiteral("LANG"), QStringLiteral("C.UTF-8"));
    for (const QString& item : env)
        e.insert(item.section(QLatin1Char('='), 0, 0), item.section(QLatin1Char('='), 1));
    QProcess p;
    p.setProcessEnvironment(e);
    p.start(TRAINDECK_BINARY, args);
    if (!p.waitForFinished(30000))
        qFatal("traindeck %s did not finish", qPrintable(args.join(' ')));
    return {p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
}

// `traindeck plan ARGS --json` as a user runs it (exit 0, or 1 for findings); its JSON.
inline QJsonObject planJsonOf(const QStringList& args) {
    const TraindeckRun r = runTraindeck(QStringList{QStringLiteral("plan")} + args + QStringList{QStringLiteral("--json")});
    if (r.code != 0 && r.code != 1)
        qFatal("traindeck plan %s: %s", qPrintable(args.join(' ')), qPrintable(r.err));
    return QJsonDocument::fromJson(r.out.toUtf8()).object();
}

// One layout's planned samples/s in that JSON.
inline double plannedSamplesPerS(const QJsonObject& plan, const QString& layout) {
    for (const QJsonValue& l : plan[QStringLiteral("layouts")].toArray())
        if (l.toObject()[QStringLiteral("layout")].toString() == layout)
            return l.toObject()[QStringLiteral("samples_per_s")].toDouble();
    qFatal("no layout %s", qPrintable(layout));
}
