// The entrypoint, run as each platform runs it: a fake platform environment,
// a stub nvidia-smi on PATH and a stub workload (`env -0`) that shows what the
// workload would see. It must compute the right node rank, world size, master
// address and CUDA_VISIBLE_DEVICES, refuse a node that does not match the plan
// with one clear line, forward SIGTERM and return the workload's status.
#include "generate/entrypoint.h"
#include "platform/node_env.h"
#include "support.h"

#include <QtTest>
#include <csignal>

using namespace traindeck;
using gentest::Run;

namespace {

using Env = QMap<QString, QString>;

// Runs of the node in the test of a stop that meets the workload's end (thousands:
// bench/launch/stop_race_stress.sh).
constexpr int kStopRaceRuns = 100;  // 300 in all, about 65 s on CI's two cores

struct Fixture {
    QTemporaryDir dir;
    QString stubs;
    QString entrypoint;
    Plan plan;

    // `gpus`: the node's (its stub nvidia-smi's); a per-GPU plan runs that many per node.
    explicit Fixture(const std::string& command = "env -0", int gpus = 8, Processes processes = Processes::Single) {
        plan = gentest::planAt(2, processes == Processes::PerGpu ? gpus : 8);
        plan.launch.command = command;
        plan.launch.processes = processes;
        plan.launch.env["NCCL_SOCKET_IFNAME"] = "eth0";
        gentest::writeAll(dir, generate::generate(plan, generate::Target::Slurm, gentest::optionsFor(2)));
        stubs = dir.filePath("stubs");
        gentest::writeNvidiaSmi(stubs, gpus);
        entrypoint = dir.filePath("entrypoint.sh");
    }
    Run run(const Env& env) const { return gentest::runBash(entrypoint, {}, env, stubs); }
};

Env merged(Env a, const Env& b) {
    for (auto it = b.begin(); it != b.end(); ++it) a.insert(it.key(), it.value());
    return a;
}

}  // namespace

