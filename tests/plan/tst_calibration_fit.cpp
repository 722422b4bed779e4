// The planner against measured speeds: the held-out check with the figures of
// bench/RESULTS.md (both workloads on 1, 2 and 4 GPUs of one H200 host), the
// fit's arithmetic, and the findings it raises. Run with -v2 or read its output:
// it prints the planner table of bench/RESULTS.md.
#include "plan_with_fields.h"
#include "parsed_calibration.h"
#include "step_truth_fixture.h"
#include "plan/calibrate.h"
#include "plan/calibration_fit.h"
#include "plan/calibration_workload.h"
#include "plan/estimate.h"
#include "plan/hardware.h"
#include "plan/findings.h"
#include "plan/plan_fields.h"
#include "plan/plan_analysis.h"
#include "plan/plan_yaml.h"
#include "plan/step_time_confidence.h"

#include <QtTest>

using namespace traindeck;

namespace {

// bench/RESULTS.md, "The workloads, side by side": traindeck samples/s, 2026-11-21.
struct Workload {
    const char* name;
    const char* preset;
    double tokensPerSample;
    int microBatch;
    double measured[3];  // 1, 2, 4 GPUs
};
const Workload kWorkloads[] = {
    {"bench-large", "large", 8 * 32 * 32, 16, {118.47, 236.89, 457.00}},
    {"bench-small", "base", 4 * 16 * 16, 8, {10630.6, 16788.9, 32635.0}},
};
const Layout kLayouts[] = {{1, 1}, {1, 2}, {1, 4}};

// `traindeck plan --gpu h200 --nodes 1 --gpus-per-node 4 --layouts 1x1,1x2,1x4
// --global-batch 0 --grad-accum 1 --preset P --tokens-per-sample T --micro-batch B`
Plan benchPlan(const Workload& w) {
    return withFields(demoPlan(), {{"cluster.gpu", "h200"}, {"cluster.nodes", "1"}, {"cluster.gpus_per_node", "4"},
                                   {"compare", "1x1,1x2,1x4"}, {"recipe.global_batch", "0"}, {"recipe.grad_accum", "1"},
                                   {"model.preset", w.preset}, {"model.tokens_per_sample", formatNumber(w.tokensPerSample)},
                                   {"recipe.micro_batch", std::to_string(w.microBatch)}});
}

// The HF example's small Llama on one H200 at `tokens` × `micro` (examples/hf_causal_lm).
Plan smallLlama(const std::string& tokens, const std::string& micro) {
    return withFields(demoPlan(), {{"model.architecture", "llama hidden=512 layers=8 heads=8 kv_heads=8 head_dim=64 "
                                                          "ffn=1365 vocab=8192 positions=256 tied=0"},
                                   {"model.tokens_per_sample", tokens}, {"cluster.gpu", "h200"}, {"cluster.nodes", "1"},
                                   {"cluster.gpus_per_node", "1"}, {"compare", ""}, {"recipe.global_batch", "0"},
                                   {"recipe.grad_accum", "1"}, {"recipe.micro_batch", micro}, {"recipe.mfu", "0.3"}});
}

Calibration point(const Layout& l, double samplesPerS) {
    return {l, samplesPerS, Calibration::Unit::SamplesPerSecond};
}

double predicted(const Plan& p, const Layout& l) { return estimate(p, l).samplesPerS.value; }

bool hasFinding(const Plan& p, const std::string& code) {
    for (const Finding& f : findings(p))
        if (f.code == code)
            return true;
    return false;
}

// GPT-2 (tests/model/fixtures/configs/gpt2.json) at 1024 tokens × `micro` on one `gpu`.
Plan gpt2(const std::string& gpu, const std::string& micro) {
    return withFields(demoPlan(), {{"model.architecture", hfArchitecture("gpt2.json")},
                                   {"model.tokens_per_sample", "1024"}, {"cluster.gpu", gpu}, {"cluster.nodes", "1"},
                                   {"cluster.gpus_per_node", "1"}, {"compare", ""}, {"recipe.global_batch", "0"},
                                   {"recipe.grad_accum", "1"}, {"recipe.micro_batch", micro}});
}

// The step fixture's GPT-2 at 1024 × `micro` on one H200 of the 2-GPU machine, checkpointing off.
const steptruth::Point* gpt2OnOneH200(const std::vector<steptruth::Point>& all, int micro) {
    for (const auto& q : all)
        if (q.set == "tuning" && q.machine == "2gpu" && q.model == "gpt2" && q.strategy == "single" &&
            q.plan.model.checkpointing == ActivationCheckpointing::None && q.plan.recipe.microBatch == micro)
            return &q;
    qFatal("no GPT-2 point at micro-batch %d", micro);
}

// The step `plan` states on one GPU with `fit`, and the error it states for it.
struct Stated {
    double stepS, error;
    bool holds(double measuredS) const { return std::fabs(stepS / measuredS - 1) <= error; }
};
Stated stated(const Plan& plan, const FittedModel& fit) {
    Plan at = plan;
    at.calibrations.clear();
    applyFit(at.recipe, fit);
    const Estimate e = estimateUncalibrated(at, {1, 1});
    return {e.stepTimeS.value, stepTimeConfidence(plan, fit, e).expectedError};
}

}  // namespace

