// Watching a run where it is: a run folder written on the "remote" side of a
// real sshd (the launch tests' harness) while it is watched over SSH, the
// connection killed mid-run and back without a line lost or repeated, a remote
// file truncated and replaced, a changed host key refused (by the library and
// by `traindeck watch`), and a real command stream (the real trainer's output
// prefixed per pod as `kubectl logs --prefix` writes it).
#include "watch/command_stream.h"
#include "metrics/summary.h"
#include "watch/watch.h"
#include "run_traindeck.h"
#include "silent_host.h"
#include "test_sshd.h"

#include <QtTest>

#include "trainer_env.h"

#include <csignal>
#include <functional>
#include <map>
#include <set>

using namespace traindeck::metrics;
using namespace traindeck::watch;
using test_sshd::Sshd;

namespace {

QByteArray stepLine(int step) {
    return QByteArray(R"({"v":1,"event":"step","time":)") + QByteArray::number(1000 + step) + R"(,"step":)" +
           QByteArray::number(step) + R"(,"loss":)" + QByteArray::number(1.0 / (step + 1)) + R"(,"samples_per_s":100})" + "\n";
}

// Polls until `done` or 30 s.
bool pollUntil(Watch& w, const std::function<bool()>& done) {
    QElapsedTimer clock;
    clock.start();
    while (clock.elapsed() < 30000) {
        w.poll(1 << 20, unixNow());
        if (done())
            return true;
        QThread::msleep(20);
    }
    return false;
}

// SIGKILL to every process serving a connection of this sshd (its children): the
// connections drop as a network failure would drop them; the sshd itself stays.
int killConnections(const QProcess& sshd) {
    int killed = 0;
    for (const QString& pid : QDir("/proc").entryList(QDir::Dirs)) {
        const QList<QByteArray> stat = test_files::readFile("/proc/" + pid + "/stat").split(' ');
        // /proc/PID/stat: pid (comm) state ppid …; sshd's comm has no spaces
        if (stat.size() > 3 && stat[3].toLongLong() == sshd.processId())
            killed += ::kill(pid.toInt(), SIGKILL) == 0;
    }
    return killed;
}

// `signal` to the sshd and every process under it (its connections' processes):
// SIGSTOP freezes the host as a hung machine would, its connections open and silent.
int signalSshdTree(const QProcess& sshd, int signal) {
    std::map<int, int> parentOf;
    for (const QString& pid : QDir("/proc").entryList(QDir::Dirs)) {
        const QByteArray stat = test_files::readFile("/proc/" + pid + "/stat");
        const QList<QByteArray> fields = stat.mid(stat.lastIndexOf(')') + 2).split(' ');
        if (pid.toInt() > 0 && fields.size() > 1)
            parentOf[pid.toInt()] = fields[1].toInt();
    }
    std::set<int> tree{int(sshd.processId())};
    for (std::size_t before = 0; before != tree.size();) {
        before = tree.size();
        for (const auto& [pid, parent] : parentOf)
            if (tree.count(parent))
                tree.insert(pid);
    }
    int hit = 0;
    for (int pid : tree)
        hit += ::kill(pid, signal) == 0;
    return hit;
}

}  // namespace

class TestWatchRemote : public QObject {
    Q_OBJECT
    Sshd sshd_;
    QTemporaryDir work_;
    QString knownHosts_;

    traindeck::ssh::Settings settings(const QString& knownHosts) const {
        traindeck::ssh::Settings s;
        s.identityFile = sshd_.path("user_key").toStdString();
        s.knownHostsFile = knownHosts.toStdString();
        s.configFile = sshd_.path("ssh_config").toStdString();
        return s;
    }
    QString url(const QString& path) const {
        return QString("ssh://%1@127.0.0.1:%2%3").arg(test_sshd::userName()).arg(sshd_.port).arg(path);
    }
    // `file` written with steps [0, steps), followed over SSH until all are read; nullptr if not.
    Run* followRemoteFile(Watch& w, const QString& file, int steps) { return followRemoteFile(w, file, steps, settings(knownHosts_)); }
    Run* followRemoteFile(Watch& w, const QString& file, int steps, const traindeck::ssh::Settings& ssh) {
        QByteArray lines;
        for (int i = 0; i < steps; ++i)
            lines += stepLine(i);
        test_files::writeFile(file, lines);
        w.setSsh(ssh);
        traindeck::Text error;
        if (!w.add(url(file).toStdString(), error)) {
            qWarning("%s", error.english().c_str());
            return nullptr;
        }
        Run* run = w.store().runs()[0].get();
        return pollUntil(w, [&] { return run->lastStep() == steps - 1; }) ? run : nullptr;
    }

private slots:
    void initTestCase() {
        if (!sshd_.start())
            QFAIL(qPrintable(sshd_.why));
        knownHosts_ = work_.filePath("known_hosts");
        sshd_.trustHostKey(knownHosts_, sshd_.path("host_key.pub"));
    }

