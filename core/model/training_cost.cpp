#include "model/training_cost.h"
#include "text/number_text.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace traindeck::model {
namespace {

std::string num(double v) { return significant(v, 4); }

// Bytes each family's block saves per token, as c_h·h + c_q·q + c_kv·kv + c_I·I
// (+ per routed token for experts). Counted from the saved tensors (see the header):
//   llama-like, Mixed: two RMSNorms keep their fp32 input and normalised output
//     (4h + 4h each) and autocast's bf16 copies of it for each projection that reads
//     it (3 × 2h before q/k/v, 2 × 2h before gate/up); attention keeps q, k, v in
//     16 bits, its output and the output's contiguous copy (2q + 2kv + 2kv + 2q + 2q);
//     SwiGLU keeps gate, silu(gate), up and their product (4 × 2I).
//   llama-like, Half: the norms keep an fp32 copy of the input and the 16-bit
//     normalised and scaled outputs (4h + 2h + 2h each); the rest as above.
//   experts (measured: transformers 5 routes each token through its top-k experts,
//     keeping per routed token 16I + 6h in Mixed and 8I + 4h in Half).
//   gpt2: LayerNorm, c_attn, flash attention with dropout (its masks are regenerated),
//     resid dropout masks (1 byte), and gelu_new composed of pow/tanh/mul whose
//     intermediates autograd keeps (fp32 under autocast: pow is an fp32 op).
//   vit: LayerNorm (fp32 under autocast), q/k/v, attention, GELU (2I in, 2I out).
struct Coefficients { double h, q, kv, ffn, routedH, routedFfn; };

Coefficients coefficients(Family f, Numerics n) {
    const bool mixed = n == Numerics::Mixed;
    switch (f) {
    case Family::Gpt2: return mixed ? Coefficients{28, 0, 0, 16, 0, 0} : Coefficients{24, 0, 0, 10, 0, 0};
    case Family::Vit: return mixed ? Coefficients{26, 0, 0, 4, 0, 0} : Coefficients{18, 0, 0, 4, 0, 0};
    case Family::Llama: return mixed ? Coefficients{26, 6, 4, 8, 6, 16} : Coefficients{16, 6, 4, 8, 4, 8};
    case Family::TaeMlp:
    case Family::ConvVideo: break;
    }
    return {0, 0, 0, 0, 0, 0};
}

}  // namespace