class TestCalibrationFit : public QObject {
    Q_OBJECT
private slots:
    // A GPT-2 run on one H100 at micro-batch 1 took 34.8 ms a step, and said nothing of how
    // its step splits between host and GPU (no host_s: a plain log, TensorBoard, our trainer).
    // The same script at micro-batch 4 took 41.9 ms. Taken as the GPU's at MFU 0.06, the plan
    // at micro-batch 4 said 113 ms ±7%. The GPU would take 34.8 ms only at an MFU under any
    // measured GPU-bound step's, so the truth's prior leaves the host's explanation, and the
    // stated error holds 41.9 ms. Where the prior allows both, both are kept and the error
    // covers each; with host_s the run decides, as before.
    void aRunWithoutHostTimeKeepsTheExplanationsThatFit() {
        Plan p = gpt2("h100", "4");
        p.calibrations = {parsed("1x1=0.0348s/step@micro=1:seq=1024:gpu=h100:model=gpt2")};
        const PlanAnalysis a = analyse(p);
        const double step = a.estimateFor({1, 1})->stepTimeS.value, error = a.confidence.expectedError;
        qInfo("micro-batch 4: %.1f ms ±%.1f%% (measured 41.9 ms); the GPU's explanation at MFU %.3f, the truth's "
              "floor %.3f", 1e3 * step, 100 * error, a.fit.gpuOnlyMfu, truthAttributionPrior().gpuMfuFloor());
        QVERIFY(a.fit.hostBound);
        QVERIFY(a.fit.gpuOnlyMfu > 0.04 && a.fit.gpuOnlyMfu < truthAttributionPrior().gpuMfuFloor());
        QVERIFY(a.fit.hostOnlyPace > 1);  // a host slower than the reference's
        QVERIFY(a.fit.alternatives.empty());
        QVERIFY2(std::fabs(step / 0.0419 - 1) <= error, qPrintable(QString("%1 ±%2").arg(step).arg(error)));

        // A prior that allows both: the fit keeps the GPU's beside the host's, and the error covers both.
        const AttributionPrior open;
        const FittedModel both = fitModel(p, p.calibrations, planNumerics(p), planStateBytes(p), open);
        QCOMPARE(int(both.alternatives.size()), 1);
        QVERIFY(both.hostBound && !both.alternatives[0].hostBound);  // the host: the larger share at micro-batch 1
        Plan asGpu = p;
        asGpu.calibrations.clear();
        applyFit(asGpu.recipe, both);
        asGpu.recipe.mfu = both.alternatives[0].mfu;
        asGpu.recipe.hostPace = both.alternatives[0].hostPace;
        const double gpuStep = estimateUncalibrated(asGpu, {1, 1}).stepTimeS.value;
        QVERIFY2(gpuStep > 0.09 && gpuStep < 0.14, qPrintable(QString::number(gpuStep)));  // the 113 ms
        const Stated wide = stated(p, both);
        QVERIFY(wide.holds(0.0419) && wide.holds(gpuStep));
        bool said = false;
        for (const Text& n : both.notes)
            said = said || n.english().find("no host_s") != std::string::npos;
        QVERIFY(said);

        // The run that says its host time narrows it: one explanation, no wider than the host-bound band.
        Plan measured = p;
        measured.calibrations = {parsed("1x1=0.0348s/step@micro=1:seq=1024:gpu=h100:model=gpt2:host=34ms")};
        const FittedModel one = fitModel(measured, measured.calibrations, planNumerics(p), planStateBytes(p), open);
        QVERIFY(one.alternatives.empty());
        QVERIFY(stated(measured, one).error < wide.error);
    }

