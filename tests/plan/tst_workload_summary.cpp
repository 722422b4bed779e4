// A calibration point's shape in one line a person reads at a glance
// (workload_summary.h), the same words `traindeck plan` prints and the calibration
// panel and plot show; and what sets a point's shape apart from the plan's.
#include "parsed_calibration.h"
#include "plan/calibrate.h"
#include "plan/calibration_workload.h"
#include "plan/plan_fields.h"
#include "plan/workload_summary.h"

#include <QtTest>

using namespace traindeck;

class TestWorkloadSummary : public QObject {
    Q_OBJECT
private slots:
    void aFullSpellingReadsAsOneLine() {
        // The HF example's run, as --calibrate-from reads it: every key said.
        const Calibration c = parsed("1x1=282.9samples/s@micro=8:accum=1:seq=256:ckpt=none:precision=bf16:zero=0:"
                                     "fsdp=none:gpu=h200:params=33.56M:model=llama");
        // What is off (no checkpointing, no sharding, no accumulation) goes unsaid.
        QCOMPARE(workloadSummary(c.workload).english(), std::string("micro-batch 8, 256 tokens, bf16, H200, llama 33.56M"));
        const Calibration sharded = parsed("1x2=10steps/s@micro=2:accum=4:seq=8192:ckpt=full:precision=fp32:"
                                           "fsdp=shard_grad_op:gpu=a100:params=8.03B");
        QCOMPARE(workloadSummary(sharded.workload).english(),
                 std::string("micro-batch 2 × accumulation 4, 8192 tokens, full checkpointing, FSDP shard_grad_op, "
                             "fp32, A100, 8.03B parameters"));
        QCOMPARE(workloadSummary(parsed("1x8=1steps/s@zero=3:ckpt=selective:model=gpt2").workload).english(),
                 std::string("selective checkpointing, ZeRO-3, gpt2"));
        // A device the catalogue does not know keeps its name.
        MeasuredWorkload cpu;
        cpu.gpu = "cpu";
        QCOMPARE(workloadSummary(cpu).english(), std::string("cpu"));
    }

    void aBarePointSaysNothing() {
        // LAYOUT=SPEED: measured at the plan as it stands; no words to add.
        QVERIFY(workloadSummary(parsed("2x8=0.9steps/s").workload).empty());
    }

    void theSummaryIsTranslatedPartByPart() {
        const Calibration c = parsed("1x1=1steps/s@micro=8:accum=2:seq=256:gpu=h100");
        std::vector<std::string> asked;
        const std::string zh = workloadSummary(c.workload).render([&](const char* context, const char* source) {
            asked.push_back(std::string(context) + "|" + source);
            const std::string s(source);
            return s == "%1, %2" ? std::string("%1，%2") : s == "%1 tokens" ? std::string("%1 个 token") : s;
        });
        QCOMPARE(zh, std::string("micro-batch 8 × accumulation 2，256 个 token，H100"));
        QVERIFY(std::find(asked.begin(), asked.end(), "Workload|micro-batch %1 × accumulation %2") != asked.end());
    }

    void theDifferenceFromThePlanIsWhatALabelSays() {
        // The case: measured at micro-batch 8, the plan at 16; all else alike.
        Plan plan = demoPlan();
        QVERIFY(setPlanField(plan, "recipe.micro_batch", "16").empty());
        QVERIFY(setPlanField(plan, "recipe.global_batch", "0").empty());
        QVERIFY(setPlanField(plan, "recipe.grad_accum", "1").empty());
        const Calibration c = parsed("1x8=3steps/s@micro=8");
        const MeasuredWorkload atPoint = pointWorkload(plan, c);
        QCOMPARE(atPoint.microBatch, 8);
        QCOMPARE(atPoint.tokensPerSample, plan.model.tokensPerSample);  // unsaid: the plan's
        const MeasuredWorkload planned = workloadOfPlan(plan, c.layout);
        const std::vector<WorkloadPart> parts = differingParts(atPoint, planned);
        QCOMPARE(parts, std::vector<WorkloadPart>{WorkloadPart::Batch});
        QCOMPARE(workloadSummary(atPoint, parts).english(), std::string("micro-batch 8"));
        QCOMPARE(workloadSummary(planned, parts).english(), std::string("micro-batch 16"));
        // A bare point is the plan's shape: nothing differs.
        QVERIFY(differingParts(pointWorkload(plan, parsed("1x8=3steps/s")), planned).empty());
        // Sequence and checkpointing too, in the order they are written.
        const Calibration other = parsed("1x8=3steps/s@ckpt=full:seq=512");
        QCOMPARE(differingParts(pointWorkload(plan, other), planned),
                 (std::vector<WorkloadPart>{WorkloadPart::Tokens, WorkloadPart::Checkpointing}));
        QCOMPARE(shapeApartFromPlan(plan, other).english(), std::string("512 tokens, full checkpointing"));
        QCOMPARE(shapeApartFromPlan(plan, c).english(), std::string("micro-batch 8"));
        QVERIFY(shapeApartFromPlan(plan, parsed("1x8=3steps/s")).empty());
        // Where the plan checkpoints and shards and the point did neither, the "off" is said.
        Plan sharded = plan;
        QVERIFY(setPlanField(sharded, "model.activation_checkpointing", "full").empty());
        QVERIFY(setPlanField(sharded, "recipe.fsdp", "full_shard").empty());
        QCOMPARE(shapeApartFromPlan(sharded, parsed("1x8=3steps/s@ckpt=none:fsdp=none:zero=0")).english(),
                 std::string("no checkpointing, no sharding"));
        QCOMPARE(workloadSummary(workloadOfPlan(sharded, c.layout),
                                 {WorkloadPart::Checkpointing, WorkloadPart::Sharding}).english(),
                 std::string("full checkpointing, FSDP full_shard"));
    }
};

QTEST_MAIN(TestWorkloadSummary)
#include "tst_workload_summary.moc"
