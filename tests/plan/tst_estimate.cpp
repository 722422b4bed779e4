// Hand-worked planner cases, many from our users' own notes.
#include "plan/calibrate.h"
#include "plan/plan.h"
#include "plan/estimate.h"
#include "plan/plan_fields.h"

#include "model/architecture.h"
#include "model/training_cost.h"

#include <QtTest>

#include <cmath>

using namespace traindeck;

class TestEstimate : public QObject {
    Q_OBJECT

    static Plan plan() {
        Plan p = demoPlan();
        p.recipe.globalBatch = 0;
        p.recipe.gradAccum = 1;
        return p;
    }

private slots:
    void effectiveBatchIsMicroTimesWorldTimesAccumulation() {
        // Per-GPU batch 8 on 1, 8 and 16 GPUs with accumulation 16, 2 and 1: 128 each.
        Plan p = plan();
        p.recipe.microBatch = 8;
        const std::pair<Layout, int> cases[] = {{{1, 1}, 16}, {{1, 8}, 2}, {{2, 8}, 1}};
        for (const auto& [layout, accum] : cases) {
            p.recipe.gradAccum = accum;
            const Estimate e = estimate(p, layout);
            QCOMPARE(e.effectiveBatch.value, 128.0);
            QCOMPARE(e.worldSize, layout.worldSize());
        }
    }

    void globalBatchSolvesTheAccumulation() {
        Plan p = plan();
        p.recipe.microBatch = 8;
        p.recipe.globalBatch = 128;
        QCOMPARE(estimate(p, {1, 1}).gradAccum, 16);
        QCOMPARE(estimate(p, {1, 8}).gradAccum, 2);
        QCOMPARE(estimate(p, {2, 8}).gradAccum, 1);
        QCOMPARE(estimate(p, {2, 8}).effectiveBatch.value, 128.0);
    }

    void stepsPerEpochDropTheLastPartialBatch() {
        // 29,500 samples at per-GPU batch 4: 7,375 / 3,687 / 1,843 / 921 steps on 1/2/4/8 GPUs.
        Plan p = plan();
        p.recipe.microBatch = 4;
        p.recipe.datasetSize = 29500;
        const std::pair<int, double> cases[] = {{1, 7375}, {2, 3687}, {4, 1843}, {8, 921}};
        for (const auto& [gpus, steps] : cases)
            QCOMPARE(estimate(p, {1, gpus}).stepsPerEpoch.value, steps);
        p.recipe.dropLast = false;
        QCOMPARE(estimate(p, {1, 2}).stepsPerEpoch.value, 3688.0);
        p.recipe.epochs = 3;
        QCOMPARE(estimate(p, {1, 2}).totalSteps.value, 3 * 3688.0);
    }

    void linearRuleScalesTheLearningRate() {
        // 1.25e-6 at batch 4 becomes 2.5e-6 at 8 and 5e-6 at 16.
        Plan p = plan();
        p.recipe.microBatch = 4;
        p.recipe.baseLr = 1.25e-6;
        p.recipe.baseBatch = 4;
        QCOMPARE(estimate(p, {1, 1}).lr.value, 1.25e-6);
        QCOMPARE(estimate(p, {1, 2}).lr.value, 2.5e-6);
        QCOMPARE(estimate(p, {1, 4}).lr.value, 5e-6);
        // 64 GPUs at per-GPU 4: batch 256, LR 2e-4 from 1e-4 at 128.
        p.recipe.baseLr = 1e-4;
        p.recipe.baseBatch = 128;
        const Estimate e = estimate(p, {8, 8});
        QCOMPARE(e.effectiveBatch.value, 256.0);
        QCOMPARE(e.lr.value, 2e-4);
        QVERIFY(QString::fromStdString(e.lr.worked).contains("256 / 128"));
    }