    // The same from the step fixture (tests/plan/fixtures/step_truth): GPT-2 at 1024 × 1 on one
    // H200 (36.8 ms), its host_s left out, predicts 1024 × 2, 4 and 8 within what it states.
    void theStepFixturesHostBoundRunWithoutHostTime() {
        const auto all = steptruth::points(PLAN_FIXTURES, MODEL_CONFIGS);
        auto find = [&](int micro) { return gpt2OnOneH200(all, micro); };
        const steptruth::Point* ref = find(1);
        for (int micro : {2, 4, 8}) {
            const steptruth::Point* at = find(micro);
            Plan p = at->plan;
            p.calibrations = {{ref->layout, ref->measuredS, Calibration::Unit::SecondsPerStep,
                               workloadOfPlan(ref->plan, ref->layout)}};
            const PlanAnalysis a = analyse(p);
            const double step = a.estimateFor({1, 1})->stepTimeS.value;
            qInfo("micro-batch %d: %.1f ms ±%.1f%%, measured %.1f ms", micro, 1e3 * step, 100 * a.confidence.expectedError,
                  1e3 * at->measuredS);
            QVERIFY2(std::fabs(step / at->measuredS - 1) <= a.confidence.expectedError, at->where.c_str());
        }
    }

    // GPT-2 at 1024 × 8 on the same H200 (64.0 ms, its host until step() returned 43.1 ms: the GPU
    // bounds it, the host_s left out) fits the GPU at an MFU under the lowest of the other models'
    // GPU-bound runs, yet within how far an unseen family's MFU strays (the GPU-bound band): it is
    // the GPU's, the host's explanation kept beside it, and micro-batches 1, 2 and 4 (host-bound,
    // 34–37 ms) lie within what it states. Taken as the host's (×2.15), they were planned 30–127% slow.
    void theStepFixturesGpuBoundRunWithoutHostTime() {
        const auto all = steptruth::points(PLAN_FIXTURES, MODEL_CONFIGS);
        auto find = [&](int micro) { return gpt2OnOneH200(all, micro); };
        const steptruth::Point* ref = find(8);
        const AttributionPrior& prior = truthAttributionPrior();
        for (int micro : {1, 2, 4}) {
            const steptruth::Point* at = find(micro);
            Plan p = at->plan;
            p.calibrations = {{ref->layout, ref->measuredS, Calibration::Unit::SecondsPerStep,
                               workloadOfPlan(ref->plan, ref->layout)}};
            const PlanAnalysis a = analyse(p);
            QVERIFY(!a.fit.hostBound);
            QVERIFY2(a.fit.mfu < prior.lowestGpuMfu && a.fit.mfu >= prior.gpuMfuFloor(),
                     qPrintable(QString("MFU %1, lowest %2, floor %3").arg(a.fit.mfu).arg(prior.lowestGpuMfu).arg(prior.gpuMfuFloor())));
            QCOMPARE(int(a.fit.alternatives.size()), 1);
            QVERIFY(a.fit.alternatives[0].hostBound);
            const double step = a.estimateFor({1, 1})->stepTimeS.value;
            qInfo("micro-batch %d: %.1f ms ±%.1f%%, measured %.1f ms", micro, 1e3 * step, 100 * a.confidence.expectedError,
                  1e3 * at->measuredS);
            QVERIFY2(std::fabs(step / at->measuredS - 1) <= a.confidence.expectedError, at->where.c_str());
        }
        // The floor is the lowest GPU-bound MFU less the GPU-bound band, judged on families left out.
        QVERIFY(prior.gpuMfuSpread > 0 && prior.gpuMfuSpread < 0.5);
        QVERIFY(std::fabs(prior.gpuMfuFloor() - prior.lowestGpuMfu * (1 - prior.gpuMfuSpread)) < 1e-15);
    }