SampleFlops flopsPerSample(const Architecture& a, const ParameterCount& p, double tokens, Checkpointing ckpt) {
    SampleFlops f;
    const double recompute = ckpt == Checkpointing::Full ? 1.0 : 0.0;  // one more forward
    if (a.family() == Family::TaeMlp) {
        f.flops = (6 + 2 * recompute) * double(p.total) * tokens;
        f.forward = f.executedForward = (2 + 2 * recompute) * double(p.total) * tokens;
        f.executed = f.flops;
        f.formula = Text(TD_TEXT("Formulas", "6 × parameters × tokens (+ 2 × parameters × tokens recomputed)"));
        f.worked = num(6 + 2 * recompute) + " × " + num(double(p.total)) + " × " + num(tokens);
        return f;
    }
    if (a.family() == Family::ConvVideo) {
        double perPixel = 0;  // multiply-adds per frame pixel, each conv at its resolution
        for (const Conv& c : a.convs) perPixel += double(c.in * c.out * c.kernel * c.kernel) / double(c.scale * c.scale);
        f.flops = (6 + 2 * recompute) * perPixel * tokens;
        f.forward = f.executedForward = (2 + 2 * recompute) * perPixel * tokens;
        f.executed = f.flops;
        f.formula = Text(TD_TEXT("Formulas", "6 × Σ conv (in × out × k² / scale²) × pixels (forward and backward)"));
        f.worked = num(6 + 2 * recompute) + " × " + num(perPixel) + " × " + num(tokens);
        return f;
    }
    // Matrix products: 2 FLOPs per weight per token forward, 4 backward; attention's
    // scores and weighted sum 4·s·(heads·head_dim) per token per layer forward (no
    // discount for the causal mask, as Megatron and PaLM count), 8 backward. Full
    // checkpointing runs the blocks' forward again (not the output layer, which
    // transformers does not checkpoint); selective, only attention's core.
    const double s = tokens;
    const double blocks = double(a.layers) * double(p.blockMatmul);
    const double head = double(p.head);
    f.head = 6 * head * s;
    // Attention's two products over the keys a query sees: all s in a full layer, the window in a
    // sliding one (counted; the kernels transformers runs mask the rest rather than skip it, so the
    // executed count below keeps s).
    const double windowed = double(a.windowedLayers()), span = a.window > 0 ? std::min(s, double(a.window)) : s;
    const double attention = ((double(a.layers) - windowed) * s + windowed * span) * s * double(a.attentionDim());
    const double attentionExecuted = double(a.layers) * s * s * double(a.attentionDim());
    const double selective = ckpt == Checkpointing::Selective ? 1.0 : 0.0;
    f.forward = (2 + 2 * recompute) * blocks * s + 2 * head * s + (4 + 4 * recompute + 4 * selective) * attention;
    f.flops = f.forward + 4 * (blocks + head) * s + 8 * attention;
    const double skipped = a.isLanguageModel() && !a.eagerAttention() ? 0.5 : 0.0;  // eager attention multiplies every key
    const double extra = attentionExecuted - attention;  // the window's masked keys, run all the same
    f.executedForward = f.forward + (4 + 4 * recompute + 4 * selective) * (extra - skipped * attentionExecuted);
    f.executed = f.flops + (12 + 4 * recompute + 4 * selective) * (extra - skipped * attentionExecuted);
    if (a.experts > 0)
        f.experts = (6 + 2 * recompute) * double(a.layers) * double(p.blockMatmul - p.blockCopied) * s;
    f.formula = Text(TD_TEXT("Formulas", "(6 + 2·recomputed) × block matrix weights × s + 6 × output layer × s + "
                                         "(12 + 4·recomputed) × layers × s² × heads·head_dim (forward 2 per weight per "
                                         "token and 4·s·d per token for attention; backward twice that)"));
    f.worked = std::string("(") + num(6 + 2 * recompute) + ") × " + num(blocks) + " × " + num(s) + " + 6 × " + num(head) + " × " +
               num(s) + " + " + num(12 + 4 * recompute + 4 * selective) + " × " + num(double(a.layers)) + " × " +
               num(s) + "² × " + num(double(a.attentionDim()));
    return f;
}

