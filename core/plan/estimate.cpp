#include "plan/estimate.h"

#include "plan/batch_solve.h"
#include "plan/calibrate.h"
#include "plan/hardware.h"
#include "plan/plan_fields.h"
#include "plan/run_timeline.h"
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
// its share of the node's network. Each ring moves 2(n−1)/n of the data. On NVLink
// NCCL reaches kNvlinkEfficiency of the datasheet's one-way bandwidth (its bus
// bandwidth for a 1 GiB fp32 all-reduce: 329, 355 and 361 GB/s on 2, 4 and 8 H100s,
// 327 on 2 H200s, against 450; the device's KINDS.md and bench/RESULTS.md).
constexpr double kNvlinkEfficiency = 0.73;
struct AllReduce { double seconds; std::string worked; };
AllReduce allReduce(double bytes, const Layout& l, const GpuModel& gpu, const NetworkModel& net) {
    const int g = l.gpusPerNode, n = l.nodes;
    const double nvlink = gpu.nvlinkGBps * kNvlinkEfficiency;
    const double intra = g > 1 ? 2.0 * (g - 1) / g * bytes / (nvlink * 1e9) : 0;
    const double inter = n > 1 ? 2.0 * (n - 1) / n * bytes / (net.GBpsPerNode() * 1e9) : 0;
    std::string w = "2·" + num(g - 1) + "/" + num(g) + " × " + num(bytes / 1e9) + " GB / " + num(nvlink) +
                    " GB/s";
    if (n > 1)
        w += " + 2·" + num(n - 1) + "/" + num(n) + " × " + num(bytes / 1e9) + " GB / " + num(net.GBpsPerNode()) +
             " GB/s";
    return {intra + inter, w};
}

// The step on one GPU, before communication. Three things bound it, each from what the
// plan says and the catalogue's figures:
//
//   compute   the executed matrix FLOPs at MFU × the dense bf16 peak (a calibration fits
//             MFU). Backward's products run slower than forward's (transposed operands,
//             flash attention's backward), so a forward FLOP costs kForwardCost and a
//             backward one kBackwardCost of the average (2·kForwardCost + 4·kBackwardCost
//             = 6: a step without recomputation costs FLOPs / (peak × MFU) as always; a
//             recomputed forward costs less than a third of a step). Matrices autocast
//             leaves in fp32 (a mixture's experts in transformers) run at the fp32 peak × MFU.
//   traffic   bytes moved by bandwidth-bound kernels (model::microStepTraffic: activations'
//             elementwise kernels, autocast's casts, experts' weights) and once per step
//             AdamW's: it reads the weights, gradients and both moments and writes the
//             weights and moments, (2·w + g + 2·o) bytes per parameter of the states'
//             (step_memory.h) on the GPU's shard, all at kBandwidthEfficiency of the
//             datasheet bandwidth (what PyTorch's fused AdamW and elementwise kernels reach:
//             2.5 of the H100's 3.35 TB/s).
//   host      the time eager PyTorch takes to issue a micro-step's operators
//             (model::hostTimePerMicroStep; none without an architecture).
//
// The host issues while the GPU runs what was issued before, so a micro-step takes the
// longer of the two where one dominates and more than either where they are close (the
// step alternates between host-bound and GPU-bound stretches): their 3-norm,
// (host³ + gpu³)^⅓. The optimizer's traffic follows the last micro-step's backward.
//
// A mixture's experts multiply few tokens each, through transformers' grouped_mm with its
// gathers and scatters: under autocast they run in fp32 (grouped_mm is outside autocast;
// PyTorch's fallback, one product per expert, model::expertLoops) at fp32ExpertEfficiency ×
// MFU of the fp32 peak, in 16 bits at kExpertMatrixEfficiency × MFU of the bf16 peak
// (bench/RESULTS.md: the 4-block Mixtral-like model, AMP on one H200 against FSDP2's bf16).
// The fp32 rate follows a product's size (an SIMT fp32 product fills the GPU's units better
// the larger it is): measured on the products alone (bench/moe_expert_loop.py, 1 × H200), 34 of
// the 67 TFLOP/s for products of 0.2–0.8 GFLOP (32 and 128 rows per expert of 2048 × 1536),
// once each product's fixed time (model::kExpertProductGpuS) and its weights' bytes are counted
// apart: 0.51 of the peak, 1.0 × the default MFU; the Mixtral-like model's products (12–95
// GFLOP, the tuning set's AMP steps) ran at 1.25 × MFU. Between the two, by the logarithm of
// the product's FLOPs.
constexpr double kBackwardSlowdown = 0.75;  // backward's rate against forward's
constexpr double kFp32MatrixEfficiencySmall = 1.0, kFp32SmallProductFlops = 1e9;
constexpr double kFp32MatrixEfficiencyLarge = 1.25, kFp32LargeProductFlops = 1e10;
double fp32ExpertEfficiency(double flopsPerProduct) {
    const double at = std::clamp(std::log(flopsPerProduct / kFp32SmallProductFlops) /
                                     std::log(kFp32LargeProductFlops / kFp32SmallProductFlops),
                                 0.0, 1.0);
    return kFp32MatrixEfficiencySmall + at * (kFp32MatrixEfficiencyLarge - kFp32MatrixEfficiencySmall);
}
// The host's issue and the GPU's work inside one expert loop (model::expertLoops) are joined by
// their 2-norm: measured, a loop whose two are equal takes 1.3–1.5× either (the products alone).
constexpr double kExpertLoopNorm = 2.0;
constexpr double kExpertMatrixEfficiency = 0.47;
constexpr double kForwardCost = 3.0 / (1.0 + 2.0 / kBackwardSlowdown);
constexpr double kBackwardCost = kForwardCost / kBackwardSlowdown;
// An output layer whose vocabulary is not a multiple of 8 runs on cuBLAS' pre-Hopper kernels
// (model::headOnSlowPath): 122 TFLOP/s over its three products on an H200, 0.12 of the bf16
// peak, 0.25 × the default MFU.
constexpr double kSlowPathMatrixEfficiency = 0.25;
constexpr double kBandwidthEfficiency = 0.75;
// AdamW on 16-bit moments converts each element to fp32 and back: it moves its bytes at
// 0.8 of the rate it reaches on fp32 states (2.0 against 2.5 TB/s on an H100).
constexpr double kHalfStatesEfficiency = 0.8;
constexpr double kHostGpuNorm = 3.0;