class TestEntrypoint : public QObject {
    Q_OBJECT
private slots:
    void computesTheNodeEnvironment_data() {
        QTest::addColumn<Env>("platformEnv");
        QTest::addColumn<int>("rank");
        QTest::addColumn<QString>("master");
        QTest::addColumn<int>("port");
        QTest::newRow("PAI-DLC: RANK is the node, WORLD_SIZE the node count")
            << Env{{"TRAINDECK_PLATFORM", "pai"}, {"RANK", "1"}, {"WORLD_SIZE", "2"},
                   {"MASTER_ADDR", "dlc-job-master-0"}, {"MASTER_PORT", "23456"}}
            << 1 << "dlc-job-master-0" << 23456;
        QTest::newRow("Indexed Job: completion index")
            << Env{{"TRAINDECK_PLATFORM", "k8s"}, {"JOB_COMPLETION_INDEX", "1"},
                   {"MASTER_ADDR", "traindeck-demo-0.traindeck-demo"}}
            << 1 << "traindeck-demo-0.traindeck-demo" << 29500;
        QTest::newRow("SLURM: SLURM_NODEID in the step")
            << Env{{"TRAINDECK_PLATFORM", "slurm"}, {"SLURM_NODEID", "1"}, {"SLURM_JOB_NUM_NODES", "2"},
                   {"SLURM_PROCID", "1"}, {"MASTER_ADDR", "gpu-a"}}
            << 1 << "gpu-a" << 29500;
        QTest::newRow("torchrun: PET_ variables")
            << Env{{"TRAINDECK_PLATFORM", "torchrun"}, {"PET_NODE_RANK", "1"}, {"PET_NNODES", "2"},
                   {"MASTER_ADDR", "10.0.0.1"}, {"MASTER_PORT", "29400"}}
            << 1 << "10.0.0.1" << 29400;
        QTest::newRow("torchrun: NODE_RANK/NNODES, node 0")
            << Env{{"TRAINDECK_PLATFORM", "torchrun"}, {"NODE_RANK", "0"}, {"NNODES", "2"}, {"MASTER_ADDR", "h0"}}
            << 0 << "h0" << 29500;
        QTest::newRow("Kubeflow: RANK = pod index, WORLD_SIZE = pods")
            << Env{{"TRAINDECK_PLATFORM", "pytorchjob"}, {"RANK", "1"}, {"WORLD_SIZE", "2"},
                   {"MASTER_ADDR", "job-master-0"}, {"MASTER_PORT", "29500"}}
            << 1 << "job-master-0" << 29500;
        QTest::newRow("Kubeflow with nprocPerNode: PET_ first, WORLD_SIZE = processes")
            << Env{{"TRAINDECK_PLATFORM", "pytorchjob"}, {"PET_NODE_RANK", "1"}, {"PET_NNODES", "2"},
                   {"RANK", "1"}, {"WORLD_SIZE", "16"}, {"MASTER_ADDR", "job-master-0"}, {"MASTER_PORT", "29500"}}
            << 1 << "job-master-0" << 29500;
        QTest::newRow("SSH node script")
            << Env{{"TRAINDECK_PLATFORM", "ssh"}, {"NODE_RANK", "1"}, {"NNODES", "2"}, {"MASTER_ADDR", "gpu-0"}}
            << 1 << "gpu-0" << 29500;
        QTest::newRow("SkyPilot: SKYPILOT_NODE_RANK, MASTER_ADDR from task.yaml's run")
            << Env{{"TRAINDECK_PLATFORM", "skypilot"}, {"SKYPILOT_NODE_RANK", "1"}, {"SKYPILOT_NUM_NODES", "2"},
                   {"MASTER_ADDR", "10.0.0.7"}}
            << 1 << "10.0.0.7" << 29500;
    }
    void computesTheNodeEnvironment() {
        QFETCH(Env, platformEnv);
        QFETCH(int, rank);
        QFETCH(QString, master);
        QFETCH(int, port);
        Fixture fx;
        const Run r = fx.run(platformEnv);
        QVERIFY2(r.code == 0, r.err.constData());
        const Env seen = gentest::parseEnv0(r.out);
        // Exactly what the one environment builder says this node gets.
        for (const auto& v : platform::nodeEnvironment(fx.plan, rank, master.toStdString(), port))
            QCOMPARE(seen.value(QString::fromStdString(v.name)), QString::fromStdString(v.value));
        QCOMPARE(seen["WORLD_SIZE"], QString("16"));
        QCOMPARE(seen["CUDA_VISIBLE_DEVICES"], QString("0,1,2,3,4,5,6,7"));
        QCOMPARE(seen["NCCL_SOCKET_IFNAME"], QString("eth0"));
        // The platform's node-level RANK must not reach torch as a process rank.
        QVERIFY(!seen.contains("RANK"));
        QVERIFY(!seen.contains("LOCAL_RANK"));
        QCOMPARE(seen["TRAINDECK_CONFIG_DIR"], fx.dir.path());
    }

    void keepsGpusThePlatformChose() {
        Fixture fx;
        const Run r = fx.run({{"TRAINDECK_PLATFORM", "slurm"}, {"SLURM_NODEID", "0"}, {"SLURM_JOB_NUM_NODES", "2"},
                              {"MASTER_ADDR", "gpu-a"}, {"CUDA_VISIBLE_DEVICES", "8,9,10,11,12,13,14,15"}});
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(gentest::parseEnv0(r.out)["CUDA_VISIBLE_DEVICES"], QString("8,9,10,11,12,13,14,15"));
    }

