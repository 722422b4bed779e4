// traindeck launch against a real OpenSSH sshd on loopback (127.0.0.1 and
// 127.0.0.2 stand for two hosts), with its own host key, an authorized key and
// a private known_hosts, and the real traindeck-trainer (CPU/Gloo) as the
// workload. A stub nvidia-smi on the node's PATH reports the node's GPUs.
// Skipped, saying why, only where sshd cannot start.

#include "test_sshd.h"

#include <QtTest>

#include <csignal>

using namespace test_sshd;

namespace {

struct Result {
    int code = -1;
    QString out, err;
};

QStringList planFlags(int nodes, int steps, int masterPort) {
    return {"--nodes", QString::number(nodes), "--gpus-per-node", "1", "--preset", "tiny", "--steps",
            QString::number(steps), "--micro-batch", "1", "--grad-accum", "1", "--global-batch", "0",
            "--master-port", QString::number(masterPort), "--comm-timeout", "6", "--job-name", "launch-test"};
}

}  // namespace

class TestLaunch : public QObject {
    Q_OBJECT

    Sshd sshd_;
    QTemporaryDir work_;
    QString knownHosts_;

    QStringList sshFlags(const QString& knownHosts) const {
        return {"--identity", sshd_.path("user_key"), "--known-hosts", knownHosts, "--ssh-config", sshd_.path("ssh_config"),
                "--grace", "5"};
    }
    Result launch(const QStringList& args, int timeoutMs = 60000) {
        QProcess p;
        p.start(TRAINDECK_BINARY, QStringList{"launch"} + args);
        if (!p.waitForFinished(timeoutMs)) {
            p.kill();
            p.waitForFinished();
        }
        return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()),
                QString::fromUtf8(p.readAllStandardError())};
    }
    QString runDir(const QString& name) const { return work_.filePath(name); }

