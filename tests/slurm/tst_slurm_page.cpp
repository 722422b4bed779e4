// The Launch page with Slurm as the target, against the real cluster of cluster.sh
// (SLURM_CONF from the ctest fixture): a Slurm plan shows the job panel instead of
// the SSH part; Submit runs the real trainer (CPU/Gloo) on both nodes, the panel
// shows the job's state and its nodes, Stop cancels it and the page waits until
// Slurm says it ended, in English and Chinese (saved as PNG when
// TRAINDECK_SCREENSHOT_DIR is set).

#include "gui/window/language.h"
#include "gui/plan/plan_document.h"
#include "gui/launch/launch_page.h"
#include "gui/launch/scheduled_job_panel.h"
#include "plan/plan_analysis.h"
#include "plan/plan_fields.h"

#include <QApplication>
#include <QDir>
#include <QPlainTextEdit>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace traindeck;
using namespace traindeck::gui;

namespace {

Plan slurmPlan(const QString& command) {
    Plan plan = demoPlan();
    const QStringList flags = {"--platform", "slurm", "--nodes", "2", "--gpus-per-node", "1", "--preset", "tiny",
                               "--master-port", QString::number(40000 + QRandomGenerator::global()->bounded(20000)),
                               "--micro-batch", "1", "--grad-accum", "1", "--global-batch", "0",
                               "--job-name", "slurm-page-test", "--layouts", "", "--command", command};
    for (int i = 0; i < flags.size(); i += 2) {
        const PlanField* field = findPlanField(flags[i].toStdString());
        if (!field) qFatal("no plan flag %s", qPrintable(flags[i]));
        const std::string error = setPlanField(plan, field->key, flags[i + 1].toStdString()).english();
        if (!error.empty()) qFatal("%s: %s", qPrintable(flags[i]), error.c_str());
    }
    return plan;
}

// A field of `scontrol show job -o ID`, as Slurm says it.
QString jobField(const QString& id, const QString& key) {
    QProcess p;
    p.start("scontrol", {"show", "job", "-o", id});
    p.waitForFinished(10000);
    const QString out = QString::fromUtf8(p.readAllStandardOutput());
    const int at = out.indexOf(" " + key + "=");
    return at < 0 ? QString() : out.mid(at + key.size() + 2).section(' ', 0, 0);
}

}  // namespace

class TestSlurmPage : public QObject {
    Q_OBJECT
    QTemporaryDir work_;

private slots:
    void initTestCase() {
        if (!QFile::exists(qEnvironmentVariable("SLURM_CONF"))) QSKIP("no Slurm cluster (the fixture needs root)");
    }

    void aSlurmPlanShowsTheJobPanel() {
        PlanDocument document;
        LaunchPage page(document);
        document.reset(slurmPlan(""), {}, false);
        QVERIFY(page.scheduledPanel()->isVisibleTo(&page));
        Plan ssh = slurmPlan("");
        ssh.launch.platform = Platform::Ssh;
        document.reset(ssh, {}, false);
        QVERIFY(!page.scheduledPanel()->isVisibleTo(&page));
    }

    // Check asks the cluster and writes the files: its result, good or bad, reaches the log
    // in a check's words (a check never submits, so it does not say "nothing submitted").
    void checkSaysItsResultInTheLog() {
        Language lang;
        QVERIFY(lang.apply("en"));
        PlanDocument document;
        LaunchPage page(document);
        ScheduledJobPanel& panel = *page.scheduledPanel();
        document.reset(slurmPlan(QStringLiteral(TRAINER_BINARY)), {}, false);
        panel.setRunDir(work_.filePath("check"));
        QSignalSpy ended(&panel, &ScheduledJobPanel::runEnded);
        QVERIFY(panel.submit(true));
        QVERIFY(ended.wait(60000));
        const auto log = [&] { return page.findChild<QPlainTextEdit*>("jobOutput")->toPlainText(); };
        QVERIFY2(log().contains("checked against the cluster: it can take this plan; its files are in " + work_.filePath("check") +
                                "/files"),
                 qPrintable(log()));
        Plan nope = slurmPlan(QStringLiteral(TRAINER_BINARY));
        nope.launch.slurmPartition = "nope";
        document.reset(nope, {}, false);
        panel.setRunDir(work_.filePath("check-nope"));
        QVERIFY(panel.submit(true));
        QVERIFY(ended.wait(60000));
        QVERIFY2(log().contains("the cluster cannot take this plan: partition 'nope' does not exist"), qPrintable(log()));
        QVERIFY2(!log().contains("nothing submitted"), qPrintable(log()));
    }

