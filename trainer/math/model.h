#pragma once
// tae-mlp, the patch autoencoder of docs/trainer-workload.md, in plain
// C++ on fp32. These are pure functions over caller-owned memory so that the CPU
// backend, the tests (gradient check) and the CUDA backend's correctness check all
// run the same reference maths.
//
// Parameters live in one flat fp32 vector, tensor after tensor, in network order:
//   encoder: W0 b0, W1 b1, ..., W_L b_L    (192→D, D→D ×(L−1), D→16)
//   decoder: W0 b0, W1 b1, ..., W_L b_L    (16→D,  D→D ×(L−1), D→192)
// A weight is stored row-major as fan_in × fan_out (y = x·W + b), so that the
// forward and the weight gradient both stream along contiguous rows.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace traindeck::trainer {

struct ModelShape {
    int width = 128;   // D
    int layers = 2;    // L
    int patch = 8;     // P
    int latent = 16;   // code size per token
    int frames = 4, height = 64, widthPx = 64;  // F, H, W of a clip

    int tokenSize() const { return 3 * patch * patch; }  // 192
    int tokensPerSample() const { return frames * (height / patch) * (widthPx / patch); }
    size_t valuesPerSample() const { return size_t(tokensPerSample()) * size_t(tokenSize()); }
};

// "tiny" | "base" | "large" → D and L of the workload table; false when unknown.
bool applyPreset(const std::string& preset, ModelShape& shape);

// One Linear layer's place in the flat parameter vector.
struct LinearLayout {
    int fanIn = 0, fanOut = 0;
    size_t weight = 0;  // offset of W (fanIn × fanOut)
    size_t bias = 0;    // offset of b (fanOut)
    bool gelu = false;  // GELU follows this layer
};

struct ParamLayout {
    std::vector<LinearLayout> linears;  // encoder then decoder, 2(L+1) layers
    size_t count = 0;                   // total parameters
    size_t maxWidth = 0;                // widest activation (for workspaces)
};

ParamLayout paramLayout(const ModelShape& shape);

// Weights and biases as U(−1/√fan_in, 1/√fan_in): element j of the flat vector is
// (2·u − 1)/√fan_in with u = (splitmix64(splitmix64(seed ^ 0x7061726d73) ^ j) >> 11)·2^-53.
// A pure function of (seed, j), so every rank and every backend starts identical.
void initParameters(const ModelShape& shape, uint64_t seed, float* params);

// 1 for weight-matrix elements (AdamW decays them), 0 for biases.
std::vector<uint8_t> weightDecayMask(const ModelShape& shape);

// Activations of one forward pass, kept for the backward.
struct Activations {
    int tokens = 0;
    std::vector<std::vector<float>> pre;   // per layer: x·W + b   (tokens × fanOut)
    std::vector<std::vector<float>> post;  // per layer: its output (after GELU if any)
    void resize(const ParamLayout& layout, int tokens);
};

// tokens × 192 input → reconstruction (the last layer's output in acts.post.back()).
// Returns the sum over all elements of (reconstruction − input)² (double accumulation).
double forward(const ParamLayout& layout, const float* params, const float* input, int tokens,
               Activations& acts);

// Backward of loss = scale · Σ (reconstruction − input)², adding into grads
// (the same flat layout as params). scale = 1/elements gives the MSE gradient.
// `scratch` is reused between calls to avoid allocation.
void backward(const ParamLayout& layout, const float* params, const float* input,
              const Activations& acts, float scale, float* grads, std::vector<float>& scratch);

// tanh-approximation GELU and its derivative.
float gelu(float x);
float geluGrad(float x);

}  // namespace traindeck::trainer