private slots:
    void initTestCase() {
        if (!sshd_.start()) QSKIP(qPrintable("cannot start a test sshd: " + sshd_.why));
        knownHosts_ = work_.filePath("known_hosts");
        sshd_.trustHostKey(knownHosts_, sshd_.path("host_key.pub"));
    }

    void twoNodesTrainToTheEnd() {
        const Result r = launch(QStringList{"--hosts", sshd_.hosts(2), "--run-dir", runDir("full")} +
                                sshFlags(knownHosts_) + planFlags(2, 12, freePort()));
        QVERIFY2(r.code == 0, qPrintable(r.err));
        // The metrics lines arrive tagged with the node that printed them: the trainer's
        // rank 0 (node 0) writes the job's step events and every rank's rank events,
        // node 1's rank among them.
        QVERIFY2(r.out.contains(QRegularExpression(R"(\[node 0\] \{"v":1,"event":"step")")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QRegularExpression(R"(\[node 0\] \{"v":1,"event":"rank"[^\n]*"rank":1,"node":1)")),
                 qPrintable(r.out));
        QVERIFY(QFileInfo::exists(runDir("full/node-1.out")) && QFileInfo::exists(runDir("full/node-1.err")));
        // The run folder: whole logs, the plan, the hosts and the launcher's events.
        const QByteArray out0 = readFile(runDir("full/node-0.out"));
        QVERIFY(out0.contains("\"event\":\"end\"") && out0.contains("\"status\":\"completed\""));
        QCOMPARE(QString(readFile(runDir("full/hosts"))), sshd_.hosts(2).replace(',', '\n') + "\n");
        QVERIFY(readFile(runDir("full/plan.yaml")).contains("nodes: 2"));
        const QByteArray events = readFile(runDir("full/launch.jsonl"));
        QVERIFY(events.contains("\"state\":\"running\""));
        QVERIFY(events.contains("\"event\":\"end\"") && events.contains("\"status\":\"completed\""));
        QVERIFY(!events.contains("PRIVATE KEY") && !readFile(runDir("full/plan.yaml")).contains("PRIVATE KEY"));
    }

    void unknownHostKeyIsRefusedUnlessAccepted() {
        const QString fresh = work_.filePath("fresh_known_hosts");
        const QStringList args = QStringList{"--hosts", sshd_.hosts(2), "--dry-run"} + planFlags(2, 2, freePort());
        Result r = launch(args + sshFlags(fresh));
        QCOMPARE(r.code, 3);
        QVERIFY2(r.err.contains("is unknown") && r.err.contains("SHA256:"), qPrintable(r.err));
        QVERIFY(!QFileInfo::exists(fresh) || !readFile(fresh).contains("127.0.0.1"));
        r = launch(args + sshFlags(fresh) + QStringList{"--accept-new-host-keys"});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY(readFile(fresh).contains("127.0.0.2"));
        // Recorded: no flag needed any more.
        r = launch(args + sshFlags(fresh));
        QVERIFY2(r.code == 0, qPrintable(r.err));
    }

    void changedHostKeyIsAlwaysRefused() {
        const QString wrong = work_.filePath("wrong_known_hosts");
        sshd_.trustHostKey(wrong, sshd_.path("other_key.pub"));  // another ed25519 key on record
        const Result r = launch(QStringList{"--hosts", sshd_.hosts(2), "--accept-new-host-keys"} + sshFlags(wrong) +
                                planFlags(2, 2, freePort()));
        QCOMPARE(r.code, 3);
        // Both fingerprints, the recorded one too (libssh gives no known_hosts entry for a changed key).
        QVERIFY2(r.err.contains("HAS CHANGED") && r.err.contains("known_hosts has SHA256:"), qPrintable(r.err));
        QVERIFY(!r.err.contains(": running"));
    }

    void badAccessStartsNothing_data() {
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("message");
        QTest::newRow("wrong user key") << QStringList{"--identity", sshd_.path("other_key")} << 3 << "authentication as";
        QTest::newRow("unreachable port")
            << QStringList{"--hosts", QString("127.0.0.1:%1,127.0.0.2:%1").arg(freePort())} << 1 << "cannot connect to";
    }
    void badAccessStartsNothing() {
        QFETCH(QStringList, extra);
        QFETCH(int, code);
        QFETCH(QString, message);
        // --hosts is a list (the plan's launch.hosts): a second one would add nodes, so it replaces the first here.
        const QStringList hosts = extra.contains("--hosts") ? QStringList{} : QStringList{"--hosts", sshd_.hosts(2)};
        const Result r = launch(hosts + sshFlags(knownHosts_) + planFlags(2, 2, freePort()) + extra);
        QCOMPARE(r.code, code);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
        QVERIFY(!r.err.contains(": running"));
    }

    void gpuCountMismatchStartsNothing() {
        const Result r = launch(QStringList{"--hosts", sshd_.hosts(2), "--gpus-per-node", "2"} + sshFlags(knownHosts_) +
                                planFlags(2, 2, freePort()).mid(0, 2) + QStringList{"--gpus-per-node", "2", "--global-batch", "0",
                                                                                    "--micro-batch", "1", "--grad-accum", "1"});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("node 0 (") && r.err.contains("has 1 GPUs but the plan runs 2 per node"), qPrintable(r.err));
        QVERIFY(!r.err.contains(": running"));
    }

    void hostileHostsAndNamesStartNothing() {
        const QString marker = work_.filePath("pwned");
        Result r = launch(QStringList{"--hosts", "127.0.0.1;touch " + marker + ",-oProxyCommand=touch " + marker} +
                          sshFlags(knownHosts_) + planFlags(2, 2, freePort()));
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("is not a host name or address"), qPrintable(r.err));
        // A hostile job name is data: the run starts, the name never runs.
        r = launch(QStringList{"--hosts", sshd_.hosts(2), "--dry-run"} + sshFlags(knownHosts_) + planFlags(2, 2, freePort()) +
                   QStringList{"--job-name", "x$(touch " + marker + ")'`touch " + marker + "`"});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY(!QFileInfo::exists(marker));
    }

    void hostCountMustMatchTheNodes() {
        const Result r = launch(QStringList{"--hosts", sshd_.hosts(1)} + sshFlags(knownHosts_) + planFlags(2, 2, freePort()));
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("2 nodes but 1 hosts"));
    }

    void nodeKilledMidRunFailsTheRun() {
        QProcess p;
        p.setStandardOutputFile(QProcess::nullDevice());  // the run folder has it all
        p.start(TRAINDECK_BINARY, QStringList{"launch", "--hosts", sshd_.hosts(2), "--run-dir", runDir("killed")} +
                                      sshFlags(knownHosts_) + planFlags(2, 100000, freePort()));
        // Wait for node 1's first report, then kill its trainer processes (found by
        // this sshd's tag and NODE_RANK=1 in their environment).
        QTRY_VERIFY_WITH_TIMEOUT(readFile(runDir("killed/node-0.out")).contains("\"rank\":1,\"node\":1"), 30000);
        QVERIFY(sshd_.killTrainers(1) > 0);
        QElapsedTimer t;
        t.start();
        QVERIFY(p.waitForFinished(6000 + 5000 + 5000));  // comm-timeout + grace, and a margin
        QCOMPARE(p.exitCode(), 1);
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QVERIFY2(err.contains("failed: node 1 (") && err.contains("exited with status"), qPrintable(err));
        QVERIFY(readFile(runDir("killed/launch.jsonl")).contains("\"first_failure\":{\"message\""));
        qInfo("run ended %lld ms after node 1 was killed", t.elapsed());
    }

    void stopCheckpointsAndTheRelaunchResumes() {
        const QString checkpoints = work_.filePath("checkpoints");
        const int masterPort = freePort();
        const QStringList args = QStringList{"--hosts", sshd_.hosts(2), "--checkpoint-dir", checkpoints} +
                                 sshFlags(knownHosts_) + planFlags(2, 400, masterPort);
        QProcess p;
        p.setStandardOutputFile(QProcess::nullDevice());  // the run folder has it all
        p.start(TRAINDECK_BINARY, QStringList{"launch", "--run-dir", runDir("stopped")} + args);
        QTRY_VERIFY_WITH_TIMEOUT(readFile(runDir("stopped/node-0.out")).contains("\"event\":\"step\""), 30000);
        ::kill(pid_t(p.processId()), SIGINT);
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 130);
        const QByteArray out0 = readFile(runDir("stopped/node-0.out"));
        QVERIFY2(out0.contains("\"event\":\"checkpoint\"") && out0.contains("\"status\":\"interrupted\""), out0.right(800).constData());
        QVERIFY(readFile(runDir("stopped/launch.jsonl")).contains("\"status\":\"interrupted\""));
        const QByteArray events = readFile(runDir("stopped/launch.jsonl"));
        QVERIFY(events.contains("\"status\":143"));

        const Result again = launch(QStringList{"--run-dir", runDir("resumed")} + args, 120000);
        QVERIFY2(again.code == 0, qPrintable(again.err));
        const QByteArray resumed = readFile(runDir("resumed/node-0.out"));
        QVERIFY2(resumed.contains("\"resumed_from_step\":") && !resumed.contains("\"resumed_from_step\":null"),
                 resumed.left(600).constData());
    }

    void localRunsTheSameNodeScript() {
        const Result r = launch(QStringList{"--local", "--run-dir", runDir("local")} + planFlags(1, 4, freePort()) +
                                QStringList{"--grace", "5"});
        // This machine's PATH may have no nvidia-smi: the same pre-flight says so.
        if (r.code == 1 && r.err.contains("nvidia-smi not found")) {
            QVERIFY(!r.err.contains(": running"));
            return;
        }
        QVERIFY2(r.code == 0, qPrintable(r.err));
    }
};

QTEST_GUILESS_MAIN(TestLaunch)
#include "tst_launch.moc"
