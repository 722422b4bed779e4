// The generated files as their consumers read them: ssh (`ssh -G`) and the
// hostfile formats of pdsh and DeepSpeed for nodes on other ports, the ssh
// configuration that names node 0, accelerate's rule for a DeepSpeed config
// file, PAI-DLC's CreateJob fields, the "how to watch" comments read back by
// bash, and the planner's warnings beside the numbers they concern.
#include "support.h"
#include "../support/test_files.h"

#include <QProcess>
#include <QRegularExpression>
#include <QtTest>
#include <nlohmann/json.hpp>
#include <yaml-cpp/yaml.h>

using namespace traindeck;
using generate::GenerateOptions;
using generate::Target;
using gentest::fileAt;

namespace {

// What `ssh -G` makes of `host` with the ssh configuration `config`: its lower-case keys and values.
QMap<QString, QString> sshEffective(const QString& config, const QString& host) {
    QProcess p;
    p.start("ssh", {"-G", "-F", config, host});
    if (!p.waitForFinished(10000) || p.exitCode() != 0) qFatal("ssh -G failed: %s", p.readAllStandardError().constData());
    QMap<QString, QString> out;
    for (const QString& line : QString::fromUtf8(p.readAllStandardOutput()).split('\n', Qt::SkipEmptyParts))
        out.insert(line.section(' ', 0, 0), line.section(' ', 1));
    return out;
}

// The words bash reads from `text` (one line of shell).
QStringList shellWords(const QString& text) {
    QProcess p;
    p.start("bash", {"--norc", "-c", "eval \"set -- $1\"; printf '%s\\0' \"$@\"", "bash", text});
    if (!p.waitForFinished(10000) || p.exitCode() != 0) qFatal("bash failed: %s", p.readAllStandardError().constData());
    QStringList words;
    for (const QByteArray& w : p.readAllStandardOutput().split('\0')) words << QString::fromUtf8(w);
    words.removeLast();  // after the last NUL
    return words;
}

// The first comment line of `content` holding `marker`, after it.
QString commentAfter(const std::string& content, const QString& marker) {
    for (const QString& line : QString::fromStdString(content).split('\n'))
        if (line.startsWith('#') && line.contains(marker)) return line.section(marker, 1).trimmed();
    return {};
}

}  // namespace

class TestConsumers : public QObject {
    Q_OBJECT
private slots:
    void nodesOnOtherSshPortsReachPdshAndDeepSpeed() {
        GenerateOptions o;
        o.hosts = {"gpu-a", "alice@gpu-b:2222", "[fe80::1]:2200"};
        const auto files = generate::generate(gentest::planAt(3), Target::Ssh, o);
        // The hostfiles keep what their readers take: [user@]host, `host slots=N`; '#' lines are comments to both.
        QStringList hosts, dsHosts;
        for (const QString& l : QString::fromStdString(fileAt(files, "hostfile").content).split('\n', Qt::SkipEmptyParts))
            if (!l.startsWith('#')) hosts << l;
        QCOMPARE(hosts, (QStringList{"gpu-a", "alice@gpu-b", "fe80::1"}));
        const QRegularExpression dsLine("^(\\S+)\\s+slots=(\\d+)$");  // DeepSpeed's runner's pattern
        for (const QString& l : QString::fromStdString(fileAt(files, "ds_hostfile").content).split('\n', Qt::SkipEmptyParts))
            if (!l.startsWith('#')) dsHosts << dsLine.match(l).captured(1);
        QCOMPARE(dsHosts, hosts);
        QVERIFY(fileAt(files, "hostfile").content.find("ssh_config") != std::string::npos);
        // The ports reach ssh through the ssh configuration pdsh passes on (PDSH_SSH_ARGS_APPEND="-F ...").
        QTemporaryDir dir;
        gentest::writeAll(dir, files);
        const QString config = dir.filePath("ssh_config");
        QCOMPARE(sshEffective(config, "gpu-b")["port"], QString("2222"));
        QCOMPARE(sshEffective(config, "fe80::1")["port"], QString("2200"));
        QCOMPARE(sshEffective(config, "gpu-a")["port"], QString("22"));
        // Host-key checking is ssh's own: the file says nothing about it.
        QVERIFY(fileAt(files, "ssh_config").content.find("StrictHostKeyChecking") == std::string::npos);
        // Without ports there is nothing to carry.
        o.hosts = {"gpu-a", "gpu-b", "gpu-c"};
        QVERIFY(!gentest::hasFile(generate::generate(gentest::planAt(3), Target::Ssh, o), "ssh_config"));
    }

