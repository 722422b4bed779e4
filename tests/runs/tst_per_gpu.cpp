// Per-GPU mode (launch.processes: per-gpu): the generated entrypoint starts the
// user's command once per GPU with torchrun's variables, relays each rank's
// lines (metrics JSON as it is, the rest prefixed), names the first rank that
// fails and stops the others, and forwards SIGTERM. Also: the generated torchrun
// arguments are accepted by torch's own argument parser (Debian 12's 1.13).
#include "generate/entrypoint.h"
#include "plan/plan_fields.h"
#include "support.h"

#include <QtTest>
#include <csignal>
#include <sys/resource.h>

using namespace traindeck;
using gentest::Run;

namespace {

using Env = QMap<QString, QString>;

struct Node {
    QTemporaryDir dir;
    QString stubs, entrypoint;
    explicit Node(const std::string& command, int gpus = 4, Processes processes = Processes::PerGpu) {
        Plan plan = gentest::planAt(2, gpus);
        plan.launch.command = command;
        plan.launch.processes = processes;
        gentest::writeAll(dir, generate::generate(plan, generate::Target::Slurm, gentest::optionsFor(2)));
        stubs = dir.filePath("stubs");
        gentest::writeNvidiaSmi(stubs, gpus);
        entrypoint = dir.filePath("entrypoint.sh");
    }
    // Node `rank` of two under the ssh convention.
    Run run(int rank = 1, Env extra = {}) const {
        Env env{{"TRAINDECK_PLATFORM", "ssh"}, {"NODE_RANK", QString::number(rank)}, {"NNODES", "2"},
                {"MASTER_ADDR", "node0"}, {"MASTER_PORT", "29511"}};
        for (auto it = extra.begin(); it != extra.end(); ++it) env.insert(it.key(), it.value());
        return gentest::runBash(entrypoint, {}, env, stubs);
    }
    // Node 0 of two, started in `p` for a test that signals it.
    void start(QProcess& p, const Env& extra = {}) const {
        Env env{{"PATH", stubs + ":/usr/bin:/bin"}, {"TRAINDECK_PLATFORM", "ssh"}, {"NODE_RANK", "0"}, {"NNODES", "2"},
                {"MASTER_ADDR", "h"}};
        for (auto it = extra.begin(); it != extra.end(); ++it) env.insert(it.key(), it.value());
        QProcessEnvironment pe;
        for (auto it = env.begin(); it != env.end(); ++it) pe.insert(it.key(), it.value());
        p.setProcessEnvironment(pe);
        p.start("/bin/bash", {entrypoint});
    }
};

// Each rank says "ready" once its command traps SIGTERM, then runs until it comes.
const char* kTrapsSigterm = "trap 'echo \"got-term $RANK\"; exit 42' TERM\necho ready\nwhile true; do sleep 0.05; done";

QStringList sortedLines(const QByteArray& text) {
    QStringList lines = QString::fromUtf8(text).split('\n', Qt::SkipEmptyParts);
    lines.sort();
    return lines;
}

}  // namespace

class TestPerGpu : public QObject {
    Q_OBJECT
private slots:
    void startsOneProcessPerGpuWithTorchrunsVariables() {
        Node node("echo \"rank=$RANK local=$LOCAL_RANK world=$WORLD_SIZE local_world=$LOCAL_WORLD_SIZE "
                  "group=$GROUP_RANK of $GROUP_WORLD_SIZE node=$NODE_RANK master=$MASTER_ADDR:$MASTER_PORT "
                  "gpus=$CUDA_VISIBLE_DEVICES omp=$OMP_NUM_THREADS\"\n"
                  "echo \"{\\\"v\\\":1,\\\"event\\\":\\\"rank\\\",\\\"rank\\\":$RANK}\"\n"
                  "echo \"warning from $RANK\" >&2");
        const Run r = node.run(1);
        QVERIFY2(r.code == 0, r.err.constData());
        QStringList expected;
        for (int local = 0; local < 4; ++local) {
            const QString rank = QString::number(4 + local);
            expected << QString("[rank %1] rank=%1 local=%2 world=8 local_world=4 group=1 of 2 node=1 "
                                "master=node0:29511 gpus=0,1,2,3 omp=1")
                            .arg(rank)
                            .arg(local)
                     << QString("{\"v\":1,\"event\":\"rank\",\"rank\":%1}").arg(rank);  // metrics lines unprefixed
        }
        expected.sort();
        QCOMPARE(sortedLines(r.out), expected);
        QCOMPARE(sortedLines(r.err), (QStringList{"[rank 4] warning from 4", "[rank 5] warning from 5",
                                                  "[rank 6] warning from 6", "[rank 7] warning from 7"}));
    }