// What eager PyTorch's data parallelism does besides its collectives (the families transformers
// builds; our trainer's backend does its own reduction, and its measurements fit it as before):
//   DDP            copies each gradient into its bucket, divides it there by the world and
//                  copies it back after the all-reduce: 3 × (read + write) of the gradients on
//                  the compute stream, once per step; its reducer's hooks cost the host
//                  kDdpHostPerMatrix per weight matrix and micro-step (ddpMatrices()).
//   FSDP, ZeRO-3   each gather casts the GPU's shard to 16 bits into the gather's buffer and
//                  copies the gathered buffer out into the parameters ((4 + 2)/n + 2 + 2 bytes
//                  per parameter); each step's reduce-scatter casts the 16-bit gradients to the
//                  reduction's dtype (2 + 4 bytes) and accumulates the GPU's shard (3 × 4/n);
//                  the hooks around each sharded unit (every block, and the root with the
//                  embeddings and the output layer) cost the host kFsdpHostPerUnit per micro-step.
// Measured on 2 and 4 H200s (bench/step_truth.py) and put in the time of the host the
// per-block constants were measured on (training_cost.h): the 2-GPU machine's host issued the
// same single-GPU steps 1.3–1.5× slower (GPT-2: 36 against 24.6 ms), the 4-GPU machine's as
// fast. DDP's reducer works per parameter tensor (its hook marks it ready, a kernel copies it
// into its bucket and one back); what it costs the host follows the weight matrices: the
// fixture's rank-0 issue time, DDP less one GPU at the same shape, on the 4-GPU host is
// 0.09–0.21 ms per matrix for Llama (30 matrices at 4 blocks) and 0.10–0.12 for the
// Mixtral-like model (118, its experts' included), where one cost per block would be 0.7–1.6
// and 2.9–3.7 ms: the Mixtral-like model's median, inside Llama's range (bench/RESULTS.md).
constexpr double kDdpHostPerMatrix = 0.11e-3;
constexpr double kFsdpHostPerUnit = 2.7e-3;

