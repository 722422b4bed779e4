#include "plan/step_memory.h"

#include "model/parameters.h"
#include "text/number_text.h"

#include <algorithm>
#include <cstdio>

namespace traindeck {
namespace {

std::string threeDigits(double v) { return estimateText(v); }  // core's one rule for estimates (number_text.h)

// GiB (2^30 bytes): the unit the cards' capacities are given in and the trainers
// report gpu_mem_gb in (docs/metrics-protocol.md), so a plan and a run compare.
constexpr double kGb = double(1u << 30);

// What traindeck-trainer's GPU backend holds per token of a micro-batch (docs/trainer-workload.md's
// tae-mlp, trainer/cuda's buffers): the input patch in bf16 and its fp32 target (192 values
// each), every layer's bf16 output and, before a GELU, its bf16 input too, and two bf16
// gradient slabs as wide as the widest layer. Encoder 192→D→…→D→16 and decoder
// 16→D→…→D→192: 2L layers of width D under a GELU, and the 16 and 192 wide ends.
double taeMlpBytesPerToken(double width, double layers) {
    const double io = 192 * 2 + 192 * 4;
    const double outputs = 2 * (2 * layers * width + 16 + 192);
    const double geluInputs = 2 * (2 * layers * width);
    const double gradients = 2 * 2 * std::max(width, 192.0);
    return io + outputs + geluInputs + gradients;
}

}  // namespace

model::Numerics planNumerics(const Plan& p) {
    if (p.recipe.precision == Precision::Fp32) return model::Numerics::Fp32;
    if (p.recipe.zeroStage > 0 || p.recipe.fsdp != Recipe::Fsdp::None) return model::Numerics::Half;
    return model::Numerics::Mixed;
}

StateBytes planStateBytes(const Plan& p) {
    if (p.recipe.precision == Precision::Fp32) return {4, 4, 8};
    // FSDP with a 16-bit param_dtype keeps fp32 sharded weights, gradients and AdamW states.
    if (p.recipe.fsdp != Recipe::Fsdp::None) return {4, 4, 8};
    // DeepSpeed (ZeRO paper §3): 16-bit weights and gradients, fp32 master weights,
    // momentum and variance (K = 12). PyTorch AMP: fp32 weights and gradients, AdamW's
    // two fp32 moments; its 16-bit weight copies are counted with the activations.
    return p.recipe.zeroStage > 0 ? StateBytes{2, 2, 12} : StateBytes{4, 4, 8};
}

Text weightsNote(const Plan& p) {
    if (p.recipe.precision == Precision::Fp32)
        return Text(TD_TEXT("StepMemory", "fp32 weights: 4 bytes per parameter"));
    if (p.recipe.fsdp != Recipe::Fsdp::None)
        return Text(TD_TEXT("StepMemory", "fp32 weights, sharded (FSDP): 4 bytes per parameter before sharding; the "
                                          "16-bit copies are gathered a block at a time"));
    if (p.recipe.zeroStage > 0)
        return Text(TD_TEXT("StepMemory", "16-bit weights: 2 bytes per parameter. DeepSpeed keeps their fp32 master "
                                          "copy in the optimizer state (12 bytes per parameter with AdamW's two moments)"));
    return Text(TD_TEXT("StepMemory", "fp32 weights: 4 bytes per parameter. PyTorch AMP keeps the weights in fp32 "
                                      "and casts them per layer; from ZeRO 1 on, DeepSpeed keeps 16-bit weights and "
                                      "moves the fp32 copy into the optimizer state"));
}

model::Checkpointing planCheckpointing(const Plan& p) {
    switch (p.model.checkpointing) {
    case ActivationCheckpointing::Selective: return model::Checkpointing::Selective;
    case ActivationCheckpointing::Full: return model::Checkpointing::Full;
    case ActivationCheckpointing::None: break;
    }
    return model::Checkpointing::None;
}

bool planArchitecture(const Plan& p, model::Architecture& out) {
    if (p.model.architecture.empty()) return false;
    Text error;
    // A parameter count set other than through its field (code, an old file) that no
    // longer matches: the numbers win, as the field's setter would have decided.
    return model::parseArchitecture(p.model.architecture, out, error) &&
           double(model::countParameters(out).total) == p.model.params;
}

StepMemory stepMemory(const Plan& plan, const Layout& layout) {
    return stepMemory(plan, layout, planNumerics(plan), planStateBytes(plan));
}

StepMemory stepMemory(const Plan& plan, const Layout& layout, model::Numerics numerics, StateBytes bytes) {
    const Recipe& r = plan.recipe;
    const double n = layout.worldSize();
    // The ranks a state is sharded over: every rank, or (hybrid shard) the node's.
    const double shardRanks = r.fsdp == Recipe::Fsdp::HybridShard ? layout.gpusPerNode : n;
    const bool fsdp = r.fsdp != Recipe::Fsdp::None;
    const double wShare = (fsdp || r.zeroStage >= 3) ? shardRanks : 1;
    const double gShare = (fsdp || r.zeroStage >= 2) ? shardRanks : 1;
    const double oShare = (fsdp || r.zeroStage >= 1) ? shardRanks : 1;

    model::Architecture arch;
    const bool hasArch = planArchitecture(plan, arch);
    const model::ParameterCount counts = hasArch ? model::countParameters(arch) : model::ParameterCount{};
    const double P = hasArch ? double(counts.total) : plan.model.params;

    const double weights = bytes.weights * P / wShare;
    const double grads = bytes.grads * P / gShare;
    const double optimizer = r.offloadOptimizer ? 0 : bytes.optimizer * P / oShare;
    // Sharded weights are gathered a block at a time (with one prefetched), in 16 bits;
    // shard-grad-op keeps the whole 16-bit model gathered from forward to backward.
    double gathered = 0;
    if (r.zeroStage >= 3 || r.fsdp == Recipe::Fsdp::FullShard || r.fsdp == Recipe::Fsdp::HybridShard)
        gathered = 2.0 * std::max(2.0 * double(counts.perLayer), double(counts.largestTensor));
    if (r.fsdp == Recipe::Fsdp::ShardGradOp) gathered = 2.0 * P;

    double kept = 0, logits = 0, spike = 0, transient = 0;
    if (hasArch && arch.family() != model::Family::TaeMlp) {
        const model::ActivationMemory a = model::activationMemory(arch, counts, plan.model.tokensPerSample, r.microBatch,
                                                                  numerics, planCheckpointing(plan), plan.model.flashAttention);
        kept = a.layers * a.keptPerLayer + a.weightCopies + (arch.isLanguageModel() ? 0 : a.outside);
        logits = arch.isLanguageModel() ? a.outside : 0;
        spike = a.backwardSpike;
        transient = a.backwardTransient;
    } else if (hasArch) {  // the trainer's own model: its clip's tokens through its width and depth
        kept = taeMlpBytesPerToken(double(arch.hidden), double(arch.layers)) * plan.model.tokensPerSample * r.microBatch;
    } else {
        kept = plan.model.activationGbPerSample * r.microBatch * kGb;
    }
    // Earlier micro-steps' gradients live through the later ones' forward.
    const int accum = std::max(1, r.gradAccum);
    const double accumulated = accum > 1 || r.globalBatch > 0 ? grads : 0;

    const double start = weights + gathered + optimizer + accumulated + kept + logits + spike;
    // The loss's backward is done (logits freed); the last block runs its backward
    // (recomputed first under checkpointing) with every other block's activations kept.
    const double firstBlock = weights + gathered + optimizer + accumulated + kept + transient;
    // Full and hybrid shard reduce each unit's gradients in fp32 (the reduce dtype): the last
    // unit's backward, the root's (embeddings, head), ends with that unit's whole gradient in
    // fp32 beside every shard (measured: bench/step_truth.py's FSDP2 points at small activations).
    const bool resharding = r.fsdp == Recipe::Fsdp::FullShard || r.fsdp == Recipe::Fsdp::HybridShard;
    const double reducing =
        resharding && hasArch ? 4.0 * std::max(double(counts.total - arch.layers * counts.perLayer), double(counts.perLayer)) : 0;
    const double end = weights + gathered + optimizer + grads + transient + reducing;
    const double step = weights + optimizer + grads;
    StepMemory m;
    StepMemoryParts& p = m.peak;
    p.weightsGb = (weights + gathered) / kGb;
    p.optimizerGb = optimizer / kGb;
    p.overheadGb = r.memoryOverheadGb;
    if (start >= firstBlock && start >= end && start >= step) {
        m.phase = TD_TEXT("Formulas", "at the start of backward");
        p.gradsGb = accumulated / kGb;
        p.activationsGb = kept / kGb;
        p.logitsGb = (logits + spike) / kGb;
    } else if (firstBlock >= end && firstBlock >= step) {
        m.phase = TD_TEXT("Formulas", "in the last block's backward");
        p.gradsGb = accumulated / kGb;
        p.activationsGb = (kept + transient) / kGb;
    } else if (end >= step) {
        m.phase = TD_TEXT("Formulas", "at the end of backward");
        p.gradsGb = (grads + reducing) / kGb;
        p.activationsGb = transient / kGb;
    } else {
        m.phase = TD_TEXT("Formulas", "at the optimizer step");
        p.weightsGb = weights / kGb;
        p.gradsGb = grads / kGb;
    }
    m.formula = Text(TD_TEXT("Formulas", "peak of the step (%1): weights + gradients + optimizer + activations + "
                                         "logits + overhead, the larger of backward's start (all activations, no "
                                         "gradients yet) and its end (all gradients, no activations)"),
                     {Text(m.phase)});
    m.worked = threeDigits(p.weightsGb) + " + " + threeDigits(p.gradsGb) + " + " + threeDigits(p.optimizerGb) + " + " + threeDigits(p.activationsGb) +
               " + " + threeDigits(p.logitsGb) + " + " + threeDigits(p.overheadGb);
    return m;
}

}  // namespace traindeck