    void aUserThreadCountIsKept() {
        Node node("echo \"omp=$OMP_NUM_THREADS\"", 2);
        const Run r = node.run(0, {{"OMP_NUM_THREADS", "6"}});
        QCOMPARE(sortedLines(r.out), (QStringList{"[rank 0] omp=6", "[rank 1] omp=6"}));
    }

    void singleModeStartsTheCommandOnce() {
        Node node("echo \"rank=${RANK:-unset}\"", 4, Processes::Single);
        const Run r = node.run(1);
        QCOMPARE(sortedLines(r.out), QStringList{"rank=unset"});
    }

    void theFirstRankToFailIsNamedAndTheOthersStop() {
        // Rank 6 (local 2) fails; the others wait, in a process the rank's shell
        // started (as python3 would be), until they are told to stop.
        Node node("if [ \"$LOCAL_RANK\" = 2 ]; then sleep 0.5; echo bad data >&2; exit 5; fi\n"
                  "bash -c 'trap \"echo stopped $RANK; exit 143\" TERM; while true; do sleep 0.05; done'\n"
                  "echo not reached");
        QElapsedTimer t;
        t.start();
        const Run r = node.run(1);
        QCOMPARE(r.code, 5);  // the failing rank's own status
        QVERIFY2(t.elapsed() < generate::kRankGraceSeconds * 1000 / 2, "the others were stopped by SIGTERM, not killed");
        const QString err = QString::fromUtf8(r.err);
        QVERIFY2(err.contains("[rank 6] bad data"), qPrintable(err));
        QVERIFY2(err.contains("traindeck entrypoint (traindeck-demo): rank 6 exited with status 5: stopping the other "
                              "3 ranks of this node"),
                 qPrintable(err));
        QCOMPARE(sortedLines(r.out), (QStringList{"[rank 4] stopped 4", "[rank 5] stopped 5", "[rank 7] stopped 7"}));
    }

    void aRankThatIgnoresSigtermIsKilledAfterTheGrace() {
        // Rank 0 fails; rank 1 ignores SIGTERM (so do the sleeps it starts). A killed
        // rank reports nothing: the node ended only when the killer said so (before:
        // it waited for rank 1's report forever).
        Node node("if [ \"$LOCAL_RANK\" = 0 ]; then sleep 0.3; exit 3; fi\n"
                  "trap '' TERM\nwhile true; do sleep 0.05; done",
                  2);
        QElapsedTimer t;
        t.start();
        const Run r = node.run(0, {{"TRAINDECK_RANK_GRACE_S", "1"}});
        QCOMPARE(r.code, 3);
        QVERIFY2(t.elapsed() < 8000, qPrintable(QString::number(t.elapsed())));
        QVERIFY2(r.err.contains("1 of the ranks of this node did not exit within 1 s of SIGTERM: killed"), r.err.constData());
    }

    void aWrongGraceIsRefused() {
        Node node("echo never", 2);
        const Run r = node.run(0, {{"TRAINDECK_RANK_GRACE_S", "soon"}});
        QCOMPARE(r.code, generate::kRefuseExitStatus);
        QVERIFY2(r.err.contains("TRAINDECK_RANK_GRACE_S is 'soon', expected whole seconds"), r.err.constData());
        QVERIFY(!r.out.contains("never"));
    }

