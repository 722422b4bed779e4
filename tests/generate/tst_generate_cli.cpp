// `traindeck generate` as a user sees it: what it writes and lists, atomic
// writes that never replace a file without --force, and exit 2 with one clear
// line for bad input or a plan with error findings.
#include "run_traindeck.h"

#include <QtTest>

namespace {

using Run = TraindeckRun;
Run traindeck(const QStringList& args) { return runTraindeck(QStringList{"generate"} + args); }

QByteArray read(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void expectOneLineError(const Run& r, const QString& part) {
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(part), qPrintable(r.err));
    QCOMPARE(r.err.count('\n'), 1);
    QVERIFY(r.err.startsWith("traindeck generate: "));
}

}  // namespace

class TestGenerateCli : public QObject {
    Q_OBJECT
private slots:
    void writesAndListsTheFiles() {
        QTemporaryDir dir;
        const QString out = dir.filePath("launch");
        const Run r = traindeck({"--target", "k8s,slurm", "--out", out});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        for (const char* name : {"kubernetes.yaml", "job.sbatch", "entrypoint.sh", "accelerate.yaml", "deepspeed.json"}) {
            QVERIFY(QFile::exists(out + "/" + name));
            QVERIFY(r.out.contains("wrote " + out + "/" + name));
        }
        QVERIFY(QFileInfo(out + "/entrypoint.sh").isExecutable());
        QVERIFY(!QFileInfo(out + "/kubernetes.yaml").isExecutable());
        // No temporary file is left beside them.
        QCOMPARE(QDir(out).entryList(QDir::Files | QDir::Hidden).size(), 5);
    }