struct DataParallelWork {
    double microBytes = 0;  // per micro-step
    double stepBytes = 0;   // once per step, after the last micro-step's backward
    double hostPerMicro = 0;
    int gathers = 0;        // parameter gathers per micro-step: 2 (full shard, ZeRO-3), 1 (shard_grad_op)
};

// The weight matrices DDP's reducer hooks, copies into buckets and back: each block's
// projections (a mixture's router and every expert's three), the embeddings and an untied head.
double ddpMatrices(const model::Architecture& a) {
    double blocks = 6.0 * double(a.layers);  // ViT: q, k, v, the attention's output, two MLP matrices
    if (a.family() == model::Family::Llama) {
        const double sparse = double(a.moeLayers());
        blocks = 4.0 * double(a.layers) + 3.0 * (double(a.layers) - sparse) +
                 sparse * (1 + 3.0 * double(a.experts) + (a.sharedFfn > 0 ? 3 : 0));
    } else if (a.family() == model::Family::Gpt2) {
        blocks = 4.0 * double(a.layers);  // c_attn, c_proj, c_fc, the MLP's c_proj
    }
    return blocks + (a.tiedEmbeddings ? 1 : 2);
}

bool eagerPyTorch(const model::Architecture& a) {
    return a.family() == model::Family::Llama || a.family() == model::Family::Gpt2 || a.family() == model::Family::Vit;
}

int gathersPerMicroStep(const Recipe& r) {
    if (r.zeroStage == 3 || r.fsdp == Recipe::Fsdp::FullShard || r.fsdp == Recipe::Fsdp::HybridShard) return 2;
    return r.fsdp == Recipe::Fsdp::ShardGradOp ? 1 : 0;
}

// The bytes a gradient is reduced in: fp32 under AMP's DDP, FSDP's reduce_dtype (fp32, as
// torchtitan sets it and bench/step_truth.py measures it), DeepSpeed's 16-bit communication.
double reduceBytes(const Recipe& r) { return r.fsdp != Recipe::Fsdp::None || r.zeroStage == 0 ? 4.0 : 2.0; }

DataParallelWork dataParallelWork(const Plan& plan, const Layout& layout, const model::Architecture& a, bool hasArch) {
    DataParallelWork w;
    const Recipe& r = plan.recipe;
    w.gathers = gathersPerMicroStep(r);
    if (layout.worldSize() == 1 || !hasArch || !eagerPyTorch(a)) return w;
    const double P = plan.model.params;
    const double n = r.fsdp == Recipe::Fsdp::HybridShard ? layout.gpusPerNode : layout.worldSize();
    if (w.gathers > 0) {
        w.microBytes = w.gathers * ((4.0 + 2.0) / n + 4.0) * P;
        w.stepBytes = (6.0 + 12.0 / n) * P;
        w.hostPerMicro = kFsdpHostPerUnit * double(a.layers + 1);
    } else if (r.zeroStage == 0 && r.fsdp == Recipe::Fsdp::None) {
        w.stepBytes = 6.0 * reduceBytes(r) * P;
        w.hostPerMicro = kDdpHostPerMatrix * ddpMatrices(a);
    }
    return w;
}

struct StepTime {
    Figure compute, memory, host;
    double onDevice = 0;  // the step without communication
    double optimizer = 0; // of memory
    // Of compute, memory and host: the expert loops' (model::expertLoops), which run alone.
    double synchronisedCompute = 0, synchronisedMemory = 0, synchronisedHost = 0;
    int layers = 1;       // collective phases per gather under ZeRO-3
    std::string worked;
};