    void sqrtAndNoneRules() {
        Plan p = plan();
        p.recipe.microBatch = 4;
        p.recipe.baseLr = 1e-4;
        p.recipe.baseBatch = 128;
        p.recipe.lrRule = LrRule::Sqrt;
        QCOMPARE(estimate(p, {8, 8}).lr.value, 1e-4 * std::sqrt(2.0));
        p.recipe.lrRule = LrRule::None;
        QCOMPARE(estimate(p, {8, 8}).lr.value, 1e-4);
    }

    void warmupKeepsItsSamplesWhenAskedTo() {
        Plan p = plan();
        p.recipe.microBatch = 4;
        p.recipe.baseBatch = 128;
        p.recipe.warmupSteps = 1000;
        p.recipe.scaleWarmup = true;
        QCOMPARE(estimate(p, {8, 8}).warmupSteps.value, 500.0);  // batch 256: half the steps
        p.recipe.scaleWarmup = false;
        QCOMPARE(estimate(p, {8, 8}).warmupSteps.value, 1000.0);
    }

    void zeroMemoryMatchesDeepSpeedsPublishedFigures() {
        // ZeRO paper (Rajbhandari et al. 2020), Figure 1: a 7.5B-parameter model on
        // 64 GPUs needs 120, 31.4, 16.6 and 1.9 GB (10^9 bytes) of model states per GPU
        // for baseline data parallelism and ZeRO stages 1, 2, 3; the planner's GiB
        // (2^30 bytes) are converted to the paper's unit.
        Plan p = plan();
        p.model.params = 7.5e9;
        p.model.activationGbPerSample = 0;  // model states only, as the figure counts them
        const double published[] = {120, 31.4, 16.6, 1.9};
        for (int stage = 0; stage <= 3; ++stage) {
            p.recipe.zeroStage = stage;
            const MemoryBreakdown m = estimate(p, {8, 8}).memory;
            const double states = (m.paramsGb + m.gradsGb + m.optimizerGb) * double(1 << 30) / 1e9;
            QVERIFY2(std::fabs(states - published[stage]) < 0.05,
                     qPrintable(QString("stage %1: %2 GB (10^9 bytes)").arg(stage).arg(states)));
        }
        // Offloading moves the optimizer's 12 bytes per parameter off the GPU.
        p.recipe.zeroStage = 2;
        p.recipe.offloadOptimizer = true;
        QCOMPARE(estimate(p, {8, 8}).memory.optimizerGb, 0.0);
    }

    void memoryIsTheStepsPeakPlusOverhead() {
        Plan p = plan();
        p.model.params = double(1 << 30);  // 4 GiB of fp32 weights
        p.model.activationGbPerSample = 2;
        p.recipe.microBatch = 3;
        p.recipe.gradAccum = 1;
        p.recipe.globalBatch = 0;
        p.recipe.memoryOverheadGb = 4;
        // AMP: 4 GiB fp32 weights + 8 GiB AdamW moments always; the 6 GiB of activations
        // at backward's start, the 4 GiB of gradients at its end: never both.
        Estimate e = estimate(p, {1, 8});
        QCOMPARE(e.memoryPerGpuGb.value, 4.0 + 8.0 + 6.0 + 4.0);
        QCOMPARE(e.memory.gradsGb, 0.0);
        QCOMPARE(e.gpuMemoryGb, 79.6);  // an H100 80GB as nvidia-smi shows it
        // Accumulating: the earlier micro-steps' gradients live through the forward.
        p.recipe.gradAccum = 2;
        e = estimate(p, {1, 8});
        QCOMPARE(e.memoryPerGpuGb.value, 4.0 + 8.0 + 4.0 + 6.0 + 4.0);
        // Fewer activations than gradients: the peak is backward's end.
        p.recipe.gradAccum = 1;
        p.model.activationGbPerSample = 1;
        p.recipe.microBatch = 1;
        QCOMPARE(estimate(p, {1, 8}).memoryPerGpuGb.value, 4.0 + 8.0 + 4.0 + 4.0);
    }

