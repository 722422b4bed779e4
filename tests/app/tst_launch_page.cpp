// The Launch page offscreen, driving real runs of the real trainer (CPU/Gloo):
// the single node of a 1×2 plan on this machine to its end and stopped midway;
// two loopback "nodes" through a real sshd whose host key is unknown (the
// dialog shows its fingerprint, the user trusts it, it is recorded), then node
// 1's trainer killed: the page names node 1 as the first to fail, in English and
// Chinese (saved as PNG, running and failed, when TRAINDECK_SCREENSHOT_DIR is set).

#include "test_sshd.h"
#include "test_support.h"

#include "gui/window/language.h"
#include "gui/window/main_window.h"
#include "gui/plan/plan_document.h"
#include "gui/launch/launch_page.h"
#include "plan/plan_fields.h"

#include <QApplication>
#include <QComboBox>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QtTest>

using namespace traindeck;
using namespace traindeck::gui;
using namespace test_sshd;

namespace {

Plan testPlan(int nodes, int gpusPerNode, int steps) {
    Plan plan = demoPlan();
    const QStringList flags = {"--nodes", QString::number(nodes), "--gpus-per-node", QString::number(gpusPerNode),
                               "--preset", "tiny", "--steps", QString::number(steps), "--micro-batch", "1",
                               "--grad-accum", "1", "--global-batch", "0", "--master-port", QString::number(freePort()),
                               "--comm-timeout", "6", "--job-name", "launch-page-test", "--layouts", ""};
    for (int i = 0; i < flags.size(); i += 2) {
        const PlanField* field = findPlanField(flags[i].toStdString());
        if (!field)
            qFatal("no plan flag %s", qPrintable(flags[i]));
        const std::string error = setPlanField(plan, field->key, flags[i + 1].toStdString()).english();
        if (!error.empty())
            qFatal("%s: %s", qPrintable(flags[i]), error.c_str());
    }
    return plan;
}

bool waitForEnd(LaunchPage& page, int timeoutMs) {
    QSignalSpy ended(&page, &LaunchPage::runEnded);
    return !page.running() || ended.wait(timeoutMs);
}

}  // namespace

class TestLaunchPage : public QObject {
    Q_OBJECT

    QTemporaryDir settings_;
    QTemporaryDir work_;
    QByteArray path_;

private slots:
    void initTestCase() {
        test::isolateSettings(settings_);
        // This machine as a node: the trainer and a stub nvidia-smi (2 GPUs) on the PATH.
        const QString bin = work_.filePath("bin");
        QDir().mkpath(bin);
        QFile::link(TRAINER_BINARY, bin + "/traindeck-trainer");
        writeFile(bin + "/nvidia-smi", "#!/bin/sh\necho 'GPU 0: Stub (UUID: GPU-0)'\necho 'GPU 1: Stub (UUID: GPU-1)'\n", true);
        path_ = qgetenv("PATH");
        qputenv("PATH", bin.toUtf8() + ":" + path_);
    }
    void cleanupTestCase() { qputenv("PATH", path_); }

    void localRunToTheEnd() {
        PlanDocument document;
        LaunchPage page(document);
        document.reset(testPlan(1, 2, 8), {}, false);
        page.setLocal(true);
        page.setRunDir(work_.filePath("local"));
        QVERIFY2(page.start(), qPrintable(page.banner()));
        QVERIFY(page.running());
        QVERIFY(waitForEnd(page, 60000));
        QVERIFY2(page.lastEnd().status == launch::EndStatus::Completed, qPrintable(page.banner()));
        QCOMPARE(page.nodeStateText(0), QStringLiteral("exited 0"));
        QVERIFY2(page.banner().contains("completed"), qPrintable(page.banner()));
        // The node's output was kept whole in the run folder: every step of both ranks' job.
        const QByteArray out = readFile(work_.filePath("local/node-0.out"));
        QVERIFY2(out.contains("\"event\":\"step\",") && out.contains("\"step\":7,"), out.right(400).constData());
        QVERIFY(out.contains("\"status\":\"completed\""));
    }

