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
struct MicroStepTraffic {
    double activations = 0, casts = 0, activation = 0, experts = 0;
    double total() const { return activations + casts + activation + experts; }
};
inline constexpr double kActivationTraffic = 1.0;
MicroStepTraffic microStepTraffic(const Architecture&, const ParameterCount&, const ActivationMemory&, Numerics,
                                  Checkpointing);

// Where a mixture's expert products synchronise the host with the GPU. transformers 5 runs
// the experts through torch's grouped_mm (integrations/moe.py, the default `grouped_mm`
// experts implementation): on 16-bit weights a single CUTLASS kernel per product, with no
// synchronisation; on fp32 weights (AMP: autocast does not cover grouped_mm, so the input
// is cast to the weights' fp32) PyTorch's fallback, which copies the group offsets to the
// host (offs.cpu(): the host waits for every kernel queued before it) and issues one
// product per expert. So per block each product synchronises: forward 2 (gate_up, down),
// backward 4 (each product's input gradient and weight gradient), a recomputed forward 2.
// Between two synchronisations the host issues only that product's per-expert launches,
// so the GPU's expert time there is not overlapped by the host's other work: serially
// after the down product's forward (the host then issues the block's tail and the next
// block's attention and router while it runs: 1 of the forward's 2 products overlaps), in
// backward after each product but the gate_up product's weight gradient (3 of 4; the host
// then issues the block's router and attention backward), and in a recomputed forward
// both (the host has only the tail's few operators to issue before backward's next sync).
// The fixture measures it (tests/plan/fixtures/step_truth: the AMP steps' host issue time,
// waits included, is the step less the GPU's work after the last synchronisation; FSDP's
// bf16 steps issue in about 50 ms at every size).
struct ExpertSynchronisation {
    int perBlock = 0;            // synchronisations per block and micro-step, recomputation included
    double serialShare = 0;      // of the expert products' FLOPs (forward 2, recomputed 2, backward 4 per weight and token)
    double serialTrafficShare = 0;  // of their weights' traffic (the forward's read, the input gradient's read, the gradient's write)
};
ExpertSynchronisation expertSynchronisation(const Architecture&, Numerics, Checkpointing);

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