    void masterAddressIsTheRealAddressOfNodeZero() {
        QTemporaryDir dir;
        GenerateOptions o;
        test_files::writeFile(dir.filePath("config"), "Host gpu-a\n    HostName 10.1.2.3\n    User bob\n    Port 2201\n");
        o.sshConfigFile = dir.filePath("config").toStdString();
        const auto masterOf = [&](std::vector<std::string> hosts) {
            o.hosts = hosts;
            const std::string s = fileAt(generate::generate(gentest::planAt(2), Target::Ssh, o), "node-1.sh").content;
            const auto at = s.find("export MASTER_ADDR=");
            return s.substr(at + 19, s.find('\n', at) - at - 19);
        };
        // An ssh alias is resolved as ssh would (HostName), and the user is told.
        QCOMPARE(masterOf({"gpu-a", "gpu-b"}), std::string("10.1.2.3"));
        const auto notes = generate::notes(analyse(gentest::planAt(2)), Target::Ssh, o);
        QCOMPARE(notes.size(), std::size_t(2));  // and where the checkpoints go (none: no folder given)
        QVERIFY(notes[1].english().find("ssh: this job writes no checkpoints") != std::string::npos);
        QVERIFY(notes[0].english().find("10.1.2.3") != std::string::npos);
        QVERIFY(notes[0].english().find("gpu-a") != std::string::npos);
        // user@host:port: the host alone.
        QCOMPARE(masterOf({"carol@10.0.0.9:2200", "gpu-b"}), std::string("10.0.0.9"));
        QVERIFY(generate::notes(analyse(gentest::planAt(2)), Target::Ssh, o)[0].english().find("without its ssh user and port") !=
                std::string::npos);
        // A plain host is used as given, and nothing needs saying but where the checkpoints go.
        QCOMPARE(masterOf({"node-x.example", "gpu-b"}), std::string("node-x.example"));
        QCOMPARE(generate::notes(analyse(gentest::planAt(2)), Target::Ssh, o).size(), std::size_t(1));
    }

    void accelerateLaunchReadsDeepSpeedConfigByItsPath() {
        // Under `accelerate launch` the optimizer, scheduler and overlap_comm of deepspeed.json
        // apply only when accelerate is given the file: its absolute path on the node.
        Plan plan = gentest::planAt(2);
        plan.recipe.zeroStage = 2;
        plan.launch.command = "accelerate launch {accelerate_args} train.py";
        QTemporaryDir dir;
        gentest::writeAll(dir, generate::generate(plan, Target::Slurm, {}));
        const QString stubs = dir.filePath("stubs");
        gentest::writeNvidiaSmi(stubs, 8);
        gentest::writeStub(stubs, "accelerate", "printf '%s\\n' \"$@\"");
        const auto r = gentest::runBash(dir.filePath("entrypoint.sh"), {},
                                        {{"TRAINDECK_PLATFORM", "slurm"}, {"SLURM_NODEID", "1"},
                                         {"SLURM_JOB_NUM_NODES", "2"}, {"MASTER_ADDR", "gpu-07"}},
                                        stubs);
        QVERIFY2(r.code == 0, r.err.constData());
        const QStringList args = QString::fromUtf8(r.out).split('\n', Qt::SkipEmptyParts);
        const auto at = args.indexOf("--deepspeed_config_file");
        QVERIFY2(at > 0, qPrintable(args.join(' ')));
        QCOMPARE(args[at + 1], dir.filePath("deepspeed.json"));
        // The accelerate config names the same file, and repeats none of its settings.
        const YAML::Node acc = YAML::LoadFile(dir.filePath("accelerate.yaml").toStdString());
        QCOMPARE(acc["deepspeed_config"]["deepspeed_config_file"].as<std::string>(), std::string("deepspeed.json"));
        QVERIFY(!acc["deepspeed_config"]["gradient_accumulation_steps"]);
        QVERIFY(!acc["mixed_precision"]);
    }