    void refuses_data() {
        QTest::addColumn<int>("gpus");
        QTest::addColumn<Env>("platformEnv");
        QTest::addColumn<QString>("message");
        const Env pai = {{"TRAINDECK_PLATFORM", "pai"}, {"RANK", "0"}, {"WORLD_SIZE", "2"}, {"MASTER_ADDR", "m"}};
        QTest::newRow("fewer GPUs than the plan") << 4 << pai << "this node has 4 GPUs (nvidia-smi) but the plan runs 8 per node";
        // Using some of a node's GPUs is chosen with CUDA_VISIBLE_DEVICES: the refusal says so.
        QTest::newRow("more GPUs than the plan") << 16 << pai << "this node has 16 GPUs (nvidia-smi) but the plan runs 8 "
                                                                 "per node: choose 8 of them with CUDA_VISIBLE_DEVICES "
                                                                 "(the plan's --visible-gpus, e.g. 0,1,2,3,4,5,6,7)";
        QTest::newRow("platform chose too few") << 8 << merged(pai, {{"CUDA_VISIBLE_DEVICES", "0,1"}})
                                               << "this node has 2 GPUs (CUDA_VISIBLE_DEVICES=0,1)";
        QTest::newRow("no nvidia-smi") << 0 << pai << "nvidia-smi not found";
        QTest::newRow("job of another size") << 8 << merged(pai, {{"WORLD_SIZE", "3"}})
                                             << "the platform runs 3 nodes but these files were generated for 2";
        QTest::newRow("rank out of range") << 8 << merged(pai, {{"RANK", "2"}}) << "node rank 2 is out of range for 2 nodes";
        QTest::newRow("rank not a number") << 8 << merged(pai, {{"RANK", "1; reboot"}}) << "node rank '1; reboot'";
        QTest::newRow("no platform") << 8 << Env{{"RANK", "0"}} << "TRAINDECK_PLATFORM is ''";
        QTest::newRow("unknown platform") << 8 << Env{{"TRAINDECK_PLATFORM", "$(reboot)"}} << "TRAINDECK_PLATFORM is '$(reboot)'";
        QTest::newRow("k8s without index") << 8 << Env{{"TRAINDECK_PLATFORM", "k8s"}, {"MASTER_ADDR", "m"}}
                                           << "JOB_COMPLETION_INDEX is not set";
        QTest::newRow("slurm without master") << 8 << Env{{"TRAINDECK_PLATFORM", "slurm"}, {"SLURM_NODEID", "0"},
                                                          {"SLURM_JOB_NUM_NODES", "2"}}
                                              << "MASTER_ADDR is not set";
    }
    void refuses() {
        QFETCH(int, gpus);
        QFETCH(Env, platformEnv);
        QFETCH(QString, message);
        Fixture fx("env -0", gpus);
        if (gpus == 0) QFile::remove(fx.stubs + "/nvidia-smi");
        const Run r = fx.run(platformEnv);
        QCOMPARE(r.code, generate::kRefuseExitStatus);
        QVERIFY(r.out.isEmpty());  // the workload never started
        const QString err = QString::fromUtf8(r.err);
        QVERIFY2(err.contains(message), qPrintable(err));
        QCOMPARE(err.count('\n'), 1);  // one clear line
        QVERIFY(err.startsWith("traindeck entrypoint (traindeck-demo): "));
    }

    // The trainer gets the platform's checkpoint folder (TRAINDECK_CHECKPOINT_DIR, set by the
    // target's own file) and the plan's interval; without a folder, neither flag.
    void checkpointFlagsFollowThePlatformsFolder() {
        Fixture fx("");
        gentest::writeStub(fx.stubs, "traindeck-trainer", "printf '%s\\n' \"$@\"");
        const Env slurm = {{"TRAINDECK_PLATFORM", "slurm"}, {"SLURM_NODEID", "0"}, {"SLURM_JOB_NUM_NODES", "2"},
                           {"MASTER_ADDR", "gpu-a"}};
        Run r = fx.run(merged(slurm, {{"TRAINDECK_CHECKPOINT_DIR", "/shared/my ckpt"}}));
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY2(r.out.contains("\n--checkpoint-dir\n/shared/my ckpt\n--checkpoint-every\n500\n"), r.out.constData());
        r = fx.run(slurm);
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY2(!r.out.contains("--checkpoint"), r.out.constData());
    }

