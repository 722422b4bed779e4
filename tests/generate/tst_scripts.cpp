// Every generated shell script passes shellcheck and bash -n, and the launch
// scripts do what they say when their platform's tools are stubs: the sbatch
// script under a fake srun/scontrol, the SSH launcher under a fake ssh, the
// dlc command under a fake dlc, and PAI's self-contained UserCommand.
#include "support.h"

#include <QtTest>
#include <nlohmann/json.hpp>

using namespace traindeck;
using generate::GeneratedFile;
using generate::Target;
using gentest::fileAt;
using gentest::Run;

namespace {

bool isShellScript(const GeneratedFile& f) { return f.content.rfind("#!/usr/bin/env bash", 0) == 0; }

Run tool(const QString& program, const QStringList& args) {
    QProcess p;
    p.start(program, args);
    Run r;
    if (!p.waitForFinished(60000)) return r;
    r.code = p.exitCode();
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

// A plan whose every free-text value is hostile: the scripts must still be clean.
Plan hostilePlan(int nodes) {
    Plan plan = gentest::planAt(nodes);
    plan.launch.jobName = "$(reboot) it's \"x\" ü";
    plan.launch.image = "registry.example/img:`id`";
    plan.launch.env["NOTE"] = "a b $(reboot) 'q' \"d\" \\ \n训练";
    return plan;
}

}  // namespace

class TestScripts : public QObject {
    Q_OBJECT
private slots:
    void everyScriptPassesShellcheckAndBashN_data() {
        QTest::addColumn<int>("nodes");
        QTest::addColumn<bool>("hostile");
        QTest::addColumn<bool>("withTemplate");
        QTest::newRow("1x8") << 1 << false << false;
        QTest::newRow("2x8") << 2 << false << false;
        QTest::newRow("8x8") << 8 << false << false;
        QTest::newRow("2x8 hostile values") << 2 << true << false;
        QTest::newRow("2x8 user template") << 2 << false << true;
        QTest::newRow("8x8 user template") << 8 << false << true;
    }
    void everyScriptPassesShellcheckAndBashN() {
        QFETCH(int, nodes);
        QFETCH(bool, hostile);
        QFETCH(bool, withTemplate);
        Plan plan = hostile ? hostilePlan(nodes) : gentest::planAt(nodes);
        if (withTemplate)
            plan.launch.command = "accelerate launch --config_file {accelerate_config} --machine_rank {node_rank} "
                                  "--main_process_ip {master_addr} --main_process_port {master_port} "
                                  "--num_machines {nodes} --num_processes {num_processes} train.py --lr {lr} "
                                  "--run-name {job_name}\n"
                                  "accelerate launch {accelerate_args} train.py\n"
                                  "torchrun {torchrun_args} train.py --deepspeed {deepspeed_config}";
        // Kubernetes targets reject a hostile name; the others must carry it.
        const std::vector<Target> which =
            hostile ? std::vector<Target>{Target::PaiDlc, Target::Slurm, Target::Ssh} : gentest::allTargets();
        const auto files = generate::generate(plan, which, gentest::optionsFor(nodes));
        QTemporaryDir dir;
        gentest::writeAll(dir, files);
        QStringList scripts;
        for (const GeneratedFile& f : files)
            if (isShellScript(f)) scripts << dir.filePath(QString::fromStdString(f.path));
        QVERIFY(scripts.size() >= 4 + nodes);  // entrypoint, pai-submit, sbatch, launcher, one per node
        const Run sc = tool(SHELLCHECK, QStringList{"--shell=bash", "--severity=info"} + scripts);
        QVERIFY2(sc.code == 0, sc.out.constData());
        for (const QString& s : scripts) {
            const Run n = tool("/bin/bash", {"-n", s});
            QVERIFY2(n.code == 0, qPrintable(s + ": " + QString::fromUtf8(n.err)));
        }
    }

