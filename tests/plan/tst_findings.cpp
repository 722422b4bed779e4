// The planner's findings: each mistake is caught, named, and its one-click fix
// really removes it.
#include "plan/estimate.h"
#include "plan/findings.h"
#include "plan/model_source.h"
#include "plan/plan_fields.h"
#include "plan/run_timeline.h"
#include "text/number_text.h"

#include <QtTest>

using namespace traindeck;

namespace {

const Finding* find(const std::vector<Finding>& fs, const std::string& code) {
    for (const Finding& f : fs)
        if (f.code == code)
            return &f;
    return nullptr;
}

Plan applied(Plan p, const Finding& f) {
    for (const FieldEdit& e : f.edits)
        if (std::string error = setPlanField(p, e.key, e.value).english(); !error.empty())
            qFatal("edit %s=%s: %s", e.key.c_str(), e.value.c_str(), error.c_str());
    return p;
}

Plan quietPlan() {
    Plan p = demoPlan();
    p.compare.clear();  // findings of the plan's own layout only
    return p;
}

}  // namespace

class TestFindings : public QObject {
    Q_OBJECT
private slots:
    void demoPlanHasNoErrors() {
        QVERIFY(!hasErrors(findings(demoPlan())));
    }

    void sixteenGpusOnAnEightGpuNodeIsAnError() {
        Plan p = quietPlan();
        p.cluster.nodes = 1;
        p.cluster.gpusPerNode = 16;
        const auto fs = findings(p);
        const Finding* f = find(fs, "gpus_per_node_exceeds_node");
        QVERIFY(f);
        QCOMPARE(f->severity, Severity::Error);
        QVERIFY(QString::fromStdString(f->message.english()).contains("invalid device ordinal"));
        QCOMPARE(f->field, std::string("cluster.gpus_per_node"));
        // The fix keeps the 16 GPUs on two 8-GPU nodes.
        const Plan fixed = applied(p, *f);
        QCOMPARE(fixed.cluster.nodes, 2);
        QCOMPARE(fixed.cluster.gpusPerNode, 8);
        QVERIFY(!find(findings(fixed), "gpus_per_node_exceeds_node"));
    }

    void unreachableGlobalBatchOffersTheBatchTheRunWouldUse() {
        Plan p = quietPlan();
        p.recipe.microBatch = 12;
        p.recipe.globalBatch = 128;  // 12 × 16 does not divide 128, but 8 × 16 does: no finding
        QVERIFY(!find(findings(p), "batch_not_reachable"));
        p.recipe.globalBatch = 200;  // no micro-batch on 16 GPUs makes 200: 12 × 16 = 192 comes closest
        const auto fs = findings(p);
        const Finding* f = find(fs, "batch_not_reachable");
        QVERIFY(f);
        QCOMPARE(f->severity, Severity::Warning);
        QVERIFY2(f->message.english().find("the run would use 192") != std::string::npos, f->message.english().c_str());
        const Plan fixed = applied(p, *f);
        QCOMPARE(fixed.recipe.globalBatch, 192L);
        QCOMPARE(estimate(fixed, fixed.cluster.layout()).effectiveBatch.value, 192.0);
        QVERIFY(!find(findings(fixed), "batch_not_reachable"));
        // DeepSpeed refuses to start on such a batch: an error there.
        p.recipe.zeroStage = 2;
        QCOMPARE(find(findings(p), "batch_not_reachable")->severity, Severity::Error);
    }

    void learningRateNotRescaledIsNamed() {
        Plan p = quietPlan();
        p.recipe.lrRule = LrRule::None;
        p.recipe.baseBatch = 128;  // the demo's batch is 256
        const auto fs = findings(p);
        const Finding* f = find(fs, "lr_not_rescaled");
        QVERIFY(f);
        QVERIFY(QString::fromStdString(f->fix.english()).contains("0.002"));  // linear: 1e-3 × 256/128
        QVERIFY(!find(findings(applied(p, *f)), "lr_not_rescaled"));
        p.recipe.baseBatch = 256;
        QVERIFY(!find(findings(p), "lr_not_rescaled"));
    }