StepTime stepTime(const Plan& plan, const Layout& layout, int accum, model::Numerics numerics, StateBytes bytes) {
    const Recipe& r = plan.recipe;
    const ModelSpec& m = plan.model;
    const GpuModel& gpu = *findGpu(plan.cluster.gpu);
    StepTime t;
    model::Architecture arch;
    const bool hasArch = planArchitecture(plan, arch);
    const model::Checkpointing ckpt = planCheckpointing(plan);
    const double samples = double(r.microBatch) * accum;

    // FLOPs per sample: the plan's own figure, the architecture's count, or 6·N per token.
    double flops = 0, forward = 0, fp32 = 0, experts16 = 0, slowHead = 0;
    if (m.flopsPerSample > 0 || !hasArch) {
        const double recompute = m.checkpointing == ActivationCheckpointing::Full ? 2.0 : 0.0;
        flops = m.flopsPerSample > 0 ? m.flopsPerSample : (6.0 + recompute) * m.params * m.tokensPerSample;
        forward = flops * (2.0 + recompute) / (6.0 + recompute);
    } else {
        const model::SampleFlops f = model::flopsPerSample(arch, model::countParameters(arch), m.tokensPerSample, ckpt);
        (numerics == model::Numerics::Mixed ? fp32 : experts16) = f.experts;
        const double expertsForward = f.flops > 0 ? f.experts * f.forward / f.flops : 0.0;
        flops = f.executed - f.experts;
        forward = f.executedForward - expertsForward;
        if (model::headOnSlowPath(arch)) {  // its forward is a third of it
            slowHead = f.head;
            flops -= f.head;
            forward -= f.head / 3;
        }
        t.layers = std::max(1, int(arch.layers));
    }
    const double weighted = kForwardCost * forward + kBackwardCost * (flops - forward);
    // The expert loops (model::expertLoops): their host issue and their GPU work (the experts'
    // FLOPs, their weights' bytes and each product's fixed time) run alone, between two
    // synchronisations; the host issues nothing else meanwhile. The fp32 experts' rate follows a
    // product's size.
    const model::ExpertLoops loops = hasArch ? model::expertLoops(arch, numerics, ckpt) : model::ExpertLoops{};
    const double fp32Efficiency = loops.products() > 0
                                      ? fp32ExpertEfficiency(fp32 * double(r.microBatch) / loops.products())
                                      : kFp32MatrixEfficiencyLarge;
    const double expertsCompute = (experts16 / (gpu.bf16Tflops * 1e12 * kExpertMatrixEfficiency) +
                                   fp32 / (gpu.fp32Tflops * 1e12 * fp32Efficiency)) *
                                  samples / r.mfu;
    const double compute = (weighted / (gpu.bf16Tflops * 1e12) +
                            slowHead / (gpu.bf16Tflops * 1e12 * kSlowPathMatrixEfficiency)) *
                               samples / r.mfu +
                           expertsCompute;
    std::string experts;
    if (fp32 > 0) experts = " (+ experts " + num(fp32) + " fp32 at " + num(gpu.fp32Tflops) + " TFLOP/s × " + num(fp32Efficiency) + ")";
    if (experts16 > 0) experts = " (+ experts " + num(experts16) + " at " + num(gpu.bf16Tflops) + " TFLOP/s × " + num(kExpertMatrixEfficiency) + ")";
    if (slowHead > 0)
        experts += " (+ output layer " + num(slowHead) + " at " + num(gpu.bf16Tflops) + " TFLOP/s × " +
                   num(kSlowPathMatrixEfficiency) + ", cuBLAS' unaligned path)";
    t.compute = figure(compute, "s",
                       Text(TD_TEXT("Formulas", "executed FLOPs per sample (forward × %1, backward × %2) × micro × "
                                                "accumulation / (peak × MFU)"),
                            {Text::value(num(kForwardCost)), Text::value(num(kBackwardCost))}),
                       num(weighted) + experts + " × " + num(r.microBatch) + " × " + num(accum) + " / (" +
                           num(gpu.bf16Tflops) + " TFLOP/s × " + num(r.mfu) + ")");

    // Traffic: per micro-step from the architecture, once per step AdamW's over its shard.
    const double bandwidth = gpu.memoryGBps * 1e9 * kBandwidthEfficiency;
    double microBytes = 0, expertsBytes = 0;
    if (hasArch) {
        const model::ParameterCount p = model::countParameters(arch);
        const model::ActivationMemory act = model::activationMemory(arch, p, m.tokensPerSample, r.microBatch, numerics,
                                                                    ckpt, m.flashAttention);
        const model::MicroStepTraffic traffic = model::microStepTraffic(arch, p, act, numerics, ckpt);
        microBytes = traffic.total();
        expertsBytes = traffic.experts;
    }
    const bool fsdp = r.fsdp != Recipe::Fsdp::None;
    const double shards = (fsdp || r.zeroStage >= 1)
                              ? (r.fsdp == Recipe::Fsdp::HybridShard ? layout.gpusPerNode : layout.worldSize())
                              : 1;
    const double optimizerBytes = m.params * (2 * bytes.weights + bytes.grads + 2 * bytes.optimizer) / shards;
    const DataParallelWork dp = dataParallelWork(plan, layout, arch, hasArch);
    microBytes += dp.microBytes;
    const double microTraffic = microBytes / bandwidth;
    // Once per step after the last backward: AdamW's traffic, DDP's bucket copies, FSDP's reduce-scatter copies.
    const double optimizer = optimizerBytes / (bandwidth * (bytes.optimizer < 8 ? kHalfStatesEfficiency : 1.0)) +
                             dp.stepBytes / bandwidth;
    const double loopFixed = accum * loops.gpuFixedSeconds();  // each expert product's fixed time on the GPU
    t.memory = figure(accum * microTraffic + optimizer + loopFixed, "s",
                      Text(TD_TEXT("Formulas", "(accumulation × elementwise bytes per micro-step + AdamW's (2·w + g + "
                                               "2·o) bytes per parameter / shards) / (bandwidth × %1)"),
                           {Text::value(num(kBandwidthEfficiency))}),
                      "(" + num(accum) + " × " + num(microBytes / 1e9) + " GB + " + num(optimizerBytes / 1e9) +
                          " GB" + (dp.stepBytes > 0 ? " + " + num(dp.stepBytes / 1e9) + " GB" : std::string()) +
                          ") / (" + num(gpu.memoryGBps) + " GB/s × " + num(kBandwidthEfficiency) + ")" +
                          (loopFixed > 0 ? " + " + num(accum * loops.products()) + " expert products × " +
                                               num(model::kExpertProductGpuS * 1e6) + " µs"
                                         : std::string()));

    // A calibration on host-bound points fits this host's pace against the reference host's.
    const double pace = r.hostPace > 0 ? r.hostPace : 1.0;
    const double loopHost = accum * loops.hostSeconds() * pace;

    const model::HostCost host = hasArch ? model::hostTimePerMicroStep(arch, numerics, ckpt) : model::HostCost{};
    const double hostPerMicro = (host.seconds + dp.hostPerMicro) * pace;
    t.host = figure(accum * hostPerMicro + loopHost, "s",
                    Text(TD_TEXT("Formulas", "accumulation × eager PyTorch's issue time per micro-step (fixed + "
                                             "blocks × per block × autocast × recomputation)")),
                    num(accum) + " × (" + (host.worked.empty() ? std::string("0") : host.worked) +
                        (dp.hostPerMicro > 0 ? " + " + num(dp.hostPerMicro * 1e3) + " ms" : std::string()) +
                        (loops.perBlock > 0 ? " + " + num(loops.loops()) + " expert loops × (" +
                                                  num(model::kExpertLoopHostS * 1e3) + " ms + " +
                                                  num(double(loops.experts)) + " × " +
                                                  num(model::kExpertProductHostS * 1e6) + " µs)"
                                            : std::string()) +
                        ")" + (pace != 1.0 ? " × " + num(pace) : std::string()));

    t.optimizer = optimizer;
    if (loops.perBlock > 0) {
        t.synchronisedCompute = expertsCompute;
        t.synchronisedMemory = accum * expertsBytes / bandwidth + loopFixed;
        t.synchronisedHost = loopHost;
    }
    t.onDevice = onDeviceStepS(compute, t.memory.value, optimizer, t.host.value, accum, t.synchronisedCompute,
                               t.synchronisedMemory, t.synchronisedHost);
    const double gpuPerMicro = compute / accum + microTraffic;
    if (loops.perBlock > 0) {
        const double loopGpu = (t.synchronisedCompute + t.synchronisedMemory) / accum;
        t.worked = num(accum) + " × ((" + num(hostPerMicro) + "³ + " + num(gpuPerMicro + loopFixed / accum - loopGpu) +
                   "³)^⅓ + (" + num(loopHost / accum) + "² + " + num(loopGpu) + "²)^½ (" + num(loops.loops()) +
                   " expert loops of " + num(double(loops.experts)) + " products)) + " + num(optimizer);
    } else {
        t.worked = num(accum) + " × (" + num(hostPerMicro) + "³ + " + num(gpuPerMicro) + "³)^⅓ + " + num(optimizer);
    }
    return t;
}

}  // namespace