    void paiDlcSendsWhatCreateJobDocuments() {
        Plan plan = gentest::planAt(2);
        GenerateOptions o = gentest::optionsFor(2);
        // --retries: AIMaster's restart of the whole (synchronous) job.
        o.retries = 3;
        auto job = nlohmann::json::parse(fileAt(generate::generate(plan, Target::PaiDlc, o), "pai-create-job.json").content);
        QCOMPARE(job["Settings"]["EnableErrorMonitoringInAIMaster"].get<bool>(), true);
        const std::string args = job["Settings"]["ErrorMonitoringArgs"];
        QVERIFY(args.find("--enable-job-restart=True") != std::string::npos);
        QVERIFY(args.find("--max-num-of-job-restart=3") != std::string::npos);
        // dlc submit has no field for it: said once, at generation.
        auto notes = generate::notes(analyse(plan), Target::PaiDlc, o);
        QCOMPARE(notes.size(), std::size_t(2));  // and where the checkpoints go (none: no folder given)
        QVERIFY(notes[1].english().find("pai: this job writes no checkpoints") != std::string::npos);
        QVERIFY(notes[0].english().find("--retries") != std::string::npos);
        o.retries = 0;
        job = nlohmann::json::parse(fileAt(generate::generate(plan, Target::PaiDlc, o), "pai-create-job.json").content);
        QVERIFY(!job.contains("Settings"));
        QCOMPARE(generate::notes(analyse(plan), Target::PaiDlc, o).size(), std::size_t(1));  // the checkpoints' line
        // A resource quota: no ECS type is sent, the node asks the quota for its GPUs.
        o.ecsSpec.clear();
        o.paiResourceId = "quota12345";
        const auto quota = generate::generate(plan, Target::PaiDlc, o);
        job = nlohmann::json::parse(fileAt(quota, "pai-create-job.json").content);
        QCOMPARE(job["ResourceId"].get<std::string>(), std::string("quota12345"));
        for (const auto& spec : job["JobSpecs"]) {
            QVERIFY(!spec.contains("EcsSpec"));
            QCOMPARE(spec["ResourceConfig"]["GPU"].get<std::string>(), std::string("8"));
        }
        QVERIFY(!gentest::hasFile(quota, "pai-submit.sh"));
        QCOMPARE(generate::notes(analyse(plan), Target::PaiDlc, o).size(), std::size_t(2));  // quota, checkpoints
        QVERIFY(generate::missingOptions(plan, Target::PaiDlc, o).empty());
        o.ecsSpec = "ecs.gn7e-c16g1.32xlarge";
        QVERIFY_THROWS_EXCEPTION(generate::GenerateError, generate::generate(plan, Target::PaiDlc, o));
        // A secret cannot reach a DLC node by reference: refused at generation, in one line.
        o = gentest::optionsFor(2);
        o.secrets = {{"HF_TOKEN", "hf", "token"}};
        try {
            generate::generate(plan, Target::PaiDlc, o);
            QFAIL("a secret was accepted for PAI-DLC");
        } catch (const generate::GenerateError& e) {
            const std::string what = e.what();
            QVERIFY(what.find("--secret-env") != std::string::npos && what.find("HF_TOKEN") != std::string::npos);
            QVERIFY(what.find('\n') == std::string::npos);
        }
    }

    void kubernetesFilesSayHowToWatchThem_data() {
        QTest::addColumn<int>("target");
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("selector");
        QTest::newRow("k8s") << int(Target::Kubernetes) << "kubernetes.yaml" << "job-name=llm-sft";
        QTest::newRow("pytorchjob") << int(Target::PyTorchJob) << "pytorchjob.yaml"
                                    << "training.kubeflow.org/job-name=llm-sft";
    }
    void kubernetesFilesSayHowToWatchThem() {
        QFETCH(int, target);
        QFETCH(QString, file);
        QFETCH(QString, selector);
        Plan plan = gentest::planAt(8);
        plan.launch.jobName = "llm-sft";
        plan.launch.nameSpace = "research";
        const auto files = generate::generate(plan, Target(target), {});
        // The comment is a command line: bash reads it back as traindeck's words, the
        // --follow-command value as kubectl's.
        const QStringList words = shellWords(commentAfter(fileAt(files, file.toStdString()).content, "Watch it:"));
        QCOMPARE(words.mid(0, 4), (QStringList{"traindeck", "watch", "--follow", "--follow-command"}));
        QCOMPARE(words.size(), 5);
        QCOMPARE(shellWords(words[4]), (QStringList{"kubectl", "logs", "-f", "-l", selector, "--prefix",
                                                    "--max-log-requests=8", "-n", "research"}));
        // Still valid YAML, the same objects.
        QCOMPARE(YAML::LoadAll(fileAt(files, file.toStdString()).content).size(), std::size_t(target == int(Target::Kubernetes) ? 3 : 2));
    }