    void heldOutFourGpusFromOneAndTwo() {
        // The table of bench/RESULTS.md, "The planner against these measurements".
        std::printf("\n| workload | calibration | fitted | predicted 2 GPUs | measured | predicted 4 GPUs | "
                    "measured | error at 4 |\n|---|---|---|---|---|---|---|---|\n");
        for (const Workload& w : kWorkloads) {
            Plan one = benchPlan(w), two = benchPlan(w);
            one.calibrations = {point(kLayouts[0], w.measured[0])};
            two.calibrations = {point(kLayouts[0], w.measured[0]), point(kLayouts[1], w.measured[1])};
            for (const Plan* p : {&one, &two}) {
                const FittedModel fit = fitModel(*p);
                const double at2 = predicted(*p, kLayouts[1]), at4 = predicted(*p, kLayouts[2]);
                const double error = at4 / w.measured[2] - 1;
                std::string points;
                for (const Calibration& c : p->calibrations) {
                    if (!points.empty()) points += ' ';
                    points += '`';
                    points += calibrationText(c);
                    points += '`';
                }
                std::printf("| %s | %s | MFU %.3f, latency %.1f µs | %.0f | %.1f | %.0f | %.1f | %+.1f%% |\n", w.name,
                            points.c_str(), fit.mfu, fit.latencyS * 1e6, at2, w.measured[1], at4, w.measured[2],
                            100 * error);
                if (p == &two)  // the held-out check: 4 GPUs within 10% for both workloads
                    QVERIFY2(std::fabs(error) < 0.10, qPrintable(QString("%1: %2").arg(w.name).arg(error)));
            }
            // The single-point fit keeps bench-large's accuracy (+3.7% before this fit existed).
            if (std::string(w.name) == "bench-large")
                QVERIFY(std::fabs(predicted(one, kLayouts[2]) / w.measured[2] - 1) < 0.04);
            // What the single point missed on bench-small (+30%) is what the second point fixes.
            if (std::string(w.name) == "bench-small")
                QVERIFY(predicted(one, kLayouts[2]) / w.measured[2] - 1 > 0.15);  // +20% with the network's latency
        }
    }

    void twoPointsAreReproducedAndShowTheirResiduals() {
        const Workload& w = kWorkloads[1];
        Plan p = benchPlan(w);
        p.calibrations = {point(kLayouts[0], w.measured[0]), point(kLayouts[1], w.measured[1])};
        const FittedModel fit = fitModel(p);
        QCOMPARE(fit.fittedParameters, 2);
        QVERIFY(fit.exact);
        QCOMPARE(fit.points.size(), size_t(2));
        for (size_t i = 0; i < 2; ++i) {
            QVERIFY(std::fabs(fit.points[i].relative()) < 1e-6);
            QVERIFY(std::fabs(predicted(p, kLayouts[i]) / w.measured[i] - 1) < 1e-6);
        }
        // The 0.2 ms the 2-GPU step gains over the 1-GPU step is the collective's latency.
        QVERIFY(fit.latencyS > 150e-6 && fit.latencyS < 250e-6);
        QCOMPARE(fit.overlap, findNetwork(p.cluster.network)->overlap);  // not fitted by two points: the network's
        // The model says what it used, in the figure's formula.
        const Estimate e = estimate(p, kLayouts[1]);
        QVERIFY(QString::fromStdString(e.exposedCommTimeS.formula.english()).contains("latency × collectives"));
        QCOMPARE(e.collectives, 1);
        QCOMPARE(estimate(p, kLayouts[0]).exposedCommTimeS.value, 0.0);  // one GPU: no collective
    }

    void onePointIsTheSingleMfuFitOfBefore() {
        Plan p = demoPlan();
        const Calibration c{{2, 8}, 1.6, Calibration::Unit::StepsPerSecond};
        p.calibrations = {c};
        const FittedModel fit = fitModel(p);
        QCOMPARE(fit.fittedParameters, 1);
        QVERIFY(std::fabs(fit.mfu - fitCalibration(p, c).mfu) < 1e-9);
        // What one point cannot fix keeps the network catalogue's constants.
        QCOMPARE(fit.latencyS, findNetwork(p.cluster.network)->collectiveLatencyS);
        QCOMPARE(fit.overlap, findNetwork(p.cluster.network)->overlap);
    }