double onDeviceStepS(double computeS, double memoryS, double optimizerS, double hostS, int gradAccum,
                     double synchronisedComputeS, double synchronisedMemoryS, double synchronisedHostS) {
    const double accum = std::max(1, gradAccum);
    const double loopGpu = (synchronisedComputeS + synchronisedMemoryS) / accum, loopHost = synchronisedHostS / accum;
    const double gpu = (computeS + memoryS - optimizerS) / accum - loopGpu;
    const double host = hostS / accum - loopHost;
    const double loops = std::pow(std::pow(loopHost, kExpertLoopNorm) + std::pow(loopGpu, kExpertLoopNorm),
                                  1.0 / kExpertLoopNorm);
    return accum * (std::pow(std::pow(host, kHostGpuNorm) + std::pow(gpu, kHostGpuNorm), 1.0 / kHostGpuNorm) + loops) +
           optimizerS;
}

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
    return estimateUncalibrated(plan, layout, planNumerics(plan), planStateBytes(plan));
}

// The batch and the schedule's figures of a layout: effective batch (the accumulation
// solved from a global batch), learning rate, warmup, steps per epoch, total steps.
// The split is the layout's own (batch_solve.h): r.microBatch is already its micro-batch.
static void addBatchFigures(const Recipe& r, const BatchSplit& split, Estimate& e) {
    e.microBatch = split.microBatch;
    e.gradAccum = split.gradAccum;
    const double batch = double(split.batch(e.worldSize));
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

}