    void computeTimeIsSixNTokensOverPeakTimesMfu() {
        Plan p = plan();
        p.model.params = 1e9;
        p.model.tokensPerSample = 2048;
        p.recipe.microBatch = 4;
        p.recipe.gradAccum = 2;
        p.recipe.mfu = 0.5;
        const Estimate e = estimate(p, {1, 8});
        QCOMPARE(e.computeTimeS.value, 6 * 1e9 * 2048 * 8 / (989e12 * 0.5));
    }

    void optimizerTrafficIsAdamWsBytesOverBandwidth() {
        // AdamW reads weights, gradients and both moments and writes weights and moments:
        // 2·4 + 4 + 2·8 = 28 bytes per parameter under AMP, on an H100 at 0.75 × 3.35 TB/s;
        // ZeRO-1 does it for the GPU's shard only; pure bf16 states: 2·2 + 2 + 2·4 = 14
        // bytes, at 0.8 of that rate.
        Plan p = plan();
        p.model.params = 1e9;
        p.model.architecture.clear();
        const double bandwidth = 3350e9 * 0.75;
        QVERIFY(std::fabs(estimate(p, {1, 1}).optimizerTimeS - 28e9 / bandwidth) < 1e-12);
        p.recipe.zeroStage = 1;  // 16-bit weights and gradients, fp32 master and moments: 2·2 + 2 + 2·12
        QVERIFY(std::fabs(estimate(p, {1, 8}).optimizerTimeS - 30e9 / 8 / bandwidth) < 1e-12);
        p.recipe.zeroStage = 0;
        QVERIFY(std::fabs(estimateUncalibrated(p, {1, 1}, model::Numerics::Half, {2, 2, 4}).optimizerTimeS -
                          14e9 / (bandwidth * 0.8)) < 1e-12);
    }

    void hostIssueTimeBoundsSmallEagerSteps() {
        // A Hugging Face GPT-2 at a tiny batch: the GPU would be done long before eager
        // PyTorch has issued the step's operators, so the host's time is the floor; at a
        // large batch the GPU's time dominates. Our own trainer has no Python host.
        Plan p = plan();
        model::Architecture gpt2;
        gpt2.type = "gpt2";
        gpt2.hidden = 768, gpt2.layers = 12, gpt2.heads = gpt2.kvHeads = 12, gpt2.headDim = 64, gpt2.ffn = 3072;
        gpt2.vocab = 50257, gpt2.positions = 1024, gpt2.tiedEmbeddings = true;
        QVERIFY(setPlanField(p, "model.architecture", model::architectureText(gpt2)).empty());
        QVERIFY(setPlanField(p, "model.tokens_per_sample", "64").empty());
        p.recipe.microBatch = 1;
        const Estimate tiny = estimate(p, {1, 1});
        QVERIFY(tiny.hostTimeS.value > 0);
        QVERIFY(tiny.hostTimeS.value > 5 * (tiny.computeTimeS.value + tiny.memoryTimeS.value));
        QVERIFY(tiny.stepTimeS.value >= tiny.hostTimeS.value);
        QVERIFY(tiny.stepTimeS.value < 1.1 * tiny.hostTimeS.value + tiny.memoryTimeS.value);
        QVERIFY(setPlanField(p, "model.tokens_per_sample", "1024").empty());
        p.recipe.microBatch = 128;
        const Estimate large = estimate(p, {1, 1});
        QCOMPARE(large.hostTimeS.value, tiny.hostTimeS.value);  // the same operators, bigger tensors
        QVERIFY(large.computeTimeS.value > 5 * large.hostTimeS.value);
        QVERIFY(large.stepTimeS.value < 1.01 * (large.computeTimeS.value + large.memoryTimeS.value));
        QCOMPARE(estimate(demoPlan(), {1, 1}).hostTimeS.value, 0.0);
    }