    void neverOverwritesWithoutForce() {
        QTemporaryDir dir;
        QVERIFY(traindeck({"--target", "deepspeed", "--out", dir.path()}).code == 0);
        QFile f(dir.filePath("deepspeed.json"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("mine");
        f.close();
        expectOneLineError(traindeck({"--target", "deepspeed", "--out", dir.path(), "--nodes", "8"}), "--force");
        QCOMPARE(read(dir.filePath("deepspeed.json")), QByteArray("mine"));
        const Run r = traindeck({"--target", "deepspeed", "--out", dir.path(), "--nodes", "8", "--force"});
        QCOMPARE(r.code, 0);
        // 8 nodes hold the demo's 256 with micro-batch 4 (batch_solve.h): the file says so.
        QVERIFY(read(dir.filePath("deepspeed.json")).contains("\"train_batch_size\": 256"));
        QVERIFY(read(dir.filePath("deepspeed.json")).contains("\"train_micro_batch_size_per_gpu\": 4"));
    }

    void planFlagsReachTheFiles() {
        QTemporaryDir dir;
        const Run r = traindeck({"--target", "accelerate", "--out", dir.path(), "--nodes", "8", "--gpus-per-node", "8"});
        QCOMPARE(r.code, 0);
        QVERIFY(read(dir.filePath("accelerate.yaml")).contains("num_processes: 64"));
        QVERIFY(read(dir.filePath("accelerate.yaml")).contains("num_machines: 8"));
    }

    void nameImageNamespaceOptions() {
        QTemporaryDir dir;
        const Run r = traindeck({"--target", "k8s", "--out", dir.path(), "--name", "llm-sft", "--image",
                                 "registry.example/llm:1", "--namespace", "research"});
        QCOMPARE(r.code, 0);
        const QByteArray yaml = read(dir.filePath("kubernetes.yaml"));
        QVERIFY(yaml.contains("name: \"llm-sft\""));
        QVERIFY(yaml.contains("namespace: \"research\""));
        QVERIFY(yaml.contains("image: \"registry.example/llm:1\""));
        QVERIFY(yaml.contains("llm-sft-0.llm-sft"));
    }

    void allSkipsTargetsThatNeedMoreOptions() {
        QTemporaryDir dir;
        const Run r = traindeck({"--target", "all", "--out", dir.path()});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.err.contains("skipping pai: needs the ECS instance type of a node (--ecs-spec)"), qPrintable(r.err));
        QVERIFY2(r.err.contains("skipping ssh: needs one host per node (2), node 0 first: --hosts"), qPrintable(r.err));
        QVERIFY(QFile::exists(dir.filePath("pytorchjob.yaml")));
        const Run full = traindeck({"--target", "all", "--out", dir.filePath("full"), "--hosts", "a,b", "--ecs-spec",
                                    "ecs.gn7e-c16g1.32xlarge", "--workspace-id", "12345"});
        QCOMPARE(full.code, 0);
        QVERIFY2(!full.err.contains("skipping"), qPrintable(full.err));
        QVERIFY(QFile::exists(dir.filePath("full/pai-create-job.json")));
        QVERIFY(QFile::exists(dir.filePath("full/node-1.sh")));
    }

    void aTargetNamedExplicitlyIsNeverSkipped() {
        QTemporaryDir dir;
        // `all` skips what it cannot write and says why; naming the target makes it the user's error.
        const Run r = traindeck({"--target", "all,pai", "--out", dir.filePath("x")});
        expectOneLineError(r, "cannot write pai, nothing written: needs the ECS instance type of a node (--ecs-spec)");
        QVERIFY(!QFile::exists(dir.filePath("x")));
        // A target `all` brought in that refuses the options (a secret PAI-DLC cannot carry) is skipped, named.
        const Run all = traindeck({"--target", "all", "--out", dir.filePath("y"), "--hosts", "a,b", "--ecs-spec",
                                   "ecs.gn7e-c16g1.32xlarge", "--workspace-id", "12345", "--secret-env",
                                   "HF_TOKEN=hf:token"});
        QCOMPARE(all.code, 0);
        QVERIFY2(all.err.contains("skipping pai: PAI-DLC jobs cannot take --secret-env (HF_TOKEN)"), qPrintable(all.err));
        QVERIFY(QFile::exists(dir.filePath("y/kubernetes.yaml")));
        QVERIFY(!QFile::exists(dir.filePath("y/pai-create-job.json")));
        expectOneLineError(traindeck({"--target", "pai", "--out", dir.filePath("z"), "--ecs-spec", "ecs.x", "--workspace-id",
                                      "1", "--secret-env", "HF_TOKEN=hf:token"}),
                           "cannot write pai, nothing written: PAI-DLC jobs cannot take --secret-env");
    }

    void oneExitStatusRuleWithPlan() {
        // ZeRO makes the 8x8 comparison column's batch an error (no split of 80 on 64 GPUs),
        // as `plan` reports it (exit 1).
        QTemporaryDir dir;
        const QStringList zero = {"--zero-stage", "2", "--global-batch", "80"};
        const Run plan = runTraindeck(QStringList{"plan"} + zero);
        QCOMPARE(plan.code, 1);
        const Run r = traindeck(zero + QStringList{"--target", "deepspeed", "--out", dir.path()});
        QCOMPARE(r.code, 1);  // written, but the result needs the user
        QVERIFY(QFile::exists(dir.filePath("deepspeed.json")));
        QVERIFY2(r.err.contains("error in compared layout 8x8"), qPrintable(r.err));
        // Every command's --help states the same rule once, in one wording (plan's used to add
        // "Exit status: 0 fine, 1 a finding is an error, 2 bad input."), then its own cases.
        for (const QStringList& command : {QStringList{"plan"}, QStringList{"generate"}, QStringList{"launch"},
                                           QStringList{"watch"}, QStringList{}}) {
            const Run help = runTraindeck(command + QStringList{"--help"});
            QCOMPARE(help.code, 0);
            const QString out = help.out.simplified();
            QVERIFY2(out.contains("Exit status, the same rule for every command: 0 done, nothing needs you; 1 done, "
                                  "but the result needs you"),
                     qPrintable(command.join(' ')));
            QVERIFY2(out.count("Exit status") == 1 && out.count("exit status", Qt::CaseInsensitive) == 1,
                     qPrintable(command.join(' ') + ": " + out));
            const QString zh = runTraindeck(command + QStringList{"--help", "--lang", "zh_CN"}).out;
            QVERIFY2(zh.count(QStringLiteral("退出码")) == 1 && !zh.contains(QStringLiteral("退出状态")),
                     qPrintable(command.join(' ') + ": " + zh));
        }
        QVERIFY(traindeck({"--help"}).out.simplified().contains("Here: 0 written; 1 written, but a compared layout "
                                                                "has an error finding"));
        QVERIFY(runTraindeck({"launch", "--help"}).out.simplified().contains("Here: 0 every node succeeded"));
    }

    void theFindingOfAGrowingBatchIsPrinted() {
        QTemporaryDir dir;
        const Run r = traindeck({"--target", "k8s,deepspeed", "--out", dir.path(), "--nodes", "8", "--global-batch", "200"});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.err.contains("warning, written into the files as a comment: 8x8: no micro-batch × accumulation on "
                                "64 GPUs makes the global batch 200; the run would use 192"),
                 qPrintable(r.err));
        QVERIFY(read(dir.filePath("kubernetes.yaml")).contains("# planner warning: 8x8: no micro-batch × accumulation"));
    }