    void stopEndsEveryNode() {
        PlanDocument document;
        LaunchPage page(document);
        page.setGraceSeconds(5);
        document.reset(testPlan(1, 2, 100000), {}, false);
        page.setLocal(true);
        page.setRunDir(work_.filePath("stopped"));
        QVERIFY(page.start());
        QTRY_VERIFY_WITH_TIMEOUT(readFile(work_.filePath("stopped/node-0.out")).contains("\"event\":\"step\""), 30000);
        QCOMPARE(page.nodeStateText(0), QStringLiteral("running"));
        page.stop();
        QVERIFY(waitForEnd(page, 20000));
        QVERIFY(page.lastEnd().status == launch::EndStatus::Interrupted);
        // SIGTERM: the trainer finishes its step and exits 143, saying so in its stream.
        QCOMPARE(page.nodeStateText(0), QStringLiteral("exited 143"));
        QVERIFY(readFile(work_.filePath("stopped/node-0.out")).contains("\"status\":\"interrupted\""));
    }

    // The page going away mid-run (the window closed) stops the nodes and waits for them:
    // nothing keeps training behind a closed window, and the close does not hang.
    void closingThePageStopsTheRun() {
        PlanDocument document;
        auto* page = new LaunchPage(document);
        page->setGraceSeconds(5);
        document.reset(testPlan(1, 2, 100000), {}, false);
        page->setLocal(true);
        page->setRunDir(work_.filePath("closed"));
        QVERIFY(page->start());
        QTRY_VERIFY_WITH_TIMEOUT(readFile(work_.filePath("closed/node-0.out")).contains("\"event\":\"step\""), 30000);
        QElapsedTimer clock;
        clock.start();
        delete page;
        QVERIFY2(clock.elapsed() < 5000 + 3000, qPrintable(QString::number(clock.elapsed())));
        // The trainer heard SIGTERM: it wrote its end, and the run folder recorded the run's.
        QVERIFY(readFile(work_.filePath("closed/node-0.out")).contains("\"status\":\"interrupted\""));
        QVERIFY(readFile(work_.filePath("closed/launch.jsonl")).contains("\"interrupted\""));
    }

    // Closing the window while a run goes asks first; Cancel keeps both the window and the run.
    void closingTheWindowAsksFirst() {
        Language lang;
        MainWindow w(&lang);
        w.document()->reset(testPlan(1, 2, 100000), QString(), false);  // nothing to save: only the run asks
        LaunchPage* page = w.launchPage();
        page->setGraceSeconds(5);
        page->setLocal(true);
        page->setRunDir(work_.filePath("asked"));
        QVERIFY(page->start());
        w.show();
        const auto answer = [](QMessageBox::StandardButton button) {
            QTimer::singleShot(200, [button] {
                auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
                if (box)
                    box->button(button)->click();
            });
        };
        answer(QMessageBox::Cancel);
        QVERIFY(!w.close());
        QVERIFY(page->running());
        answer(QMessageBox::Yes);
        QVERIFY(w.close());
    }

