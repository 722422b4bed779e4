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
        QTest::newRow("absurd activation memory") << QStringList{"--activation-gb", "1e308"}
                                                  << "--activation-gb: must be at most 10000, got 1e308";
        QTest::newRow("absurd parameter count") << QStringList{"--params", "1e300"} << "--params: must be at most";
        QTest::newRow("unknown model type") << QStringList{"--hf-config", PLAN_FIXTURES "/bert-config.json"}
                                            << "--hf-config: " PLAN_FIXTURES "/bert-config.json: unknown model_type 'bert' "
                                               "without the keys of a decoder (num_attention_heads, intermediate_size, "
                                               "vocab_size missing; known: llama, gemma3, granite";
        QTest::newRow("unknown catalogue model") << QStringList{"--model", "llama-9"} << "--model: unknown model 'llama-9' (known: llama-3.1-8b";
        QTest::newRow("accumulation against global batch")
            << QStringList{"--grad-accum", "2", "--global-batch", "256"}
            << "--grad-accum 2 has no effect while --global-batch 256 is given";
        // Refused by the plan's check, so the layouts, the findings and every file agree.
        QTest::newRow("fsdp and zero")
            << QStringList{"--fsdp", "full_shard", "--zero-stage", "2"}
            << "--fsdp full_shard and --zero-stage 2 both shard the model: choose FSDP or a ZeRO stage, not both";
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
        // The same but for the wall clock: the finish "if started now" moves on between the two
        // calls (a loaded machine takes more than a second for them).
        const QRegularExpression clock(QStringLiteral("\"finish_time_if_started_now\": \"[^\"]*\""));
        QVERIFY(fromFile.out.contains(clock));
        QCOMPARE(QString(fromFile.out).remove(clock), QString(builtIn.out).remove(clock));
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

    // Mistakes users made with the flags, each as the user met it.
    void anExplicitAccumulationWinsOverThePlansGlobalBatch() {
        const Run r = traindeck({"plan", "--json", "--grad-accum", "2"});
        QCOMPARE(r.code, 0);
        for (const QJsonValue& l : QJsonDocument::fromJson(r.out.toUtf8())["layouts"].toArray()) {
            QCOMPARE(l["grad_accum"].toInt(), 2);
            QCOMPARE(l["effective_batch"].toInt(), 2 * 16 * l["world_size"].toInt());
        }
        // Steps against epochs: the typed steps count.
        const Run steps = traindeck({"plan", "--json", "--epochs", "2", "--steps", "77"});
        QCOMPARE(steps.code, 2);
        const Run fromFile = traindeck({"plan", "--json", "--steps", "77"});
        QCOMPARE(QJsonDocument::fromJson(fromFile.out.toUtf8())["layouts"][0]["total_steps"].toInt(), 77);
    }

    void generateJudgesTheLayoutItWrites() {
        // ZeRO makes an unreachable batch an error: 80 on 64 GPUs (the 8x8 comparison column);
        // the plan's 2x8 makes it exactly (micro-batch 5).
        QTemporaryDir dir;
        const Run r = traindeck({"generate", "--zero-stage", "2", "--global-batch", "80", "--target", "deepspeed",
                                 "--out", dir.path()});
        // Written, and exit 1 as `plan` for the same finding (one exit-status rule).
        QVERIFY2(r.code == 1, qPrintable(r.err));
        QVERIFY2(r.err.contains("error in compared layout 8x8, not the one generated (2x8)"), qPrintable(r.err));
        QVERIFY(r.out.contains("wrote "));
        // An error of the plan's own layout still stops it.
        QTemporaryDir other;
        const Run own = traindeck({"generate", "--nodes", "1", "--gpus-per-node", "16", "--target", "deepspeed",
                                   "--out", other.path()});
        QCOMPARE(own.code, 2);
        QVERIFY(own.err.contains("nothing written"));
    }

    void jsonNamesThePlansLayoutAndCountsAreIntegers() {
        const Run r = traindeck({"plan", "--json"});
        QCOMPARE(r.code, 0);
        const QJsonDocument doc = QJsonDocument::fromJson(r.out.toUtf8());
        QCOMPARE(doc["plan_layout"].toString(), QString("2x8"));
        int own = 0;
        for (const QJsonValue& l : doc["layouts"].toArray())
            own += l["plan"].toBool() && l["layout"].toString() == "2x8";
        QCOMPARE(own, 1);
        QVERIFY(r.out.contains("\"effective_batch\": 256,"));
        QVERIFY(!r.out.contains("\"steps_per_epoch\": 3906.0"));
        QVERIFY(r.out.contains("\"steps_per_epoch\": 3906,"));
    }

    // A model from its config.json: the parameter count exactly as transformers counts it
    // (sum(p.numel()) of Qwen2.5-7B), as a JSON integer; a mixture of experts also its active ones.
    void hfConfigGivesExactParameters() {
        Run r = traindeck({"plan", "--hf-config", MODEL_CONFIGS "/qwen2.5-7b.json", "--json"});
        QCOMPARE(r.code == 0 || r.code == 1, true);
        QVERIFY2(r.out.contains("\"params\": 7615616512,"), qPrintable(r.out.left(400)));
        QVERIFY(!r.out.contains("active_params"));
        r = traindeck({"plan", "--model", "mixtral-8x7b", "--json"});
        QVERIFY(r.out.contains("\"params\": 46702792704,"));
        QVERIFY(r.out.contains("\"active_params\": 12879925248,"));
        QVERIFY(r.out.contains("\"logits_gb\""));
        // A sequence beyond the config's positions is a finding; checkpointing is a flag.
        r = traindeck({"plan", "--model", "gpt2", "--tokens-per-sample", "2048", "--activation-checkpointing", "full"});
        QVERIFY2(r.out.contains("sequence_beyond_positions"), qPrintable(r.out));
    }

    // --model names the plan after it, as the wizard does (core's nameAfterModel); a name given stays.
    void aCatalogueModelNamesThePlan() {
        const Run r = traindeck({"plan", "--model", "llama-3.1-8b"});
        QVERIFY2(r.out.startsWith("Plan 'llama-3-1-8b'"), qPrintable(r.out.left(80)));
        const Run named = traindeck({"plan", "--plan-name", "mine", "--model", "llama-3.1-8b"});
        QVERIFY2(named.out.startsWith("Plan 'mine'"), qPrintable(named.out.left(80)));
    }

    void aCustomParameterCountRenamesThePresetsModel() {
        const Run r = traindeck({"plan", "--params", "20M"});
        QVERIFY2(r.out.startsWith("Plan 'demo': custom (20M parameters)"), qPrintable(r.out.left(80)));
        const Run back = traindeck({"plan", "--params", "20M", "--preset", "base"});
        QVERIFY(back.out.startsWith("Plan 'demo': tae-mlp-base"));
    }

    void aValueWithNewlinesIsQuotedOnOneLine() {
        QTemporaryDir dir;
        const QString path = dir.filePath("block.yaml");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("recipe:\n  micro_batch: |\n    4\n    5\n");
        f.close();
        const Run r = traindeck({"plan", path});
        QCOMPARE(r.code, 2);
        QCOMPARE(r.err.count('\n'), 1);
        QVERIFY2(r.err.contains("4\\n5"), qPrintable(r.err));
    }

    void severalPointsShowTheFitAndEachResidual() {
        const Run r = traindeck({"plan", "--gpu", "h200", "--nodes", "1", "--gpus-per-node", "4", "--layouts",
                                 "1x1,1x2,1x4", "--global-batch", "0", "--preset", "base", "--tokens-per-sample",
                                 "1024", "--micro-batch", "8", "--calibrate", "1x1=10630.6samples/s", "--calibrate",
                                 "1x2=16788.9samples/s"});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains("Calibrated on 2 measured point(s): MFU 0.353"), qPrintable(r.out));
        // A bare point is at the plan's shape: its layout, then its figures, on one line.
        QVERIFY2(r.out.contains("\n  1x1: measured 10,631 samples/s, the fitted model gives 10,631 (+0.0%).\n"), qPrintable(r.out));
        QVERIFY(r.out.contains("\n  1x2: measured 16,789 samples/s"));
        const Run json = traindeck({"plan", "--json", "--calibrate", "1x8=3steps/s", "--calibrate", "2x8=2.6steps/s"});
        const QJsonObject model = QJsonDocument::fromJson(json.out.toUtf8())["model"].toObject();
        QCOMPARE(model["fitted_parameters"].toInt(), 2);
        QCOMPARE(model["points"].toArray().size(), 2);
        QVERIFY(model["collective_latency_s"].toDouble() > 0);
    }

    void aPointSaysItsShapeInOneLine() {
        // Measured at micro-batch 4 and 512 tokens on an H200, the plan at 8 and 1024: the point
        // is named by what sets it apart, on one line (workload_summary.h), not by its spelling.
        const Run r = traindeck({"plan", "--gpu", "h200", "--nodes", "1", "--gpus-per-node", "1", "--layouts", "1x1",
                                 "--global-batch", "0", "--grad-accum", "1", "--preset", "base", "--tokens-per-sample",
                                 "1024", "--micro-batch", "8", "--calibrate",
                                 "1x1=5000samples/s@micro=4:accum=1:seq=512:ckpt=none:precision=bf16:gpu=h200"});
        QCOMPARE(r.code, 0);
        const QString line = r.out.section(QStringLiteral("\n  1x1 at "), 1, 1).section('\n', 0, 0);
        QVERIFY2(line.startsWith(QStringLiteral("micro-batch 4, 512 tokens: measured 5000 samples/s, the fitted model")),
                 qPrintable(r.out));
        QVERIFY2(!r.out.contains("micro=4"), qPrintable(r.out));  // the spelling is --json's
        const Run json = traindeck({"plan", "--json", "--gpu", "h200", "--nodes", "1", "--gpus-per-node", "1",
                                    "--layouts", "1x1", "--global-batch", "0", "--preset", "base", "--calibrate",
                                    "1x1=5000samples/s@micro=4:seq=512"});
        const QJsonArray points = QJsonDocument::fromJson(json.out.toUtf8())["model"].toObject()["points"].toArray();
        QCOMPARE(points.size(), 1);
        QCOMPARE(points[0].toObject()["calibration"].toString(), QStringLiteral("1x1=5000samples/s@micro=4:seq=512"));
    }

    void calibratesFromTheTrainersOwnRuns() {
        // Two real runs of traindeck-trainer on its CPU backend: one process, and two
        // through its launcher writing a run folder's node-0.out.
        QTemporaryDir dir;
        // A port of this test's own for the two-process rendezvous, so parallel tests do not meet.
        const QString port = QString::number(30000 + QCoreApplication::applicationPid() % 20000);
        const QStringList common = {"--backend", "gloo", "--preset", "tiny", "--frames", "1", "--height", "16",
                                    "--width", "16", "--micro-batch", "2", "--steps", "12", "--warmup", "2",
                                    "--log-every", "1"};
        QVERIFY(QDir(dir.path()).mkdir("run2"));
        const std::pair<QStringList, QString> runs[] = {{{}, dir.filePath("one.jsonl")},
                                                        {{"--nproc-per-node", "2"}, dir.filePath("run2/node-0.out")}};
        for (const auto& [extra, metrics] : runs) {
            QProcess trainer;
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert("MASTER_ADDR", "127.0.0.1");
            env.insert("MASTER_PORT", port);
            trainer.setProcessEnvironment(env);
            trainer.start(TRAINER_BINARY, extra + common + QStringList{"--metrics-file", metrics});
            QVERIFY(trainer.waitForFinished(60000));
            QVERIFY2(trainer.exitCode() == 0, trainer.readAllStandardError().constData());
        }
        // Runs on CPUs do not calibrate the plan's GPUs: refused in one line.
        const Run refused = traindeck({"plan", "--json", "--preset", "tiny", "--micro-batch", "2", "--global-batch",
                                       "0", "--calibrate-from", dir.filePath("one.jsonl")});
        QCOMPARE(refused.code, 2);
        QVERIFY2(refused.err.contains("measured on CPUs") && refused.err.count('\n') == 1, qPrintable(refused.err));
        // The same runs said to be on the plan's GPU are read as its points.
        for (const QString& file : {dir.filePath("one.jsonl"), dir.filePath("run2/node-0.out")}) {
            QFile f(file);
            QVERIFY(f.open(QIODevice::ReadOnly));
            QByteArray text = f.readAll();
            f.close();
            QVERIFY(text.contains("\"device\":\"cpu\""));
            text.replace("\"device\":\"cpu\"", "\"device\":\"NVIDIA H100 80GB HBM3\"");
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write(text);
        }
        const Run r = traindeck({"plan", "--json", "--preset", "tiny", "--micro-batch", "2", "--global-batch", "0",
                                 "--calibrate-from", dir.filePath("one.jsonl"), "--calibrate-from",
                                 dir.filePath("run2")});
        QVERIFY2(r.code == 0 || r.code == 1, qPrintable(r.err));
        const QJsonArray points = QJsonDocument::fromJson(r.out.toUtf8())["model"]["points"].toArray();
        QCOMPARE(points.size(), 2);
        QCOMPARE(points[0]["layout"].toString(), QString("1x1"));
        QCOMPARE(points[1]["layout"].toString(), QString("1x2"));
        QVERIFY(points[0]["measured_samples_per_s"].toDouble() > 0);
        // A file without a start event says so in one line.
        QFile empty(dir.filePath("empty.jsonl"));
        QVERIFY(empty.open(QIODevice::WriteOnly));
        empty.write("not json\n{\"event\":\"step\",\"step\":3,\"samples_per_s\":5}\n");
        empty.close();
        const Run bad = traindeck({"plan", "--calibrate-from", dir.filePath("empty.jsonl")});
        QCOMPARE(bad.code, 2);
        QVERIFY(bad.err.contains("no trainer start event"));
        QCOMPARE(bad.err.count('\n'), 1);
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
