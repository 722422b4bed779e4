// Hostile values: a job name with $(reboot), quotes, newlines, spaces or
// non-ASCII is rejected with a clear one-line error where Kubernetes forbids it
// (DNS names, 63-character labels), and stays a literal string everywhere else,
// which is proved by running the generated scripts and parsing the files back.
#include "support.h"

#include <QtTest>
#include <nlohmann/json.hpp>
#include <yaml-cpp/yaml.h>

using namespace traindeck;
using generate::GenerateError;
using generate::GenerateOptions;
using generate::Target;
using gentest::fileAt;

namespace {

const QStringList kHostile = {"$(reboot)", "`reboot`", "it's", "say \"hi\"", "two\nlines", "with space",
                              QString::fromUtf8("训练作业"), "UPPER", "-leading", "1starts-with-digit",
                              "trailing-", "a;rm -rf /", QString(64, 'a')};

// The message of the GenerateError that `f` throws; empty when it does not throw.
template <typename F>
QString errorOf(F f) {
    try {
        f();
    } catch (const GenerateError& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

}  // namespace

class TestHostile : public QObject {
    Q_OBJECT
private slots:
    void kubernetesRejectsBadJobNames_data() {
        QTest::addColumn<QString>("name");
        for (const QString& n : kHostile) QTest::newRow(qPrintable(QString(n).replace('\n', "\\n"))) << n;
    }
    void kubernetesRejectsBadJobNames() {
        QFETCH(QString, name);
        Plan plan = gentest::planAt(2);
        plan.launch.jobName = name.toStdString();
        for (Target t : {Target::Kubernetes, Target::PyTorchJob}) {
            const QString error = errorOf([&] { generate::generate(plan, t, {}); });
            // A name of several lines is refused by the plan itself (every target);
            // the rest by Kubernetes' rules.
            if (name.contains('\n')) {
                QVERIFY2(error.contains("launch.job_name: must be a single line"), qPrintable(error));
                continue;
            }
            QVERIFY2(error.contains("job name"), qPrintable(error));
            QVERIFY2(error.contains("Kubernetes"), qPrintable(error));
            QVERIFY(!error.contains('\n'));  // one line, even for a name with a newline
        }
    }

    void nameLengthCountsThePodSuffix() {
        // Indexed Job pods are <job>-<index>: at 8 nodes "-7" leaves 61 characters.
        Plan plan = gentest::planAt(8);
        plan.launch.jobName = std::string(61, 'a');
        generate::generate(plan, Target::Kubernetes, {});
        plan.launch.jobName = std::string(62, 'a');
        QVERIFY(errorOf([&] { generate::generate(plan, Target::Kubernetes, {}); }).contains("at most 61 characters"));
        // Kubeflow's pods are <job>-worker-<i>: "-worker-6" leaves 54.
        plan.launch.jobName = std::string(55, 'a');
        QVERIFY(errorOf([&] { generate::generate(plan, Target::PyTorchJob, {}); }).contains("at most 54 characters"));
    }

    void kubernetesRejectsOtherBadNames() {
        const Plan plan = gentest::planAt(2);
        auto errorWith = [&](auto edit) {
            Plan p = plan;
            GenerateOptions o;
            edit(p, o);
            return errorOf([&] { generate::generate(p, Target::Kubernetes, o); });
        };
        QVERIFY(errorWith([](Plan& p, GenerateOptions&) { p.launch.nameSpace = "$(reboot)"; }).contains("namespace"));
        QVERIFY(errorWith([](Plan& p, GenerateOptions&) { p.launch.image = "img name"; }).contains("image"));
        QVERIFY(errorWith([](Plan&, GenerateOptions& o) { o.queue = "team a"; }).contains("queue"));
        QVERIFY(errorWith([](Plan&, GenerateOptions& o) { o.priorityClass = "High!"; }).contains("priority class"));
        QVERIFY(errorWith([](Plan&, GenerateOptions& o) { o.secrets = {{"HF_TOKEN", "Bad Secret", "k"}}; })
                    .contains("secret"));
        QVERIFY(errorWith([](Plan&, GenerateOptions& o) { o.mounts = {{"data", "relative/path", false}}; })
                    .contains("mount path"));
        QVERIFY(errorWith([](Plan&, GenerateOptions& o) { o.shmSize = "lots"; }).contains("quantity"));
    }

    void environmentNamesAndSecretsAreChecked() {
        const Plan plan = gentest::planAt(2);
        auto errorWithEnv = [&](const std::string& name, const std::string& value) {
            Plan withEnv = plan;
            withEnv.launch.env[name] = value;
            return errorOf([&] { generate::generate(withEnv, Target::Slurm, {}); });
        };
        QVERIFY(errorWithEnv("$(reboot)", "x").contains("not valid"));
        QVERIFY(errorWithEnv("RANK", "3").contains("set by the entrypoint"));
        // A secret written in plain text is refused, and the way to pass it is named.
        const QString secret = errorWithEnv("HF_TOKEN", "hf_abc");
        QVERIFY(secret.contains("--secret-env HF_TOKEN=SECRET:KEY"));
        // By reference, it never appears as a value in any file.
        GenerateOptions o = gentest::optionsFor(2);
        o.secrets = {{"HF_TOKEN", "hf", "token"}};
        for (const auto& f : generate::generate(plan, {Target::Kubernetes, Target::PyTorchJob, Target::Slurm}, o))
            QVERIFY(f.content.find("hf_abc") == std::string::npos);
    }

    void hostileValuesStayLiteralWhenScriptsRun() {
        QTemporaryDir dir;
        const QString marker = dir.filePath("pwned");
        Plan plan = gentest::planAt(2);
        plan.launch.jobName = "$(touch " + marker.toStdString() + ") it's \"x\" `touch " + marker.toStdString() +
                              "` 训练";
        plan.launch.env["NOTE"] = "a b $(touch " + marker.toStdString() + ") 'q' \\ \n ü";
        // The user's template gets the job name through a placeholder: quoted as data.
        plan.launch.command = "printf '%s\\0' {job_name} \"$NOTE\"";
        const auto files = generate::generate(plan, Target::Slurm, {});
        gentest::writeAll(dir, files);
        const QString stubs = dir.filePath("stubs");
        gentest::writeNvidiaSmi(stubs, 8);
        const auto r = gentest::runBash(dir.filePath("entrypoint.sh"), {},
                                        {{"TRAINDECK_PLATFORM", "slurm"}, {"SLURM_NODEID", "0"},
                                         {"SLURM_JOB_NUM_NODES", "2"}, {"MASTER_ADDR", "h"}},
                                        stubs);
        QVERIFY2(r.code == 0, r.err.constData());
        const QList<QByteArray> values = r.out.split('\0');
        QCOMPARE(values.size(), 3);
        QCOMPARE(values[0].toStdString(), plan.launch.jobName);
        QCOMPARE(values[1].toStdString(), plan.launch.env["NOTE"]);
        QVERIFY(!QFile::exists(marker));
        // sbatch cannot take such a name: it is left out of #SBATCH, not mangled into it.
        QVERIFY(fileAt(files, "job.sbatch").content.find("--job-name") == std::string::npos);
    }

    void hostileValuesStayLiteralInKubernetesYaml() {
        Plan plan = gentest::planAt(2);
        plan.launch.image = "registry.example/team/img:$(reboot)`id`";
        plan.launch.env["NOTE"] = "\"quoted\" 'single' \n second line: {not: yaml} # no comment ü";
        const auto files = generate::generate(plan, {Target::Kubernetes, Target::PyTorchJob}, {});
        for (const char* name : {"kubernetes.yaml", "pytorchjob.yaml"}) {
            const auto objects = YAML::LoadAll(fileAt(files, name).content);
            const YAML::Node cm = objects.front();
            // The entrypoint in the ConfigMap is byte for byte the one a script target writes.
            const auto slurm = generate::generate(plan, Target::Slurm, {});
            QCOMPARE(cm["data"]["entrypoint.sh"].as<std::string>(), fileAt(slurm, "entrypoint.sh").content);
            const YAML::Node last = objects.back();
            const YAML::Node pod = last["kind"].as<std::string>() == "Job"
                                       ? last["spec"]["template"]
                                       : last["spec"]["pytorchReplicaSpecs"]["Master"]["template"];
            QCOMPARE(pod["spec"]["containers"][0]["image"].as<std::string>(), plan.launch.image);
        }
    }

    void hostileValuesStayLiteralInPaiJson() {
        Plan plan = gentest::planAt(2);
        plan.launch.jobName = "$(reboot) \"x\" 训练";
        const auto files = generate::generate(plan, Target::PaiDlc, gentest::optionsFor(2));
        const auto job = nlohmann::json::parse(fileAt(files, "pai-create-job.json").content);
        QCOMPARE(job["DisplayName"].get<std::string>(), plan.launch.jobName);
    }

    void multiLineValuesTheWholePlanRefuses() {
        // A job name or image of several lines cannot be carried safely by any
        // file (a #SBATCH line, a label, a log line): the plan refuses it for every target.
        Plan plan = gentest::planAt(2);
        plan.launch.jobName = "job\n#SBATCH --uid=0";
        for (Target t : gentest::allTargets()) {
            const QString error = errorOf([&] { generate::generate(plan, t, gentest::optionsFor(2)); });
            QVERIFY2(error.contains("must be a single line"), qPrintable(error));
        }
    }

    void hostsMustBeHostNames() {
        GenerateOptions o = gentest::optionsFor(2);
        o.hosts[1] = "gpu-1; reboot";
        QVERIFY(errorOf([&] { generate::generate(gentest::planAt(2), Target::Ssh, o); }).contains("not a host name"));
        o.hosts = {"fe80::1", "10.0.0.2"};
        generate::generate(gentest::planAt(2), Target::Ssh, o);
        for (const char* bad : {"-oProxyCommand=reboot", "al ice@gpu-1", "gpu-1:0", "gpu-1:99999", "[fe80::1"}) {
            o.hosts[1] = bad;
            QVERIFY2(errorOf([&] { generate::generate(gentest::planAt(2), Target::Ssh, o); }).contains("not a host name"),
                     bad);
        }
    }

    void hostsMayNameUserAndPort() {
        GenerateOptions o = gentest::optionsFor(2);
        o.hosts = {"alice@node-a", "bob@[fe80::2]:2222"};
        std::string hostfile, node0, launcher;
        for (const auto& f : generate::generate(gentest::planAt(2), Target::Ssh, o)) {
            if (f.path == "hostfile") hostfile = f.content;
            if (f.path == "node-0.sh") node0 = f.content;
            if (f.path == "launch-ssh.sh") launcher = f.content;
        }
        // The port is not in the host lines (no hostfile reader takes one): ssh_config carries it.
        QVERIFY(QString::fromStdString(hostfile).endsWith("\nalice@node-a\nbob@fe80::2\n"));
        QVERIFY(hostfile.starts_with("# ") && hostfile.find("ssh_config") != std::string::npos);
        QVERIFY(node0.find("export MASTER_ADDR=node-a\n") != std::string::npos);
        QVERIFY(launcher.find("hosts=(alice@node-a bob@fe80::2)\n") != std::string::npos);
        QVERIFY(launcher.find("ports=('' 2222)\n") != std::string::npos);
    }

    void templatePlaceholdersAreChecked() {
        Plan plan = gentest::planAt(2);
        plan.launch.command = "python train.py --lr {learning_rate}";
        const QString error = errorOf([&] { generate::generate(plan, Target::Slurm, {}); });
        QVERIFY(error.contains("unknown placeholder {learning_rate}"));
        QVERIFY(error.contains("lr"));
        // The shell's own ${VAR} is not a placeholder.
        plan.launch.command = "python train.py --out ${HOME}/runs --lr {lr}";
        const auto files = generate::generate(plan, Target::Slurm, {});
        QVERIFY(fileAt(files, "entrypoint.sh").content.find("python train.py --out ${HOME}/runs --lr 0.001") !=
                std::string::npos);
    }

    void sbatchValuesAreWords() {
        GenerateOptions o;
        o.queue = "gpu\n#SBATCH --uid=0";
        QVERIFY(errorOf([&] { generate::generate(gentest::planAt(2), Target::Slurm, o); }).contains("SLURM partition"));
    }
};

QTEST_GUILESS_MAIN(TestHostile)
#include "tst_hostile.moc"