    void synchronisedExpertsAddToTheHostsTime() {
        // A Mixtral-like block in AMP: its fp32 expert products run as loops between two
        // synchronisations of host and GPU (one product per expert), so at a small step the
        // loops add to the rest, their host issue and GPU work joined by their 2-norm; in bf16
        // (FSDP's parameters, one grouped kernel, no synchronisation) they overlap as in a dense model.
        Plan p = plan();
        model::Architecture moe;
        moe.type = "mixtral";
        moe.hidden = 2048, moe.layers = 4, moe.heads = 16, moe.kvHeads = 8, moe.headDim = 128, moe.ffn = 5632;
        moe.vocab = 32000, moe.positions = 32768, moe.experts = 8, moe.expertsPerToken = 2;
        QVERIFY(setPlanField(p, "model.architecture", model::architectureText(moe)).empty());
        QVERIFY(setPlanField(p, "model.tokens_per_sample", "1024").empty());
        QVERIFY(setPlanField(p, "cluster.gpu", "h200").empty());
        p.recipe.microBatch = 1;
        const Estimate amp = estimate(p, {1, 1});
        QVERIFY(amp.synchronisedComputeS > 0.5 * amp.computeTimeS.value);  // the experts' products dominate
        QVERIFY(amp.synchronisedMemoryS > 0);
        // 4 blocks × 6 loops × 8 experts issued by the host.
        QVERIFY(std::fabs(amp.synchronisedHostS - 24 * (model::kExpertLoopHostS + 8 * model::kExpertProductHostS)) < 1e-12);
        const double loopGpu = amp.synchronisedComputeS + amp.synchronisedMemoryS;
        const double rest = amp.computeTimeS.value + amp.memoryTimeS.value - amp.optimizerTimeS - loopGpu;
        const double host = amp.hostTimeS.value - amp.synchronisedHostS;
        QVERIFY(std::fabs(amp.stepTimeS.value - (std::cbrt(std::pow(host, 3) + std::pow(rest, 3)) +
                                                 std::hypot(amp.synchronisedHostS, loopGpu) + amp.optimizerTimeS)) < 1e-12);
        QVERIFY(amp.stepTimeS.value > host + loopGpu);
        QVERIFY(amp.stepTimeS.formula.english().find("synchronisations") != std::string::npos);
        const Estimate half = estimateUncalibrated(p, {1, 1}, model::Numerics::Half, {2, 2, 4});
        QCOMPARE(half.synchronisedComputeS + half.synchronisedMemoryS + half.synchronisedHostS, 0.0);
        QVERIFY(half.stepTimeS.formula.english().find("synchronisations") == std::string::npos);
    }

    void allReduceIsHierarchicalRingCost() {
        // 2×8 H100 on 8×400 Gb/s InfiniBand, 102.4M fp32 gradients (409.6 MB):
        // NVLink ring 2·7/8 × 0.4096 GB / (450 GB/s × 0.73, what NCCL reaches on it)
        // + node ring 2·1/2 × 0.4096 GB / 400 GB/s.
        const Plan p = plan();
        const double bytes = p.model.params * 4;  // 102,400,208 parameters of tae-mlp large
        const double nvlink = 450e9 * 0.73;
        const double expected = 2.0 * 7 / 8 * bytes / nvlink + 2.0 * 1 / 2 * bytes / 400e9;
        QVERIFY(std::fabs(estimate(p, {2, 8}).commTimeS.value - expected) < 1e-12);
        QVERIFY(std::fabs(estimate(p, {1, 8}).commTimeS.value - 2.0 * 7 / 8 * bytes / nvlink) < 1e-12);
        QCOMPARE(estimate(p, {1, 1}).commTimeS.value, 0.0);
    }