ActivationMemory activationMemory(const Architecture& a, const ParameterCount& p, double tokens, double micro,
                                  Numerics n, Checkpointing ckpt, bool flash) {
    ActivationMemory m;
    m.layers = double(a.layers);
    const double T = tokens * micro;  // tokens in the micro-batch
    if (a.family() == Family::TaeMlp || a.family() == Family::ConvVideo) {
        // Each linear or conv keeps its 16-bit input and its activation's input.
        double perToken = 0;
        if (a.family() == Family::TaeMlp) perToken = 2.0 * (2 * 192 + 4 * double(a.hidden) * double(a.layers) + 2 * 16);
        else
            for (const Conv& c : a.convs) perToken += 2.0 * double(c.in + c.out) / double(c.scale * c.scale);
        if (n == Numerics::Fp32) perToken *= 2;
        m.layers = 1;
        m.perLayer = m.keptPerLayer = perToken * T;
        m.formula = Text(TD_TEXT("Formulas", "each layer's 16-bit input and activation input, per token"));
        m.worked = num(perToken) + " B × " + num(T);
        return m;
    }
    const Coefficients c = coefficients(a.family(), n == Numerics::Fp32 ? Numerics::Half : n);
    const double scale = n == Numerics::Fp32 ? 2.0 : 1.0;
    const double h = double(a.hidden), q = double(a.qDim()), kv = double(a.kvDim()), I = double(a.ffn);
    const double k = a.experts > 0 ? double(a.expertsPerToken) : 0;
    // Averaged over the blocks: a mixture's dense blocks keep the MLP's tensors, its sparse ones
    // the routed tokens' and the shared experts' (an MLP of shared_ffn). Norms beyond the two
    // each keep about 8·h (an fp32 input and the normalised output); q/k norms likewise on q and kv.
    const double sparse = a.layers > 0 ? double(a.moeLayers()) / double(a.layers) : 0.0;
    const double Ie = double(a.expertFfn > 0 ? a.expertFfn : a.ffn);
    const double mlpPart = (1 - sparse) * c.ffn * I +
                           sparse * (k * (c.routedH * h + c.routedFfn * Ie) + c.ffn * double(a.sharedFfn));
    const double extraNorms = 8.0 * double(std::max(0LL, a.norms - 2)) * h +
                              (a.qkNorm == QkNorm::None ? 0.0 : 8.0 * (q + double(a.kvHeads * a.headDim)));
    double perToken = scale * (c.h * h + c.q * q + c.kv * kv + extraNorms + mlpPart);
    // Without flash attention the scores are kept: softmax output (2), dropout mask (1)
    // and output (2) bytes per head per pair of tokens (Korthikanti et al. eq. 2: 5·a·s²·b);
    // selective checkpointing recomputes exactly them. Attention with sinks runs eagerly
    // whatever the plan says of flash attention (Architecture::eagerAttention), and a block
    // recomputed under full checkpointing holds its scores again while its backward runs.
    const double scoresPerToken = !flash || a.eagerAttention() ? 5.0 * double(a.heads) * tokens : 0.0;
    const double scores = ckpt == Checkpointing::None ? scoresPerToken : 0.0;
    m.perLayer = (perToken + scores) * T;
    m.tokens = T;
    m.micro = micro;
    m.perLayerFfn = a.experts > 0 ? 0.0 : scale * c.ffn * I * T;
    const double input = (n == Numerics::Half ? 2.0 : 4.0) * h;  // a checkpointed block keeps its input
    m.keptPerLayer = ckpt == Checkpointing::Full ? input * T : m.perLayer;
    if (a.isLanguageModel()) {
        // transformers' loss upcasts the logits to fp32 and keeps the log-probabilities
        // (4·V per token); the final norm keeps its input and output. At the start of
        // backward the logits' fp32 gradient and its 16-bit copy appear (8·V, measured).
        // Gemma 2's soft-capping keeps the capped logits' fp32 tanh for backward (4·V more).
        const double V = double(a.vocab);
        m.outside = ((a.logitSoftcap ? 8 : 4) * V + (n == Numerics::Mixed ? 10 : 8) * h) * T;
        m.backwardSpike = 8 * V * T;
    } else {
        m.outside = 6 * h * T;
    }
    if (n == Numerics::Mixed)
        m.weightCopies = 2.0 * ((ckpt == Checkpointing::Full ? 0.0 : m.layers * double(p.blockCopied)) + double(p.head));
    const double widest = std::max(I, h) * T * (n == Numerics::Half ? 2.0 : 4.0);
    // Backward through those scores' softmax holds more of their size beside the saved ones: in
    // 16 bits the gradient it reads and the one it writes, 2 bytes each per score (9 in all). With
    // sinks the scores are fp32 (the sinks' fp32 parameter promotes the logits they are
    // concatenated with), and four of them are live at the peak of a block's backward: the
    // logits, their shifted copy, the probabilities and the gradient, 16 bytes a score (gpt-oss
    // at 4096 × 2 and 2048 × 1 under full checkpointing, bench/memory_at_peak.py).
    const double heldInBackward = a.eagerAttention() ? 16.0 : 9.0;
    const double scoreBackward = scoresPerToken > 0 ? (heldInBackward - 5.0) * double(a.heads) * tokens : 0.0;
    m.backwardTransient =
        (ckpt == Checkpointing::Full ? m.perLayer + scoresPerToken * T : 0.0) + scoreBackward * T + widest;
    m.formula = Text(a.experts > 0 ? TD_TEXT("Formulas", "per token per layer %1·h + %2·q + %3·kv + top_k × (%4·h + %5·I) "
                                                         "bytes (saved tensors, Korthikanti et al. 2022 for this block)")
                                   : TD_TEXT("Formulas", "per token per layer %1·h + %2·q + %3·kv + %6·I bytes (saved "
                                                         "tensors, Korthikanti et al. 2022 for this block)"),
                     {Text::value(num(scale * c.h)), Text::value(num(scale * c.q)), Text::value(num(scale * c.kv)),
                      Text::value(num(scale * c.routedH)), Text::value(num(scale * c.routedFfn)), Text::value(num(scale * c.ffn))});
    m.worked = num(perToken + scores) + " B × " + num(T) + " tokens × " + num(m.layers) + " layers";
    return m;
}

