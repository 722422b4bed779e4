#include "plan/estimate.h"

#include "plan/calibrate.h"
#include "plan/hardware.h"
#include "plan/plan_fields.h"
#include "plan/step_memory.h"

#include "model/parameters.h"
#include "model/training_cost.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>

namespace traindeck {
namespace {

// Short human form of a number for the worked formulas: 3 significant digits,
// whole numbers as they are.
std::string num(double v) {
    if (v == std::floor(v) && std::fabs(v) < 1e15)
        return std::to_string(static_cast<long long>(v));
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3g", v);
    return buf;
}

Figure figure(double value, std::string unit, Text formula, std::string worked) {
    return {value, std::move(unit), std::move(formula), std::move(worked) + " = " + num(value)};
}

// Ring all-reduce of `bytes`, hierarchically: a ring over the node's GPUs on
// NVLink, then a ring across nodes in which each GPU carries 1/g of the data on
// its share of the node's network. Each ring moves 2(n−1)/n of the data.
struct AllReduce { double seconds; std::string worked; };
AllReduce allReduce(double bytes, const Layout& l, const GpuModel& gpu, const NetworkModel& net) {
    const int g = l.gpusPerNode, n = l.nodes;
    const double intra = g > 1 ? 2.0 * (g - 1) / g * bytes / (gpu.nvlinkGBps * 1e9) : 0;
    const double inter = n > 1 ? 2.0 * (n - 1) / n * bytes / (net.GBpsPerNode() * 1e9) : 0;
    std::string w = "2·" + num(g - 1) + "/" + num(g) + " × " + num(bytes / 1e9) + " GB / " + num(gpu.nvlinkGBps) +
                    " GB/s";
    if (n > 1)
        w += " + 2·" + num(n - 1) + "/" + num(n) + " × " + num(bytes / 1e9) + " GB / " + num(net.GBpsPerNode()) +
             " GB/s";
    return {intra + inter, w};
}

}  // namespace

std::vector<Layout> layoutsOf(const Plan& plan) {
    std::vector<Layout> layouts = plan.compare;
    layouts.push_back(plan.cluster.layout());
    // Smallest first, so the columns read as the job grows.
    std::stable_sort(layouts.begin(), layouts.end(), [](const Layout& a, const Layout& b) {
        return a.worldSize() != b.worldSize() ? a.worldSize() < b.worldSize() : a.nodes < b.nodes;
    });
    layouts.erase(std::unique(layouts.begin(), layouts.end()), layouts.end());
    return layouts;
}

// The model itself, with the plan's MFU as it stands (calibration is applied by estimate()).
Estimate estimateUncalibrated(const Plan& plan, const Layout& layout) {
    const Recipe& r = plan.recipe;
    const ModelSpec& m = plan.model;
    const GpuModel& gpu = *findGpu(plan.cluster.gpu);
    const NetworkModel& net = *findNetwork(plan.cluster.network);

    Estimate e;
    e.layout = layout;
    e.worldSize = layout.worldSize();
    e.microBatch = r.microBatch;
    const long perStepPerAccum = long(r.microBatch) * e.worldSize;
    // A target global batch fixes the accumulation per layout; the nearest whole
    // value is taken and findings() says when it is not exact.
    e.gradAccum = r.globalBatch > 0
                      ? int(std::max(1L, std::lround(double(r.globalBatch) / double(perStepPerAccum))))
                      : r.gradAccum;
    const double batch = double(perStepPerAccum) * e.gradAccum;
    e.effectiveBatch = figure(batch, "samples", Text(TD_TEXT("Formulas", "micro × world × accumulation")),
                              num(r.microBatch) + " × " + num(e.worldSize) + " × " + num(e.gradAccum));

    const double ratio = batch / double(r.baseBatch);
    switch (r.lrRule) {
    case LrRule::Linear:
        e.lr = figure(r.baseLr * ratio, "", Text(TD_TEXT("Formulas", "base LR × batch / base batch")),
                      num(r.baseLr) + " × " + num(batch) + " / " + num(r.baseBatch));
        break;
    case LrRule::Sqrt:
        e.lr = figure(r.baseLr * std::sqrt(ratio), "", Text(TD_TEXT("Formulas", "base LR × √(batch / base batch)")),
                      num(r.baseLr) + " × √(" + num(batch) + " / " + num(r.baseBatch) + ")");
        break;
    case LrRule::None:
        e.lr = figure(r.baseLr, "", Text(TD_TEXT("Formulas", "base LR (no scaling rule)")), num(r.baseLr));
        break;
    }
    if (r.scaleWarmup && r.warmupSteps > 0)
        e.warmupSteps = figure(std::max(1.0, std::round(r.warmupSteps * double(r.baseBatch) / batch)), "steps",
                               Text(TD_TEXT("Formulas", "round(warmup × base batch / batch)")),
                               "round(" + num(r.warmupSteps) + " × " + num(r.baseBatch) + " / " + num(batch) + ")");
    else
        e.warmupSteps = figure(r.warmupSteps, "steps", Text(TD_TEXT("Formulas", "warmup (not scaled)")), num(r.warmupSteps));

    const double perEpoch = double(r.datasetSize) / batch;
    e.stepsPerEpoch = r.dropLast ? figure(std::floor(perEpoch), "steps", Text(TD_TEXT("Formulas", "⌊dataset / batch⌋ (drop_last)")),
                                          "⌊" + num(r.datasetSize) + " / " + num(batch) + "⌋")
                                 : figure(std::ceil(perEpoch), "steps", Text(TD_TEXT("Formulas", "⌈dataset / batch⌉")),
                                          "⌈" + num(r.datasetSize) + " / " + num(batch) + "⌉");
    e.totalSteps = r.epochs > 0 ? figure(std::ceil(r.epochs * e.stepsPerEpoch.value), "steps",
                                         Text(TD_TEXT("Formulas", "⌈epochs × steps per epoch⌉")),
                                         "⌈" + num(r.epochs) + " × " + num(e.stepsPerEpoch.value) + "⌉")
                                : figure(double(r.totalSteps), "steps", Text(TD_TEXT("Formulas", "steps as planned")), num(r.totalSteps));

    // Memory per GPU: the peak within a step (step_memory.h).
    const StepMemory sm = stepMemory(plan, layout);
    e.memory = {sm.peak.weightsGb, sm.peak.gradsGb, sm.peak.optimizerGb, sm.peak.activationsGb, sm.peak.logitsGb,
                sm.peak.overheadGb};
    e.memoryPerGpuGb = figure(sm.peak.total(), "GB", sm.formula, sm.worked);
    e.gpuMemoryGb = gpu.memoryGb;

    // Compute: 6·N FLOPs per token (2 forward, 4 backward), or the architecture's count
    // with attention's s² term and recomputation, at the achieved fraction of peak.
    model::Architecture arch;
    const bool hasArch = planArchitecture(plan, arch);
    const double recompute = plan.model.checkpointing == ActivationCheckpointing::Full ? 2.0 : 0.0;
    const double flopsPerSample =
        m.flopsPerSample > 0 ? m.flopsPerSample
        : hasArch ? model::flopsPerSample(arch, model::countParameters(arch), m.tokensPerSample, planCheckpointing(plan)).flops
                  : (6.0 + recompute) * m.params * m.tokensPerSample;
    const double samplesPerGpu = double(r.microBatch) * e.gradAccum;
    const double compute = flopsPerSample * samplesPerGpu / (gpu.bf16Tflops * 1e12 * r.mfu);
    e.computeTimeS = figure(compute, "s", Text(TD_TEXT("Formulas", "FLOPs per sample × micro × accumulation / (peak × MFU)")),
                            num(flopsPerSample) + " × " + num(r.microBatch) + " × " + num(e.gradAccum) + " / (" +
                                num(gpu.bf16Tflops) + " TFLOP/s × " + num(r.mfu) + ")");

    // Communication. Plain data parallelism all-reduces fp32 gradients (DDP
    // under autocast keeps them fp32); ZeRO reduces in the training precision.
    // ZeRO-1/2 move the same volume as an all-reduce (reduce-scatter + all-gather);
    // ZeRO-3 also gathers the parameters for forward and backward of each micro-step.
    // What the network model assumes is said in the formula, so a user sees it:
    // a ring inside the node on NVLink, then a ring across nodes in which each GPU
    // carries its 1/g share on 1/g of the node's NICs (NCCL's tree moves the same
    // 2× the bytes, so the bandwidth term is the same; its lower latency is in the
    // fitted per-collective latency).
    const double gradBytes = m.params * (r.zeroStage == 0 && r.fsdp == Recipe::Fsdp::None ? 4.0 : 2.0);
    const AllReduce grads = allReduce(gradBytes, layout, gpu, net);
    double comm = grads.seconds;
    Text commFormula(TD_TEXT("Formulas", "gradient all-reduce, ring on NVLink then ring across nodes, each GPU's 1/g "
                                         "share on 1/g of the node's NICs: 2(g−1)/g × bytes / NVLink + 2(n−1)/n × bytes "
                                         "/ node network"));
    std::string commWorked = grads.worked;
    int collectives = 1;  // the gradient all-reduce (bucketed, finishing with the backward)
    const bool gathers = r.zeroStage == 3 || r.fsdp == Recipe::Fsdp::FullShard || r.fsdp == Recipe::Fsdp::HybridShard;
    if (gathers) {
        const AllReduce gather = allReduce(m.params * 2.0, layout, gpu, net);
        comm = grads.seconds / 2 + e.gradAccum * gather.seconds;  // one all-gather is half an all-reduce; 2 per micro-step
        commFormula = Text(TD_TEXT("Formulas", "ZeRO-3: reduce-scatter of gradients + 2 parameter all-gathers per "
                                               "micro-step (forward and backward), each half a ring all-reduce's "
                                               "volume, same rings as the gradients"));
        commWorked = "(" + grads.worked + ") / 2 + " + num(e.gradAccum) + " × (" + gather.worked + ")";
        // One gather per block in forward and again in backward, each a collective phase.
        collectives = 1 + 2 * e.gradAccum * std::max(1, hasArch ? int(arch.layers) : 1);
    }
    if (e.worldSize == 1) {
        comm = 0;
        collectives = 0;
    }
    e.commTimeS = figure(comm, "s", commFormula, commWorked);
    e.collectives = collectives;

    // Gradients are reduced in buckets while backward (≈ 2/3 of compute) of the
    // last micro-step still runs; ZeRO-3's gathers prefetch under the whole step.
    const double window = gathers ? compute : compute / e.gradAccum * 2.0 / 3.0;
    e.overlapWindowS = gathers
                           ? figure(window, "s", Text(TD_TEXT("Formulas", "compute (ZeRO-3 prefetches under the whole step)")), num(compute))
                           : figure(window, "s", Text(TD_TEXT("Formulas", "backward of the last micro-step: compute / accumulation × 2/3")),
                                    num(compute) + " / " + num(e.gradAccum) + " × 2/3");
    // What the window cannot hold is exposed; of what it can, the share (1 − overlap)
    // still shows (a collective slows the kernels it runs beside); and every
    // collective phase costs a fixed latency (launch, synchronisation).
    const CommunicationConstants k = communicationConstants(plan);
    const double hideable = std::min(comm, window);
    const double exposed =
        std::max(0.0, comm - window) + (1.0 - k.overlap) * hideable + k.latencyS * collectives;
    e.exposedCommTimeS = figure(
        exposed, "s",
        Text(gathers ? TD_TEXT("Formulas", "max(0, communication − compute) + (1 − overlap) × "
                                                    "min(communication, window) + latency × collectives")
                              : TD_TEXT("Formulas", "max(0, communication − backward window) + (1 − overlap) × "
                                                    "min(communication, window) + latency × collectives")),
        "max(0, " + num(comm) + " − " + num(window) + ") + (1 − " + num(k.overlap) + ") × " + num(hideable) + " + " +
            num(k.latencyS) + " × " + num(collectives));

    const double step = compute + exposed;
    e.stepTimeS = figure(step, "s", Text(TD_TEXT("Formulas", "compute + exposed communication")), num(compute) + " + " + num(exposed));
    e.stepsPerS = figure(1.0 / step, "steps/s", Text(TD_TEXT("Formulas", "1 / step time")), "1 / " + num(step));
    e.samplesPerS = figure(batch / step, "samples/s", Text(TD_TEXT("Formulas", "batch / step time")), num(batch) + " / " + num(step));
    const double hours = e.totalSteps.value * step / 3600.0;
    e.hoursToFinish = figure(hours, "h", Text(TD_TEXT("Formulas", "steps × step time / 3600")),
                             num(e.totalSteps.value) + " × " + num(step) + " / 3600");
    e.gpuHours = figure(hours * e.worldSize, "GPU·h", Text(TD_TEXT("Formulas", "hours × world")), num(hours) + " × " + num(e.worldSize));
    return e;
}

CommunicationConstants communicationConstants(const Plan& plan) {
    const NetworkModel* net = findNetwork(plan.cluster.network);
    return {plan.recipe.overlap >= 0 ? plan.recipe.overlap : net ? net->overlap : 1.0,
            plan.recipe.collectiveLatencyS >= 0 ? plan.recipe.collectiveLatencyS : net ? net->collectiveLatencyS : 0.0};
}

namespace {
std::atomic<long> g_estimates{0};
}  // namespace

long estimateCount() { return g_estimates.load(); }

Estimate estimate(const Plan& input, const Layout& layout) {
    ++g_estimates;
    const Plan plan = calibrated(input);
    Estimate e = estimateUncalibrated(plan, layout);
    const Layout node{1, layout.gpusPerNode};
    const Estimate one = layout == node ? e : estimateUncalibrated(plan, node);
    const double perGpu = e.samplesPerS.value / e.worldSize;
    const double perGpuOne = one.samplesPerS.value / one.worldSize;
    e.scalingEfficiency = figure(perGpu / perGpuOne, "",
                                 Text(TD_TEXT("Formulas", "(samples/s per GPU) / (same on one node of %1)"),
                                      {Text::value(num(layout.gpusPerNode))}),
                                 num(perGpu) + " / " + num(perGpuOne));
    return e;
}

}  // namespace traindeck
