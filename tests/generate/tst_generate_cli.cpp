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
        // 8 nodes of micro-batch 16 cannot reach the demo's 256: the planner (and so the file) uses 1024.
        QVERIFY(read(dir.filePath("deepspeed.json")).contains("\"train_batch_size\": 1024"));
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
        QVERIFY(full.err.isEmpty());
        QVERIFY(QFile::exists(dir.filePath("full/pai-create-job.json")));
        QVERIFY(QFile::exists(dir.filePath("full/node-1.sh")));
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