    void notesSayWhatWasChosen() {
        QTemporaryDir dir;
        const Run r = traindeck({"--target", "ssh", "--out", dir.path(), "--hosts", "alice@10.0.0.5:2222,b"});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.err.contains("note: MASTER_ADDR is 10.0.0.5: node 0 (alice@10.0.0.5:2222) without its ssh user and "
                                "port"),
                 qPrintable(r.err));
        QVERIFY(r.err.contains("note: some nodes use another ssh port"));
        QVERIFY(QFile::exists(dir.filePath("ssh_config")));
    }

    void badInputIsOneLine() {
        QTemporaryDir dir;
        expectOneLineError(traindeck({"--target", "nomad", "--out", dir.path()}), "unknown target 'nomad'");
        expectOneLineError(traindeck({"--out", dir.path()}), "--target is required");
        expectOneLineError(traindeck({"--target", "k8s"}), "--out DIR is required");
        expectOneLineError(traindeck({"--target", "k8s", "--out", dir.path(), "--name", "$(reboot)"}), "job name");
        expectOneLineError(traindeck({"--target", "k8s", "--out", dir.path(), "--secret-env", "HF_TOKEN"}),
                           "VAR=SECRET:KEY");
        expectOneLineError(traindeck({"--target", "slurm", "--out", dir.path(), "--env", "HF_TOKEN=abc"}),
                           "--secret-env HF_TOKEN=SECRET:KEY");
        expectOneLineError(traindeck({"--target", "pai", "--out", dir.path()}), "--ecs-spec");
        QFile bad(dir.filePath("bad.yaml"));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write("recipe: [unclosed\n");
        bad.close();
        expectOneLineError(traindeck({bad.fileName(), "--target", "k8s", "--out", dir.filePath("x")}), "bad.yaml");
        QVERIFY(!QFile::exists(dir.filePath("x")));
    }

    void aPlanWithErrorFindingsWritesNothing() {
        QTemporaryDir dir;
        // 16 GPUs per node on an 8-GPU node type: the planner's error.
        expectOneLineError(traindeck({"--target", "k8s", "--out", dir.filePath("x"), "--gpus-per-node", "16"}),
                           "the plan has errors");
        QVERIFY(!QFile::exists(dir.filePath("x")));
    }

    void helpListsTargetsAndPlaceholders() {
        const Run r = traindeck({"--help"});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("pytorchjob"));
        QVERIFY(r.out.contains("{accelerate_config}"));
        QVERIFY(r.out.contains("--micro-batch"));
    }
};

QTEST_GUILESS_MAIN(TestGenerateCli)
#include "tst_generate_cli.moc"