    void slurmJobPrintsHowToWatchIt() {
        Plan plan = gentest::planAt(2);
        plan.launch.command = "true";
        QTemporaryDir dir;
        const QString submitDir = dir.filePath("runs/it's a dir");
        QDir().mkpath(submitDir);
        const auto files = generate::generate(plan, Target::Slurm, {});
        QVERIFY(fileAt(files, "job.sbatch").content.find("traindeck watch --follow ssh://LOGIN/") != std::string::npos);
        QTemporaryDir out;
        gentest::writeAll(out, files);
        const QString stubs = out.filePath("stubs");
        gentest::writeNvidiaSmi(stubs, 8);
        gentest::writeStub(stubs, "scontrol", "echo gpu-07\necho gpu-08");
        gentest::writeStub(stubs, "srun", "exit 0");
        const auto r = gentest::runBash(out.filePath("job.sbatch"), {},
                                        {{"SLURM_SUBMIT_DIR", submitDir}, {"SLURM_SUBMIT_HOST", "login1"},
                                         {"SLURM_JOB_NAME", "traindeck-demo"}, {"SLURM_JOB_ID", "77"},
                                         {"SLURM_JOB_NODELIST", "gpu-[07-08]"}, {"SLURM_JOB_NUM_NODES", "2"}},
                                        stubs);
        QVERIFY2(r.code == 0, r.err.constData());
        const QString line = QString::fromUtf8(r.out).section("watch this job with:", 1).section('\n', 0, 0);
        QCOMPARE(shellWords(line), (QStringList{"traindeck", "watch", "--follow",
                                                "ssh://login1" + submitDir + "/traindeck-demo-77.out"}));
    }

    void paiSubmitSaysHowToWatchIt() {
        const auto files = generate::generate(gentest::planAt(2), Target::PaiDlc, gentest::optionsFor(2));
        const std::string sh = fileAt(files, "pai-submit.sh").content;
        const QString line = commentAfter(sh, "  traindeck watch");
        const QStringList words = shellWords("traindeck watch " + line);
        QCOMPARE(words.mid(0, 3), (QStringList{"traindeck", "watch", "--follow-command"}));
        // The command is a pipeline (the log lines out of GetPodLogs' JSON), one word for watch.
        QCOMPARE(words.size(), 4);
        QCOMPARE(words[3], QString("aliyun pai-dlc get-pod-logs --job-id JOB --pod-id POD | jq -r '.Logs[]'"));
    }

    void filesForALayoutThatMissesItsBatchSaySo() {
        // No micro-batch × accumulation on 64 GPUs makes 200: the run uses 192 (micro-batch 3).
        Plan eight = gentest::planAt(8);
        eight.recipe.globalBatch = 200;
        const auto files = generate::generate(eight, gentest::allTargets(), gentest::optionsFor(8));
        for (const char* name : {"kubernetes.yaml", "pytorchjob.yaml", "job.sbatch", "launch-ssh.sh", "accelerate.yaml",
                                 "pai-submit.sh", "skypilot/task.yaml"}) {
            const QString warning = commentAfter(fileAt(files, name).content, "planner warning:");
            QVERIFY2(warning.contains("the global batch 200") && warning.contains("192"), name);
        }
        QCOMPARE(nlohmann::json::parse(fileAt(files, "deepspeed.json").content)["train_batch_size"].get<long>(), 192L);
        // The plan's own 2x8 reaches 256: nothing to say.
        for (const auto& f : generate::generate(gentest::planAt(2), gentest::allTargets(), gentest::optionsFor(2)))
            QVERIFY2(f.content.find("planner warning") == std::string::npos, f.path.c_str());
    }
};

QTEST_GUILESS_MAIN(TestConsumers)
#include "tst_consumers.moc"