    void slowNetworkExposesCommunicationAndCostsEfficiency() {
        Plan p = plan();
        p.cluster.network = "eth-25";
        p.recipe.microBatch = 1;
        const Estimate one = estimate(p, {1, 8});
        const Estimate eight = estimate(p, {8, 8});
        QCOMPARE(one.scalingEfficiency.value, 1.0);
        QVERIFY(eight.exposedCommTimeS.value > 0);
        // Without a Python host (our trainer) nothing waits for the host: compute, then the
        // bandwidth-bound traffic, then what communication leaves exposed.
        QCOMPARE(eight.hostTimeS.value, 0.0);
        QCOMPARE(eight.stepTimeS.value,
                 eight.computeTimeS.value + eight.memoryTimeS.value + eight.exposedCommTimeS.value);
        QVERIFY(eight.scalingEfficiency.value < 0.9);
        QCOMPARE(eight.samplesPerS.value, eight.effectiveBatch.value / eight.stepTimeS.value);
        QCOMPARE(eight.gpuHours.value, eight.hoursToFinish.value * 64);
    }

    void zeroThreeGathersParametersEveryMicroStep() {
        Plan p = plan();
        p.recipe.zeroStage = 2;
        const double zero2 = estimate(p, {2, 8}).commTimeS.value;
        p.recipe.zeroStage = 3;
        p.recipe.gradAccum = 1;
        const double zero3 = estimate(p, {2, 8}).commTimeS.value;
        p.recipe.gradAccum = 4;
        const double zero3accum = estimate(p, {2, 8}).commTimeS.value;
        QVERIFY(zero3 > zero2);                        // 1.5 all-reduces of volume instead of 1
        QVERIFY(std::fabs(zero3 - 1.5 * zero2) < 1e-12);
        QVERIFY(std::fabs(zero3accum - (0.5 + 4) * zero2) < 1e-12);
    }

    void everyFigureCarriesItsFormula() {
        const Estimate e = estimate(demoPlan(), {2, 8});
        for (const Figure* f : {&e.effectiveBatch, &e.lr, &e.stepsPerEpoch, &e.memoryPerGpuGb, &e.stepTimeS,
                                &e.samplesPerS, &e.hoursToFinish, &e.gpuHours, &e.scalingEfficiency}) {
            QVERIFY(!f->formula.empty());
            QVERIFY(QString::fromStdString(f->worked).contains('='));
        }
    }

    void calibrationReproducesTheMeasurementAndMovesTheOthers() {
        Plan p = demoPlan();
        const double before8x8 = estimate(p, {8, 8}).stepTimeS.value;
        Calibration c;
        Text error;
        QVERIFY(parseCalibration("2x8=1.6steps/s", c, error));
        p.calibrations = {c};
        const Estimate at = estimate(p, {2, 8});
        QVERIFY(std::fabs(at.stepsPerS.value - 1.6) < 1e-6);
        QVERIFY(std::fabs(estimate(p, {8, 8}).stepTimeS.value - before8x8) > 1e-3);

        QVERIFY(parseCalibration("2x8=409.6samples/s", c, error));  // batch 256 → 1.6 steps/s
        p.calibrations = {c};
        QVERIFY(std::fabs(estimate(p, {2, 8}).stepsPerS.value - 1.6) < 1e-6);
        QVERIFY(parseCalibration("2x8=0.625s/step", c, error));
        p.calibrations = {c};
        QVERIFY(std::fabs(estimate(p, {2, 8}).stepTimeS.value - 0.625) < 1e-6);

        // Faster than any MFU allows: reported, not silently fitted.
        QVERIFY(parseCalibration("2x8=1000steps/s", c, error));
        const CalibrationFit fit = fitCalibration(p, c);
        QVERIFY(!fit.exact);
        QVERIFY(!fit.note.empty());
    }