    void submitFollowAndStop_data() {
        QTest::addColumn<QString>("language");
        QTest::newRow("en") << QStringLiteral("en");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
    }
    void submitFollowAndStop() {
        QFETCH(QString, language);
        Language lang;
        QVERIFY(lang.apply(language));
        PlanDocument document;
        LaunchPage page(document);
        ScheduledJobPanel& panel = *page.scheduledPanel();
        panel.setPollInterval(1);
        panel.setGraceSeconds(10);
        const QString command = QStringLiteral(TRAINER_BINARY) +
                                " --backend gloo --preset tiny --steps 100000 --log-every 1 --nproc-per-node {nproc_per_node}";
        document.reset(slurmPlan(command), {}, false);
        const QString runDir = work_.filePath(language);
        panel.setRunDir(runDir);
        page.resize(1100, 720);
        page.show();
        QVERIFY(panel.submit(false));
        QTRY_VERIFY_WITH_TIMEOUT(!panel.jobId().isEmpty(), 20000);
        QTRY_VERIFY_WITH_TIMEOUT(!panel.nodesText().isEmpty(), 30000);
        QCOMPARE(panel.nodesText(), jobField(panel.jobId(), "NodeList"));  // both nodes, as Slurm names them
        const QString running = language == "en" ? QStringLiteral("running on %1") : QStringLiteral("运行于 %1");
        QCOMPARE(panel.stateText(), running.arg(panel.nodesText()));
        // The job's output reaches the run folder as it grows (what Watch reads).
        QTRY_VERIFY_WITH_TIMEOUT(QFile(runDir + "/node-0.out").size() > 0, 30000);
        const auto stepsWritten = [&] {
            QFile out(runDir + "/node-0.out");
            return out.open(QIODevice::ReadOnly) && out.readAll().contains("\"event\":\"step\"");
        };
        QTRY_VERIFY_WITH_TIMEOUT(stepsWritten(), 30000);
        if (const QString shots = qEnvironmentVariable("TRAINDECK_SCREENSHOT_DIR"); !shots.isEmpty()) {
            QTest::qWait(1500);  // some output in the pane, for the picture only
            QVERIFY(page.grab().save(QDir(shots).filePath(language + "_slurm_running.png")));
        }
        QSignalSpy ended(&panel, &ScheduledJobPanel::runEnded);
        panel.stop();
        QVERIFY(ended.wait(60000));
        QCOMPARE(panel.lastEnd().status, launch::EndStatus::Interrupted);
        // The pane is the SSH part's log: the trainer's start and end, not a line per step or
        // rank (node-0.out has them, and the Watch page plots them).
        const QString shown = page.findChild<QPlainTextEdit*>("jobOutput")->toPlainText();
        QVERIFY2(shown.contains("\"event\":\"start\"") && shown.contains("\"event\":\"end\""), qPrintable(shown.right(600)));
        QVERIFY2(!shown.contains("\"event\":\"step\"") && !shown.contains("\"event\":\"rank\""), qPrintable(shown.right(600)));
        const QString state = jobField(panel.jobId(), "JobState");
        QVERIFY2(state == "CANCELLED" || state == "FAILED" || state == "COMPLETED", qPrintable(state));
        QVERIFY(!panel.running());
    }
};

QTEST_MAIN(TestSlurmPage)
#include "tst_slurm_page.moc"