    void unknownKeyTrustedThenANodesDeathIsNamed_data() {
        test::languageRows();
    }
    void unknownKeyTrustedThenANodesDeathIsNamed() {
        QFETCH(QString, language);
        Language lang;
        QVERIFY(lang.apply(language));
        const QString shots = qEnvironmentVariable("TRAINDECK_SCREENSHOT_DIR");
        const auto keep = [&](QWidget& w, const QString& name) {
            if (shots.isEmpty())
                return;
            QTest::qWait(300);  // the table's last repaint, for the picture only
            QVERIFY(w.grab().save(QDir(shots).filePath(language + "_" + name + ".png")));
        };
        Sshd sshd;
        if (!sshd.start())
            QSKIP(qPrintable("cannot start a test sshd: " + sshd.why));
        const QString knownHosts = work_.filePath("known_hosts_" + language);
        const QString runDir = work_.filePath("ssh_" + language);
        writeFile(knownHosts, "");
        PlanDocument document;
        LaunchPage page(document);
        page.setGraceSeconds(5);
        document.reset(testPlan(2, 1, 100000), {}, false);
        page.setHosts(sshd.hosts(2).split(','));
        page.setRunDir(runDir);
        page.resize(1100, 720);
        page.show();
        page.setSshFiles(sshd.path("user_key"), knownHosts, sshd.path("ssh_config"));

        // Each node's unknown key: a dialog with the host and the key's SHA256 fingerprint; trusted.
        QStringList asked;
        connect(&page, &LaunchPage::hostKeyAsked, this, [&](const QString& host, const QString& fingerprint) {
            asked << host;
            QVERIFY(fingerprint.startsWith("SHA256:"));
            QMessageBox* box = nullptr;
            for (QMessageBox* b : page.findChildren<QMessageBox*>("hostKeyDialog"))
                if (b->text().contains(host) && b->text().contains(fingerprint))
                    box = b;
            QVERIFY(box);
            for (QAbstractButton* b : box->buttons())
                if (box->buttonRole(b) == QMessageBox::AcceptRole)
                    QTimer::singleShot(0, b, &QAbstractButton::click);
        });
        QVERIFY2(page.start(), qPrintable(page.banner()));
        QTRY_VERIFY_WITH_TIMEOUT(readFile(runDir + "/node-0.out").contains("\"rank\":1,\"node\":1"), 30000);
        QTRY_VERIFY_WITH_TIMEOUT(!page.nodeStateText(1).isEmpty() && page.nodeStateText(0) == page.nodeStateText(1), 5000);
        keep(page, "launch_running");
        QCOMPARE(asked.size(), 2);
        QCOMPARE(readFile(knownHosts).count("ssh-ed25519"), 2);  // recorded, one line a host

        QVERIFY(sshd.killTrainers(1) > 0);
        QVERIFY(waitForEnd(page, 20000));
        QVERIFY(page.lastEnd().status == launch::EndStatus::Failed);
        QCOMPARE(page.lastEnd().node, 1);
        keep(page, "launch_failed");
        if (language == "en") {
            QVERIFY2(page.banner().startsWith("Node 1 failed first: node 1 ("), qPrintable(page.banner()));
            QVERIFY2(page.nodeStateText(1).startsWith("exited") && page.nodeStateText(1) != "exited 0",
                     qPrintable(page.nodeStateText(1)));
            QVERIFY(!page.nodeStateText(0).isEmpty() && page.nodeStateText(0) != "running");
            // One node's log: only its lines (node 1's shell saying its workload was killed).
            auto* filter = page.findChild<QComboBox*>("logFilter");
            filter->setCurrentIndex(filter->findData(1));
            const QStringList lines = page.findChild<QPlainTextEdit*>("output")->toPlainText().split('\n');
            QVERIFY(lines.size() > 3);
            for (const QString& line : lines)
                QVERIFY2(line.startsWith("[1] "), qPrintable(line));
        } else {
            QVERIFY2(page.banner().startsWith(QStringLiteral("节点 1 最先失败：节点 1（")),
                     qPrintable(page.banner()));
            QVERIFY2(page.nodeStateText(1).startsWith(QStringLiteral("已退出")), qPrintable(page.nodeStateText(1)));
        }
    }

    // The hosts are the plan's launch.hosts: shown per node, and an edit goes back into the plan (undoable).
    void hostsAreThePlans() {
        Language lang;
        MainWindow w(&lang);
        Plan plan = testPlan(2, 1, 8);
        QVERIFY(setPlanField(plan, "launch.hosts", "alice@gpu-a,gpu-b:2222").empty());
        w.document()->replacePlan(plan, QStringLiteral("test"));
        LaunchPage* page = w.launchPage();
        QCOMPARE(page->hosts(), (QStringList{"alice@gpu-a", "gpu-b:2222"}));
        QAbstractItemModel* nodes = page->findChild<QTableView*>("nodes")->model();
        QVERIFY(nodes->flags(nodes->index(1, 1)) & Qt::ItemIsEditable);
        QVERIFY(nodes->setData(nodes->index(1, 1), "bob@gpu-c"));
        QCOMPARE(w.document()->plan().launch.hosts, (std::vector<std::string>{"alice@gpu-a", "bob@gpu-c"}));
        // The plan form's field is the same plan field: an edit there shows here.
        QVERIFY(w.document()->setField("launch.hosts", "carol@gpu-d,bob@gpu-c").empty());
        QCOMPARE(page->hosts(), (QStringList{"carol@gpu-d", "bob@gpu-c"}));
        QVERIFY(w.document()->setField("cluster.nodes", "3").empty());
        QCOMPARE(page->hosts(), (QStringList{"carol@gpu-d", "bob@gpu-c", ""}));
    }

    // The plan's own errors stop a start before anything runs, and say which.
    void aPlanWithErrorsStartsNothing() {
        PlanDocument document;
        LaunchPage page(document);
        Plan plan = testPlan(1, 2, 8);
        QVERIFY(setPlanField(plan, "cluster.gpus_per_node", "16").empty());  // more than an H100 node has
        document.reset(plan, {}, false);
        page.setLocal(true);
        page.setRunDir(work_.filePath("refused"));
        QVERIFY(!page.start());
        QVERIFY(!page.running());
        QVERIFY2(page.banner().contains("nothing was started"), qPrintable(page.banner()));
        QVERIFY(!QFileInfo::exists(work_.filePath("refused")));
    }
};

QTEST_MAIN(TestLaunchPage)
#include "tst_launch_page.moc"
