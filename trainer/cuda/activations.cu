// Elementwise and reduction kernels around the matrix products: the tanh-form GELU
// (reference for the fused epilogue, and the fallback when no fused algorithm exists),
// deterministic column sums for bias gradients, and small casts and accumulations.

#include "check.h"
#include "kernels.h"

namespace traindeck::trainer::cuda {

namespace {

__device__ __forceinline__ float geluTanh(float x) {
    const float k = 0.7978845608028654f;  // √(2/π)
    return 0.5f * x * (1.0f + tanhf(k * (x + 0.044715f * x * x * x)));
}

__device__ __forceinline__ float geluTanhGrad(float x) {
    const float k = 0.7978845608028654f;
    const float inner = k * (x + 0.044715f * x * x * x);
    const float th = tanhf(inner);
    return 0.5f * (1.0f + th) + 0.5f * x * (1.0f - th * th) * k * (1.0f + 3.0f * 0.044715f * x * x);
}

__global__ void biasGeluKernel(bf16* pre, const bf16* bias, bf16* out, size_t total, int cols) {
    for (size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < total; i += size_t(gridDim.x) * blockDim.x) {
        const float x = __bfloat162float(pre[i]) + __bfloat162float(bias[i % cols]);
        const bf16 xr = __float2bfloat16_rn(x);
        pre[i] = xr;
        out[i] = __float2bfloat16_rn(geluTanh(__bfloat162float(xr)));
    }
}

__global__ void geluBackwardKernel(bf16* grad, const bf16* pre, size_t n) {
    for (size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += size_t(gridDim.x) * blockDim.x) {
        grad[i] = __float2bfloat16_rn(__bfloat162float(grad[i]) * geluTanhGrad(__bfloat162float(pre[i])));
    }
}

constexpr int kRowsPerPartial = 512;
constexpr int kColTile = 32;
constexpr int kRowThreads = 8;

// Block (32 columns × 8 row-threads) sums kRowsPerPartial rows of 32 columns.
__global__ void columnPartialsKernel(const bf16* x, int rows, int cols, float* partials) {
    __shared__ float sums[kRowThreads][kColTile + 1];
    const int col = blockIdx.x * kColTile + threadIdx.x;
    const int rowStart = blockIdx.y * kRowsPerPartial;
    const int rowEnd = min(rows, rowStart + kRowsPerPartial);
    float acc = 0.0f;
    if (col < cols) {
        for (int r = rowStart + threadIdx.y; r < rowEnd; r += kRowThreads) acc += __bfloat162float(x[size_t(r) * cols + col]);
    }
    sums[threadIdx.y][threadIdx.x] = acc;
    __syncthreads();
    if (threadIdx.y == 0 && col < cols) {
        float total = 0.0f;
        for (int k = 0; k < kRowThreads; ++k) total += sums[k][threadIdx.x];
        partials[size_t(blockIdx.y) * cols + col] = total;
    }
}

__global__ void columnFinishKernel(const float* partials, int numPartials, int cols, float* out, float beta) {
    const int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (col >= cols) return;
    float total = 0.0f;
    for (int p = 0; p < numPartials; ++p) total += partials[size_t(p) * cols + col];
    out[col] = beta == 0.0f ? total : beta * out[col] + total;
}

__global__ void accumulateKernel(float* dst, const void* src, bool srcIsBf16, size_t n, float beta) {
    for (size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += size_t(gridDim.x) * blockDim.x) {
        const float s = srcIsBf16 ? __bfloat162float(static_cast<const bf16*>(src)[i]) : static_cast<const float*>(src)[i];
        dst[i] = beta == 0.0f ? s : beta * dst[i] + s;
    }
}

__global__ void toBf16Kernel(const float* src, bf16* dst, size_t n) {
    for (size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += size_t(gridDim.x) * blockDim.x) {
        dst[i] = __float2bfloat16_rn(src[i]);
    }
}

__global__ void randomKernel(bf16* dst, size_t n, uint64_t seed, float scale) {
    for (size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += size_t(gridDim.x) * blockDim.x) {
        uint64_t z = seed + 0x9E3779B97F4A7C15ull * (i + 1);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        z ^= z >> 31;
        dst[i] = __float2bfloat16_rn(scale * (float(z >> 40) * 0x1.0p-23f * 2.0f - 1.0f));
    }
}

unsigned gridFor(size_t n, int threads) {
    const size_t blocks = (n + threads - 1) / threads;
    return unsigned(blocks < 65536 ? (blocks ? blocks : 1) : 65536);
}

}  // namespace

void biasGelu(bf16* pre, const bf16* bias, bf16* out, int rows, int cols, cudaStream_t stream) {
    const size_t total = size_t(rows) * cols;
    biasGeluKernel<<<gridFor(total, 256), 256, 0, stream>>>(pre, bias, out, total, cols);
    TD_CUDA_LAUNCHED();
}

void geluBackward(bf16* grad, const bf16* pre, size_t n, cudaStream_t stream) {
    geluBackwardKernel<<<gridFor(n, 256), 256, 0, stream>>>(grad, pre, n);
    TD_CUDA_LAUNCHED();
}

int columnSumPartials(int rows) { return (rows + kRowsPerPartial - 1) / kRowsPerPartial; }

void columnSums(const bf16* x, int rows, int cols, float* partials, float* out, float beta, cudaStream_t stream) {
    const dim3 grid((cols + kColTile - 1) / kColTile, columnSumPartials(rows));
    columnPartialsKernel<<<grid, dim3(kColTile, kRowThreads), 0, stream>>>(x, rows, cols, partials);
    TD_CUDA_LAUNCHED();
    columnFinishKernel<<<(cols + 127) / 128, 128, 0, stream>>>(partials, columnSumPartials(rows), cols, out, beta);
    TD_CUDA_LAUNCHED();
}

void accumulate(float* dst, const void* src, bool srcIsBf16, size_t n, float beta, cudaStream_t stream) {
    accumulateKernel<<<gridFor(n, 256), 256, 0, stream>>>(dst, src, srcIsBf16, n, beta);
    TD_CUDA_LAUNCHED();
}

void toBf16(const float* src, bf16* dst, size_t n, cudaStream_t stream) {
    toBf16Kernel<<<gridFor(n, 256), 256, 0, stream>>>(src, dst, n);
    TD_CUDA_LAUNCHED();
}

void randomBf16(bf16* dst, size_t n, uint64_t seed, float scale, cudaStream_t stream) {
    randomKernel<<<gridFor(n, 256), 256, 0, stream>>>(dst, n, seed, scale);
    TD_CUDA_LAUNCHED();
}

}  // namespace traindeck::trainer::cuda