    void calibrationTextIsChecked() {
        Calibration c;
        Text error;
        QVERIFY(!parseCalibration("2x8", c, error));
        QVERIFY(!parseCalibration("2x8=fast", c, error));
        QVERIFY(!parseCalibration("2x8=0.9furlongs", c, error));
        QVERIFY(QString::fromStdString(error.english()).contains("furlongs"));
        QVERIFY(!parseCalibration("2x8=-1steps/s", c, error));
        QVERIFY(parseCalibration("1x8=2.5s/step", c, error));
        QCOMPARE(calibrationText(c), std::string("1x8=2.5s/step"));
    }

    void layoutsAreSortedAndUnique() {
        Plan p = demoPlan();
        p.compare = {{8, 8}, {1, 8}, {2, 8}, {1, 8}};
        const std::vector<Layout> l = layoutsOf(p);
        QCOMPARE(l.size(), size_t(3));
        QCOMPARE(l[0], (Layout{1, 8}));
        QCOMPARE(l[2], (Layout{8, 8}));
    }

    // Before any measurement, communication is charged from the network catalogue:
    // ZeRO-3's per-block gathers on 64 GPUs are not free, whatever the backward hides.
    void uncalibratedZero3OnSixtyFourGpusIsNotIdeal() {
        Plan p = demoPlan();
        QVERIFY(setPlanField(p, "model.architecture", "llama hidden=4096 layers=32 heads=32 kv_heads=8 ffn=14336 vocab=128256").empty());
        QVERIFY(setPlanField(p, "model.tokens_per_sample", "4096").empty());
        QVERIFY(setPlanField(p, "recipe.micro_batch", "1").empty());
        QVERIFY(setPlanField(p, "recipe.global_batch", "512").empty());
        QVERIFY(setPlanField(p, "recipe.zero_stage", "3").empty());
        QVERIFY(p.calibrations.empty());
        const Estimate e = estimate(p, {8, 8});
        QVERIFY(e.exposedCommTimeS.value > 0);
        QVERIFY2(e.scalingEfficiency.value < 0.99, std::to_string(e.scalingEfficiency.value).c_str());
        QCOMPARE(e.collectives, 1 + 2 * e.gradAccum * 32);  // a gather per block, forward and backward
        // The constants the model had before (everything hidden, no latency) leave exposed only
        // what no backward hides in eager PyTorch: the root's gather before the first block and
        // its reduce-scatter after the last (the tail).
        const double tail = e.commTailS.value;
        QVERIFY(tail > 0);
        p.recipe.overlap = 1;
        p.recipe.collectiveLatencyS = 0;
        const Estimate ideal = estimate(p, {8, 8});
        QVERIFY(std::fabs(ideal.exposedCommTimeS.value - tail) < 1e-12);
        QVERIFY(ideal.scalingEfficiency.value > e.scalingEfficiency.value);
    }

    // The step's peak, not the sum of its parts: gradients and activations are never
    // all alive at once without accumulation.
    void memoryIsThePeakNotTheSum() {
        Plan p = demoPlan();
        QVERIFY(setPlanField(p, "model.architecture", "llama hidden=4096 layers=32 heads=32 kv_heads=8 ffn=14336 vocab=128256").empty());
        QVERIFY(setPlanField(p, "model.tokens_per_sample", "8192").empty());
        QVERIFY(setPlanField(p, "recipe.micro_batch", "1").empty());
        QVERIFY(setPlanField(p, "recipe.global_batch", "0").empty());
        QVERIFY(setPlanField(p, "recipe.grad_accum", "1").empty());
        const Estimate e = estimate(p, {1, 8});
        QCOMPARE(e.memory.gradsGb, 0.0);  // at backward's start, where the peak is
        QVERIFY(e.memory.activationsGb > 0 && e.memory.logitsGb > 0);
        QVERIFY(setPlanField(p, "model.activation_checkpointing", "full").empty());
        QVERIFY(estimate(p, {1, 8}).memoryPerGpuGb.value < e.memoryPerGpuGb.value);
    }
};

QTEST_APPLESS_MAIN(TestEstimate)
#include "tst_estimate.moc"