    // A point the host bounds fits the host's pace and keeps the plan's MFU; every other
    // shape is then predicted with the host's time, not compute at an MFU of 0.01. A point
    // the GPU bounds fits the MFU and keeps the reference host's pace.
    void aHostBoundPointFitsTheHostsPace() {
        Plan p = smallLlama("256", "8");
        const double host = estimateUncalibrated(p, {1, 1}).hostTimeS.value;
        const FittedModel slow = fitModel(p, {{{1, 1}, 1.5 * host, Calibration::Unit::SecondsPerStep}});
        QVERIFY(slow.hostBound && slow.exact);
        QCOMPARE(slow.mfu, 0.3);
        QVERIFY2(slow.hostPace > 1.4 && slow.hostPace < 1.5, qPrintable(QString::number(slow.hostPace)));
        QCOMPARE(int(slow.notes.size()), 1);
        // Micro-batch 16: the host's issue time stays, so the step barely grows.
        Plan at16 = p;
        QVERIFY(setPlanField(at16, "recipe.micro_batch", "16").empty());
        applyFit(at16.recipe, slow);
        const double step16 = estimateUncalibrated(at16, {1, 1}).stepTimeS.value;
        QVERIFY2(step16 > 1.5 * host && step16 < 1.6 * host, qPrintable(QString::number(step16 / host)));
        // The same plan at a long sequence, measured slower than the model: the GPU's efficiency.
        QVERIFY(setPlanField(p, "model.tokens_per_sample", "8192").empty());
        QVERIFY(setPlanField(p, "recipe.micro_batch", "32").empty());
        const double gpu = estimateUncalibrated(p, {1, 1}).stepTimeS.value;
        const FittedModel bound = fitModel(p, {{{1, 1}, 1.5 * gpu, Calibration::Unit::SecondsPerStep}});
        QVERIFY(!bound.hostBound && bound.exact && bound.notes.empty());
        QCOMPARE(bound.hostPace, 1.0);
        QVERIFY(bound.mfu < 0.3 && bound.mfu > 0.15);
    }

    // A GPU-bound run that measured its host's issue time (host_s) says the host's pace and
    // the GPU's MFU at once: its host-bound shapes are then predicted on this host, where a
    // run that did not say it leaves them at the reference host's pace.
    void aRunThatMeasuredItsHostFitsThePaceAndTheMfu() {
        Plan p = smallLlama("8192", "32");
        const Estimate gpuBound = estimateUncalibrated(p, {1, 1});
        QVERIFY(gpuBound.hostTimeS.value < 0.3 * gpuBound.stepTimeS.value);
        Calibration run{{1, 1}, 1.2 * gpuBound.stepTimeS.value, Calibration::Unit::SecondsPerStep,
                        workloadOfPlan(p, {1, 1})};
        run.workload.hostS = 2 * gpuBound.hostTimeS.value;  // this host issues at half the reference's pace
        const FittedModel fit = fitModel(p, {run});
        QVERIFY(fit.hostMeasured && !fit.hostBound && fit.exact);
        QVERIFY2(std::fabs(fit.hostPace - 2) < 1e-9, qPrintable(QString::number(fit.hostPace)));
        QVERIFY(fit.mfu < 0.3);
        QCOMPARE(int(fit.notes.size()), 1);
        QVERIFY(fit.notes[0].english().find("measured its host's issue time") != std::string::npos);
        // At 256 tokens the host bounds the step: on this host, about twice the reference's.
        Plan small = p;
        QVERIFY(setPlanField(small, "model.tokens_per_sample", "256").empty());
        QVERIFY(setPlanField(small, "recipe.micro_batch", "1").empty());
        const double reference = estimateUncalibrated(small, {1, 1}).stepTimeS.value;
        small.calibrations = {run};
        const double onThisHost = estimate(small, {1, 1}).stepTimeS.value;
        QVERIFY2(onThisHost > 1.8 * reference && onThisHost < 2.1 * reference,
                 qPrintable(QString::number(onThisHost / reference)));
        Calibration unsaid = run;
        unsaid.workload.hostS = 0;
        small.calibrations = {unsaid};
        QVERIFY(estimate(small, {1, 1}).stepTimeS.value < 1.1 * reference);
        // A host time that leaves the step no room for the GPU's work: the step is the host's, and
        // the pace is fitted to the step itself (the measurement's noise does not set it).
        Plan tiny = small;
        tiny.calibrations.clear();
        const double tinyHost = estimateUncalibrated(tiny, {1, 1}).hostTimeS.value;
        Calibration filled{{1, 1}, 3 * tinyHost, Calibration::Unit::SecondsPerStep, workloadOfPlan(tiny, {1, 1})};
        filled.workload.hostS = 3.1 * tinyHost;
        const FittedModel hostBound = fitModel(tiny, {filled});
        QVERIFY2(hostBound.hostBound && !hostBound.hostMeasured && hostBound.exact,
                 qPrintable(QString("bound %1 measured %2 exact %3 mfu %4 pace %5")
                                .arg(hostBound.hostBound).arg(hostBound.hostMeasured).arg(hostBound.exact)
                                .arg(hostBound.mfu).arg(hostBound.hostPace)));
        QCOMPARE(hostBound.mfu, 0.3);
        QVERIFY(hostBound.hostPace > 2.5 && hostBound.hostPace < 3);
        QVERIFY(hostBound.notes[0].english().find("nearly its whole step") != std::string::npos);
    }

