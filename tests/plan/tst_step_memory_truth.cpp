// The planned memory per GPU against the step fixture's measured peaks
// (fixtures/step_truth, bench/step_truth.py on 2 and 4 H200s: torch.cuda.max_memory_allocated
// of FSDP2's full and shard-grad-op steps): the plan less its fixed overhead within 10% at
// every point, the small activations included, where full shard's peak is the end of
// backward with the root's gradient unsharded in fp32 for its reduce-scatter.
#include "step_truth_fixture.h"
#include "plan/step_memory.h"

#include <QtTest>

#include <cmath>

using namespace traindeck;

class TestStepMemoryTruth : public QObject {
    Q_OBJECT
private slots:
    void shardedPeaksWithinTenPercent() {
        int points = 0, fullShard = 0;
        for (const steptruth::Point& p : steptruth::points(PLAN_FIXTURES, MODEL_CONFIGS)) {
            if (p.strategy != "full_shard" && p.strategy != "shard_grad_op")
                continue;
            const StepMemory m = stepMemory(p.plan, p.layout);
            const double planned = m.peak.total() - m.peak.overheadGb;
            const double measured = p.raw["peak_bytes"].get<double>() / double(1 << 30);  // GiB, as planned
            const std::string where = p.where + ": planned " + std::to_string(planned) + " GiB, measured " +
                                      std::to_string(measured) + " GiB";
            QVERIFY2(std::fabs(planned / measured - 1) <= 0.10, where.c_str());
            ++points;
            fullShard += p.strategy == "full_shard";
        }
        QVERIFY(points >= 100 && fullShard >= 50);
    }
};

QTEST_APPLESS_MAIN(TestStepMemoryTruth)
#include "tst_step_memory_truth.moc"
