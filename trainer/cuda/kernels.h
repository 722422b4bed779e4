#pragma once
// Host-side launchers of the CUDA backend's own kernels (everything that is not a
// matrix product). Each launcher checks its launch and runs on the given stream; none
// synchronizes, so all of them can be captured into a CUDA graph.
//
// Layouts: activations are row-major tokens × features (a token is one 8×8×3 patch,
// features (c, dy, dx)); parameters, gradients and AdamW moments are fp32 in the flat
// order of trainer/math/model.h; the GEMMs read a bf16 shadow of the parameters in
// which each weight is stored transposed (fanOut × fanIn, PyTorch's layout), because
// cuBLASLt's Hopper kernels run the forward (TN) and data-gradient (NN) products
// faster with that layout (measured: bench/RESULTS.md).

#include <cstddef>
#include <cstdint>

#include <cuda_bf16.h>
#include <cuda_runtime.h>

namespace traindeck::trainer::cuda {

using bf16 = __nv_bfloat16;

// ---- waves.cu: the `waves` data source, generated on the GPU -----------------------
// Samples firstSample .. firstSample+count-1 of seed `seed`, patchified to tokens.
// firstSample is read from device memory at run time so that a captured graph can be
// replayed for every step. `waveParams` is scratch of count·36 doubles. Writes the bf16
// tokens the first layer reads and the fp32 values the loss compares against.
// Token t's 192 values start at tokens + t·tokenStride (192: packed; 200 leaves the
// TRAINDECK_CUDA_BIAS_COLUMN's ones column after each token).
void wavesTokens(uint64_t seed, const uint64_t* firstSampleDev, int count, int frames, int height, int width,
                 double* waveParams, bf16* tokens, float* target, cudaStream_t stream, int tokenStride = 192);
// The same with fp32 tokens (the TRAINDECK_CUDA_FP32 reference run). Each kernel below
// that takes activations has such an fp32 twin.
void wavesTokens(uint64_t seed, const uint64_t* firstSampleDev, int count, int frames, int height, int width,
                 double* waveParams, float* tokens, float* target, cudaStream_t stream, int tokenStride = 192);

// ---- activations.cu: GELU, bias gradients, casts ------------------------------------
// tanh-form GELU, the reference the cuBLASLt epilogue is checked against (and the
// unfused path when cuBLASLt offers no fused algorithm).
// out = gelu(pre), n values (a multiple of 8): the unfused forward, after a product
// whose BIAS epilogue wrote pre = X·W + b.
void gelu(const bf16* pre, bf16* out, size_t n, cudaStream_t stream);
void gelu(const float* pre, float* out, size_t n, cudaStream_t stream);
// pre[i,j] += bias[j]; out = gelu(pre). rows × cols, row-major. The unfused forward before
// the BIAS epilogue (TRAINDECK_CUDA_BIAS_IN_PASS=1: the product's output rounded, then
// the bias added and rounded again).
void biasGelu(bf16* pre, const bf16* bias, bf16* out, int rows, int cols, cudaStream_t stream);
void biasGelu(float* pre, const float* bias, float* out, int rows, int cols, cudaStream_t stream);
// out[j] = beta·out[j] + Σ_i x[i,j] over a rows × cols bf16 matrix (cols a multiple of
// 8), fp32 accumulation in a fixed order (deterministic). `partials` is scratch of
// columnSumPartials(rows)·cols floats.
int columnSumPartials(int rows);
void columnSums(const bf16* x, int rows, int cols, float* partials, float* out, float beta, cudaStream_t stream);
void columnSums(const float* x, int rows, int cols, float* partials, float* out, float beta, cudaStream_t stream);
// The backward of bias+GELU in one pass: grad *= gelu'(pre) in place, and
// biasGrad[j] = beta·biasGrad[j] + Σ_i grad[i,j]. Replaces cuBLASLt's DGELU_BGRAD
// epilogue, which made the data-gradient product 1.6× slower on an H200.
void geluBackwardBias(bf16* grad, const bf16* pre, int rows, int cols, float* partials, float* biasGrad, float beta,
                      cudaStream_t stream);
void geluBackwardBias(float* grad, const float* pre, int rows, int cols, float* partials, float* biasGrad, float beta,
                      cudaStream_t stream);
// dst (cols × rows, bf16) = transpose of src (rows × cols, fp32): the weight shadow.
void transposeToBf16(const float* src, bf16* dst, int rows, int cols, cudaStream_t stream);
// The fp32 shadow of the TRAINDECK_CUDA_FP32 run: the same transpose, no rounding.
void transposeToFloat(const float* src, float* dst, int rows, int cols, cudaStream_t stream);
void toBf16(const float* src, bf16* dst, size_t n, cudaStream_t stream);
// dst[i] = beta·dst[i] + src[i] (bf16 → fp32): a bf16-rounded weight gradient added to the
// fp32 gradient (TRAINDECK_CUDA_BF16_WGRAD, PyTorch's autocast behaviour).
void accumulateBf16(const bf16* src, float* dst, size_t n, float beta, cudaStream_t stream);
// x[i] = bf16(x[i]) in place (TRAINDECK_CUDA_BF16_BGRAD: bias gradients as autocast makes them).
void roundToBf16(float* x, size_t n, cudaStream_t stream);
// For each of `rows` rows of `ld` values: x[r·ld + width] = 1, x[r·ld + width+1 .. ld−1] = 0
// (the ones column that makes a weight-gradient product yield the bias gradient too).
void setOnesColumn(bf16* x, size_t rows, int ld, int width, cudaStream_t stream);
// dst[i] = scale·(2u − 1), u uniform from (seed, i): test and benchmark operands
// (timing on zeros would flatter the matrix units).
void randomBf16(bf16* dst, size_t n, uint64_t seed, float scale, cudaStream_t stream);

// ---- loss.cu: mean squared error and its gradient -----------------------------------
// sums[*slot] = Σ (y − t)² (double); dy = gradScale·2·(y − t) in bf16. The slot (the
// micro-step's index) is read from device memory so that one captured graph serves
// every micro-step. `partials` is scratch of lossPartials() doubles.
int lossPartials();
void mseLoss(const bf16* y, const float* target, size_t n, float gradScale, bf16* dy, double* partials,
             double* sums, const int* slot, cudaStream_t stream);
void mseLoss(const float* y, const float* target, size_t n, float gradScale, float* dy, double* partials,
             double* sums, const int* slot, cudaStream_t stream);

// ---- adamw.cu: global-norm clipping and the fused AdamW update ----------------------
struct AdamWParams {
    float lr = 0, beta1 = 0.9f, beta2 = 0.95f, eps = 1e-8f, weightDecay = 0.01f;
    float gradScale = 1;  // 1/(ranks·micro-steps): turns summed gradients into the average
    float clip = 1;       // global-norm limit
    float c1 = 1, c2 = 1; // 1/(1−β1^t), 1/(1−β2^t) for step t (from 1), computed in double on the host
};
// Writes the global norm of gradScale·grads to *normOut and min(1, clip/(norm+1e-6))
// to *coefOut. `partials` is scratch of normPartials() doubles.
int normPartials();
void gradNorm(const float* grads, size_t n, const AdamWParams* hyper, double* partials, double* normOut,
              float* coefOut, cudaStream_t stream);
// One AdamW step over all parameters (decoupled weight decay where decayMask is 1),
// with the clipped, averaged gradient; zeroes nothing (the next step's first
// micro-step overwrites the gradients).
void adamw(float* params, const float* grads, float* m, float* v, const uint8_t* decayMask, size_t n,
           const AdamWParams* hyper, const float* coef, cudaStream_t stream);

}  // namespace traindeck::trainer::cuda