    void memoryOverTheCardOffersSplitsThatKeepTheBatch() {
        Plan p = quietPlan();
        // The trainer's activations for 16 clips of 48 frames (6× bench-large's): over 100 GiB on an 80 GiB card.
        QVERIFY(setPlanField(p, "model.clip_frames", "48").empty());
        const auto fs = findings(p);
        const Finding* f = find(fs, "memory_over_card");
        QVERIFY(f);
        QCOMPARE(f->severity, Severity::Error);
        QVERIFY(QString::fromStdString(f->fix.english()).contains("keeps batch 256"));
        const Plan fixed = applied(p, *f);
        QVERIFY(!find(findings(fixed), "memory_over_card"));
        QCOMPARE(estimate(fixed, fixed.cluster.layout()).effectiveBatch.value, 256.0);
    }

    void memoryOverTheCardCanBeFixedByZero() {
        Plan p = quietPlan();
        p.model.params = 7.5e9;
        p.model.activationGbPerSample = 0.1;
        p.recipe.microBatch = 1;
        p.recipe.globalBatch = 16;
        const auto fs = findings(p);
        const Finding* f = find(fs, "memory_over_card");
        QVERIFY(f);
        QVERIFY(QString::fromStdString(f->fix.english()).contains("ZeRO stage"));
        const Plan fixed = applied(p, *f);
        QVERIFY(fixed.recipe.zeroStage > 0);
        QVERIFY(!find(findings(fixed), "memory_over_card"));
    }

    // Llama-3.1 8B on 2×8 H100s: no single lever fits (ZeRO-3 alone leaves too many
    // activations, checkpointing alone too many states), several together do.
    void memoryOverTheCardCombinesLeversWhenNoneFitsAlone() {
        Plan p = quietPlan();
        std::vector<FieldEdit> model;
        QVERIFY(catalogueModelEdits("llama-3.1-8b", model).empty());
        for (const FieldEdit& e : model) QVERIFY(setPlanField(p, e.key, e.value).empty());
        const auto singleLeverFits = [&](const char* key, const char* value) -> bool {
            Plan q = p;
            if (!setPlanField(q, key, value).empty()) qFatal("%s=%s refused", key, value);
            return !find(findings(q), "memory_over_card");
        };
        QVERIFY(!singleLeverFits("recipe.micro_batch", "1"));
        QVERIFY(!singleLeverFits("recipe.zero_stage", "3"));
        QVERIFY(!singleLeverFits("model.activation_checkpointing", "full"));

        const auto fs = findings(p);
        const Finding* f = find(fs, "memory_over_card");
        QVERIFY(f);
        QVERIFY2(f->edits.size() >= 2, f->fix.english().c_str());
        QVERIFY(QString::fromStdString(f->fix.english()).contains(" and "));
        const Plan fixed = applied(p, *f);
        const auto after = findings(fixed);
        QVERIFY(!find(after, "memory_over_card"));
        QVERIFY(!find(after, "memory_near_card"));  // the fix leaves room
        QCOMPARE(estimate(fixed, fixed.cluster.layout()).effectiveBatch.value,
                 estimate(p, p.cluster.layout()).effectiveBatch.value);
    }

    void acceleratesNumProcessesIsTheWholeJobs() {
        Plan p = quietPlan();
        p.launch.numProcesses = 8;  // per node, the classic mistake on 2×8
        const auto fs = findings(p);
        const Finding* f = find(fs, "num_processes_mismatch");
        QVERIFY(f);
        QVERIFY(QString::fromStdString(f->message.english()).contains("not one node's"));
        QCOMPARE(applied(p, *f).launch.numProcesses, 16);
        p.launch.numProcesses = 16;
        QVERIFY(!find(findings(p), "num_processes_mismatch"));
    }

    void ncclTimeoutIsNotRead() {
        Plan p = quietPlan();
        p.launch.env["NCCL_TIMEOUT"] = "1800";
        p.launch.env["NCCL_DEBUG"] = "INFO";  // real, and not flagged
        const auto fs = findings(p);
        QCOMPARE(std::count_if(fs.begin(), fs.end(),
                               [](const Finding& f) { return f.code == "unread_environment_variable"; }),
                 1L);
        const Finding* f = find(fs, "unread_environment_variable");
        QVERIFY(QString::fromStdString(f->message.english()).contains("NCCL_TIMEOUT"));
        QVERIFY(QString::fromStdString(f->fix.english()).contains("init_process_group(timeout="));
    }

