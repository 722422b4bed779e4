// A user's own PyTorch script, end to end: examples/torch_distributed/train.py
// (traindeck_metrics inside) launched by `traindeck launch` in per-GPU mode with
// two Gloo processes, here (--local) and on two "hosts" of a real sshd; the run
// folder read back by `traindeck watch` (steps, loss, per-rank step times, the
// end) and by `traindeck plan --calibrate-from` (a CPU run's point refused for
// a GPU plan, in one line). Needs Debian's python3-torch.
#include "test_sshd.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace test_sshd;

namespace {

struct Result {
    int code = -1;
    QString out, err;
};

// PYTHON3's folder first on PATH: the plan's command says `python3`.
QProcessEnvironment launchEnvironment() {
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("PATH", QFileInfo(PYTHON3).absolutePath() + ":" + env.value("PATH"));
    env.insert("CUDA_VISIBLE_DEVICES", "0,1");  // the plan's two "GPUs": two Gloo processes on the CPU
    env.remove("TRAINDECK_METRICS_FILE");
    return env;
}

Result traindeck(const QStringList& args, int timeoutMs = 120000) {
    QProcess p;
    p.setProcessEnvironment(launchEnvironment());
    p.start(TRAINDECK_BINARY, args);
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
    }
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

// The example's plan, made small: 30 steps of micro-batch 16, with where the
// script and the package are on the nodes.
QStringList planArgs(int masterPort) {
    return {EXAMPLES_DIR "/torch_distributed/plan.yaml", "--steps", "30", "--micro-batch", "16", "--master-port",
            QString::number(masterPort), "--comm-timeout", "60", "--env", "TRAINDECK_EXAMPLES=" EXAMPLES_DIR, "--env",
            "PYTHONPATH=" PACKAGE_DIR};
}

QJsonObject watchSummary(const QString& runDir) {
    const Result w = traindeck({"watch", "--json", runDir});
    if (w.code != 0) qWarning("traindeck watch: exit %d: %s", w.code, qPrintable(w.err));
    const QJsonArray runs = QJsonDocument::fromJson(w.out.toUtf8()).array();
    return runs.size() == 1 ? runs.first().toObject() : QJsonObject();
}

}  // namespace

class TestUserRuns : public QObject {
    Q_OBJECT
    QTemporaryDir work_;

    // What every run of the example must show through `traindeck watch`.
    void verifyWatched(const QString& runDir, int ranks) {
        const QJsonObject run = watchSummary(runDir);
        QVERIFY2(!run.isEmpty(), qPrintable(runDir));
        QCOMPARE(run["end"].toString(), QString("completed"));
        // The run's final step is the end event's (steps 0–29), not the last logged one (20).
        QCOMPARE(run["last_step"].toInt(), 29);
        QCOMPARE(run["total_steps"].toInt(), 30);
        QVERIFY(run["last_loss"].toDouble() > 0);
        const QJsonObject series = run["series"].toObject();
        QCOMPARE(series["loss"].toInt(), 3);  // steps 0, 10, 20
        for (int r = 0; r < ranks; ++r) {
            QVERIFY2(series[QString("step_time_s@rank%1").arg(r)].toInt() >= 2, qPrintable(QJsonDocument(series).toJson()));
            QVERIFY(series.contains(QString("gpu_mem_gb@rank%1").arg(r)));
        }
        QVERIFY(run["steady_samples_per_s"].toDouble() > 0);
        QVERIFY(run["slowest_rank"].toObject()["rank"].toInt() < ranks);
    }

private slots:
    void initTestCase() {
        if (QProcess::execute(PYTHON3, {"-c", "import torch.distributed"}) != 0)
            QSKIP("torch is not installed for " PYTHON3 " (Debian: python3-torch; packaging/install-deps.sh)");
    }

    void localPerGpuRunIsWatchedAndReplanned() {
        const QString runDir = work_.filePath("local");
        const Result r = traindeck(QStringList{"launch", "--local", "--run-dir", runDir, "--grace", "5"} +
                                   planArgs(freePort()));
        QVERIFY2(r.code == 0, qPrintable((r.out + r.err).right(1500)));
        // Each rank's lines reach the launcher prefixed with the rank; the metrics lines whole.
        QVERIFY2(r.out.contains("[node 0] [rank 0] torch_distributed: 30 steps"), qPrintable(r.out));
        const QString out = QString::fromUtf8(readFile(runDir + "/node-0.out"));
        QVERIFY(out.contains("{\"v\":1,\"event\":\"start\"") && out.contains("\"world_size\":2"));
        // The end names the last step reached (29), not the last one logged.
        QVERIFY2(out.contains(QRegularExpression(R"(\{"v":1,"event":"end",[^\n]*"step":29,"status":"completed")")),
                 qPrintable(out));
        QVERIFY(out.contains("\"event\":\"rank\",") && out.contains("\"rank\":1,"));
        verifyWatched(runDir, 2);

        // Re-planned from the run: a CPU's speed cannot calibrate the plan's H100, and the
        // point is refused in one line that says why (the run's start event names its device).
        const Result plan = traindeck(QStringList{"plan", "--json", "--calibrate-from", runDir} + planArgs(29500));
        QCOMPARE(plan.code, 2);
        const QStringList lines = plan.err.split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 1);
        QVERIFY2(lines.first().contains("cannot calibrate this plan: measured on CPUs, the plan runs on NVIDIA H100"),
                 qPrintable(plan.err));
    }

    void twoNodesOverSsh() {
        Sshd sshd;
        if (!sshd.start(1)) QSKIP(qPrintable("cannot start a test sshd: " + sshd.why));
        const QString knownHosts = work_.filePath("known_hosts");
        sshd.trustHostKey(knownHosts, sshd.path("host_key.pub"));
        const QString runDir = work_.filePath("ssh");
        const Result r = traindeck(QStringList{"launch", "--hosts", sshd.hosts(2), "--run-dir", runDir, "--identity",
                                               sshd.path("user_key"), "--known-hosts", knownHosts, "--ssh-config",
                                               sshd.path("ssh_config"), "--grace", "5", "--nodes", "2",
                                               "--gpus-per-node", "1",
                                               // The nodes' python3 is PYTHON3 (a login shell may put another first).
                                               "--env", "PATH=" + QFileInfo(PYTHON3).absolutePath() + ":/usr/bin:/bin"} +
                                   planArgs(freePort()));
        QVERIFY2(r.code == 0, qPrintable((r.out + r.err).right(1500)));
        // Rank 1 is node 1's one process: its own rank events come from node 1.
        QVERIFY2(readFile(runDir + "/node-1.out").contains("\"rank\":1,\"node\":1,"), qPrintable(r.out));
        verifyWatched(runDir, 2);
    }
};

QTEST_GUILESS_MAIN(TestUserRuns)
#include "tst_user_runs.moc"
