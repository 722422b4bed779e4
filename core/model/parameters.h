#pragma once
// The parameter count of an architecture, exactly as `sum(p.numel())` of the
// model transformers builds from the same config (tests/model checks the
// integers against the counts bench/model_truth.py records), and the parts the
// FLOPs and memory follow from.

#include "model/architecture.h"

namespace traindeck::model {

struct ParameterCount {
    long long total = 0;        // trainable parameters, shared (tied) tensors once
    long long active = 0;       // used per token: total less the experts a token skips
    long long perLayer = 0;     // one block (all its experts; a mixture's sparse block where its blocks differ)
    long long blocks = 0;       // all blocks together
    long long embedding = 0;    // lookup tables (tokens, positions): no matrix product
    long long head = 0;         // the output layer's matrix (lm_head or classifier), tied or not
    long long blockMatmul = 0;  // matrix weights of a block a token multiplies with (active experts only), averaged over the blocks
    long long blockCopied = 0;  // matrix weights of a block autocast copies to 16 bits (routed experts excluded), likewise
    long long largestTensor = 0;// DeepSpeed's "largest layer": the biggest single module
};

ParameterCount countParameters(const Architecture&);

}  // namespace traindeck::model