    void deepSpeedBatchRuleIsStated() {
        Plan p = quietPlan();
        p.recipe.zeroStage = 1;
        const auto fs = findings(p);
        const Finding* f = find(fs, "deepspeed_batch_rule");
        QVERIFY(f);
        QVERIFY(QString::fromStdString(f->message.english()).contains("256 = 16 × 1 × 16"));
    }

    void offloadWithoutZeroIsAnError() {
        Plan p = quietPlan();
        p.recipe.offloadOptimizer = true;
        const auto fs = findings(p);
        const Finding* f = find(fs, "offload_needs_zero");
        QVERIFY(f);
        QVERIFY(!find(findings(applied(p, *f)), "offload_needs_zero"));
    }

    // Llama-3.1 70B saves its whole state every 500 steps at the plan's 2 GB/s: the
    // ranks waiting in the next collective outlast a short timeout and NCCL's watchdog
    // aborts the job at its first checkpoint. Half the timeout warns, all of it is an error.
    void checkpointWriteAgainstTheCollectiveTimeout() {
        Plan p = quietPlan();
        std::vector<FieldEdit> model;
        QVERIFY(catalogueModelEdits("llama-3.1-70b", model).empty());
        for (const FieldEdit& e : model) QVERIFY(setPlanField(p, e.key, e.value).empty());
        QVERIFY(setPlanField(p, "recipe.checkpoint_every", "500").empty());
        const RunTimeline timeline = runTimeline(p, estimate(p, p.cluster.layout()));
        const double writeS = timeline.checkpointS;
        QVERIFY2(writeS > 300 && writeS < 600, qPrintable(QString::number(writeS)));  // about 1 TB at 2 GB/s
        const char* code = "comm_timeout_below_checkpoint_write";

        p.launch.commTimeoutS = 1800;  // TrainDeck's default: three writes' time
        QVERIFY(!find(findings(p), code));
        p.launch.commTimeoutS = 600;  // PyTorch's default: the write takes most of it
        auto fs = findings(p);
        const Finding* f = find(fs, code);
        QVERIFY(f);
        QCOMPARE(f->severity, Severity::Warning);
        QCOMPARE(f->field, std::string("launch.comm_timeout_s"));
        QVERIFY2(f->message.english().find("collective timeout is 600 s") != std::string::npos, f->message.english().c_str());
        QVERIFY(f->message.english().find(estimateText(writeS) + " s") != std::string::npos);
        // The fix waits twice the write, in whole minutes, and clears the finding.
        const Plan fixed = applied(p, *f);
        QVERIFY(fixed.launch.commTimeoutS >= 2 * writeS && fixed.launch.commTimeoutS < 2 * writeS + 60);
        QCOMPARE(fixed.launch.commTimeoutS % 60, 0);
        QVERIFY(!find(findings(fixed), code));

        p.launch.commTimeoutS = 300;  // shorter than the write: the run dies at its first checkpoint
        fs = findings(p);
        QCOMPARE(find(fs, code)->severity, Severity::Error);
        QVERIFY(!find(findings(applied(p, *find(fs, code))), code));
        // Faster storage, or no checkpoints within the run, and there is nothing to wait for.
        Plan fast = p;
        QVERIFY(setPlanField(fast, "recipe.checkpoint_write_gbps", std::to_string(3 * timeline.checkpointBytes / 1e9 / 300)).empty());
        QVERIFY(!find(findings(fast), code));
        p.recipe.checkpointEvery = int(p.recipe.totalSteps) + 1;
        QVERIFY(!find(findings(p), code));
    }

    void comparedLayoutsAreCheckedButNotEdited() {
        Plan p = demoPlan();
        p.compare = {{1, 16}};
        const auto fs = findings(p);
        const Finding* f = find(fs, "gpus_per_node_exceeds_node");
        QVERIFY(f);
        QVERIFY(f->layout.has_value());
        QCOMPARE(*f->layout, (Layout{1, 16}));
        QVERIFY(f->edits.empty());  // the plan's own cluster is fine; nothing to change there
    }
};

QTEST_APPLESS_MAIN(TestFindings)
#include "tst_findings.moc"
