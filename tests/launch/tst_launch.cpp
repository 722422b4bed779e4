// traindeck launch against a real OpenSSH sshd on loopback (127.0.0.1 and
// 127.0.0.2 stand for two hosts), with its own host key, an authorized key and
// a private known_hosts, and the real traindeck-trainer (CPU/Gloo) as the
// workload. A stub nvidia-smi on the node's PATH reports the node's GPUs.
// Skipped, saying why, only where sshd cannot start.

#include <QtTest>

#include <csignal>
#include <pwd.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <unistd.h>

namespace {

int freePort() {
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a);
    socklen_t len = sizeof a;
    getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len);
    close(fd);
    return ntohs(a.sin_port);
}

bool canConnect(const char* ip, int port) {
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(quint16(port));
    inet_aton(ip, &a.sin_addr);
    const bool ok = ::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0;
    close(fd);
    return ok;
}

void writeFile(const QString& path, const QByteArray& content, bool executable = false) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(content);
    f.close();
    if (executable) f.setPermissions(f.permissions() | QFileDevice::ExeOwner);
}

QByteArray readFile(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QString userName() { return QString::fromLocal8Bit(getpwuid(getuid())->pw_name); }

int keygen(const QStringList& args) { return QProcess::execute("ssh-keygen", args); }

// One sshd serving 127.0.0.1 and 127.0.0.2 on one port, its node PATH holding
// traindeck-trainer and a stub nvidia-smi that reports `gpus` GPUs.
struct Sshd {
    QTemporaryDir dir;
    QProcess process;
    int port = 0;
    QString why;  // why it did not start

    QString path(const QString& name) const { return dir.filePath(name); }

    bool start(int gpus = 1) {
        port = freePort();
        QDir().mkpath(path("bin"));
        QFile::link(TRAINER_BINARY, path("bin/traindeck-trainer"));
        QByteArray smi = "#!/bin/sh\n";
        for (int i = 0; i < gpus; ++i) smi += "echo 'GPU " + QByteArray::number(i) + ": Stub GPU (UUID: GPU-" + QByteArray::number(i) + ")'\n";
        writeFile(path("bin/nvidia-smi"), smi, true);
        if (keygen({"-q", "-t", "ed25519", "-N", "", "-f", path("host_key")}) != 0 ||
            keygen({"-q", "-t", "ed25519", "-N", "", "-f", path("user_key")}) != 0 ||
            keygen({"-q", "-t", "ed25519", "-N", "", "-f", path("other_key")}) != 0) {
            why = "ssh-keygen failed";
            return false;
        }
        QFile::copy(path("user_key.pub"), path("authorized_keys"));
        writeFile(path("ssh_config"), "");  // the test's own, empty: nothing of the user's
        const QByteArray config =
            "Port " + QByteArray::number(port) + "\nListenAddress 127.0.0.1\nListenAddress 127.0.0.2\n"
            "HostKey " + path("host_key").toUtf8() + "\nPidFile " + path("sshd.pid").toUtf8() +
            "\nAuthorizedKeysFile " + path("authorized_keys").toUtf8() +
            "\nStrictModes no\nUsePAM no\nPasswordAuthentication no\nKbdInteractiveAuthentication no\n"
            "PubkeyAuthentication yes\nPermitRootLogin prohibit-password\nLogLevel ERROR\nMaxStartups 64\n"
            "SetEnv PATH=" + path("bin").toUtf8() + ":/usr/local/bin:/usr/bin:/bin TRAINDECK_TEST_TAG=" +
            QFileInfo(dir.path()).fileName().toUtf8() + "\n";
        writeFile(path("sshd_config"), config);
        if (!QFileInfo::exists("/usr/sbin/sshd")) {
            why = "/usr/sbin/sshd is not installed (openssh-server)";
            return false;
        }
        if (getuid() == 0) QDir().mkpath("/run/sshd");  // sshd's privilege separation directory
        process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        process.start("/usr/sbin/sshd", {"-D", "-e", "-f", path("sshd_config")});
        for (int i = 0; i < 100; ++i) {
            if (canConnect("127.0.0.1", port) && canConnect("127.0.0.2", port)) return true;
            if (process.state() == QProcess::NotRunning) break;
            QThread::msleep(50);
        }
        why = "sshd did not start: " + process.readAllStandardError();
        return false;
    }
    ~Sshd() {
        if (process.state() != QProcess::NotRunning) {
            process.terminate();
            process.waitForFinished(3000);
        }
    }
    // known_hosts lines for both addresses, as ssh writes them for a non-default port.
    void trustHostKey(const QString& knownHosts, const QString& keyFile) const {
        const QByteArray key = readFile(keyFile).trimmed();
        QByteArray lines;
        for (const char* ip : {"127.0.0.1", "127.0.0.2"})
            lines += "[" + QByteArray(ip) + "]:" + QByteArray::number(port) + " " + key + "\n";
        writeFile(knownHosts, lines);
    }
    QString hosts(int nodes) const {
        QStringList h;
        for (int i = 0; i < nodes; ++i) h << QString("%1@127.0.0.%2:%3").arg(userName()).arg(i + 1).arg(port);
        return h.join(',');
    }
};

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
        QVERIFY2(r.err.contains("HAS CHANGED") && r.err.count("SHA256:") >= 2, qPrintable(r.err));
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
        const Result r = launch(QStringList{"--hosts", sshd_.hosts(2)} + sshFlags(knownHosts_) + planFlags(2, 2, freePort()) + extra);
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
        const QByteArray tag = "TRAINDECK_TEST_TAG=" + QFileInfo(sshd_.dir.path()).fileName().toUtf8();
        int killed = 0;
        for (const QString& pid : QDir("/proc").entryList(QDir::Dirs)) {
            if (readFile("/proc/" + pid + "/comm").trimmed() != "traindeck-train") continue;
            const QList<QByteArray> env = readFile("/proc/" + pid + "/environ").split('\0');
            if (env.contains(tag) && env.contains("NODE_RANK=1")) killed += ::kill(pid.toInt(), SIGKILL) == 0;
        }
        QVERIFY(killed > 0);
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
