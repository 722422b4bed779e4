// Global-norm clipping and the fused AdamW update. The hyperparameters (learning rate,
// step, averaging scale) are read from device memory, not passed by value, so that one
// captured graph serves every step: the host only rewrites a small pinned struct.
//
// The update is trainer/math/adamw.cpp's AdamW (decoupled decay, bias-corrected
// moments) on fp32 master weights. The bf16 shadow the products read is refreshed
// afterwards by transposeToBf16 (it is stored transposed, see cuda_backend.cpp).

#include "block_reduce.cuh"
#include "check.h"
#include "kernels.h"

namespace traindeck::trainer::cuda {

namespace {

constexpr int kAdamWBlocks = 1056;  // 8 per multiprocessor on a 132-SM Hopper (norm and update)

__global__ void sumSquaresKernel(const float* g, size_t n, double* partials) {
    double acc = 0.0;
    const size_t n4 = n / 4;
    const float4* g4 = reinterpret_cast<const float4*>(g);
    for (size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n4; i += size_t(gridDim.x) * blockDim.x) {
        const float4 v = g4[i];
        acc += double(v.x) * v.x + double(v.y) * v.y + double(v.z) * v.z + double(v.w) * v.w;
    }
    for (size_t i = n4 * 4 + size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += size_t(gridDim.x) * blockDim.x) {
        acc += double(g[i]) * g[i];
    }
    const double total = blockSum<kReduceThreads>(acc);
    if (threadIdx.x == 0) partials[blockIdx.x] = total;
}

// Same rule as trainer/math/adamw.cpp (clipFactor): min(1, clip/norm), and 1 for a
// non-finite norm (the loop reports that step as nonfinite).
__global__ void normFinishKernel(const double* partials, int count, const AdamWParams* hyper, double* normOut,
                                 float* coefOut) {
    const double sum = sumPartials<kReduceThreads>(partials, count);
    if (threadIdx.x == 0) {
        const double norm = sqrt(sum) * double(hyper->gradScale);
        *normOut = norm;
        const double clip = double(hyper->clip);
        *coefOut = (!isfinite(norm) || norm <= clip) ? 1.0f : float(clip / norm);
    }
}

// The update of trainer/math/adamw.cpp, operation for operation, so the two backends
// stay within rounding of each other: c1, c2 are the reciprocal bias corrections.
__device__ __forceinline__ void adamwOne(float& p, float g, float& m, float& v, bool decay, float lr, float b1,
                                         float b2, float eps, float decayRate, float c1, float c2) {
    m = b1 * m + (1.0f - b1) * g;
    v = b2 * v + (1.0f - b2) * g * g;
    const float update = (m * c1) / (sqrtf(v * c2) + eps);
    p -= lr * update + (decay ? decayRate * p : 0.0f);
}

__global__ void adamwKernel(float* params, const float* grads, float* m, float* v, const uint8_t* mask,
                            size_t n, const AdamWParams* hyper, const float* coef) {
    const AdamWParams h = *hyper;
    const float scale = h.gradScale * *coef;
    const float c1 = h.c1, c2 = h.c2, decayRate = h.lr * h.weightDecay;
    const size_t n4 = n / 4;
    for (size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n4; i += size_t(gridDim.x) * blockDim.x) {
        float4 p = reinterpret_cast<float4*>(params)[i];
        const float4 g = reinterpret_cast<const float4*>(grads)[i];
        float4 mm = reinterpret_cast<float4*>(m)[i];
        float4 vv = reinterpret_cast<float4*>(v)[i];
        const uchar4 d = reinterpret_cast<const uchar4*>(mask)[i];
        adamwOne(p.x, g.x * scale, mm.x, vv.x, d.x, h.lr, h.beta1, h.beta2, h.eps, decayRate, c1, c2);
        adamwOne(p.y, g.y * scale, mm.y, vv.y, d.y, h.lr, h.beta1, h.beta2, h.eps, decayRate, c1, c2);
        adamwOne(p.z, g.z * scale, mm.z, vv.z, d.z, h.lr, h.beta1, h.beta2, h.eps, decayRate, c1, c2);
        adamwOne(p.w, g.w * scale, mm.w, vv.w, d.w, h.lr, h.beta1, h.beta2, h.eps, decayRate, c1, c2);
        reinterpret_cast<float4*>(params)[i] = p;
        reinterpret_cast<float4*>(m)[i] = mm;
        reinterpret_cast<float4*>(v)[i] = vv;
    }
    for (size_t i = n4 * 4 + size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += size_t(gridDim.x) * blockDim.x) {
        adamwOne(params[i], grads[i] * scale, m[i], v[i], mask[i], h.lr, h.beta1, h.beta2, h.eps, decayRate, c1, c2);
    }
}

}  // namespace

int normPartials() { return kAdamWBlocks; }

void gradNorm(const float* grads, size_t n, const AdamWParams* hyper, double* partials, double* normOut,
              float* coefOut, cudaStream_t stream) {
    sumSquaresKernel<<<kAdamWBlocks, kReduceThreads, 0, stream>>>(grads, n, partials);
    TD_CUDA_LAUNCHED();
    normFinishKernel<<<1, kReduceThreads, 0, stream>>>(partials, kAdamWBlocks, hyper, normOut, coefOut);
    TD_CUDA_LAUNCHED();
}

void adamw(float* params, const float* grads, float* m, float* v, const uint8_t* decayMask, size_t n,
           const AdamWParams* hyper, const float* coef, cudaStream_t stream) {
    adamwKernel<<<kAdamWBlocks, kReduceThreads, 0, stream>>>(params, grads, m, v, decayMask, n, hyper, coef);
    TD_CUDA_LAUNCHED();
}

}  // namespace traindeck::trainer::cuda
