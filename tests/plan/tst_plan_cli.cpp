// `traindeck plan` as a user and a script see it: exit codes, one clear line
// for bad input, JSON shape, and a table that fits 80 columns.
#include "run_traindeck.h"

#include <QtTest>

namespace {

using Run = TraindeckRun;
Run traindeck(const QStringList& args) { return runTraindeck(args); }

}  // namespace

class TestPlanCli : public QObject {
    Q_OBJECT
private slots:
    void tableFitsEightyColumns() {
        const Run r = traindeck({"plan", "--layouts", "1x8,2x8,4x8,8x8,16x8"});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("effective batch"));
        QVERIFY(r.out.contains("16x8"));  // a fifth layout wraps into a second block
        for (const QString& line : r.out.split('\n'))
            QVERIFY2(line.size() <= 80, qPrintable(line));
    }

    void jsonHasTheDocumentedShape() {
        const Run r = traindeck({"plan", "--json", "--micro-batch", "4", "--base-lr", "1e-4", "--base-batch", "128",
                                 "--global-batch", "0", "--grad-accum", "1", "--layouts", "8x8"});
        QCOMPARE(r.code, 0);
        const QJsonObject root = QJsonDocument::fromJson(r.out.toUtf8()).object();
        const QJsonArray layouts = root["layouts"].toArray();
        QCOMPARE(layouts.size(), 2);  // the plan's 2x8 and 8x8
        const QJsonObject big = layouts[1].toObject();
        for (const char* key : {"nodes", "gpus_per_node", "world_size", "micro_batch", "grad_accum", "effective_batch",
                                "lr", "warmup_steps", "steps_per_epoch", "total_steps", "memory_per_gpu_gb",
                                "step_time_s", "samples_per_s", "hours_to_finish", "gpu_hours", "scaling_efficiency"})
            QVERIFY2(big.contains(key), key);
        QCOMPARE(big["world_size"].toInt(), 64);
        QCOMPARE(big["effective_batch"].toDouble(), 256.0);
        QCOMPARE(big["lr"].toDouble(), 2e-4);
        QVERIFY(root["findings"].isArray());
    }

    void errorFindingExitsOne() {
        const Run r = traindeck({"plan", "--json", "--nodes", "1", "--gpus-per-node", "16"});
        QCOMPARE(r.code, 1);
        const QJsonArray findings = QJsonDocument::fromJson(r.out.toUtf8()).object()["findings"].toArray();
        bool found = false;
        for (const QJsonValue& f : findings)
            found |= f.toObject()["code"] == "gpus_per_node_exceeds_node" && f.toObject()["severity"] == "error";
        QVERIFY(found);
    }

    void badInputExitsTwoWithOneLine_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("expected");
        QTest::newRow("zero gpus") << QStringList{"--gpus-per-node", "0"} << "--gpus-per-node: must be at least 1";
        QTest::newRow("negative lr") << QStringList{"--base-lr=-1e-4"} << "--base-lr: must be greater than 0";
        QTest::newRow("unknown flag") << QStringList{"--gpu-count", "8"} << "unknown option '--gpu-count'";
        QTest::newRow("missing value") << QStringList{"--nodes"} << "--nodes needs a value";
        QTest::newRow("bad calibration") << QStringList{"--calibrate", "2x8=fast"} << "--calibrate: calibration needs";
        QTest::newRow("missing file") << QStringList{"/nonexistent.yaml"} << "/nonexistent.yaml: cannot open";
        QTest::newRow("unknown gpu") << QStringList{"--gpu", "h900"} << "--gpu: unknown GPU 'h900'";
    }
    void badInputExitsTwoWithOneLine() {
        QFETCH(QStringList, args);
        QFETCH(QString, expected);
        const Run r = traindeck(QStringList{"plan"} + args);
        QCOMPARE(r.code, 2);
        QVERIFY(r.out.isEmpty());
        QVERIFY2(r.err.startsWith("traindeck plan: " + expected), qPrintable(r.err));
        QCOMPARE(r.err.count('\n'), 1);
    }

    void malformedYamlFileNamesFileAndLine() {
        QTemporaryDir dir;
        const QString path = dir.filePath("broken.yaml");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("recipe:\n  micro_batch: 4\n  base_lr: [oops\n");
        f.close();
        const Run r = traindeck({"plan", path});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.startsWith("traindeck plan: " + path + ":4: not valid YAML"), qPrintable(r.err));
    }

    void exampleReadsBackAsTheSamePlan() {
        const Run example = traindeck({"plan", "--example"});
        QCOMPARE(example.code, 0);
        QTemporaryDir dir;
        const QString path = dir.filePath("demo.yaml");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(example.out.toUtf8());
        f.close();
        const Run fromFile = traindeck({"plan", "--json", path});
        const Run builtIn = traindeck({"plan", "--json"});
        QCOMPARE(fromFile.code, 0);
        QCOMPARE(fromFile.out, builtIn.out);
        for (const QString& line : example.out.split('\n'))
            QVERIFY2(line.size() <= 80, qPrintable(line));
        // Flags override the file.
        const Run overridden = traindeck({"plan", "--json", path, "--nodes", "4"});
        QCOMPARE(QJsonDocument::fromJson(overridden.out.toUtf8())["layouts"][2]["world_size"].toInt(), 32);
    }

    void calibrationIsApplied() {
        const Run r = traindeck({"plan", "--json", "--calibrate", "2x8=1.6steps/s"});
        QCOMPARE(r.code, 0);
        const QJsonArray layouts = QJsonDocument::fromJson(r.out.toUtf8())["layouts"].toArray();
        bool checked = false;
        for (const QJsonValue& l : layouts)
            if (l["nodes"].toInt() == 2 && l["gpus_per_node"].toInt() == 8) {
                QVERIFY(std::fabs(l["steps_per_s"].toDouble() - 1.6) < 1e-6);
                checked = true;
            }
        QVERIFY(checked);
    }

    void helpListsEveryPlanFlag() {
        const Run r = traindeck({"plan", "--help"});
        QCOMPARE(r.code, 0);
        for (const char* flag : {"--nodes", "--gpus-per-node", "--gpu", "--network", "--micro-batch", "--grad-accum",
                                 "--global-batch", "--base-lr", "--base-batch", "--lr-rule", "--warmup-steps",
                                 "--steps", "--epochs", "--dataset-size", "--params", "--tokens-per-sample",
                                 "--zero-stage", "--layouts", "--calibrate", "--json", "--example"})
            QVERIFY2(r.out.contains(flag), flag);
    }

    void unknownCommandExitsTwo() {
        const Run r = traindeck({"plot"});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("unknown command 'plot'"));
    }
};

QTEST_GUILESS_MAIN(TestPlanCli)
#include "tst_plan_cli.moc"