    void threePointsFitByLeastSquaresAndABadPointIsAFinding() {
        const Workload& w = kWorkloads[0];
        Plan p = benchPlan(w);
        p.calibrations = {point(kLayouts[0], w.measured[0]), point(kLayouts[1], w.measured[1]),
                          point(kLayouts[2], w.measured[2])};
        FittedModel fit = fitModel(p);
        QCOMPARE(fit.fittedParameters, 3);
        for (const PointResidual& r : fit.points)
            QVERIFY(std::fabs(r.relative()) < kBadFitResidual);
        QVERIFY(!hasFinding(p, "calibration_point_fits_badly"));
        // The 4-GPU figure mistyped as a 10× faster one: no constant explains it.
        p.calibrations[2].value = w.measured[2] * 10;
        fit = fitModel(p);
        QVERIFY(!fit.exact);
        QVERIFY(hasFinding(p, "calibration_point_fits_badly"));
    }

    void measurementsFasterThanAnyMfuSayWhy() {
        Plan p = demoPlan();
        p.calibrations = {{{2, 8}, 1000, Calibration::Unit::StepsPerSecond}};
        const FittedModel fit = fitModel(p);
        QVERIFY(!fit.exact);
        QCOMPARE(fit.mfu, 1.0);
        QCOMPARE(fit.notes.size(), size_t(1));
        QVERIFY(QString::fromStdString(fit.notes[0].english()).contains("faster than the model allows"));
        // Points all on one GPU cannot fit communication: said, and the defaults kept.
        p.calibrations = {{{1, 1}, 1, Calibration::Unit::StepsPerSecond}, {{1, 1}, 1.1, Calibration::Unit::StepsPerSecond}};
        const FittedModel single = fitModel(p);
        QCOMPARE(single.latencyS, findNetwork(p.cluster.network)->collectiveLatencyS);
        QVERIFY(!single.notes.empty());
    }

    void exposedCommunicationOverAThirdIsAFindingAndTheNetworkIsInTheFormula() {
        Plan p = demoPlan();
        p.cluster.network = "eth-25";
        p.recipe.microBatch = 1;
        p.recipe.globalBatch = 0;
        QVERIFY(hasFinding(p, "communication_dominates_step"));
        const Estimate e = estimate(p, {8, 8});
        QVERIFY(e.exposedCommTimeS.value > e.stepTimeS.value / 3);
        QVERIFY(QString::fromStdString(e.commTimeS.formula.english()).contains("1/g of the node's NICs"));
        p.recipe.zeroStage = 3;
        QVERIFY(QString::fromStdString(estimate(p, {8, 8}).commTimeS.formula.english()).contains("all-gathers per micro-step"));
        // A gather per block (tae-mlp large has 4) in forward and in backward of each micro-step.
        QCOMPARE(estimate(p, {8, 8}).collectives, 1 + 2 * estimate(p, {8, 8}).gradAccum * 4);
        // The demo plan on InfiniBand hides its communication: no such finding.
        QVERIFY(!hasFinding(demoPlan(), "communication_dominates_step"));
    }

    void planFilesKeepAListAndReadTheOldSingleForm() {
        Plan p = demoPlan();
        p.calibrations = {point({1, 8}, 2000), {{2, 8}, 1.5, Calibration::Unit::StepsPerSecond}};
        const std::string yaml = planToYaml(p);
        QVERIFY2(QString::fromStdString(yaml).contains("calibration: [1x8=2000samples/s, 2x8=1.5steps/s]"),
                 yaml.c_str());
        Plan back;
        QVERIFY(planFromYaml(yaml, "list.yaml", back).ok);
        QCOMPARE(back.calibrations, p.calibrations);
        std::string old = yaml;
        old.replace(old.find("[1x8=2000samples/s, 2x8=1.5steps/s]"), 36, "2x8=1.5steps/s");
        QVERIFY(planFromYaml(old, "old.yaml", back).ok);
        QCOMPARE(back.calibrations.size(), size_t(1));
        QCOMPARE(back.calibrations[0].layout, (Layout{2, 8}));
    }
};

QTEST_APPLESS_MAIN(TestCalibrationFit)
#include "tst_calibration_fit.moc"