    void runWrittenRemotelyWhileWatched() {
        const QString dir = work_.filePath("runs/job-20261125T200000Z-ab12");
        QDir().mkpath(dir);
        QFile out(dir + "/node-0.out");
        QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Unbuffered));
        out.write(R"({"v":1,"event":"start","time":999,"run_id":"job","world_size":2,"nodes":1,"gpus_per_node":2,"effective_batch":8,"micro_batch":4,"total_steps":300})" "\n");
        for (int i = 0; i < 50; ++i)
            out.write(stepLine(i));

        Watch w;
        w.setSsh(settings(knownHosts_));
        traindeck::Text error;
        QVERIFY2(w.add(url(work_.filePath("runs")).toStdString(), error), error.english().c_str());
        QCOMPARE(w.store().runs().size(), std::size_t(1));
        Run& run = *w.store().runs()[0];
        QCOMPARE(QString::fromStdString(run.name()), QString("job-20261125T200000Z-ab12"));
        QVERIFY(pollUntil(w, [&] { return run.lastStep() == 49; }));

        // More steps while watched; the connection killed mid-run, then more again.
        for (int i = 50; i < 150; ++i)
            out.write(stepLine(i));
        QVERIFY(pollUntil(w, [&] { return run.lastStep() >= 60; }));
        QVERIFY(killConnections(sshd_.process) > 0);
        for (int i = 150; i < 300; ++i) {
            out.write(stepLine(i));
            if (i % 50 == 0)
                w.poll(1 << 20, unixNow());
        }
        out.write(R"({"v":1,"event":"end","time":1400,"step":299,"status":"completed","seconds":400})" "\n");
        QVERIFY2(pollUntil(w, [&] { return run.end.has_value(); }), qPrintable(QString("last step %1").arg(run.lastStep())));
        const Series* loss = run.find("loss");
        QCOMPARE(loss->points().size(), std::size_t(300));  // none lost
        QCOMPARE(loss->appended(), std::size_t(300));       // none repeated (a repeat would replace its step)
        for (int i = 0; i < 300; ++i)
            QCOMPARE(loss->points()[std::size_t(i)].step, std::int64_t(i));
        QVERIFY(!run.failing());
        QCOMPARE(run.skippedLines, std::size_t(0));

        // A new run folder appears beside it while watched.
        const QString second = work_.filePath("runs/job-20261125T210000Z-cd34");
        QDir().mkpath(second);
        test_files::writeFile(second + "/node-0.out", stepLine(0));
        QVERIFY(pollUntil(w, [&] { return w.store().runs().size() == 2 && w.store().runs()[1]->lastStep() == 0; }));
    }

    void remoteFileTruncatedAndReplaced() {
        const QString file = work_.filePath("metrics.jsonl");
        Watch w;
        Run* followed = followRemoteFile(w, file, 20);
        QVERIFY(followed);
        Run& run = *followed;
        // Truncated in place and written again from step 5: later points replace the earlier ones.
        QByteArray again;
        for (int i = 5; i < 8; ++i)
            again += stepLine(i);
        test_files::writeFile(file, again);
        QVERIFY(pollUntil(w, [&] { return run.find("loss")->points().size() == 8; }));
        QCOMPARE(run.find("loss")->last().step, std::int64_t(7));
        // Replaced by a new file under the same name (log rotation): read from its start.
        test_files::writeFile(file + ".new", stepLine(2) + stepLine(3));
        QVERIFY(QFile::remove(file));
        QVERIFY(QFile::rename(file + ".new", file));
        QVERIFY(pollUntil(w, [&] { return run.find("loss")->points().size() == 4; }));
        QCOMPARE(run.find("loss")->last().step, std::int64_t(3));
    }

    // Lightning writes its metrics.csv again, in place and longer, when a key is new (the
    // first validation): no truncation to see over SFTP either. The reader asks for the
    // file from its start, the remote follower reads it again, nothing is doubled or lost.
    void lightningCsvWrittenAgainInPlace() {
        QVERIFY(QDir().mkpath(work_.filePath("lightning/version_0")));
        const QString file = work_.filePath("lightning/version_0/metrics.csv");
        test_files::writeFile(file, test_files::readFile(FIXTURES "/lightning/before-first-validation.csv"));
        Watch w;
        w.setSsh(settings(knownHosts_));
        traindeck::Text error;
        QVERIFY2(w.add(url(work_.filePath("lightning")).toStdString(), error), error.english().c_str());
        Run& run = *w.store().runs()[0];
        QCOMPARE(QString::fromStdString(run.name()), QString("version_0"));
        QVERIFY(pollUntil(w, [&] { return run.lastStep() == 63; }));
        QCOMPARE(run.find("train_loss_step")->points().size(), std::size_t(4));
        test_files::writeFile(file, test_files::readFile(FIXTURES "/lightning/version_0/metrics.csv"));
        QVERIFY(pollUntil(w, [&] { return run.lastStep() == 191; }));
        QCOMPARE(run.find("train_loss_step")->points().size(), std::size_t(12));  // 3 epochs × 4 rows, none twice
        QCOMPARE(run.find("val_loss")->points().size(), std::size_t(3));
        QCOMPARE(run.find("grad_norm")->points().size(), std::size_t(8));
        QVERIFY(run.alarms().empty());  // no restart
        QCOMPARE(run.skippedLines, std::size_t(0));
        QCOMPARE(run.rejectedValues, std::size_t(0));
    }

    void replacedWhileDisconnected() {
        // SFTP has no inode: a file opened again after a reconnect is known by its
        // first bytes. Replaced by a longer one while the connection was down, it is
        // read from its start, not from the old offset.
        const QString file = work_.filePath("replaced.jsonl");
        Watch w;
        Run* followed = followRemoteFile(w, file, 10);
        QVERIFY(followed);
        Run& run = *followed;
        QVERIFY(killConnections(sshd_.process) > 0);
        QByteArray second;
        for (int i = 0; i < 30; ++i)
            second += QByteArray(R"({"v":1,"event":"step","time":)") + QByteArray::number(2000 + i) + R"(,"step":)" +
                      QByteArray::number(i) + R"(,"loss":2.5})" + "\n";
        test_files::writeFile(file + ".new", second);
        QCOMPARE(::rename(QFile::encodeName(file + ".new").constData(), QFile::encodeName(file).constData()), 0);
        QVERIFY(pollUntil(w, [&] { return run.lastStep() == 29; }));
        const Series* loss = run.find("loss");
        QCOMPARE(loss->points().size(), std::size_t(30));
        for (const Point& p : loss->points())
            QCOMPARE(p.value, 2.5);  // every step from the new file, none from the old one's offset on
        QCOMPARE(run.skippedLines, std::size_t(0));  // no line read from the middle
    }

    void frozenConnectionTimesOut() {
        // The host stops answering with its connection open (every sshd process
        // stopped): the watch says so within the keepalive's bound (1 s × (1 + 1)
        // here), its polls go on without waiting, and once the host answers again
        // the run goes on without a line lost or repeated.
        traindeck::ssh::Settings ssh = settings(knownHosts_);
        ssh.keepaliveIntervalS = 1;
        ssh.keepaliveCountMax = 1;
        ssh.connectTimeoutS = 2;
        const QString file = work_.filePath("frozen.jsonl");
        Watch w;
        Run* followed = followRemoteFile(w, file, 10, ssh);
        QVERIFY(followed);
        Run& run = *followed;
        QVERIFY(signalSshdTree(sshd_.process, SIGSTOP) >= 2);  // the sshd and the connection's processes
        QFile out(file);
        QVERIFY(out.open(QIODevice::Append | QIODevice::Unbuffered));
        for (int i = 10; i < 20; ++i)
            out.write(stepLine(i));
        QElapsedTimer frozen;
        frozen.start();
        QString trouble;
        while (trouble.isEmpty() && frozen.elapsed() < 10000) {
            w.poll(1 << 20, unixNow());
            for (const traindeck::Text& t : w.troubles())
                trouble += QString::fromStdString(t.english());
            QThread::msleep(20);
        }
        const qint64 noticed = frozen.elapsed();
        signalSshdTree(sshd_.process, SIGCONT);
        QVERIFY2(trouble.contains(QString("no answer from %1@127.0.0.1:%2 for 2 s; reconnecting").arg(test_sshd::userName()).arg(sshd_.port)),
                 qPrintable(QString("after %1 ms: '%2'").arg(noticed).arg(trouble)));
        for (int i = 20; i < 30; ++i)
            out.write(stepLine(i));
        QVERIFY2(pollUntil(w, [&] { return run.lastStep() == 29; }), qPrintable(QString("last step %1").arg(run.lastStep())));
        const Series* loss = run.find("loss");
        QCOMPARE(loss->points().size(), std::size_t(30));  // none lost
        QCOMPARE(loss->appended(), std::size_t(30));       // none repeated
        QCOMPARE(run.skippedLines, std::size_t(0));
        QVERIFY(pollUntil(w, [&] { return w.troubles().empty(); }));  // connected again
    }

    // A host that takes the connection and never sends its SSH banner (a wedged
    // sshd): closing the watch meanwhile ends at once, not when the connect times
    // out (10 s).
    void closingDuringASlowConnectEndsAtOnce() {
        test_sshd::SilentHost silent;
        QVERIFY(silent.ok());
        QElapsedTimer closing;
        {
            Watch w;
            w.setSsh(settings(knownHosts_));
            // As the Watch page adds a source: the connection is made in the background.
            w.begin(QString("ssh://%1@127.0.0.1:%2/run.jsonl").arg(test_sshd::userName()).arg(silent.port()).toStdString());
            QTRY_VERIFY_WITH_TIMEOUT(silent.take() == 1, 10000);
            closing.start();
        }
        const qint64 took = closing.elapsed();
        QVERIFY2(took < 4000, qPrintable(QString("closing took %1 ms").arg(took)));
        qInfo("the watch closed %lld ms after it was asked to", took);
    }

    void unknownHostKeyIsAsked() {
        // The window's way: begun without waiting, the unknown key asked, the
        // answer taken; accepted, it is in known_hosts as `traindeck launch` writes it.
        const QString fresh = work_.filePath("known_hosts_fresh");
        test_files::writeFile(work_.filePath("asked.jsonl"), stepLine(0) + stepLine(1));
        QProcess keygen;
        keygen.start("ssh-keygen", {"-l", "-E", "sha256", "-f", sshd_.path("host_key.pub")});
        QVERIFY(keygen.waitForFinished(10000));
        const QString fingerprint = QString::fromUtf8(keygen.readAllStandardOutput()).split(' ').value(1);
        QVERIFY(fingerprint.startsWith("SHA256:"));

        for (const bool accept : {false, true}) {
            Watch w;
            w.setSsh(settings(fresh));
            w.begin(url(work_.filePath("asked.jsonl")).toStdString(), true);
            QVERIFY(w.adding());  // begin() did not wait for the host
            std::optional<Watch::KeyQuestion> q;
            QVERIFY(pollUntil(w, [&] { return (q = w.hostKeyQuestion()).has_value(); }));
            QCOMPARE(QString::fromStdString(q->key.fingerprint), fingerprint);
            QCOMPARE(QString::fromStdString(q->key.keyType), QString("ssh-ed25519"));
            QVERIFY(QString::fromStdString(q->source).startsWith("ssh://"));
            w.answerHostKey(accept);
            std::vector<Watch::Added> added;
            QVERIFY(pollUntil(w, [&] {
                auto more = w.takeAdded();
                added.insert(added.end(), more.begin(), more.end());
                return !added.empty();
            }));
            QCOMPARE(added.size(), std::size_t(1));
            QCOMPARE(added[0].ok, accept);
            if (!accept) {
                QVERIFY2(QString::fromStdString(added[0].error.english()).contains("unknown"), added[0].error.english().c_str());
                QVERIFY(!test_files::readFile(fresh).contains("ssh-ed25519"));
                continue;
            }
            QVERIFY(!w.adding());
            QVERIFY(pollUntil(w, [&] { return w.store().runs().size() == 1 && w.store().runs()[0]->lastStep() == 1; }));
        }
        // Recorded: the key, for the host and port as ssh writes them; a new watch is not asked again.
        const QByteArray key = test_files::readFile(sshd_.path("host_key.pub")).split(' ').value(1);
        QVERIFY2(test_files::readFile(fresh).contains(key), test_files::readFile(fresh).constData());
        Watch again;
        again.setSsh(settings(fresh));
        traindeck::Text error;
        QVERIFY2(again.add(url(work_.filePath("asked.jsonl")).toStdString(), error), error.english().c_str());
    }

    void changedHostKeyIsRefused() {
        const QString wrong = work_.filePath("known_hosts_changed");
        sshd_.trustHostKey(wrong, sshd_.path("other_key.pub"));  // known_hosts has another key for the host
        test_files::writeFile(work_.filePath("refused.jsonl"), stepLine(0));
        Watch w;
        w.setSsh(settings(wrong));
        traindeck::Text error;
        QVERIFY(!w.add(url(work_.filePath("refused.jsonl")).toStdString(), error));
        QVERIFY2(QString::fromStdString(error.english()).contains("HAS CHANGED"), error.english().c_str());

        const TraindeckRun r = runTraindeck({"watch", url(work_.filePath("refused.jsonl")), "--identity", sshd_.path("user_key"),
                                             "--known-hosts", wrong, "--ssh-config", sshd_.path("ssh_config")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("HAS CHANGED") && r.out.isEmpty(), qPrintable(r.err));

        // The same source with the right key: the summary, through the command line.
        const TraindeckRun good = runTraindeck({"watch", url(work_.filePath("refused.jsonl")), "--identity",
                                                sshd_.path("user_key"), "--known-hosts", knownHosts_, "--ssh-config",
                                                sshd_.path("ssh_config")});
        QCOMPARE(good.code, 0);
        QVERIFY2(good.out.startsWith("refused\n"), qPrintable(good.out + good.err));
    }

    void commandStreamAttributesPrefixedLines() {
        // The real trainer's stdout as pod 0's, and a second pod that fails, both
        // prefixed as kubectl logs --prefix writes them, through one command.
        const QProcessEnvironment env = trainerEnvironment();
        QString exports;
        for (const QString& k : {"MASTER_ADDR", "MASTER_PORT"})
            if (env.contains(k))
                exports += k + "=" + env.value(k) + " ";
        const QString command =
            "{ " + exports + TRAINER_BINARY +
            " --frames 2 --height 32 --width 32 --log-every 1 --nproc-per-node 2 --steps 20 2>/dev/null"
            " | sed -u 's|^|[pod/taehv-worker-0/trainer] |'; "
            "echo '[pod/taehv-worker-1/trainer] {\"v\":1,\"event\":\"error\",\"time\":5,\"rank\":3,\"kind\":\"nccl\",\"message\":\"timeout\"}'; }";
        Watch w;
        traindeck::Text error;
        QVERIFY2(w.addCommand(command.toStdString(), error), error.english().c_str());
        QVERIFY(pollUntil(w, [&] { return !w.commandsRunning() && !w.poll(1 << 20, unixNow()); }));
        w.finish(unixNow());
        QCOMPARE(w.store().runs().size(), std::size_t(1));
        const Run& run = *w.store().runs()[0];
        QCOMPARE(run.lastStep(), std::int64_t(19));
        QVERIFY(run.end && run.end->status == "completed");
        QCOMPARE(run.nodeStreams.size(), std::size_t(2));
        QCOMPARE(QString::fromStdString(run.nodeStreams[0].name), QString("taehv-worker-0"));
        QVERIFY(run.nodeStreams[0].lines >= 20);
        bool named = false;
        for (const Alarm& a : run.alarms())
            named |= a.kind == AlarmKind::RankError && a.detail.find("[taehv-worker-1] nccl") == 0;
        QVERIFY(named);

        // The command line: read until the command exits, then the summary with the nodes.
        const TraindeckRun r = runTraindeck({"watch", "--follow-command",
                                             "printf '[pod/a/x] Step 1 | Loss: 0.5\\n[pod/b/x] Step 1 | Loss: 0.4\\n  0: Step 2 | Loss: 0.3\\n'"});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains("a (1 lines), b (1 lines), 0 (1 lines)"), qPrintable(r.out));
        QVERIFY2(r.out.contains(QRegularExpression("steps\\s+3")), qPrintable(r.out));
    }

    void nodePrefixes() {
        auto split = [](const char* line) {
            const auto [node, rest] = splitNodePrefix(line);
            return QStringList{QString::fromUtf8(node.data(), qsizetype(node.size())), QString::fromUtf8(rest.data(), qsizetype(rest.size()))};
        };
        QCOMPARE(split("[pod/job-worker-0/pytorch] {\"v\":1}"), (QStringList{"job-worker-0", "{\"v\":1}"}));
        QCOMPARE(split("[pod/job-master-0] Step 1"), (QStringList{"job-master-0", "Step 1"}));
        QCOMPARE(split(" 12: Step 1 | Loss: 2"), (QStringList{"12", "Step 1 | Loss: 2"}));
        QCOMPARE(split("[2026-11-22 10:00:01] Step 1"), (QStringList{"", "[2026-11-22 10:00:01] Step 1"}));
        QCOMPARE(split("Step 100/1000 | Loss: 1"), (QStringList{"", "Step 100/1000 | Loss: 1"}));
    }
};

QTEST_GUILESS_MAIN(TestWatchRemote)
#include "tst_watch_remote.moc"
