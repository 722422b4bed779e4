#pragma once
// What training an architecture costs per sample: FLOPs (forward, backward and
// any recomputation) and the activation memory autograd keeps, per layer and
// outside the layers, under the precision and checkpointing chosen.
//
// The activation counts are the tensors autograd saves in transformers' blocks
// (the analysis of Korthikanti et al. 2022, "Reducing Activation Recomputation in
// Large Transformer Models", §4, redone for each family's layers as transformers 5
// writes them: RMSNorm saving its fp32 input, SwiGLU, sdpa/flash attention saving
// only q, k, v, its output and the log-sum-exp), checked against
// torch.cuda.max_memory_allocated in bench/model_truth.py (tests/model holds them).

#include "model/architecture.h"
#include "model/parameters.h"
#include "text/text.h"

#include <string>

namespace traindeck::model {

enum class Checkpointing { None, Selective, Full };

// How the states and activations are held.
enum class Numerics {
    Mixed,   // fp32 weights under bf16/fp16 autocast (PyTorch AMP): 16-bit copies of the weights are saved
    Half,    // the model itself in 16 bits (DeepSpeed bf16/fp16, FSDP's param_dtype, pure bf16)
    Fp32,    // everything in fp32
};

struct SampleFlops {
    double flops = 0;        // executed per sample: forward + backward + recomputation
    double forward = 0;      // of which forwards: the first and any recomputed one
    double experts = 0;      // of which in a mixture's expert matrices (transformers runs them outside autocast)
    double head = 0;         // of which in the output layer's product and its two gradients (6 per weight per token)
    // What the kernels execute, for the step time: a causal language model's flash
    // attention skips the masked half of the score blocks (the count above, like
    // Megatron's and PaLM's MFU, does not discount it).
    double executed = 0, executedForward = 0;
    Text formula;
    std::string worked;
};

// Whether the output layer's product runs on cuBLAS' slow path: its Hopper kernels (TMA and
// wgmma) need every matrix's leading dimension 16-byte aligned, and a 16-bit logits matrix of a
// vocabulary that is not a multiple of 8 (GPT-2's 50257) is not, so cuBLAS falls back to
// Turing-era mma.sync kernels (cutlass_75_tensorop_bf16_s1688…): torch.profiler of GPT-2 at
// 8 × 1024 tokens on an H200 (torch 2.11) timed the logits and their two gradients at 95, 140 and
// 148 TFLOP/s, 15.5 of the step's 56 ms of kernels, where Llama's 128256-wide head ran at 660.
// This is why nanoGPT pads GPT-2's vocabulary to 50304.
bool headOnSlowPath(const Architecture&);

// `tokens`: the sequence (language models), 1 + patches (vit), F·H·W/64 (tae_mlp),
// F·H·W pixels (conv_video).
SampleFlops flopsPerSample(const Architecture&, const ParameterCount&, double tokens, Checkpointing);

// Activation memory of one micro-batch, bytes.
struct ActivationMemory {
    double perLayer = 0;         // one block's saved tensors without checkpointing
    double keptPerLayer = 0;     // what a block keeps under the chosen checkpointing
    double layers = 0;
    double outside = 0;          // final norm, the loss's fp32 log-probabilities
    double weightCopies = 0;     // Mixed: the 16-bit weight copies autograd keeps for backward
    double backwardSpike = 0;    // at the loss's backward: the logits' gradients
    double backwardTransient = 0;// one block in backward: its recomputation (full) and widest gradient
    double tokens = 0;           // in the micro-batch
    double micro = 0;            // samples in the micro-batch
    double perLayerFfn = 0;      // of perLayer, the MLP's I-wide tensors
    double kept() const { return layers * keptPerLayer + outside + weightCopies; }
    Text formula;                // per token per layer, in h, q, kv, I (and heads·s without flash attention)
    std::string worked;
};

ActivationMemory activationMemory(const Architecture&, const ParameterCount&, double tokens, double microBatch,
                                  Numerics, Checkpointing, bool flashAttention);

// Bytes one micro-step moves through device memory in kernels that are bound by bandwidth,
// not by FLOPs (the optimizer step is counted by the planner from the state bytes):
//   activations  each byte autograd saves is written by an elementwise kernel in forward
//                and read in backward; with its gradient, about once more each way
//                (kActivationTraffic × saved bytes; recomputation writes the blocks again:
//                ×1.5 under full checkpointing)
//   casts        Mixed: autocast's fp32 → 16-bit copy of each matrix weight per forward
//                (read 4, write 2 bytes; again when recomputed) and each gradient's 16-bit →
//                fp32 cast into .grad (read 2, write 4)
//   activation   GPT-2's gelu_new, which transformers composes of eight elementwise operators
//                (0.5·x·(1 + tanh(√(2/π)·(x + 0.044715·x³)))), each a kernel that reads and
//                writes the MLP's I-wide tensor; autocast runs pow in fp32, so under Mixed the
//                chain after it is fp32. Counted per I-element and token (kComposedGelu*):
//                forward (recomputed once more under full checkpointing) and backward, in place
//                of its saved tensors in `activations` (torch.profiler: the fused
//                gelu_pytorch_tanh took 12 of the 60 ms off GPT-2's step at 8 × 1024 tokens)
//   experts      a mixture's expert matrices see few tokens each, so their weights' traffic
//                is not hidden under FLOPs: every expert's weight read in forward, again for
//                the input gradient, and its gradient written (3 × 2 bytes; 3 × 4 under
//                Mixed, where transformers runs the experts in fp32)
//   logits       a language model's loss over its logits, op by op as transformers runs it, per
//                logit (tokens × vocabulary): forward the cast to fp32 (2 + 4) and log_softmax
//                (a max and a sum pass and its output: 4 + 4 + 4), backward nll_loss's zeroed
//                gradient (4), log_softmax's backward (the gradient twice, the output, its own:
//                16) and the cast back (4 + 2): kLossBytesPerLogit; Gemma 2's soft-capping
//                (logits / cap, tanh, × cap, each 2 + 2 on 16-bit logits) and their gradients
//                (4, 6, 4): kSoftcapBytesPerLogit (torch.profiler of the families' steps on an
//                H200: log_softmax and its backward 13.7 bytes per logit each, tanh 4, its backward 6)
//   embedding    the input embedding's gradient: embedding_dense_backward zero-fills a dense fp32
//                gradient of vocabulary × hidden (4 bytes per weight) before adding the tokens'
//                rows; tied to the output layer, it is then added to that layer's gradient (read 4
//                + 4, write 4): kEmbeddingGradBytes, kTiedEmbeddingGradBytes per weight and micro-step
//   scores       eager attention (Architecture::eagerAttention): per score (micro × heads × s²)
//                the ops transformers' eager_attention_forward runs on them, forward (the product's
//                16-bit output 2, × scaling 4, + the fp32 mask 6, cat with the sinks 8, the max 4,
//                the subtraction 8, softmax in fp32 8, the cast for the product with v 6, read 2:
//                kEagerScoreForwardBytes) and backward (kEagerScoreBackwardBytes: the same ops'
//                gradients, softmax's 12, the slice's zeroed fp32 gradient 12, the cast back 6, ...);
//                a recomputed forward again
struct MicroStepTraffic {
    double activations = 0, casts = 0, activation = 0, experts = 0, logits = 0, embedding = 0, scores = 0;
    double total() const { return activations + casts + activation + experts + logits + embedding + scores; }
};
inline constexpr double kLossBytesPerLogit = 44, kSoftcapBytesPerLogit = 26;
inline constexpr double kEmbeddingGradBytes = 4, kTiedEmbeddingGradBytes = 12;
inline constexpr double kEagerScoreForwardBytes = 48, kEagerScoreBackwardBytes = 60;
inline constexpr double kActivationTraffic = 1.0;
MicroStepTraffic microStepTraffic(const Architecture&, const ParameterCount&, const ActivationMemory&, Numerics,
                                  Checkpointing);

// A mixture's expert products as the installed transformers runs them. transformers 5 runs the
// experts through torch's grouped_mm (integrations/moe.py, the default `grouped_mm` experts
// implementation; bench/moe_expert_loop.py read it off the built models): on 16-bit weights one
// CUTLASS kernel per product, which reads the group offsets on the GPU; on fp32 weights (AMP:
// autocast does not cover grouped_mm, so the input is cast to the weights' fp32) PyTorch's
// fallback, a loop: offs.cpu() (the host waits for every kernel queued before it), then one mm per
// expert, empty or not. Per block such a loop runs for each product (gate_up, down): forward 2,
// backward 4 (each product's input gradient and weight gradient: autograd's grouped_mm backward
// is two more grouped_mm calls), a recomputed forward 2 more.
//
// A loop runs alone: the host issues nothing else until its last expert's product, and it starts
// with the GPU drained. Its time is that of the host issuing E products and of the GPU running
// them, joined by their 2-norm (they overlap less than the step's other work, whose 3-norm joins
// them, bench/RESULTS.md), measured on the products alone (bench/moe_expert_loop.py, 1 × H200,
// torch 2.11, 8–128 experts of 2048 × 1536, 1–128 rows each):
//   host  kExpertLoopHostS per loop (the offsets' copy, the output's allocation, autograd's node)
//         and kExpertProductHostS per expert (slice, select, mm_out's dispatch and launch), at the
//         pace of the host the per-block costs were measured on (hostTimePerMicroStep);
//   GPU   kExpertProductGpuS per expert (a small fp32 product's fixed time: its tile scheduling
//         and epilogue beside its FLOPs), the weights' bytes (microStepTraffic's experts) and the
//         products' FLOPs at the fp32 rate (estimate.cpp's fp32ExpertEfficiency).
inline constexpr double kExpertLoopHostS = 0.175e-3;
inline constexpr double kExpertProductHostS = 14.4e-6;
inline constexpr double kExpertProductGpuS = 5.3e-6;
struct ExpertLoops {
    int perBlock = 0;            // loops per mixture block and micro-step, recomputation included
    long long blocks = 0;        // the mixture's blocks (moeLayers)
    long long experts = 0;       // products per loop: every routed expert
    double loops() const { return double(perBlock) * double(blocks); }
    double products() const { return loops() * double(experts); }
    double hostSeconds() const { return loops() * kExpertLoopHostS + products() * kExpertProductHostS; }
    double gpuFixedSeconds() const { return products() * kExpertProductGpuS; }
};
ExpertLoops expertLoops(const Architecture&, Numerics, Checkpointing);

// What the host spends issuing one micro-step in eager PyTorch, as transformers writes the
// blocks: Python and the dispatcher cost per operator far more than a small kernel runs, so
// small steps go at the host's pace. Per step a fixed part (the loss, zero_grad, the fused
// optimizer's launches, autograd's start) and per block the forward's operators and
// autograd's backward nodes; autocast adds its casts, full checkpointing runs each block's
// forward again inside backward under checkpoint's hooks. Measured on the H100 host of
// bench/model_truth.py (a 16-core Xeon VM, torch 2.11): the calibration fits only the GPU's
// efficiency, so a much faster or slower host shows as error on host-bound points.
// Zero for our own trainer's families (compiled, no Python per operator).
struct HostCost {
    double seconds = 0;
    std::string worked;
};
HostCost hostTimePerMicroStep(const Architecture&, Numerics, Checkpointing);

}  // namespace traindeck::model
