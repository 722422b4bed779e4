// The one command a node runs (supervisor.h nodeCommand), run here with bash as
// a node's shell runs it: a copy that fails halfway, then the launcher's "stop",
// leaves nothing of the run in the folder. (The launch tests run it over a real
// sshd; this one makes the copy fail at a chosen file.)
#include "supervisor.h"

#include <QtTest>

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
};

QTEST_GUILESS_MAIN(TestNodeCommand)
#include "tst_node_command.moc"