    void everyLineIsOutBeforeTheNodeEnds() {
        // Each rank writes 20000 lines and exits at once: the node exits after its
        // relays have written the last (before: it exited with lines still in them).
        Node node("seq 1 20000; seq 1 20000 >&2", 2);
        const Run r = node.run(0);
        QCOMPARE(r.code, 0);
        for (const QByteArray& stream : {r.out, r.err})
            for (const char* last : {"[rank 0] 20000\n", "[rank 1] 20000\n"})
                QVERIFY2(stream.contains(last), last);
        QCOMPARE(r.out.count('\n'), 40000);
        QCOMPARE(r.err.count('\n'), 40000);
    }

    void aProcessLeftBehindDoesNotHoldTheNode() {
        // Rank 1 exits leaving a process that holds its output: the node stops it
        // as it stops a rank, and ends. Nothing of the node's own is left either
        // (its killer's `sleep GRACE` was, for the grace).
        const QString marker = QString("sleep 307.%1").arg(QCoreApplication::applicationPid());
        Node node(("if [ \"$LOCAL_RANK\" = 1 ]; then " + marker + " & fi\necho done").toStdString(), 2);
        QElapsedTimer t;
        t.start();
        const Run r = node.run(0, {{"TRAINDECK_RANK_GRACE_S", "41"}});
        QCOMPARE(r.code, 0);
        QVERIFY2(t.elapsed() < generate::kRankGraceSeconds * 1000 / 2, "stopped by SIGTERM, not after the grace");
        QCOMPARE(sortedLines(r.out), (QStringList{"[rank 0] done", "[rank 1] done"}));
        QCOMPARE(QProcess::execute("pgrep", {"-f", marker}), 1);  // none left
        QCOMPARE(QProcess::execute("pgrep", {"-f", "^sleep 41$"}), 1);
    }

    void sigtermReachesEveryRank() {
        Node node(kTrapsSigterm, 2);
        QProcess p;
        node.start(p);
        QVERIFY(p.waitForStarted());
        QByteArray out;
        QElapsedTimer t;
        t.start();
        while (out.count("ready") < 2 && t.elapsed() < 10000) {
            p.waitForReadyRead(100);
            out += p.readAllStandardOutput();
        }
        QCOMPARE(out.count("ready"), 2);
        // The node's shell as the slowest process here, as on a loaded machine: its ranks
        // may end, and be reaped, before it looks again after the stop. It exited 143 then.
        setpriority(PRIO_PROCESS, id_t(p.processId()), 19);
        ::kill(pid_t(p.processId()), SIGTERM);
        QVERIFY(p.waitForFinished(10000));
        out += p.readAllStandardOutput();
        QVERIFY2(out.contains("[rank 0] got-term 0") && out.contains("[rank 1] got-term 1"), out.constData());
        QCOMPARE(p.exitCode(), 42);
        QVERIFY2(!p.readAllStandardError().contains("stopping the other"), "a stop is not a rank's failure");
    }