    // The per-GPU entrypoint holds the rank launcher (core/generate/entrypoint/per_gpu.sh):
    // checked whole, where its parts meet the rest of the script.
    void perGpuEntrypointPassesShellcheckAndBashN() {
        Plan plan = gentest::planAt(2, 4);
        plan.launch.processes = Processes::PerGpu;
        plan.launch.command = "python3 train.py --lr {lr}";
        QTemporaryDir dir;
        const auto files = generate::generate(plan, Target::Slurm, gentest::optionsFor(2));
        QVERIFY(fileAt(files, "entrypoint.sh").content.find("user_workload() {") != std::string::npos);
        gentest::writeAll(dir, files);
        const QString entrypoint = dir.filePath("entrypoint.sh");
        const Run sc = tool(SHELLCHECK, {"--shell=bash", "--severity=info", entrypoint});
        QVERIFY2(sc.code == 0, sc.out.constData());
        const Run n = tool("/bin/bash", {"-n", entrypoint});
        QVERIFY2(n.code == 0, n.err.constData());
    }

    void sbatchRunsOneEntrypointPerNode() {
        Plan plan = gentest::planAt(2);
        plan.launch.command = "env -0 > \"$TRAINDECK_CONFIG_DIR/node-$NODE_RANK.env\"";
        QTemporaryDir dir;
        gentest::writeAll(dir, generate::generate(plan, Target::Slurm, {}));
        const QString stubs = dir.filePath("stubs");
        gentest::writeNvidiaSmi(stubs, 8);
        gentest::writeStub(stubs, "scontrol",
                           "[[ \"$1 $2\" == 'show hostnames' && $3 == 'gpu-[07-08]' ]] || exit 9\necho gpu-07\necho gpu-08");
        // srun: one task per node, each with its own SLURM_NODEID, as SLURM does.
        gentest::writeStub(stubs, "srun",
                           "while [[ $1 == --* ]]; do shift; done\n"
                           "for ((i = 0; i < SLURM_JOB_NUM_NODES; i++)); do SLURM_NODEID=$i \"$@\" || exit $?; done");
        const Run r = gentest::runBash(dir.filePath("job.sbatch"), {},
                                       {{"SLURM_SUBMIT_DIR", dir.path()},
                                        {"SLURM_JOB_NODELIST", "gpu-[07-08]"},
                                        {"SLURM_JOB_NUM_NODES", "2"}},
                                       stubs);
        QVERIFY2(r.code == 0, r.err.constData());
        for (int i = 0; i < 2; ++i) {
            const auto env = gentest::readEnv0(dir.filePath(QString("node-%1.env").arg(i)));
            QCOMPARE(env["NODE_RANK"], QString::number(i));
            QCOMPARE(env["MASTER_ADDR"], QString("gpu-07"));
            QCOMPARE(env["WORLD_SIZE"], QString("16"));
        }
    }

    void sshLauncherStartsEveryNode() {
        Plan plan = gentest::planAt(2);
        plan.launch.command = "env -0 > \"$TRAINDECK_CONFIG_DIR/node-$NODE_RANK.env\"";
        QTemporaryDir dir;
        gentest::writeAll(dir, generate::generate(plan, Target::Ssh, gentest::optionsFor(2)));
        const QString stubs = dir.filePath("stubs");
        gentest::writeNvidiaSmi(stubs, 8);
        // ssh: check the options, then run the remote command line as the remote shell would.
        gentest::writeStub(stubs, "ssh",
                           "[[ $1 == -tt && $2 == -o && $3 == BatchMode=yes && $4 == -- ]] || exit 9\n"
                           "echo \"$5\" >> \"$(dirname \"$0\")/hosts.log\"\nbash -c \"$6\"");
        const Run r = gentest::runBash(dir.filePath("launch-ssh.sh"), {}, {}, stubs);
        QVERIFY2(r.code == 0, r.err.constData());
        QFile log(stubs + "/hosts.log");
        QVERIFY(log.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(log.readAll()).split('\n', Qt::SkipEmptyParts).size(), 2);
        for (int i = 0; i < 2; ++i) {
            const auto env = gentest::readEnv0(dir.filePath(QString("node-%1.env").arg(i)));
            QCOMPARE(env["NODE_RANK"], QString::number(i));
            QCOMPARE(env["MASTER_ADDR"], QString("gpu-0.cluster.local"));
        }
    }

