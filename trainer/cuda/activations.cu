// Elementwise and reduction kernels around the matrix products: the tanh-form GELU
// (the unfused forward, and the backward of every GELU), deterministic column sums for
// bias gradients, the transposed bf16 weight shadow, and small casts.

#include <algorithm>

#include "check.h"
#include "convert.cuh"
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

// 8 adjacent values per thread (16-byte accesses); n is a multiple of 8.
template <class T>
__global__ void geluKernel(const T* pre, T* out, size_t total) {
    const size_t vecs = total / 8;
    for (size_t v = size_t(blockIdx.x) * blockDim.x + threadIdx.x; v < vecs; v += size_t(gridDim.x) * blockDim.x) {
        float x[8];
        load8(pre + v * 8, x);
#pragma unroll
        for (int k = 0; k < 8; ++k) x[k] = geluTanh(x[k]);
        store8(out + v * 8, x);
    }
}

// Rows per partial sum: enough blocks to fill the GPU at the small benchmark's 8192
// rows (64 rows → 128 row blocks), few partials at the large one's 131072 (512 rows).
int rowsPerPartial(int rows) { return std::min(512, std::max(64, (rows / 256 + 7) / 8 * 8)); }
constexpr int kVec = 8;                     // bf16 values per 16-byte access
constexpr int kColTile = 32 * kVec;         // columns per block: a warp reads 512 contiguous bytes
constexpr int kRowThreads = 8;

// Block (32 × 8 threads) over rowsPer rows and kColTile columns; each thread
// owns 8 adjacent columns. With Gelu, it first turns grad into grad·gelu'(pre) in place.
template <bool Gelu, class T>
__global__ void columnPartialsKernel(T* x, const T* pre, int rows, int cols, int rowsPer, float* partials) {
    __shared__ float sums[kRowThreads][kColTile];
    const int col = blockIdx.x * kColTile + threadIdx.x * kVec;
    const int rowStart = blockIdx.y * rowsPer;
    const int rowEnd = min(rows, rowStart + rowsPer);
    float acc[kVec] = {};
    if (col < cols) {
        for (int r = rowStart + threadIdx.y; r < rowEnd; r += kRowThreads) {
            const size_t at = size_t(r) * cols + col;
            float v[kVec];
            load8(x + at, v);
            if constexpr (Gelu) {
                float p[kVec];
                load8(pre + at, p);
#pragma unroll
                for (int k = 0; k < kVec; ++k) v[k] = roundTo<T>(v[k] * geluTanhGrad(p[k]));
                store8(x + at, v);
            }
#pragma unroll
            for (int k = 0; k < kVec; ++k) acc[k] += v[k];
        }
    }
#pragma unroll
    for (int k = 0; k < kVec; ++k) sums[threadIdx.y][threadIdx.x * kVec + k] = acc[k];
    __syncthreads();
    // 256 threads, 256 columns: thread t finishes column t of the tile.
    const int t = threadIdx.y * 32 + threadIdx.x;
    const int c = blockIdx.x * kColTile + t;
    if (c < cols) {
        float total = 0.0f;
        for (int k = 0; k < kRowThreads; ++k) total += sums[k][t];
        partials[size_t(blockIdx.y) * cols + c] = total;
    }
}

template <class T>
__global__ void transposeKernel(const float* src, T* dst, int rows, int cols) {
    __shared__ float tile[32][33];
    const int c0 = blockIdx.x * 32, r0 = blockIdx.y * 32;
    for (int k = threadIdx.y; k < 32; k += 8) {
        const int r = r0 + k, c = c0 + threadIdx.x;
        if (r < rows && c < cols) tile[k][threadIdx.x] = src[size_t(r) * cols + c];
    }
    __syncthreads();
    for (int k = threadIdx.y; k < 32; k += 8) {
        const int c = c0 + k, r = r0 + threadIdx.x;  // dst row c, column r
        if (r < rows && c < cols) dst[size_t(c) * rows + r] = fromFloat<T>(tile[threadIdx.x][k]);
    }
}

__global__ void columnFinishKernel(const float* partials, int numPartials, int cols, float* out, float beta) {
    const int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (col >= cols) return;
    float total = 0.0f;
    for (int p = 0; p < numPartials; ++p) total += partials[size_t(p) * cols + col];
    out[col] = beta == 0.0f ? total : beta * out[col] + total;
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

int columnSumPartials(int rows);

namespace {

template <class T>
void columnSumsT(const T* x, int rows, int cols, float* partials, float* out, float beta, cudaStream_t stream) {
    const dim3 grid((cols + kColTile - 1) / kColTile, columnSumPartials(rows));
    // The kernel writes x only when it applies GELU'; here it only reads.
    columnPartialsKernel<false, T><<<grid, dim3(32, kRowThreads), 0, stream>>>(const_cast<T*>(x), nullptr, rows, cols,
                                                                               rowsPerPartial(rows), partials);
    TD_CUDA_LAUNCHED();
    columnFinishKernel<<<(cols + 127) / 128, 128, 0, stream>>>(partials, columnSumPartials(rows), cols, out, beta);
    TD_CUDA_LAUNCHED();
}

template <class T>
void geluBackwardBiasT(T* grad, const T* pre, int rows, int cols, float* partials, float* biasGrad, float beta,
                       cudaStream_t stream) {
    const dim3 grid((cols + kColTile - 1) / kColTile, columnSumPartials(rows));
    columnPartialsKernel<true, T><<<grid, dim3(32, kRowThreads), 0, stream>>>(grad, pre, rows, cols, rowsPerPartial(rows),
                                                                              partials);
    TD_CUDA_LAUNCHED();
    columnFinishKernel<<<(cols + 127) / 128, 128, 0, stream>>>(partials, columnSumPartials(rows), cols, biasGrad, beta);
    TD_CUDA_LAUNCHED();
}

template <class T>
void transposeT(const float* src, T* dst, int rows, int cols, cudaStream_t stream) {
    const dim3 grid((cols + 31) / 32, (rows + 31) / 32);
    transposeKernel<T><<<grid, dim3(32, 8), 0, stream>>>(src, dst, rows, cols);
    TD_CUDA_LAUNCHED();
}

}  // namespace

int columnSumPartials(int rows) { return (rows + rowsPerPartial(rows) - 1) / rowsPerPartial(rows); }

void gelu(const bf16* pre, bf16* out, size_t n, cudaStream_t stream) {
    geluKernel<bf16><<<gridFor(n / 8, 256), 256, 0, stream>>>(pre, out, n);
    TD_CUDA_LAUNCHED();
}
void columnSums(const bf16* x, int rows, int cols, float* partials, float* out, float beta, cudaStream_t stream) {
    columnSumsT(x, rows, cols, partials, out, beta, stream);
}
void geluBackwardBias(bf16* grad, const bf16* pre, int rows, int cols, float* partials, float* biasGrad, float beta,
                      cudaStream_t stream) {
    geluBackwardBiasT(grad, pre, rows, cols, partials, biasGrad, beta, stream);
}
void transposeToBf16(const float* src, bf16* dst, int rows, int cols, cudaStream_t stream) {
    transposeT(src, dst, rows, cols, stream);
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