    void launcherArgumentsExpandOnTheNode() {
        // A stub torchrun and accelerate print the arguments they were given.
        Fixture fx("torchrun {torchrun_args} train.py\naccelerate launch {accelerate_args} train.py");
        gentest::writeStub(fx.stubs, "torchrun", "printf '%s\\n' torchrun \"$@\"");
        gentest::writeStub(fx.stubs, "accelerate", "printf '%s\\n' accelerate \"$@\"");
        const Run r = fx.run({{"TRAINDECK_PLATFORM", "pai"}, {"RANK", "1"}, {"WORLD_SIZE", "2"},
                              {"MASTER_ADDR", "dlc-master"}, {"MASTER_PORT", "23456"}});
        QVERIFY2(r.code == 0, r.err.constData());
        const QStringList expected = {
            "torchrun", "--nnodes", "2", "--nproc_per_node", "8", "--node_rank", "1", "--master_addr", "dlc-master",
            "--master_port", "23456", "train.py",
            "accelerate", "launch", "--config_file", fx.dir.filePath("accelerate.yaml"), "--machine_rank", "1",
            "--main_process_ip", "dlc-master", "--main_process_port", "23456", "train.py"};
        QCOMPARE(QString::fromUtf8(r.out).split('\n', Qt::SkipEmptyParts), expected);
    }

    void returnsTheWorkloadsExitStatus() {
        Fixture fx("exit 3");
        const Run r = fx.run({{"TRAINDECK_PLATFORM", "ssh"}, {"NODE_RANK", "0"}, {"NNODES", "2"}, {"MASTER_ADDR", "h"}});
        QCOMPARE(r.code, 3);
    }

    void forwardsSigtermToTheWorkload() {
        // The workload is a shell with children; on SIGTERM it reports and exits 42.
        Fixture fx("trap 'echo got-term; exit 42' TERM\necho ready\nwhile true; do sleep 0.1; done");
        QProcessEnvironment pe;
        pe.insert("PATH", fx.stubs + ":/usr/bin:/bin");
        for (const auto& [k, v] : std::vector<std::pair<QString, QString>>{
                 {"TRAINDECK_PLATFORM", "ssh"}, {"NODE_RANK", "0"}, {"NNODES", "2"}, {"MASTER_ADDR", "h"}})
            pe.insert(k, v);
        QProcess p;
        p.setProcessEnvironment(pe);
        p.start("/bin/bash", {fx.entrypoint});
        QVERIFY(p.waitForStarted());
        QByteArray out;
        QElapsedTimer t;
        t.start();
        while (!out.contains("ready") && t.elapsed() < 10000) {
            p.waitForReadyRead(200);
            out += p.readAllStandardOutput();
        }
        QVERIFY2(out.contains("ready"), p.readAllStandardError().constData());
        ::kill(pid_t(p.processId()), SIGTERM);
        QVERIFY(p.waitForFinished(10000));
        out += p.readAllStandardOutput();
        QVERIFY(out.contains("got-term"));
        QCOMPARE(p.exitCode(), 42);
    }

    // The node's last line of stderr is what the launcher shows as its failure's detail:
    // the workload's own, or the node's line naming the rank that failed, never bash's
    // notice of a process ended by a signal ("... Killed ( run_workload ) ...",
    // "Terminated" for a rank the node stopped after another failed).
    void theLastLineOfAKilledWorkloadIsItsOwn_data() {
        QTest::addColumn<int>("processes");
        QTest::addColumn<QString>("command");
        QTest::addColumn<QString>("lastLine");
        QTest::newRow("command") << int(Processes::Single) << "echo 'out of memory?' >&2\nkill -KILL \"$BASHPID\""
                                 << "out of memory?";
        QTest::newRow("per-gpu") << int(Processes::PerGpu)
                                 << "if [ \"$LOCAL_RANK\" = 1 ]; then sleep 0.3; kill -KILL \"$BASHPID\"; fi\nsleep 30"
                                 << "traindeck entrypoint (traindeck-demo): rank 1 exited with status 137: stopping the "
                                    "other 1 ranks of this node";
    }
    void theLastLineOfAKilledWorkloadIsItsOwn() {
        QFETCH(int, processes);
        QFETCH(QString, command);
        QFETCH(QString, lastLine);
        const bool perGpu = Processes(processes) == Processes::PerGpu;
        Fixture fx(command.toStdString(), perGpu ? 2 : 8, Processes(processes));
        const Run r = fx.run({{"TRAINDECK_PLATFORM", "ssh"}, {"NODE_RANK", "0"}, {"NNODES", "2"}, {"MASTER_ADDR", "h"}});
        QCOMPARE(r.code, 128 + SIGKILL);
        QCOMPARE(QString::fromUtf8(r.err).trimmed().section('\n', -1), lastLine);
    }

