// traindeck launch against a real OpenSSH sshd on loopback (127.0.0.1 and
// 127.0.0.2 stand for two hosts), with its own host key, an authorized key and
// a private known_hosts, and the real traindeck-trainer (CPU/Gloo) as the
// workload. A stub nvidia-smi on the node's PATH reports the node's GPUs.
// Skipped, saying why, only where sshd cannot start.

#include "silent_host.h"
#include "test_sshd.h"

#include <QRegularExpression>
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
    Result launch(const QStringList& args, int timeoutMs = 180000) {
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
    // A launch left running in the background (stdout: the run folder has it all).
    // Ctrl-C to the launcher; whether it ended within `waitMs`, and when (killed if not).
    struct Interrupted {
        bool ended = false;
        qint64 ms = 0;
    };
    static Interrupted interrupt(QProcess& p, int waitMs) {
        QElapsedTimer clock;
        clock.start();
        ::kill(pid_t(p.processId()), SIGINT);
        Interrupted r{p.waitForFinished(waitMs), 0};
        r.ms = clock.elapsed();
        if (!r.ended) p.kill();
        p.waitForFinished();
        return r;
    }
    // What is wrong with a launch that a Ctrl-C should have ended at once, as a
    // user's stop (exit 130, the run folder says interrupted, no failure); empty: nothing.
    QString endedByCtrlC(QProcess& p, const Interrupted& stop, const QString& run) const {
        if (!stop.ended) return "still running: " + QString::fromUtf8(p.readAllStandardError());
        if (p.exitCode() != 130) return QString("exit %1, not 130").arg(p.exitCode());
        const QByteArray events = readFile(runDir(run + "/launch.jsonl"));
        if (!events.contains("\"status\":\"interrupted\"") || events.contains("first_failure"))
            return "launch.jsonl: " + QString::fromUtf8(events);
        return {};
    }
    void startLaunch(QProcess& p, const QStringList& args) {
        p.setStandardOutputFile(QProcess::nullDevice());
        p.start(TRAINDECK_BINARY, QStringList{"launch"} + args);
        QVERIFY(p.waitForStarted());
    }
    // Every node of the run in `dir` has reached `running`.
    bool allRunning(const QString& dir, int nodes) const {
        const QByteArray events = readFile(dir + "/launch.jsonl");
        for (int i = 0; i < nodes; ++i)
            if (!events.contains("\"node\":" + QByteArray::number(i) + ",\"state\":\"running\""))
                return false;
        return true;
    }
    // How many of the stubborn workloads below are running on the nodes.
    // By its arguments: the node's pre-flight command carries the node script's text, this
    // command included, until the node starts. A child the workload has forked for its
    // `sleep` has the same arguments until it execs: it is not another workload.
    int stubbornRunning() const {
        QMap<int, int> parentOf;  // the workload processes, by pid
        for (int pid : sshd_.processesLeft()) {
            const QString proc = "/proc/" + QString::number(pid);
            const QList<QByteArray> args = readFile(proc + "/cmdline").split('\0');
            if (args.size() > 2 && args[0] == "bash" && args[1] == "-c" &&
                (args[2].startsWith("trap") || args[2].startsWith("while true"))) {
                const QByteArray stat = readFile(proc + "/stat");
                const QList<QByteArray> fields = stat.mid(stat.lastIndexOf(')') + 2).split(' ');
                parentOf[pid] = fields.size() > 1 ? fields[1].toInt() : 0;
            }
        }
        int running = 0;
        for (auto it = parentOf.cbegin(); it != parentOf.cend(); ++it)
            running += !parentOf.contains(it.value());
        return running;
    }
    // A workload that ignores SIGTERM: only SIGKILL ends it.
    static QStringList stubbornCommand() {
        return {"--command", "bash -c 'trap \"\" TERM; while true; do sleep 1; done'"};
    }
    // Two nodes running the stubborn workload, in the run folder `name`.
    void startStubborn(QProcess& p, const QString& name, const QStringList& extra) {
        startLaunch(p, QStringList{"--hosts", sshd_.hosts(2), "--run-dir", runDir(name)} + sshFlags(knownHosts_) +
                           planFlags(2, 2, freePort()) + stubbornCommand() + extra);
        QTRY_VERIFY_WITH_TIMEOUT(allRunning(runDir(name), 2), 90000);
        QTRY_VERIFY_WITH_TIMEOUT(stubbornRunning() == 2, 60000);
    }
    QString remoteDir() const { return work_.filePath("remote"); }
    // What bash says of its own, never a user's line: a job's end by a signal ("line 160:
    // 4242 Killed  setsid bash ..."), a script's error ("supervise.sh: line 3: ...").
    static QString shellNotice(const QByteArray& text) {
        static const QRegularExpression notice(R"((^|\n)[^\n]*(\.sh: line \d+: |line \d+: +\d+ (Killed|Terminated)))");
        const QRegularExpressionMatch m = notice.match(QString::fromUtf8(text));
        return m.hasMatch() ? m.captured(0).trimmed() : QString();
    }
    // The launcher here (--local) with the trainer on its PATH, no nvidia-smi needed (one GPU named).
    static QProcessEnvironment localEnvironment() {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("PATH", QFileInfo(TRAINER_BINARY).absolutePath() + ":" + env.value("PATH"));
        env.insert("CUDA_VISIBLE_DEVICES", "0");
        return env;
    }

private slots:
    void initTestCase() {
        if (!sshd_.start()) QSKIP(qPrintable("cannot start a test sshd: " + sshd_.why));
        knownHosts_ = work_.filePath("known_hosts");
        sshd_.trustHostKey(knownHosts_, sshd_.path("host_key.pub"));
    }

    void twoNodesTrainToTheEnd() {
        const Result r = launch(QStringList{"--hosts", sshd_.hosts(2), "--run-dir", runDir("full")} +
                                sshFlags(knownHosts_) + planFlags(2, 3, freePort()));
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
        QVERIFY(events.contains("\"event\":\"attempt\"") && events.contains("\"attempt\":1"));
    }

    // The nodes keep nothing of a run that ended: not after a run, a failed pre-flight or a dry run.
    void nodesKeepNoRunFiles() {
        const QStringList args = QStringList{"--hosts", sshd_.hosts(2), "--remote-dir", remoteDir()} + sshFlags(knownHosts_);
        Result r = launch(args + QStringList{"--run-dir", runDir("tidy")} + planFlags(2, 2, freePort()));
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(QDir(remoteDir()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden).isEmpty(),
                 qPrintable(QDir(remoteDir()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden).join(' ')));
        // Node 1 fails the pre-flight (its GPU count), node 0 has copied its files already.
        r = launch(args + planFlags(2, 2, freePort()) + QStringList{"--gpus-per-node", "2"});
        QCOMPARE(r.code, 1);
        QVERIFY(QDir(remoteDir()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden).isEmpty());
    }

    // What earlier launches left (a killed host, an older TrainDeck) goes on request;
    // a folder a running launch works in stays.
    void cleanNodesRemovesLeftoversOnly() {
        const QString remote = work_.filePath("leftovers");
        for (const char* name : {"old-run-1", "old-run-2", "busy-run"}) {
            QDir().mkpath(remote + "/" + name);
            writeFile(remote + "/" + name + "/node-0.sh", "#!/bin/sh\n");
        }
        QProcess busy;
        busy.setWorkingDirectory(remote + "/busy-run");
        busy.start("sleep", {"60"});
        QVERIFY(busy.waitForStarted());
        const Result r = launch(QStringList{"--clean-nodes", "--hosts", sshd_.hosts(2), "--remote-dir", remote} +
                                sshFlags(knownHosts_) + planFlags(2, 2, freePort()));
        busy.kill();
        busy.waitForFinished();
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.err.contains("removed 2 run folders") && r.err.contains("(1 in use kept)"), qPrintable(r.err));
        QCOMPARE(QDir(remote).entryList(QDir::Dirs | QDir::NoDotAndDotDot), QStringList{"busy-run"});
    }

    void dryRunWritesNothingToTheNodes() {
        const QString remote = work_.filePath("dry-remote");
        const Result r = launch(QStringList{"--hosts", sshd_.hosts(2), "--dry-run", "--remote-dir", remote, "--run-dir",
                                            runDir("dry")} + sshFlags(knownHosts_) + planFlags(2, 2, freePort()));
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(!QFileInfo::exists(remote), qPrintable(r.err));
        QVERIFY2(r.err.contains("nothing started or copied"), qPrintable(r.err));
        const QByteArray events = readFile(runDir("dry/launch.jsonl"));
        QVERIFY2(events.contains("\"status\":\"dry_run\"") && !events.contains("\"status\":\"completed\""),
                 events.constData());
        QVERIFY(events.contains("\"dry_run\":true"));
    }

    // The checkpoint folder is the plan's (launch.checkpoint_dir): a command gets it as
    // {checkpoint_dir}, beside {checkpoint_every}; a relative folder is refused. Before,
    // --checkpoint-dir with --command was refused and the command had no way to name it.
    void checkpointDirReachesACommand() {
        Result r = launch(QStringList{"--hosts", sshd_.hosts(2), "--checkpoint-dir", "ckpt"} + sshFlags(knownHosts_) +
                          planFlags(2, 2, freePort()));
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("must be an absolute path on the nodes") && r.err.count('\n') == 1, qPrintable(r.err));
        const QString folder = work_.filePath("command checkpoints");
        r = launch(QStringList{"--hosts", sshd_.hosts(2), "--run-dir", runDir("ckpt-command"), "--checkpoint-dir", folder,
                               "--checkpoint-every", "7", "--command", "echo \"ckpt=[{checkpoint_dir}] every={checkpoint_every}\""} +
                   sshFlags(knownHosts_) + planFlags(2, 2, freePort()));
        QVERIFY2(r.code == 0, qPrintable(r.err));
        for (const char* node : {"ckpt-command/node-0.out", "ckpt-command/node-1.out"})
            QVERIFY2(readFile(runDir(node)).contains("ckpt=[" + folder.toUtf8() + "] every=7"), readFile(runDir(node)).constData());
    }

    // A checkpoint folder that the command never learns is refused before anything runs,
    // naming both ways to use it; the trainer as the command is given it by the launcher.
    void aCheckpointDirTheCommandIgnoresIsRefused() {
        const QString folder = work_.filePath("ignored checkpoints");
        const Result r = launch(QStringList{"--local", "--run-dir", runDir("ignored"), "--checkpoint-dir", folder,
                                            "--command", "python3 train.py --epochs 3"} +
                                planFlags(1, 4, freePort()));
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.count('\n') == 1 && r.err.contains("--checkpoint-dir is set but --command never uses it") &&
                     r.err.contains("{checkpoint_dir}") && r.err.contains("$TRAINDECK_CHECKPOINT_DIR"),
                 qPrintable(r.err));
        QVERIFY(!QFileInfo::exists(runDir("ignored")) && !QFileInfo::exists(folder));
    }

    // A 1-GPU plan on 2-GPU hosts: refused, naming CUDA_VISIBLE_DEVICES and --visible-gpus
    // (before: only "change the plan's GPUs per node or use another host"); with
    // --visible-gpus 1 every node's command runs with CUDA_VISIBLE_DEVICES=1.
    void aPlanChoosesSomeOfAHostsGpus() {
        writeFile(sshd_.path("nvidia-smi-hook"), "echo 'GPU 0: Stub GPU'; echo 'GPU 1: Stub GPU'; exit 0\n");
        const QStringList args = QStringList{"--hosts", sshd_.hosts(2)} + sshFlags(knownHosts_) + planFlags(2, 2, freePort()) +
                                 QStringList{"--command", "echo \"visible=[$CUDA_VISIBLE_DEVICES]\""};
        const Result refused = launch(args);
        const Result chosen = launch(args + QStringList{"--visible-gpus", "1", "--run-dir", runDir("visible")});
        const Result missing = launch(args + QStringList{"--visible-gpus", "2"});
        QFile::remove(sshd_.path("nvidia-smi-hook"));
        QCOMPARE(refused.code, 1);
        QVERIFY2(refused.err.contains("has 2 GPUs but the plan runs 1 per node: choose 1 of them with "
                                      "CUDA_VISIBLE_DEVICES (--visible-gpus 0)"),
                 qPrintable(refused.err));
        QVERIFY2(chosen.code == 0, qPrintable(chosen.err));
        QVERIFY2(chosen.err.contains("2 GPUs; the plan uses 1 of them: CUDA_VISIBLE_DEVICES=1") ||
                     chosen.out.contains("2 GPUs; the plan uses 1 of them: CUDA_VISIBLE_DEVICES=1"),
                 qPrintable(chosen.out + chosen.err));
        for (const char* node : {"visible/node-0.out", "visible/node-1.out"})
            QVERIFY2(readFile(runDir(node)).contains("visible=[1]"), readFile(runDir(node)).constData());
        QCOMPARE(missing.code, 1);
        QVERIFY2(missing.err.contains("has 2 GPUs, so it has no GPU 2 of the plan's CUDA_VISIBLE_DEVICES=2"),
                 qPrintable(missing.err));
    }

    void helpSaysHowTheCommandIsExpanded() {
        const Result r = launch({"--help"});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains("$(...)") && r.out.contains("--keepalive"), qPrintable(r.out));
    }

    // Ctrl-C: SIGTERM to every process of each node; a workload that ignores it
    // gets SIGKILL once --grace is over, and nothing is left.
    void workloadIgnoringSigtermIsKilledAfterTheGrace() {
        QProcess p;
        startStubborn(p, "stubborn", {"--grace", "2"});
        ::kill(pid_t(p.processId()), SIGINT);
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 130);
        const QByteArray events = readFile(runDir("stubborn/launch.jsonl"));
        QVERIFY(events.contains("\"state\":\"exited\"") && events.contains("\"status\":\"interrupted\""));
        // A node's part ends when every process it started has: the workload was killed.
        QTRY_VERIFY_WITH_TIMEOUT(sshd_.processesLeft().isEmpty(), 3000);
    }

    // The launcher killed with -9: each node's supervisor sees its connection
    // close and stops everything (SIGTERM, SIGKILL after the grace).
    void launcherKilledLeavesNothingBehind() {
        QProcess p;
        startStubborn(p, "orphaned", {"--grace", "1"});
        ::kill(pid_t(p.processId()), SIGKILL);
        QVERIFY(p.waitForFinished(5000));
        QTRY_VERIFY_WITH_TIMEOUT(sshd_.processesLeft().isEmpty(), 20000);
    }

    // A node's sshd stopped (a wedged host): SSH keepalives go unanswered, the run
    // ends naming that node, and the node's supervisor, hearing nothing from the
    // launcher, stops its workload even while its sshd is frozen.
    void frozenConnectionIsNoticed() {
        QProcess p;
        startLaunch(p, QStringList{"--hosts", sshd_.hosts(2), "--run-dir", runDir("frozen"), "--keepalive", "1",
                                   "--keepalive-count", "3"} +
                           sshFlags(knownHosts_) + planFlags(2, 2, freePort()) + QStringList{"--command", "bash -c 'while true; do sleep 1; done'"});
        QTRY_VERIFY_WITH_TIMEOUT(allRunning(runDir("frozen"), 2), 90000);
        QTRY_VERIFY_WITH_TIMEOUT(stubbornRunning() == 2, 60000);
        QTRY_VERIFY_WITH_TIMEOUT(sshd_.sessionProcess(1) > 0, 60000);
        const int sshd = sshd_.sessionProcess(1);
        ::kill(sshd, SIGSTOP);
        const bool ended = p.waitForFinished(30000);  // keepalive × count, the grace, and a margin for a loaded machine
        if (!ended) p.kill();
        const QString err = QString::fromUtf8(p.readAllStandardError());
        if (ended) QTRY_VERIFY_WITH_TIMEOUT(sshd_.processesLeft().isEmpty(), 4000 + 5000 + 3000);
        const QList<int> leftWhileFrozen = sshd_.processesLeft();
        ::kill(sshd, SIGCONT);
        QVERIFY2(ended, qPrintable(err));
        QCOMPARE(p.exitCode(), 1);
        QVERIFY2(err.contains("failed: node 1 (") && err.contains("no answer from"), qPrintable(err));
        QVERIFY(leftWhileFrozen.isEmpty());
    }

    // Two Ctrl-C end the launcher at once, even with a frozen node and no keepalive:
    // the end is recorded, and the nodes stop what is left when their connection closes.
    void secondCtrlCEndsTheLauncherAtOnce() {
        QProcess p;
        startStubborn(p, "twice", {"--keepalive", "0", "--grace", "30"});
        const int sshd = sshd_.sessionProcess(1);
        QVERIFY(sshd > 0);
        ::kill(sshd, SIGSTOP);
        ::kill(pid_t(p.processId()), SIGINT);
        // The first Ctrl-C has been taken (node 0 is told to stop) before the second comes, and
        // the second comes later than a wrapper's copy of the first would (that is the same stop).
        QTRY_VERIFY_WITH_TIMEOUT(readFile(runDir("twice/launch.jsonl")).contains("\"state\":\"stopping\""), 10000);
        QTest::qWait(1200);
        ::kill(pid_t(p.processId()), SIGINT);
        const bool ended = p.waitForFinished(5000);
        ::kill(sshd, SIGCONT);
        if (!ended) p.kill();
        QVERIFY(ended);
        QCOMPARE(p.exitCode(), 130);
        QVERIFY(readFile(runDir("twice/launch.jsonl")).contains("\"status\":\"interrupted\""));
        QTRY_VERIFY_WITH_TIMEOUT(sshd_.processesLeft().isEmpty(), 8000);
    }

    // The nodes' pre-flight hangs (nvidia-smi never answers, as on a wedged driver):
    // Ctrl-C ends the launcher at once, ends the checks on every node and leaves
    // nothing there, neither a process nor a copied file.
    void ctrlCDuringASlowPreflightEndsAtOnce() {
        const QString remote = work_.filePath("slow-remote");
        writeFile(sshd_.path("slow-nvidia-smi"), "");
        QProcess p;
        startLaunch(p, QStringList{"--hosts", sshd_.hosts(2), "--run-dir", runDir("slowcheck"), "--remote-dir", remote} +
                           sshFlags(knownHosts_) + planFlags(2, 2, freePort()));
        const auto hungChecks = [&] {
            int hung = 0;
            for (int pid : sshd_.processesLeft())
                hung += readFile("/proc/" + QString::number(pid) + "/cmdline") == QByteArray("sleep\0" "120\0", 10);
            return hung;
        };
        QTRY_VERIFY_WITH_TIMEOUT(hungChecks() == 2, 60000);
        QFile::remove(sshd_.path("slow-nvidia-smi"));
        ::kill(pid_t(p.processId()), SIGINT);
        const bool ended = p.waitForFinished(20000);  // the checks alone would hold it 120 s
        if (!ended) p.kill();
        QVERIFY(ended);
        QCOMPARE(p.exitCode(), 130);
        QVERIFY(readFile(runDir("slowcheck/launch.jsonl")).contains("\"status\":\"interrupted\""));
        QTRY_VERIFY2_WITH_TIMEOUT(sshd_.processesLeft().isEmpty(), qPrintable(sshd_.describe(sshd_.processesLeft())), 5000);
        QVERIFY2(QDir(remote).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden).isEmpty(),
                 qPrintable(QDir(remote).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden).join(' ')));
    }

    // A node that takes the TCP connection and never sends its SSH banner (a wedged
    // sshd, a half-dead host): Ctrl-C ends the launcher at once, not when the connect
    // times out (10 s), and the run folder records the stop.
    void ctrlCDuringASlowConnectEndsAtOnce() {
        test_sshd::SilentHost silent;
        QVERIFY(silent.ok());
        const QString host = QString("%1@127.0.0.1:%2").arg(userName()).arg(silent.port());
        QProcess p;
        startLaunch(p, QStringList{"--hosts", host + "," + host, "--run-dir", runDir("silent")} + sshFlags(knownHosts_) +
                           planFlags(2, 2, freePort()));
        // Both nodes' connections are taken (and left without a word): each node waits for the banner.
        QTRY_VERIFY_WITH_TIMEOUT(silent.take() == 2, 30000);
        const Interrupted stop = interrupt(p, 4000);  // the connect alone would hold it until its 10 s timeout
        const QString wrong = endedByCtrlC(p, stop, "silent");
        QVERIFY2(wrong.isEmpty(), qPrintable(wrong));
        qInfo("the launcher ended %lld ms after Ctrl-C", stop.ms);
    }

    // Nodes whose authentication never answers (their sshd waits on a hung
    // AuthorizedKeysCommand, as on a stuck directory lookup): Ctrl-C ends the
    // launcher at once, not when the authentication times out (10 s).
    void ctrlCDuringASlowAuthenticationEndsAtOnce() {
        Sshd stalled;
        // Consulted for a key that authorized_keys does not hold: the test's other key.
        stalled.extraConfig = "AuthorizedKeysCommand /usr/bin/sleep 37\nAuthorizedKeysCommandUser " +
                              userName().toUtf8() + "\n";
        QVERIFY2(stalled.start(), qPrintable(stalled.why));
        const QString knownHosts = work_.filePath("known_hosts_stalled");
        stalled.trustHostKey(knownHosts, stalled.path("host_key.pub"));
        const auto commandsWaiting = [] {
            QList<int> found;
            for (const QString& pid : QDir("/proc").entryList(QDir::Dirs))
                if (readFile("/proc/" + pid + "/cmdline") == QByteArray("/usr/bin/sleep\0" "37\0", 18)) found << pid.toInt();
            return found;
        };
        QProcess p;
        startLaunch(p, QStringList{"--hosts", stalled.hosts(2), "--run-dir", runDir("stalled-auth"), "--identity",
                                   stalled.path("other_key"), "--known-hosts", knownHosts, "--ssh-config",
                                   stalled.path("ssh_config")} +
                           planFlags(2, 2, freePort()));
        QTRY_VERIFY_WITH_TIMEOUT(commandsWaiting().size() == 2, 30000);
        const Interrupted stop = interrupt(p, 4000);  // the authentication alone would hold it until its 10 s timeout
        for (int pid : commandsWaiting()) ::kill(pid, SIGKILL);
        const QString wrong = endedByCtrlC(p, stop, "stalled-auth");
        QVERIFY2(wrong.isEmpty(), qPrintable(wrong));
        qInfo("the launcher ended %lld ms after Ctrl-C", stop.ms);
    }

    // Node 1's real trainers stopped (a hung GPU), found by name as a user finds them:
    // node 0's trainer names rank 1 within --comm-timeout, the run ends naming node 1
    // (not node 0, which noticed), and every process of both nodes ends, the stopped
    // ones too.
    void hungTrainersAreStoppedAndTheHungNodeNamed() {
        QProcess p;
        startLaunch(p, QStringList{"--hosts", sshd_.hosts(2), "--run-dir", runDir("hung-trainers")} + sshFlags(knownHosts_) +
                           planFlags(2, 100000, freePort()));
        QTRY_VERIFY_WITH_TIMEOUT(readFile(runDir("hung-trainers/node-0.out")).contains("\"rank\":1,\"node\":1"), 90000);
        const int stopped = sshd_.signalTrainers(1, SIGSTOP);  // the node's trainer launcher and its worker
        if (stopped != 2) {
            sshd_.signalTrainers(1, SIGKILL);
            p.kill();
            p.waitForFinished();
        }
        QCOMPARE(stopped, 2);
        const bool ended = p.waitForFinished(6000 + 5000 + 5000);  // --comm-timeout, --grace, and a margin
        if (!ended) p.kill();
        p.waitForFinished();
        const QString err = QString::fromUtf8(p.readAllStandardError());
        const bool cleared = ended && QTest::qWaitFor([&] { return sshd_.processesLeft().isEmpty(); }, 5000);
        sshd_.signalTrainers(1, SIGKILL);
        QVERIFY2(ended, qPrintable(err));
        QCOMPARE(p.exitCode(), 1);
        const QString last = err.trimmed().section('\n', -1);
        QVERIFY2(last.contains("failed: node 1 (") && last.contains("lost rank 1"), qPrintable(err));
        QVERIFY(readFile(runDir("hung-trainers/launch.jsonl")).contains("\"first_failure\":{\"message\":\"node 1 ("));
        QVERIFY(cleared);
    }

    // Node 1 hangs (a hung GPU): node 0's trainer reports rank 1 lost (the metrics
    // protocol's error event, as traindeck-trainer writes it) and exits 1 while node 1
    // still runs. Node 1 is named, with the trainer's reason, not node 0 that exited first.
    void theLostRankIsBlamedNotTheNodeThatNoticed() {
        const QString command =
            "if [ {node_rank} = 0 ]; then sleep 1; echo '{\"v\":1,\"event\":\"error\",\"time\":'\"$(date +%s.%N)\"',"
            "\"rank\":0,\"node\":0,\"kind\":\"timeout\",\"message\":\"lost rank 1: no heartbeat for 3 s (hung or "
            "stopped)\",\"lost_rank\":1}'; echo 'traindeck-trainer: rank 0: error: lost rank 1' >&2; exit 1; "
            "else exec sleep 600; fi";
        const Result r = launch(QStringList{"--hosts", sshd_.hosts(2), "--run-dir", runDir("hung")} + sshFlags(knownHosts_) +
                                planFlags(2, 2, freePort()) + QStringList{"--command", command});
        QCOMPARE(r.code, 1);
        const QString last = r.err.trimmed().section('\n', -1);
        QVERIFY2(last.contains("failed: node 1 (") && last.contains("lost rank 1: no heartbeat") &&
                     last.contains("reported by rank 0 on node 0"),
                 qPrintable(r.err));
        QVERIFY(readFile(runDir("hung/launch.jsonl")).contains("\"first_failure\":{\"message\":\"node 1 ("));
        QTRY_VERIFY_WITH_TIMEOUT(sshd_.processesLeft().isEmpty(), 5000);
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

    // Node 1 fails its GPU check at once while node 0's checks take a second, the two
    // sharing the run's folder (one machine): node 1 takes its files away only when
    // node 0's checks have ended. Before, it did so at once, and node 0's copy could
    // fail on the files it took ("chmod: cannot access", seen under load).
    void aFailedNodeWaitsForTheOthersChecksBeforeTakingItsFilesAway() {
        const QString remote = work_.filePath("shared-remote"), seen = work_.filePath("node-1-files-seen");
        writeFile(sshd_.path("nvidia-smi-hook"),
                  "case $SSH_CONNECTION in *' 127.0.0.1 '*)\n"
                  "  sleep 1\n"
                  "  if ls " + remote.toUtf8() + "/*/node-1.sh >/dev/null 2>&1; then echo kept; else echo removed; fi > " +
                      seen.toUtf8() + "\n"
                  "  echo 'GPU 0: Stub GPU'; echo 'GPU 1: Stub GPU'; exit 0 ;;\n"
                  "esac\n");
        const Result r = launch(QStringList{"--hosts", sshd_.hosts(2), "--remote-dir", remote} + sshFlags(knownHosts_) +
                                planFlags(2, 2, freePort()).mid(0, 2) +
                                QStringList{"--gpus-per-node", "2", "--global-batch", "0", "--micro-batch", "1", "--grad-accum", "1"});
        QFile::remove(sshd_.path("nvidia-smi-hook"));
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("node 1 (") && r.err.contains("has 1 GPUs but the plan runs 2 per node"), qPrintable(r.err));
        QVERIFY2(!r.err.contains("node 0 FAIL"), qPrintable(r.err));  // node 0's checks all passed
        QCOMPARE(readFile(seen).trimmed(), QByteArray("kept"));
        // And then both took their files away.
        QTRY_COMPARE_WITH_TIMEOUT(QDir(remote).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden), QStringList(),
                                  5000);
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
        QTRY_VERIFY_WITH_TIMEOUT(readFile(runDir("killed/node-0.out")).contains("\"rank\":1,\"node\":1"), 90000);
        QVERIFY(sshd_.killTrainers(1) > 0);
        QElapsedTimer t;
        t.start();
        QVERIFY(p.waitForFinished(6000 + 5000 + 5000));  // comm-timeout + grace, and a margin
        QCOMPARE(p.exitCode(), 1);
        const QString err = QString::fromUtf8(p.readAllStandardError());
        // Node 1 is blamed, for the first of two reports of its loss: its own exit, or rank 0's
        // error event naming rank 1, when that comes first (seen beside busy loops: 1 run in 24).
        const QString last = err.trimmed().section('\n', -1);
        // The end of the output on failure: the test's message is cut at about 1000 characters.
        QVERIFY2(last.contains("failed: node 1 (") &&
                     (last.contains("killed (SIGKILL)") ||
                      last.contains("lost rank 1: its process died (its connection closed) (reported by rank 0 on node 0)")),
                 qPrintable(err.right(900)));
        QVERIFY(readFile(runDir("killed/launch.jsonl")).contains("\"first_failure\":{\"message\""));
        qInfo("run ended %lld ms after node 1 was killed", t.elapsed());
    }

    // One node of 2 ranks on this machine (--local; CUDA_VISIBLE_DEVICES stands for its
    // GPUs): rank 1's process is killed with -9 from outside (an OOM killer, an admin),
    // not by the launcher. The run fails naming node 0 and rank 1, and the node's row
    // says how it ended, never "stopped": the launcher stops the node because of that
    // failure, which makes it no node that the launcher stopped.
    // trainer: traindeck-trainer's own workers; rank 0 reports rank 1 lost, the node
    // launcher exits 1. per-gpu: the entrypoint's processes, whose rank 0 reports the
    // loss as it is stopped (as a trainer's watchdog does) and the node exits with rank
    // 1's 137: that report makes the launcher stop the node before it exits. Rank 0 ends
    // 2 s after its report, as a trainer's rank 0 does after giving the others a moment:
    // the launcher's stop reaches the node while it still runs, and the node's status is
    // its workload's (a stop that meets the workload's end is tst_entrypoint's
    // aStopAsTheWorkloadEndsKeepsItsStatus).
    void rankKilledFromOutsideIsNotAStop_data() {
        QTest::addColumn<QStringList>("flags");
        QTest::addColumn<QByteArray>("program");  // the victim's name (comm)
        QTest::addColumn<QString>("row");         // node 0's row at the end
        QTest::addColumn<QString>("verdict");     // in the last line, after "failed: node 0 (localhost): "
        QTest::addColumn<QString>("readyIn");     // the node's log that says the job is ready to lose a rank
        QTest::addColumn<QByteArray>("ready");    // what it says then
        // Rank 1 has joined rank 0 (its rank event), as a rank of a running job has.
        QTest::newRow("trainer") << QStringList() << QByteArray("traindeck-train") << "exited 137: killed (SIGKILL)" << "lost rank 1: its process died"
                                 << "node-0.out" << QByteArray("\"rank\":1,\"node\":0");
        const QString command = R"sh(if [ "$RANK" = 1 ]; then exec sleep 600; fi
lost() {
    trap '' TERM
    echo '{"v":1,"event":"error","time":'"$(date +%s.%N)"',"rank":0,"node":0,"kind":"rank_died","message":"lost rank 1: its process died","lost_rank":1}'
    sleep 2
    exit 1
}
trap lost TERM
echo ready >&2
sleep 600 & wait)sh";
        QTest::newRow("per-gpu") << QStringList{"--processes", "per-gpu", "--command", command}
                                 << QByteArray("sleep") << "exited 137: killed (SIGKILL)" << "lost rank 1: its process died"
                                 << "node-0.err" << QByteArray("[rank 0] ready");
    }
    void rankKilledFromOutsideIsNotAStop() {
        QFETCH(QStringList, flags);
        QFETCH(QByteArray, program);
        QFETCH(QString, row);
        QFETCH(QString, verdict);
        QFETCH(QString, readyIn);
        QFETCH(QByteArray, ready);
        const QString run = runDir(QString("killed-rank-") + QTest::currentDataTag());
        const QByteArray tag = "TRAINDECK_TEST_TAG=" + QFileInfo(run).fileName().toUtf8() + "-" +
                               QByteArray::number(QCoreApplication::applicationPid());
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("PATH", QFileInfo(TRAINER_BINARY).absolutePath() + ":" + env.value("PATH"));
        env.insert("CUDA_VISIBLE_DEVICES", "0,1");
        env.insert("TRAINDECK_TEST_TAG", QString::fromUtf8(tag.mid(tag.indexOf('=') + 1)));
        QProcess p;
        p.setProcessEnvironment(env);
        p.setStandardOutputFile(QProcess::nullDevice());  // the run folder has it all
        QStringList args = planFlags(1, 100000, freePort());
        args.replace(args.indexOf("--gpus-per-node") + 1, "2");
        p.start(TRAINDECK_BINARY, QStringList{"launch", "--local", "--run-dir", run, "--grace", "5"} + args + flags);
        // Rank 1's process, once it runs: by its name, this test's tag and RANK=1.
        auto rank1 = [&] {
            for (const QString& pid : QDir("/proc").entryList(QDir::Dirs)) {
                if (readFile("/proc/" + pid + "/comm").trimmed() != program) continue;
                const QList<QByteArray> environ = readFile("/proc/" + pid + "/environ").split('\0');
                if (environ.contains(tag) && environ.contains("RANK=1")) return pid.toInt();
            }
            return 0;
        };
        QTRY_VERIFY_WITH_TIMEOUT(readFile(run + "/" + readyIn).contains(ready) && rank1() > 0, 90000);
        QCOMPARE(::kill(rank1(), SIGKILL), 0);
        const bool ended = p.waitForFinished(6000 + 5000 + 5000);  // comm-timeout + grace, and a margin
        if (!ended) p.kill();
        p.waitForFinished();
        const QString err = QString::fromUtf8(p.readAllStandardError());
        const QString end = err.section("node 0: running\n", 1);  // what it said once running (a failure's message is cut at ~1000 characters)
        QVERIFY2(ended, qPrintable(end));
        QCOMPARE(p.exitCode(), 1);
        // The row as the launcher's log says it at the end (the Launch page's words are the same core texts).
        QVERIFY2(err.contains("traindeck launch: node 0 localhost: " + row + "\n"), qPrintable(end));
        QVERIFY2(!err.contains("stopped"), qPrintable(end));
        const QString last = err.trimmed().section('\n', -1);
        QVERIFY2(last.startsWith("traindeck launch: failed: node 0 (localhost): " + verdict), qPrintable(last));
        const QByteArray events = readFile(run + "/launch.jsonl");
        QVERIFY(events.contains("\"status\":\"failed\"") && events.contains("\"first_failure\":{\"message\":\"node 0 (localhost)"));
    }

    void stopCheckpointsAndTheRelaunchResumes() {
        const QString checkpoints = work_.filePath("checkpoints");
        const int masterPort = freePort();
        const QStringList args = QStringList{"--hosts", sshd_.hosts(2), "--checkpoint-dir", checkpoints} +
                                 sshFlags(knownHosts_) + planFlags(2, 40, masterPort);
        QProcess p;
        p.setStandardOutputFile(QProcess::nullDevice());  // the run folder has it all; stderr: the node lines
        p.start(TRAINDECK_BINARY, QStringList{"launch", "--run-dir", runDir("stopped")} + args);
        QTRY_VERIFY_WITH_TIMEOUT(readFile(runDir("stopped/node-0.out")).contains("\"event\":\"step\""), 90000);
        // The trainers held (SIGSTOP) until the stop reaches them (the supervisor continues
        // what it stops): the run cannot end on its own before Ctrl-C, however fast its steps.
        QVERIFY(sshd_.signalTrainers(0, SIGSTOP) > 0 && sshd_.signalTrainers(1, SIGSTOP) > 0);
        ::kill(pid_t(p.processId()), SIGINT);
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 130);
        const QByteArray out0 = readFile(runDir("stopped/node-0.out"));
        QVERIFY2(out0.contains("\"event\":\"checkpoint\"") && out0.contains("\"status\":\"interrupted\""), out0.right(800).constData());
        QVERIFY(readFile(runDir("stopped/launch.jsonl")).contains("\"status\":\"interrupted\""));
        const QByteArray events = readFile(runDir("stopped/launch.jsonl"));
        QVERIFY(events.contains("\"status\":143"));
        QVERIFY(!QDir(checkpoints).entryList(QDir::Files).isEmpty());
        const QString stopErr = QString::fromUtf8(p.readAllStandardError());
        QVERIFY2(stopErr.contains("exited 143: stopped (SIGTERM); checkpoint written: " + checkpoints + "/"), qPrintable(stopErr));
        for (const char* file : {"stopped/node-0.err", "stopped/node-1.err"})
            QVERIFY2(shellNotice(readFile(runDir(file))).isEmpty(), qPrintable(shellNotice(readFile(runDir(file)))));

        // The relaunch goes into the same run folder: a second attempt, recorded as such.
        const Result again = launch(QStringList{"--run-dir", runDir("stopped")} + args, 240000);
        QVERIFY2(again.code == 0, qPrintable(again.err));
        QVERIFY2(again.err.contains("(attempt 2)"), qPrintable(again.err));
        const QByteArray resumed = readFile(runDir("stopped/node-0.out"));
        const qsizetype second = resumed.indexOf("{\"attempt\":2,\"event\":\"attempt\"");
        QVERIFY2(second > 0, resumed.left(300).constData());
        QVERIFY2(resumed.indexOf("\"resumed_from_step\":", second) > 0 &&
                     !resumed.mid(second).contains("\"resumed_from_step\":null"),
                 resumed.mid(second, 600).constData());
        const QByteArray twice = readFile(runDir("stopped/launch.jsonl"));
        QVERIFY(twice.contains("\"attempt\":2") && twice.contains("\"status\":\"completed\""));
        QVERIFY(readFile(runDir("stopped/node-1.err")).contains("attempt 2 of run"));
        // The dashboard still reads the folder: the second attempt's end, at its last step.
        QProcess watch;
        watch.start(TRAINDECK_BINARY, {"watch", runDir("stopped")});
        QVERIFY(watch.waitForFinished(30000));
        const QString summary = QString::fromUtf8(watch.readAllStandardOutput() + watch.readAllStandardError());
        QVERIFY2(summary.contains("40 of 40"), qPrintable(summary));

        // A checkpoint of another configuration (more steps): the one line says so.
        QStringList other = args;
        other.replace(other.indexOf("40"), "41");
        const Result mismatch = launch(QStringList{"--run-dir", runDir("mismatch")} + other, 180000);
        QCOMPARE(mismatch.code, 1);
        const QString last = mismatch.err.trimmed().section('\n', -1);
        QVERIFY2(last.contains("failed: node 0 (") && last.contains("another configuration"), qPrintable(last));
    }

    // The scenario a new user tries: our trainer as the command, here, with a checkpoint
    // folder. One Ctrl-C that reaches the launcher twice (a terminal's, passed on by a
    // wrapper) is one stop: SIGTERM, the checkpoint written into the folder and named on the
    // node's line, no shell notice among the node's lines; the next launch resumes from it.
    void localCtrlCCheckpointsTheTrainerAndTheRelaunchResumes() {
        const QString checkpoints = work_.filePath("local checkpoints");
        const QStringList args = QStringList{"launch", "--local", "--run-dir", runDir("local-stop"), "--checkpoint-dir",
                                             checkpoints, "--grace", "30", "--command",
                                             "traindeck-trainer --backend gloo --nproc-per-node {nproc_per_node} "
                                             "--preset tiny --steps 40"} +
                                 planFlags(1, 40, freePort());
        QProcess p;
        p.setProcessEnvironment(localEnvironment());
        p.start(TRAINDECK_BINARY, args);
        QVERIFY(p.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(readFile(runDir("local-stop/node-0.out")).contains("\"event\":\"step\""), 90000);
        ::kill(pid_t(p.processId()), SIGINT);
        ::kill(pid_t(p.processId()), SIGINT);
        QVERIFY(p.waitForFinished(60000));
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QVERIFY2(p.exitCode() == 130, qPrintable(err));
        const QStringList saved = QDir(checkpoints).entryList(QDir::Files);
        QVERIFY2(!saved.isEmpty(), qPrintable(err));
        QVERIFY2(err.contains("node 0 localhost: exited 143: stopped (SIGTERM); checkpoint written: " + checkpoints + "/"),
                 qPrintable(err));
        const QByteArray nodeErr = readFile(runDir("local-stop/node-0.err"));
        QVERIFY2(shellNotice(nodeErr + p.readAllStandardOutput()).isEmpty(), qPrintable(shellNotice(nodeErr)));

        QProcess again;
        again.setProcessEnvironment(localEnvironment());
        again.start(TRAINDECK_BINARY, args);
        QVERIFY(again.waitForFinished(240000));
        QVERIFY2(again.exitCode() == 0, again.readAllStandardError().constData());
        const QByteArray out = readFile(runDir("local-stop/node-0.out"));
        const qsizetype second = out.indexOf("{\"attempt\":2,\"event\":\"attempt\"");
        QVERIFY2(second > 0 && out.indexOf("\"resumed_from_step\":", second) > 0 &&
                     !out.mid(second).contains("\"resumed_from_step\":null"),
                 out.mid(second, 600).constData());
    }

    // A plan with an error finding starts nothing, whichever face launches it:
    // launch::Launch refuses it (the Launch page's test is tst_launch_page's).
    void aPlanWithErrorsStartsNothing() {
        const Result r = launch(QStringList{"--local", "--run-dir", runDir("blocked")} + planFlags(1, 4, freePort()) +
                                QStringList{"--gpus-per-node", "16"});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("the plan has errors, nothing was started"), qPrintable(r.err));
        QVERIFY(!QFileInfo::exists(runDir("blocked")));
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
