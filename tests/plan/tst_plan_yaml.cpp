// Plans as YAML: every field survives a round trip; a bad file gets one error
// naming file, line and key, and leaves the plan in memory as it was.
#include "plan/model_source.h"
#include "plan/plan_fields.h"
#include "plan/plan_yaml.h"

#include <QtTest>

#include <fstream>
#include <map>

using namespace traindeck;
Q_DECLARE_METATYPE(traindeck::Plan)

namespace {

// A value for every field, each different from the demo plan's.
const std::map<std::string, std::string> kEveryField = {
    {"name", "true"},  // text that YAML would otherwise read as a boolean
    {"cluster.nodes", "4"},
    {"cluster.gpus_per_node", "4"},
    {"cluster.gpu", "h200"},
    {"cluster.network", "roce-2x200"},
    {"model.name", "训练 \"model\" $(reboot) 'x'"},
    {"model.preset", ""},  // params below are not a preset's: a custom model
    {"model.params", "7500000000.5"},
    {"model.tokens_per_sample", "2048"},
    {"model.flops_per_sample", "1.25e+15"},
    {"model.architecture", ""},  // the demo's tae_mlp architecture gone with its parameter count
    {"model.activation_checkpointing", "selective"},
    {"model.flash_attention", "false"},
    {"model.clip_frames", "16"},
    {"model.clip_height", "128"},
    {"model.clip_width", "192"},
    {"model.activation_gb_per_sample", "0.123456789"},
    {"recipe.micro_batch", "3"},
    {"recipe.grad_accum", "5"},
    {"recipe.global_batch", "480"},
    {"recipe.base_lr", "1.25e-06"},
    {"recipe.base_batch", "4"},
    {"recipe.lr_rule", "sqrt"},
    {"recipe.scale_warmup", "true"},
    {"recipe.warmup_steps", "77"},
    {"recipe.total_steps", "12345"},
    {"recipe.epochs", "2.5"},
    {"recipe.dataset_size", "29500"},
    {"recipe.drop_last", "false"},
    {"recipe.zero_stage", "3"},
    {"recipe.fsdp", "hybrid_shard"},
    {"recipe.offload_optimizer", "true"},
    {"recipe.precision", "fp16"},
    {"recipe.mfu", "0.333"},
    {"recipe.memory_overhead_gb", "2.5"},
    {"recipe.checkpoint_every", "100"},
    {"recipe.eval_every", "50"},
    {"recipe.eval_samples", "5000"},
    {"recipe.checkpoint_write_gbps", "1.5"},
    {"launch.platform", "pai"},
    {"launch.job_name", "job-42"},
    {"launch.image", "registry.example/team/image:tag@sha256:abc"},
    {"launch.namespace", "ml-team"},
    {"launch.command", "accelerate launch --config_file {accelerate_config} train.py \\\n  --lr {lr}"},
    {"launch.processes", "per-gpu"},
    {"launch.master_port", "23456"},
    {"launch.comm_timeout_s", "600"},
    {"launch.num_processes", "16"},
    {"launch.hosts", "alice@gpu-a,gpu-b:2222,[fe80::1]:22"},
    {"launch.visible_gpus", "4,5,6,7"},
    {"launch.checkpoint_dir", "/shared/run: 1 # not a comment"},
    {"cluster.cloud", "gcp"},
    {"cluster.region", "us-central1"},
    {"cluster.spot", "true"},
    {"cluster.price_per_gpu_hour", "2.75"},
    {"cluster.currency", "EUR"},
    {"cluster.max_nodes", "16"},
    {"goal.deadline", "36h"},
    {"goal.budget", "5000"},
    {"goal.across_gpus", "true"},
    {"launch.slurm_partition", "gpu-h100"},
    {"launch.slurm_account", "vision.team"},
    {"launch.slurm_qos", "high"},
    {"launch.slurm_time_limit", "2-00:00:00"},
    {"launch.slurm_options", "--constraint=h100|h200,--gres=gpu:8,nvme:1,--mail-type=END"},
    {"compare", "1x4,4x4,16x4"},
    {"calibration", "4x4=115samples/s@micro=8:ckpt=full:gpu=h100"},
};

Plan everyFieldPlan() {
    Plan p = demoPlan();
    for (const PlanField& f : planFields()) {
        const auto it = kEveryField.find(f.key);
        if (it == kEveryField.end())
            qFatal("tst_plan_yaml: no test value for field %s: add one", f.key.c_str());
        if (std::string error = setPlanField(p, f.key, it->second).english(); !error.empty())
            qFatal("%s: %s", f.key.c_str(), error.c_str());
    }
    p.launch.env = {{"NCCL_DEBUG", "INFO"}, {"WEIRD", "a: b # c\n\"d\""}};
    return p;
}

std::string writeTemp(const QTemporaryDir& dir, const char* name, const std::string& text) {
    const std::string path = dir.filePath(name).toStdString();
    std::ofstream(path) << text;
    return path;
}

}  // namespace

