// The one command a node runs (supervisor.h nodeCommand), run here with bash as
// a node's shell runs it: a copy that fails halfway, then the launcher's "stop",
// leaves nothing of the run in the folder. (The launch tests run it over a real
// sshd; this one makes the copy fail at a chosen file.) And the node's supervisor
// alone, on a clock an older bash would give it.
#include "supervisor.h"
#include "test_files.h"

#include <QtTest>
#include <QScopeGuard>
#include <csignal>

using namespace traindeck::launch;

class TestNodeCommand : public QObject {
    Q_OBJECT

private slots:
    void aCopyThatFailsHalfwayLeavesNothing() {
        QTemporaryDir tmp;
        const QString dir = tmp.filePath("run");
        // A folder where the entrypoint should go: its write fails after the node
        // script's has succeeded.
        QVERIFY(QDir().mkpath(dir + "/entrypoint.sh"));
        NodeCommand c;
        c.dir = dir.toStdString();
        c.node = 1;
        c.nodeScript = "node-1.sh";
        c.files = {{"node-1.sh", "echo node 1\n", true}, {"entrypoint.sh", "echo entry\n", true},
                   {kSupervisorFile, supervisorScript(), true}};
        c.workload = "true";
        QProcess node;
        node.start("/bin/sh", {"-c", QString::fromStdString(nodeCommand(c))});
        QVERIFY(node.waitForStarted());
        QByteArray said;
        QTRY_VERIFY_WITH_TIMEOUT((said += node.readAllStandardOutput()).contains(kPreflightEnd), 10000);
        QVERIFY2(said.contains("copied=no"), said.constData());
        node.write("stop\n");  // the launcher's verdict: nothing starts
        QVERIFY(node.waitForFinished(10000));
        QCOMPARE(node.exitCode(), 0);
        QCOMPARE(QDir(dir).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden),
                 QStringList{"entrypoint.sh"});  // only what was there before
    }

    // The launcher gone (stdin closed) and a node script that ignores SIGTERM: the
    // supervisor kills it after the grace and ends, with bash 5's clock and without
    // it (bash before 5.0, as RHEL 8's 4.4, has no EPOCHREALTIME; the supervisor's
    // clock then stood at 0 and the grace never ended).
    void theGraceEndsWithoutTheLauncher_data() {
        QTest::addColumn<bool>("secondsClock");
        QTest::newRow("EPOCHREALTIME") << false;
        QTest::newRow("whole seconds") << true;
    }
    void theGraceEndsWithoutTheLauncher() {
        QFETCH(bool, secondsClock);
        QTemporaryDir dir;
        test_files::writeFile(dir.filePath(kSupervisorFile), QByteArray::fromStdString(supervisorScript()));
        test_files::writeFile(dir.filePath("node-0.sh"), "trap '' TERM\necho $$ > node.pid\nwhile :; do sleep 0.05; done\n");
        QProcess supervisor;
        supervisor.setWorkingDirectory(dir.path());
        // Sourced by a bash that has lost its clock, where asked: `unset` takes the
        // variable's special meaning away, as an older bash never had it.
        supervisor.start("/bin/bash", {"-c", QString(secondsClock ? "unset EPOCHREALTIME; " : "") + ". ./\"$0\" \"$@\"",
                                       kSupervisorFile, "node-0.sh", "500", "0"});
        QVERIFY(supervisor.waitForStarted());
        QFile pidFile(dir.filePath("node.pid"));
        QTRY_VERIFY_WITH_TIMEOUT(pidFile.size() > 0, 10000);
        QVERIFY(pidFile.open(QIODevice::ReadOnly));
        const pid_t pid = pid_t(pidFile.readAll().trimmed().toInt());
        QVERIFY(pid > 0);
        // Whatever the outcome, the node script does not outlive the test.
        const auto reap = qScopeGuard([pid] { ::kill(pid, SIGKILL); });
        QElapsedTimer clock;
        clock.start();
        supervisor.closeWriteChannel();  // the launcher has gone
        QVERIFY2(supervisor.waitForFinished(10000), "the supervisor is still waiting");
        QVERIFY2(clock.elapsed() >= 500, "the grace was cut short");
        QTRY_VERIFY_WITH_TIMEOUT(::kill(pid, 0) != 0, 2000);  // killed
    }
};

QTEST_GUILESS_MAIN(TestNodeCommand)
#include "tst_node_command.moc"