bool headOnSlowPath(const Architecture& a) { return a.isLanguageModel() && a.vocab % 8 != 0; }

// gelu_new's bytes per I-wide element and token, counted from its kernels as autograd runs them.
// Mixed, forward: x cast to fp32 for pow (2 + 4), pow, × 0.044715, x + (2 + 4 + 4), × √(2/π),
// tanh, 1 + (4 + 4 each), 0.5·x (2 + 2), the product (2 + 4 + 4), its cast for c_proj (4 + 2): 76.
// Backward: the gradient's cast (6), the product's two gradients (4 + 4 + 4, cast back 6; 2 + 4 +
// 4), tanh's (12), the two scalings (8 each), the add's cast (6), pow's (x² 8, × 3 8, × gradient
// 12), its cast (6), 0.5·x's (4), three gradients of x summed (2 × 6): 118.
// Half (FSDP's bf16 parameters, no autocast): the same kernels on 2-byte tensors, no casts: 36 + 56.
constexpr double kComposedGeluForward[] = {76, 36}, kComposedGeluBackward[] = {118, 56};

MicroStepTraffic microStepTraffic(const Architecture& a, const ParameterCount& p, const ActivationMemory& m,
                                  Numerics n, Checkpointing ckpt) {
    MicroStepTraffic t;
    const bool full = ckpt == Checkpointing::Full;
    const bool composedGelu = a.family() == Family::Gpt2;
    const double saved = m.perLayer - (composedGelu ? m.perLayerFfn : 0.0);
    // The logits' fp32 copies are the loss's, counted op by op below.
    const double logitsKept = a.isLanguageModel() ? (a.logitSoftcap ? 8.0 : 4.0) * double(a.vocab) * m.tokens : 0.0;
    t.activations = kActivationTraffic * (m.layers * saved * (full ? 1.5 : 1.0) + m.outside - logitsKept);
    if (a.isLanguageModel()) {
        t.logits = double(a.vocab) * m.tokens * (kLossBytesPerLogit + (a.logitSoftcap ? kSoftcapBytesPerLogit : 0.0));
        t.embedding = double(a.vocab) * double(a.hidden) *
                      (kEmbeddingGradBytes + (a.tiedEmbeddings ? kTiedEmbeddingGradBytes : 0.0));
    }
    if (a.eagerAttention() && m.tokens > 0) {
        const double s = m.tokens / std::max(1.0, m.micro), scores = m.micro * double(a.heads) * s * s * m.layers;
        t.scores = scores * ((full ? 2.0 : 1.0) * kEagerScoreForwardBytes + kEagerScoreBackwardBytes);
    }
    if (composedGelu) {
        const int half = n == Numerics::Mixed ? 0 : 1;
        t.activation = m.layers * double(a.ffn) * m.tokens *
                       ((full ? 2.0 : 1.0) * kComposedGeluForward[half] + kComposedGeluBackward[half]) *
                       (n == Numerics::Fp32 ? 2.0 : 1.0);
    }
    if (n == Numerics::Mixed) {
        const double copied = double(a.layers) * double(p.blockCopied) * (full ? 2.0 : 1.0) + double(p.head);
        t.casts = 6.0 * copied + 6.0 * double(p.total);
    }
    if (a.experts > 0 && p.blockMatmul > p.blockCopied) {
        const double all = double(a.layers) * double(p.blockMatmul - p.blockCopied) * double(a.experts) /
                           double(std::max(1LL, a.expertsPerToken));
        t.experts = 3.0 * (n == Numerics::Half ? 2.0 : 4.0) * all;
    }
    return t;
}

