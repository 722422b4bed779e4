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
void wavesTokens(uint64_t seed, const uint64_t* firstSampleDev, int count, int frames, int height, int width,
                 double* waveParams, bf16* tokens, float* target, cudaStream_t stream);

// ---- activations.cu: GELU, bias gradients, casts ------------------------------------
// out = gelu(pre) (tanh form), n values (a multiple of 8): the unfused forward, after
// a product whose BIAS epilogue wrote pre = X·W + b.
void gelu(const bf16* pre, bf16* out, size_t n, cudaStream_t stream);
// out[j] = beta·out[j] + Σ_i x[i,j] over a rows × cols bf16 matrix (cols a multiple of
// 8), fp32 accumulation in a fixed order (deterministic). `partials` is scratch of
// columnSumPartials(rows)·cols floats.
int columnSumPartials(int rows);
void columnSums(const bf16* x, int rows, int cols, float* partials, float* out, float beta, cudaStream_t stream);
// The backward of bias+GELU in one pass: grad *= gelu'(pre) in place, and
// biasGrad[j] = beta·biasGrad[j] + Σ_i grad[i,j]. Replaces cuBLASLt's DGELU_BGRAD
// epilogue, which made the data-gradient product 1.6× slower on an H200.
void geluBackwardBias(bf16* grad, const bf16* pre, int rows, int cols, float* partials, float* biasGrad, float beta,
                      cudaStream_t stream);
// dst (cols × rows, bf16) = transpose of src (rows × cols, fp32): the weight shadow.
void transposeToBf16(const float* src, bf16* dst, int rows, int cols, cudaStream_t stream);
void toBf16(const float* src, bf16* dst, size_t n, cudaStream_t stream);
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