    void dlcCommandMatchesTheCreateJobSpec() {
        const Plan plan = hostilePlan(4);
        QTemporaryDir dir;
        const auto files = generate::generate(plan, Target::PaiDlc, gentest::optionsFor(4));
        gentest::writeAll(dir, files);
        const auto job = nlohmann::json::parse(fileAt(files, "pai-create-job.json").content);
        const QString stubs = dir.filePath("stubs");
        gentest::writeStub(stubs, "dlc", "printf '%s\\0' \"$@\"");
        const Run r = gentest::runBash(dir.filePath("pai-submit.sh"), {}, {}, stubs);
        QVERIFY2(r.code == 0, r.err.constData());
        QStringList args;
        for (const QByteArray& a : r.out.split('\0')) args << QString::fromUtf8(a);
        args.removeLast();  // after the last NUL
        auto arg = [&](const QString& flag) {
            for (const QString& a : args)
                if (a.startsWith(flag + "=")) return a.mid(flag.size() + 1);
            return QString("<missing>");
        };
        QCOMPARE(args.mid(0, 2), (QStringList{"submit", "pytorchjob"}));
        QCOMPARE(arg("--name"), QString::fromStdString(job["DisplayName"].get<std::string>()));
        QCOMPARE(arg("--name"), QString::fromStdString(plan.launch.jobName));  // literal, every byte
        QCOMPARE(arg("--masters"), QString("1"));
        QCOMPARE(arg("--workers"), QString::number(job["JobSpecs"][1]["PodCount"].get<int>()));
        QCOMPARE(arg("--workers"), QString("3"));
        QCOMPARE(arg("--worker_image"), QString::fromStdString(plan.launch.image));
        QCOMPARE(arg("--worker_spec"), QString::fromStdString(job["JobSpecs"][1]["EcsSpec"].get<std::string>()));
        QCOMPARE(arg("--command"), QString::fromStdString(job["UserCommand"].get<std::string>()));
        QCOMPARE(arg("--envs"), QString("TRAINDECK_PLATFORM=pai"));
        QCOMPARE(arg("--workspace_id"), QString::fromStdString(job["WorkspaceId"].get<std::string>()));
    }

    void paiUserCommandUnpacksAndRunsTheEntrypoint() {
        Plan plan = gentest::planAt(2);
        plan.launch.command = "env -0";
        const auto files = generate::generate(plan, Target::PaiDlc, gentest::optionsFor(2));
        std::string cmd = nlohmann::json::parse(fileAt(files, "pai-create-job.json").content)["UserCommand"];
        // Run it as PAI would, but unpacking into a temporary directory of ours.
        QTemporaryDir dir;
        const std::string from = "/tmp/traindeck";
        for (std::size_t at; (at = cmd.find(from)) != std::string::npos;)
            cmd.replace(at, from.size(), dir.filePath("pai").toStdString());
        const QString stubs = dir.filePath("stubs");
        gentest::writeNvidiaSmi(stubs, 8);
        QFile script(dir.filePath("user-command.sh"));
        QVERIFY(script.open(QIODevice::WriteOnly));
        script.write(QByteArray::fromStdString(cmd));
        script.close();
        const Run r = gentest::runBash(script.fileName(), {},
                                       {{"TRAINDECK_PLATFORM", "pai"}, {"RANK", "1"}, {"WORLD_SIZE", "2"},
                                        {"MASTER_ADDR", "dlc-master"}, {"MASTER_PORT", "23456"}},
                                       stubs);
        QVERIFY2(r.code == 0, r.err.constData());
        const auto env = gentest::parseEnv0(r.out);
        QCOMPARE(env["NODE_RANK"], QString("1"));
        QCOMPARE(env["WORLD_SIZE"], QString("16"));
        QCOMPARE(env["MASTER_PORT"], QString("23456"));
        QCOMPARE(env["TRAINDECK_CONFIG_DIR"], dir.filePath("pai"));
    }
};

QTEST_GUILESS_MAIN(TestScripts)
#include "tst_scripts.moc"