    // The node's status channel is a FIFO made in $TMPDIR; where none can be made there (a pod
    // with a read-only root, a TMPDIR that does not exist) the node runs all the same, the
    // FIFO made in /dev/shm, /tmp or its own folder.
    void aTmpdirThatTakesNoFifoFallsBack_data() {
        QTest::addColumn<int>("processes");
        QTest::newRow("command") << int(Processes::Single);
        QTest::newRow("per-gpu") << int(Processes::PerGpu);
    }
    void aTmpdirThatTakesNoFifoFallsBack() {
        QFETCH(int, processes);
        const bool perGpu = Processes(processes) == Processes::PerGpu;
        Fixture fx("echo \"ran on ${LOCAL_RANK:-}\"", perGpu ? 2 : 8, Processes(processes));
        // Under a file nothing can be made, whoever runs the test (root included).
        const QString file = fx.dir.filePath("a-file");
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly) && f.write("x") == 1);
        f.close();
        const Run r = fx.run({{"TRAINDECK_PLATFORM", "ssh"}, {"NODE_RANK", "0"}, {"NNODES", "2"}, {"MASTER_ADDR", "h"},
                              {"TMPDIR", file + "/tmp"}});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY2(r.out.contains(perGpu ? "[rank 1] ran on 1" : "ran on "), r.out.constData());
    }

    // A stop that comes just as the workload ends: the node exits with the workload's own
    // status, 3 where it finished and 143 where the stop ended it, never another. The
    // workload sends the stop to its node itself and exits at once, so that the two meet
    // in every run, many times over. Before, when the stop interrupted bash's `wait` just
    // as it reaped the workload, the node lost the status and exited 255 (`exit -1`).
    void aStopAsTheWorkloadEndsKeepsItsStatus_data() {
        QTest::addColumn<int>("processes");
        QTest::addColumn<QString>("command");
        QTest::addColumn<int>("runs");
        // A subshell's $$ is its shell's: the node's.
        const QString stopsItsNode = "kill -TERM \"$$\"\nexit 3";
        QTest::newRow("command") << int(Processes::Single) << stopsItsNode << kStopRaceRuns;
        QTest::newRow("traindeck-trainer") << int(Processes::Single) << QString() << kStopRaceRuns;
        QTest::newRow("per-gpu") << int(Processes::PerGpu) << stopsItsNode << kStopRaceRuns;
    }
    void aStopAsTheWorkloadEndsKeepsItsStatus() {
        QFETCH(int, processes);
        QFETCH(QString, command);
        QFETCH(int, runs);
        // Per GPU: two ranks, each stopping the node as it ends.
        const bool perGpu = Processes(processes) == Processes::PerGpu;
        Fixture fx(command.toStdString(), perGpu ? 2 : 8, Processes(processes));
        // The trainer, exec'd: its node is the parent of its process group's leader.
        gentest::writeStub(fx.stubs, "traindeck-trainer",
                           "read -r -a me </proc/$$/stat\nread -r -a leader </proc/\"${me[4]}\"/stat\n"
                           "kill -TERM \"${leader[3]}\"\nexit 3");
        const Env ssh = {{"TRAINDECK_PLATFORM", "ssh"}, {"NODE_RANK", "0"}, {"NNODES", "2"}, {"MASTER_ADDR", "h"}};
        QMap<int, int> seen;  // exit status -> runs
        QByteArray wrong;     // what the node said in its first run with another status
        for (int i = 0; i < runs; ++i) {
            const Run r = fx.run(ssh);
            ++seen[r.code];
            if (r.code != 3 && r.code != 143 && wrong.isEmpty()) wrong = QByteArray::number(r.code) + ": " + r.err;
        }
        QString counts;
        for (auto it = seen.begin(); it != seen.end(); ++it) counts += QString(" %1: %2 runs;").arg(it.key()).arg(it.value());
        qInfo("exit statuses of %d runs:%s", runs, qPrintable(counts));
        QVERIFY2(seen.value(3) + seen.value(143) == runs, wrong.constData());
    }
};

QTEST_GUILESS_MAIN(TestEntrypoint)
#include "tst_entrypoint.moc"