    // A stop that comes while the node is still starting its ranks (8 of them) reaches
    // every rank, and the node ends. Before, it ended the shell that starts the ranks:
    // the node exited 143 and the ranks already started ran on, orphaned. Then a rank's
    // job just forked, still in the node's process group, was ended by the stop before
    // it could report, and the node waited for it until the grace ran out (about every
    // third run here): five runs.
    void aStopWhileTheRanksStartLeavesNoneRunning_data() {
        QTest::addColumn<int>("run");
        for (int run = 1; run <= 5; ++run) QTest::addRow("run %d", run) << run;
    }
    void aStopWhileTheRanksStartLeavesNoneRunning() {
        Node node(kTrapsSigterm, 8);
        QProcess p;
        node.start(p, {{"TRAINDECK_RANK_GRACE_S", "60"}});
        QVERIFY(p.waitForStarted());
        QByteArray out;
        QElapsedTimer t;
        t.start();
        while (!out.contains("ready") && t.elapsed() < 10000) {
            p.waitForReadyRead(10);
            out += p.readAllStandardOutput();
        }
        QVERIFY(out.contains("ready"));
        ::kill(pid_t(p.processId()), SIGTERM);
        QVERIFY2(p.waitForFinished(20000), "the node ends at the stop, not after the grace");
        out += p.readAllStandardOutput();
        // 143: a rank's command was stopped before it had set its trap (it never said "ready").
        QVERIFY2(p.exitCode() == 42 || p.exitCode() == 143, out.constData());
        QVERIFY2(out.count("got-term") == out.count("ready"), out.constData());  // every rank that trapped got it
        // No notice of the node's own shell among the user's lines ("[7]+  Terminated  { trap ...").
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QVERIFY2(!err.contains(QRegularExpression("^\\[\\d+\\]", QRegularExpression::MultilineOption)), qPrintable(err));
        QTRY_COMPARE_WITH_TIMEOUT(QProcess::execute("pgrep", {"-f", node.entrypoint}), 1, 5000);  // none left
    }

    void passesShellcheck() {
        Node node("python3 train.py --rank \"$RANK\"");
        QProcess sc;
        sc.start(SHELLCHECK, {"--shell=bash", "--severity=info", node.entrypoint});
        QVERIFY(sc.waitForFinished(60000));
        QVERIFY2(sc.exitCode() == 0, sc.readAllStandardOutput().constData());
    }

    void perGpuNeedsTheUsersCommand() {
        Plan plan = gentest::planAt(1, 2);
        plan.launch.processes = Processes::PerGpu;
        try {
            generate::generate(plan, generate::Target::Slurm, gentest::optionsFor(1));
            QFAIL("per-gpu with traindeck-trainer was accepted");
        } catch (const generate::GenerateError& e) {
            QVERIFY2(QString(e.what()).contains("traindeck-trainer starts its own process per GPU"), e.what());
        }
    }

    void theFieldReadsAndWrites() {
        Plan plan;
        const PlanField* f = findPlanField("launch.processes");
        QVERIFY(f);
        QCOMPARE(QString::fromStdString(f->get(plan)), QString("single"));
        QVERIFY(f->set(plan, "per-gpu").empty());
        QCOMPARE(plan.launch.processes, Processes::PerGpu);
        QVERIFY(!f->set(plan, "per-node").empty());
    }

    void torchrunArgumentsAreTorchsOwn() {
        // What the generated `torchrun {torchrun_args}` passes, checked by the
        // argument parser of the torch installed here (Debian 12: 1.13).
        if (QProcess::execute(PYTHON3, {"-c", "import torch.distributed.run"}) != 0)
            QSKIP("torch is not installed for " PYTHON3 " (Debian: python3-torch)");
        Node node("torchrun {torchrun_args} train.py --lr 3", 8, Processes::Single);
        gentest::writeStub(node.stubs, "torchrun", "printf '%s\\n' \"$@\"");
        const Run r = node.run(1);
        QVERIFY2(r.code == 0, r.err.constData());
        const QStringList args = QString::fromUtf8(r.out).split('\n', Qt::SkipEmptyParts);
        QProcess py;
        py.start(PYTHON3, QStringList{"-c",
                                      "import sys\n"
                                      "from torch.distributed.run import get_args_parser\n"
                                      "a = get_args_parser().parse_args(sys.argv[1:])\n"
                                      "print(a.nnodes, a.nproc_per_node, a.node_rank, a.master_addr, a.master_port, "
                                      "a.training_script, *a.training_script_args)"} +
                              args);
        QVERIFY(py.waitForFinished(60000));
        QVERIFY2(py.exitCode() == 0, py.readAllStandardError().constData());
        QCOMPARE(QString::fromUtf8(py.readAllStandardOutput()).trimmed(), QString("2 8 1 node0 29511 train.py --lr 3"));
    }
};

QTEST_GUILESS_MAIN(TestPerGpu)
#include "tst_per_gpu.moc"
