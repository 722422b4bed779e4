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
    Text formula;
    std::string worked;
};

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
    double kept() const { return layers * keptPerLayer + outside + weightCopies; }
    Text formula;                // per token per layer, in h, q, kv, I (and heads·s without flash attention)
    std::string worked;
};

ActivationMemory activationMemory(const Architecture&, const ParameterCount&, double tokens, double microBatch,
                                  Numerics, Checkpointing, bool flashAttention);

}  // namespace traindeck::model