class TestPlanYaml : public QObject {
    Q_OBJECT
private slots:
    void everyFieldHasItsLabelAndHelp() {
        // The faces' one source of words for a field (the window's label and
        // tooltip, --help): a new field without them fails here.
        for (const PlanField& f : planFields()) {
            QVERIFY2(!f.label.isValue() && !f.label.empty(), f.key.c_str());
            QVERIFY2(!f.helpText.isValue() && !f.helpText.empty(), f.key.c_str());
            QCOMPARE(std::string(f.label.context()), std::string("FieldLabels"));
        }
    }

    // Every field away from the demo's value, through YAML and back. FSDP and a ZeRO
    // stage exclude each other (validatePlan), so FSDP's value goes in a second plan.
    void everyFieldRoundTrips_data() {
        QTest::addColumn<Plan>("original");
        Plan every = everyFieldPlan();
        Plan fsdp = every;
        fsdp.recipe.zeroStage = 0;
        every.recipe.fsdp = demoPlan().recipe.fsdp;
        QTest::newRow("zero stage") << every;
        QTest::newRow("fsdp") << fsdp;
        for (const PlanField& f : planFields())
            QVERIFY2(f.get(every) != f.get(demoPlan()) || f.get(fsdp) != f.get(demoPlan()), f.key.c_str());
    }
    void everyFieldRoundTrips() {
        QFETCH(Plan, original);
        Plan loaded;
        const LoadResult r = planFromYaml(planToYaml(original), "mem.yaml", loaded);
        QVERIFY2(r.ok, r.error.english().c_str());
        for (const PlanField& f : planFields())
            QCOMPARE(f.get(loaded), f.get(original));
        QVERIFY(loaded == original);
    }

    // A language model's plan file leaves out the clip it does not read while the clip
    // holds its defaults (loading gives them back), and keeps one that the user set.
    void aLanguageModelsPlanLeavesOutItsDefaultClip() {
        Plan llama = demoPlan();
        std::vector<FieldEdit> edits;
        QVERIFY(catalogueModelEdits("llama-3.1-8b", edits).empty());
        for (const FieldEdit& e : edits)
            QVERIFY2(setPlanField(llama, e.key, e.value).empty(), e.key.c_str());
        QVERIFY(!modelFieldUsed(llama, "model.clip_frames"));
        const std::string text = planToYaml(llama);
        QVERIFY2(text.find("clip_") == std::string::npos, text.c_str());
        Plan loaded;
        QVERIFY(planFromYaml(text, "llama.yaml", loaded).ok);
        QVERIFY(loaded == llama);

        QVERIFY(setPlanField(llama, "model.clip_frames", "16").empty());
        QVERIFY(planToYaml(llama).find("clip_frames: 16") != std::string::npos);
        // The trainer's own model reads the clip: its plan keeps it, defaults or not.
        QVERIFY(planToYaml(demoPlan()).find("clip_frames: 8") != std::string::npos);
    }