ExpertLoops expertLoops(const Architecture& a, Numerics n, Checkpointing ckpt) {
    // Only transformers' families run the experts in eager PyTorch; on 16-bit weights grouped_mm
    // is one kernel that reads its offsets on the GPU.
    if (a.experts == 0 || a.family() != Family::Llama || n == Numerics::Half) return {};
    ExpertLoops l;
    l.perBlock = 6 + (ckpt == Checkpointing::Full ? 2 : 0);
    l.blocks = a.moeLayers();
    l.experts = a.experts;
    return l;
}

HostCost hostTimePerMicroStep(const Architecture& a, Numerics n, Checkpointing ckpt) {
    // Seconds per block on that host: its forward's operators with autograd's backward
    // nodes, and, under full checkpointing, its forward again inside backward under
    // checkpoint's pack/unpack hooks.
    double block = 0, recomputed = 0;
    switch (a.family()) {
    case Family::Llama: block = 2.0e-3, recomputed = 2.0e-3; break;  // RMSNorm in several ops, rotary, GQA, SwiGLU
    // Conv1D, gelu_new composed of 8 ops, three dropouts: checkpoint also saves and
    // restores the RNG state for each block's dropout masks.
    case Family::Gpt2: block = 1.4e-3, recomputed = 1.95e-3; break;
    case Family::Vit: block = 1.5e-3, recomputed = 1.25e-3; break;  // no dropout, fused qkv-less attention
    case Family::TaeMlp:
    case Family::ConvVideo: return {};
    }
    // A mixture's block saves many more tensors for backward than a dense one (the router's
    // probabilities and choices, the sort that groups tokens by expert and its inverse, the
    // gathered states, each grouped product's inputs), and under full checkpointing each goes
    // through checkpoint's pack hook in forward and is stored again in the recomputation: the
    // fixture's host issue times (FSDP2's bf16 steps, whose host never waits for the GPU) are
    // the dense Llama's without checkpointing and 1.6 ms per block more with it (tuning set,
    // 4 blocks, full_shard and shard_grad_op: +9.6 and +3.2 ms on the 4-GPU machine's host;
    // +11.8 and +7.7 on the 2-GPU machine's, about 1.4× slower).
    constexpr double kExpertsRecomputed = 1.6e-3;
    if (a.experts > 0) recomputed += kExpertsRecomputed;
    constexpr double kFixed = 5.6e-3;  // per step: loss, zero_grad, autograd's start, the optimizer's launches
    const bool mixed = n == Numerics::Mixed;
    // Autocast: a cast per matrix weight, cached for the forward; a recomputed forward
    // casts again (the cache does not outlive the forward) under checkpoint's autocast state.
    const double autocast = mixed ? 1.12 : 1.0, autocastRecomputed = mixed ? 1.21 : 1.0;
    const double again = ckpt == Checkpointing::Full ? recomputed * autocastRecomputed : 0.0;
    HostCost h;
    h.seconds = kFixed + double(a.layers) * (block * autocast + again);
    h.worked = num(kFixed * 1e3) + " ms + " + num(double(a.layers)) + " × (" + num(block * 1e3) + " ms × " +
               num(autocast) + " + " + num(again * 1e3) + " ms)";
    return h;
}

}  // namespace traindeck::model