Estimate estimateUncalibrated(const Plan& asPlanned, const Layout& layout, model::Numerics numerics, StateBytes stateBytes) {
    // Memory and time follow the layout's own micro-batch (batch_solve.h).
    const BatchSplit split = solveBatch(asPlanned.recipe, layout.worldSize());
    Plan plan = asPlanned;
    plan.recipe.microBatch = split.microBatch;
    plan.recipe.gradAccum = split.gradAccum;
    const Recipe& r = plan.recipe;
    const ModelSpec& m = plan.model;
    const GpuModel& gpu = *findGpu(plan.cluster.gpu);
    const NetworkModel& net = *findNetwork(plan.cluster.network);

    Estimate e;
    e.layout = layout;
    e.worldSize = layout.worldSize();
    addBatchFigures(r, split, e);
    const double batch = e.effectiveBatch.value;

    // Memory per GPU: the peak within a step (step_memory.h).
    const StepMemory sm = stepMemory(plan, layout, numerics, stateBytes);
    e.memory = {sm.peak.weightsGb, sm.peak.gradsGb, sm.peak.optimizerGb, sm.peak.activationsGb, sm.peak.logitsGb,
                sm.peak.overheadGb, weightsNote(plan)};
    e.memoryPerGpuGb = figure(sm.peak.total(), "GiB", sm.formula, sm.worked);
    e.gpuMemoryGb = gpu.memoryGb;

    const StepTime t = stepTime(plan, layout, e.gradAccum, numerics, stateBytes);
    e.computeTimeS = t.compute;
    e.memoryTimeS = t.memory;
    e.hostTimeS = t.host;
    e.optimizerTimeS = t.optimizer;
    e.synchronisedComputeS = t.synchronisedCompute;
    e.synchronisedMemoryS = t.synchronisedMemory;
    e.synchronisedHostS = t.synchronisedHost;
    const double compute = t.compute.value;
    // Communication. Plain data parallelism all-reduces fp32 gradients (DDP
    // under autocast keeps them fp32); ZeRO reduces in the training precision, FSDP
    // in its reduce_dtype (fp32, reduceBytes()).
    // ZeRO-1/2 move the same volume as an all-reduce (reduce-scatter + all-gather);
    // ZeRO-3 and FSDP's full shard also gather the parameters in 16 bits for forward and
    // backward of each micro-step, shard_grad_op for forward only (they stay gathered).
    // What the network model assumes is said in the formula, so a user sees it:
    // a ring inside the node on NVLink, then a ring across nodes in which each GPU
    // carries its 1/g share on 1/g of the node's NICs (NCCL's tree moves the same
    // 2× the bytes, so the bandwidth term is the same; its lower latency is in the
    // fitted per-collective latency).
    const int gathersPerMicro = gathersPerMicroStep(r);
    const bool gathers = gathersPerMicro > 0;
    const double gradBytes = m.params * (gathers ? reduceBytes(r) : r.zeroStage == 0 && r.fsdp == Recipe::Fsdp::None ? 4.0 : 2.0);
    const AllReduce grads = allReduce(gradBytes, layout, gpu, net);
    double comm = grads.seconds;
    Text commFormula(TD_TEXT("Formulas", "gradient all-reduce, ring on NVLink then ring across nodes, each GPU's 1/g "
                                         "share on 1/g of the node's NICs: 2(g−1)/g × bytes / NVLink + 2(n−1)/n × bytes "
                                         "/ node network"));
    std::string commWorked = grads.worked;
    int collectives = 1;  // the gradient all-reduce (bucketed, finishing with the backward)
    if (gathers) {
        const AllReduce gather = allReduce(m.params * 2.0, layout, gpu, net);
        // One all-gather (and one reduce-scatter) is half an all-reduce.
        comm = grads.seconds / 2 + e.gradAccum * gathersPerMicro * gather.seconds / 2;
        commFormula = gathersPerMicro == 2
                          ? Text(TD_TEXT("Formulas", "ZeRO-3: reduce-scatter of gradients + 2 parameter all-gathers per "
                                                     "micro-step (forward and backward), each half a ring all-reduce's "
                                                     "volume, same rings as the gradients"))
                          : Text(TD_TEXT("Formulas", "shard_grad_op: reduce-scatter of gradients + 1 parameter all-gather "
                                                     "per micro-step (kept from forward to backward), each half a ring "
                                                     "all-reduce's volume, same rings as the gradients"));
        commWorked = "(" + grads.worked + ") / 2 + " + num(e.gradAccum) + " × " + num(gathersPerMicro) + " × (" +
                     gather.worked + ") / 2";
        // One gather per block in forward (and again in backward), each a collective phase.
        collectives = 1 + gathersPerMicro * e.gradAccum * std::max(1, t.layers);
    }
    // What no backward hides (eager PyTorch's order of work): DDP's last bucket, which holds
    // the input embedding's gradient (the first parameter, reduced last), is all-reduced
    // after backward ends; FSDP gathers the root's parameters (embeddings, output layer)
    // before the first block can start and reduce-scatters their gradients after the last.
    double tail = 0;
    std::string tailWorked;
    model::Architecture arch;
    if (e.worldSize > 1 && planArchitecture(plan, arch) && eagerPyTorch(arch)) {
        const model::ParameterCount counts = model::countParameters(arch);
        if (gathers) {
            const double root = double(counts.total - counts.blocks);
            const AllReduce reduce = allReduce(root * reduceBytes(r), layout, gpu, net);
            const AllReduce gather = allReduce(root * 2.0, layout, gpu, net);
            tail = (reduce.seconds + gather.seconds) / 2;
            tailWorked = "(" + reduce.worked + ") / 2 + (" + gather.worked + ") / 2";
        } else {
            constexpr double kDdpBucketBytes = 25e6;  // DDP's bucket_cap_mb
            const AllReduce last = allReduce(std::max(kDdpBucketBytes, double(counts.embedding) * gradBytes / m.params),
                                             layout, gpu, net);
            tail = last.seconds;
            tailWorked = last.worked;
        }
        tail = std::min(tail, comm);
    }
    if (e.worldSize == 1) {
        comm = 0;
        collectives = 0;
    }
    e.commTimeS = figure(comm, "s", commFormula, commWorked);
    e.collectives = collectives;
    e.commTailS = figure(tail, "s",
                         Text(gathers ? TD_TEXT("Formulas", "the root's parameters gathered before the first block and "
                                                            "their gradients reduce-scattered after the last")
                                      : TD_TEXT("Formulas", "the last bucket (the input embedding's gradient) all-reduced "
                                                            "after backward")),
                         tailWorked.empty() ? std::string("0") : tailWorked);

    // Gradients are reduced in buckets while backward (≈ 2/3 of compute) of the
    // last micro-step still runs; ZeRO-3's gathers prefetch under the whole step.
    const double window = gathers ? compute : compute / e.gradAccum * 2.0 / 3.0;
    e.overlapWindowS = gathers
                           ? figure(window, "s", Text(TD_TEXT("Formulas", "compute (ZeRO-3 prefetches under the whole step)")), num(compute))
                           : figure(window, "s", Text(TD_TEXT("Formulas", "backward of the last micro-step: compute / accumulation × 2/3")),
                                    num(compute) + " / " + num(e.gradAccum) + " × 2/3");
    // The tail is exposed whole. Of the rest, what the window cannot hold is exposed; of
    // what it can, the share (1 − overlap) still shows (a collective slows the kernels it
    // runs beside); and every collective phase costs a fixed latency (launch, synchronisation).
    const CommunicationConstants k = communicationConstants(plan);
    const double rest = comm - tail;
    const double hideable = std::min(rest, window);
    const double exposed =
        tail + std::max(0.0, rest - window) + (1.0 - k.overlap) * hideable + k.latencyS * collectives;
    const std::string exposedWorked = "max(0, " + num(rest) + " − " + num(window) + ") + (1 − " + num(k.overlap) +
                                      ") × " + num(hideable) + " + " + num(k.latencyS) + " × " + num(collectives);
    e.exposedCommTimeS =
        tail > 0 ? figure(exposed, "s",
                          Text(TD_TEXT("Formulas", "tail + max(0, communication − tail − window) + (1 − overlap) × "
                                                   "min(communication − tail, window) + latency × collectives")),
                          num(tail) + " + " + exposedWorked)
                 : figure(exposed, "s",
                          Text(gathers ? TD_TEXT("Formulas", "max(0, communication − compute) + (1 − overlap) × "
                                                             "min(communication, window) + latency × collectives")
                                       : TD_TEXT("Formulas", "max(0, communication − backward window) + (1 − overlap) × "
                                                             "min(communication, window) + latency × collectives")),
                          exposedWorked);

    const double step = t.onDevice + exposed;
    e.stepTimeS = figure(step, "s",
                         t.synchronisedCompute + t.synchronisedMemory > 0
                             ? Text(TD_TEXT("Formulas", "accumulation × (((host issue)³ + (compute + elementwise traffic − "
                                                        "experts between synchronisations)³)^⅓ + experts between "
                                                        "synchronisations) per micro-step + optimizer traffic + exposed "
                                                        "communication"))
                             : Text(TD_TEXT("Formulas", "accumulation × ((host issue)³ + (compute + elementwise traffic)³)^⅓ "
                                                        "per micro-step + optimizer traffic + exposed communication")),
                         t.worked + " + " + num(exposed));
    e.stepsPerS = figure(1.0 / step, "steps/s", Text(TD_TEXT("Formulas", "1 / step time")), "1 / " + num(step));
    e.samplesPerS = figure(batch / step, "samples/s", Text(TD_TEXT("Formulas", "batch / step time")), num(batch) + " / " + num(step));
    // The time to finish is the timeline's (steps, evaluations, checkpoint writes), here
    // where the estimate is made: the table, the cost and the solver's alternatives all
    // read this one figure, and the drawn timeline and the findings the estimate's timeline.
    e.timeline = runTimeline(plan, e);
    const Figure finish = e.timeline.timeToFinishS;
    const double hours = finish.value / 3600;
    e.hoursToFinish = figure(hours, "h", finish.formula, finish.worked + " s / 3600");
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