    void demoPlanRoundTripsThroughAFile() {
        QTemporaryDir dir;
        const std::string path = dir.filePath("plan.yaml").toStdString();
        QCOMPARE(savePlanFile(path, demoPlan()).english(), std::string());
        Plan loaded;
        loaded.name = "something else";
        QVERIFY(loadPlanFile(path, loaded).ok);
        QVERIFY(loaded == demoPlan());
        QVERIFY(planToYaml(loaded).find("version: 1") != std::string::npos);
    }

    void badFilesNameFileLineAndKeyAndChangeNothing_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        QTest::newRow("zero gpus") << "version: 1\ncluster:\n  nodes: 2\n  gpus_per_node: 0\n"
                                   << "bad.yaml:4: key 'cluster.gpus_per_node': must be at least 1";
        QTest::newRow("negative lr") << "recipe:\n  base_lr: -0.001\n"
                                     << "bad.yaml:2: key 'recipe.base_lr': must be greater than 0";
        QTest::newRow("not a number") << "recipe:\n  micro_batch: lots\n"
                                      << "bad.yaml:2: key 'recipe.micro_batch': expected a whole number";
        QTest::newRow("unknown key") << "recipe:\n  micro_bach: 4\n" << "bad.yaml:2: key 'recipe.micro_bach': unknown field";
        QTest::newRow("unknown gpu") << "cluster:\n  gpu: h900\n" << "bad.yaml:2: key 'cluster.gpu': unknown GPU 'h900'";
        QTest::newRow("malformed") << "cluster:\n  nodes: [2\n" << "bad.yaml:3: not valid YAML";
        QTest::newRow("newer version") << "version: 7\n" << "bad.yaml:1: key 'version': plan version 7";
        QTest::newRow("not a map") << "- 1\n- 2\n" << "bad.yaml:1: a plan file is a map";
        QTest::newRow("empty") << "" << "bad.yaml:1: a plan file is a map";
        QTest::newRow("section not a map") << "recipe: 4\n" << "bad.yaml:1: key 'recipe': expected a map";
        QTest::newRow("flag as key") << "--nodes: 4\n" << "bad.yaml:1: key '--nodes': unknown section";
        QTest::newRow("bad layout") << "compare: [1x8, 2y8]\n" << "bad.yaml:1: key 'compare': expected layouts";
    }
    void badFilesNameFileLineAndKeyAndChangeNothing() {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        Plan plan = demoPlan();
        plan.name = "kept";
        const Plan before = plan;
        const LoadResult r = planFromYaml(text.toStdString(), "bad.yaml", plan);
        QVERIFY(!r.ok);
        QVERIFY2(QString::fromStdString(r.error.english()).startsWith(expected), r.error.english().c_str());
        QVERIFY(r.error.english().find('\n') == std::string::npos);
        QVERIFY(plan == before);
    }

    void missingFileIsReported() {
        Plan plan = demoPlan();
        const LoadResult r = loadPlanFile("/nonexistent/plan.yaml", plan);
        QVERIFY(!r.ok);
        QVERIFY(QString::fromStdString(r.error.english()).startsWith("/nonexistent/plan.yaml: cannot open"));
    }

    void partialFileTakesDefaultsForTheRest() {
        Plan plan;
        QVERIFY(planFromYaml("cluster:\n  nodes: 8\n", "p.yaml", plan).ok);
        QCOMPARE(plan.cluster.nodes, 8);
        QCOMPARE(plan.recipe.microBatch, Recipe{}.microBatch);
    }

    void saveIsAtomicAndReportsFailure() {
        QTemporaryDir dir;
        const std::string path = writeTemp(dir, "plan.yaml", "old contents");
        QCOMPARE(savePlanFile(path, demoPlan()).english(), std::string());
        QVERIFY(QDir(dir.path()).entryList(QDir::Hidden | QDir::Files).size() == 1);  // no temporary left
        QVERIFY(!savePlanFile("/nonexistent/dir/plan.yaml", demoPlan()).empty());
        // Replacing a folder fails at the rename: the reason must be the rename's.
        QDir(dir.path()).mkdir("folder.yaml");
        const std::string error = savePlanFile(dir.filePath("folder.yaml").toStdString(), demoPlan()).english();
        QVERIFY2(QString::fromStdString(error).contains("cannot replace: Is a directory"), error.c_str());
    }

    void presetSetsParamsAndOtherParamsMakeACustomModel() {
        Plan p = demoPlan();
        QCOMPARE(setPlanField(p, "model.preset", "tiny").english(), std::string());
        QCOMPARE(p.model.params, 86'736.0);  // docs/trainer-workload.md: 0.087 M
        QCOMPARE(setPlanField(p, "model.preset", "base").english(), std::string());
        QVERIFY(std::fabs(p.model.params - 4.6e6) < 0.05e6);
        QCOMPARE(setPlanField(p, "model.params", "7.5B").english(), std::string());
        QCOMPARE(p.model.preset, std::string());
        // A file that names a preset and its own count keeps both.
        Plan loaded;
        QVERIFY(planFromYaml(planToYaml(demoPlan()), "demo.yaml", loaded).ok);
        QCOMPARE(loaded.model.preset, std::string("large"));
    }

    void setPlanFieldIsAllOrNothing() {
        Plan p = demoPlan();
        const Plan before = p;
        QVERIFY(!setPlanField(p, "recipe.zero_stage", "4").empty());
        QVERIFY(!setPlanField(p, "no.such.field", "1").empty());
        QVERIFY(!setPlanField(p, "name", "two\nlines").empty());
        QVERIFY(p == before);
        QCOMPARE(setPlanField(p, "--params", "7.5B").english(), std::string());  // flags address fields too
        QCOMPARE(p.model.params, 7.5e9);
    }

    void slurmFieldsTakeOnlyWhatSbatchReadsLiterally() {
        // #SBATCH lines are read by sbatch, not a shell: no quoting can protect a value there.
        Plan p = demoPlan();
        const Plan before = p;
        QCOMPARE(setPlanField(p, "--partition", "gpu $(reboot)").english(),
                 std::string("may only hold letters, digits, '-', '_', '.' and ':'"));
        QVERIFY(!setPlanField(p, "--account", "a;b").empty());
        QCOMPARE(setPlanField(p, "--sbatch-option", "mail-type=END").english(),
                 std::string("an sbatch option starts with '--', got 'mail-type=END'"));
        QCOMPARE(setPlanField(p, "launch.slurm_options", "--constraint=a\nsrun reboot").english(), std::string("must be a single line"));
        QVERIFY(p == before);
        // An option's value may hold commas; a repeated flag (joined by ',') adds the next option.
        QCOMPARE(setPlanField(p, "--sbatch-option", "--gres=gpu:8,nvme:1, --exclusive").english(), std::string());
        QCOMPARE(p.launch.slurmOptions, (std::vector<std::string>{"--gres=gpu:8,nvme:1", "--exclusive"}));
        QCOMPARE(setPlanField(p, "--sbatch-option", "--gres=gpu:8,mail-type=END").english(), std::string());
        QCOMPARE(p.launch.slurmOptions, std::vector<std::string>{"--gres=gpu:8,mail-type=END"});  // one option's value
        QCOMPARE(setPlanField(p, "--hosts", "a,b").english(), std::string());  // other lists: every comma
        QCOMPARE(p.launch.hosts, (std::vector<std::string>{"a", "b"}));
        p = before;
        QCOMPARE(setPlanField(p, "--slurm-time", "2-00:00:00").english(), std::string());
        QCOMPARE(p.launch.slurmTimeLimit, std::string("2-00:00:00"));
    }
};

QTEST_APPLESS_MAIN(TestPlanYaml)
#include "tst_plan_yaml.moc"
