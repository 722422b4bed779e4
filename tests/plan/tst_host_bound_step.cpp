// A layout whose step the host bounds (core/plan/host_bound_fix.h): the finding names it
// with the host's and the GPU's time per micro-step, and its fix is the split of the same
// batch into fewer, larger micro-steps that comes within 2% of the shortest step any split
// reaches, fits the card, and is what applying the finding's edits gives. Without
// accumulation to trade there is no edit, only words; a GPU-bound plan has no finding.
#include "plan_with_fields.h"

#include "plan/estimate.h"
#include "plan/findings.h"
#include "plan/host_bound_fix.h"
#include "plan/plan_analysis.h"
#include "plan/plan_fields.h"
#include "text/number_text.h"

#include <QtTest>

#include <algorithm>
#include <optional>

using namespace traindeck;

namespace {

// GPT-2 at 1024 tokens, micro-batch 1 on 8 H100s: eager PyTorch issues each micro-step
// longer than the GPU runs it (bench/RESULTS.md: 24–38 ms against ~7 ms).
Plan smallSteps(int gradAccum, long globalBatch = 0) {
    return withFields(demoPlan(), {{"model.architecture", hfArchitecture("gpt2.json")},
                                   {"model.tokens_per_sample", "1024"},
                                   {"recipe.micro_batch", "1"},
                                   {"recipe.global_batch", std::to_string(globalBatch)},
                                   {"recipe.grad_accum", std::to_string(gradAccum)},
                                   {"cluster.gpu", "h100"},
                                   {"cluster.nodes", "1"},
                                   {"cluster.gpus_per_node", "8"},
                                   {"compare", "2x8"}});
}

std::optional<Finding> hostBound(const PlanAnalysis& a, const Layout& layout) {
    for (const Finding& f : a.findings)
        if (f.code == "host_bound_step" && f.layout == layout) return f;
    return std::nullopt;
}

Plan applied(Plan p, const Finding& f) {
    for (const FieldEdit& e : f.edits)
        if (const std::string error = setPlanField(p, e.key, e.value).english(); !error.empty())
            qFatal("%s = %s: %s", e.key.c_str(), e.value.c_str(), error.c_str());
    return p;
}

}  // namespace

class TestHostBoundStep : public QObject {
    Q_OBJECT
private slots:
    void theFixIsTheShortestSplitOfTheSameBatch() {
        const Plan plan = smallSteps(8);
        const Layout own = plan.cluster.layout();
        const PlanAnalysis a = analyse(plan);
        const Estimate now = estimate(plan, own);
        QVERIFY(hostBoundsStep(now));
        const auto f = hostBound(a, own);
        QVERIFY(f.has_value());
        QCOMPARE(f->severity, Severity::Warning);
        // The host's and the GPU's time per micro-step, in milliseconds, in the message.
        const QString message = QString::fromStdString(f->message.english());
        QVERIFY2(message.contains(QString::fromStdString(estimateText(now.hostTimeS.value / 8 * 1e3)) + " ms"),
                 qPrintable(message));
        // Every split of the 8 samples per GPU: the fix's step is within 2% of the shortest,
        // and no smaller micro-batch is.
        double shortest = now.stepTimeS.value;
        std::vector<std::pair<int, double>> steps;
        for (int micro : {2, 4, 8}) {
            const Estimate e = estimate(withFields(plan, {{"recipe.micro_batch", std::to_string(micro)},
                                                          {"recipe.grad_accum", std::to_string(8 / micro)}}),
                                        own);
            QVERIFY(e.fitsCard(kComfortableShare));
            steps.push_back({micro, e.stepTimeS.value});
            shortest = std::min(shortest, e.stepTimeS.value);
        }
        const Plan fixed = applied(plan, *f);
        QCOMPARE(f->edits.size(), size_t(2));  // micro-batch and accumulation: the plan has no global batch
        const Estimate after = estimate(fixed, own);
        QCOMPARE(after.effectiveBatch.value, now.effectiveBatch.value);
        QVERIFY(after.microBatch > 1);
        QVERIFY(after.stepTimeS.value <= 1.02 * shortest);
        QVERIFY(after.stepTimeS.value < 0.5 * now.stepTimeS.value);  // GPT-2's 8 micro-steps were the host's
        for (const auto& [micro, step] : steps)
            if (micro < after.microBatch) QVERIFY(step > 1.02 * shortest);
        // The fix says the step it gives; the compared layout has the finding without edits.
        QVERIFY(QString::fromStdString(f->fix.english()).contains(QString::fromStdString(estimateText(after.stepTimeS.value))));
        const auto other = hostBound(a, {2, 8});
        QVERIFY(other.has_value());
        QVERIFY(other->edits.empty());
        // Applied, the GPU bounds the plan's own layout: the finding is gone.
        QVERIFY(!hostBoundsStep(after));
        QVERIFY(!hostBound(analyse(fixed), own).has_value());
    }

    void aGlobalBatchIsSplitByTheMicroBatchAlone() {
        const Plan plan = smallSteps(1, 64);  // 64 samples on 8 GPUs: micro-batch 1 × accumulation 8
        const Layout own = plan.cluster.layout();
        QCOMPARE(estimate(plan, own).gradAccum, 8);
        const auto f = hostBound(analyse(plan), own);
        QVERIFY(f.has_value());
        QCOMPARE(f->edits.size(), size_t(1));
        QCOMPARE(f->edits[0].key, std::string("recipe.micro_batch"));
        const Estimate after = estimate(applied(plan, *f), own);
        QCOMPARE(after.effectiveBatch.value, 64.0);
        QCOMPARE(after.microBatch * after.gradAccum, 8);
        QVERIFY(after.microBatch > 1);
    }

    void withoutAccumulationTheFixIsWords() {
        const Plan plan = smallSteps(1);
        const auto f = hostBound(analyse(plan), plan.cluster.layout());
        QVERIFY(f.has_value());
        QVERIFY(f->edits.empty());  // a larger micro-batch would change the batch
        QVERIFY(QString::fromStdString(f->fix.english()).contains("torch.compile"));
        QVERIFY(!hostBoundFix(plan, estimate(plan, plan.cluster.layout())).has_value());
    }

    void aGpuBoundPlanHasNoSuchFinding() {
        Plan plan = withFields(smallSteps(1), {{"recipe.micro_batch", "16"}});
        const Estimate e = estimate(plan, plan.cluster.layout());
        QVERIFY(!hostBoundsStep(e));
        QVERIFY(!hostBound(analyse(plan), plan.cluster.layout()).has_value());
        // Nor the demo plan, whose model has no eager host (our trainer's).
        for (const Finding& f : analyse(demoPlan()).findings) QVERIFY(f.code != "host_bound_step");
    }
};

QTEST_APPLESS_MAIN(TestHostBoundStep)
#include "tst_host_bound_step.moc"
