#pragma once
// Fixed-order block reductions of doubles, shared by the loss and the gradient-norm
// kernels: a sum computed the same way every time, so reported losses and norms do
// not depend on scheduling.

#include <cuda_runtime.h>

namespace traindeck::trainer::cuda {

// Threads per block of the reduction kernels (the loss, the gradient norm). Shared
// constants live here, not in each .cu file's anonymous namespace: CMake >= 3.31
// compiles the .cu files as one translation unit, where two `kThreads` collide
// (tools/check_unity_names.py, run by ctest, catches the next one).
constexpr int kReduceThreads = 256;

// Sum over a block of `Threads` threads of one value each; valid in thread 0.
template <int Threads>
__device__ __forceinline__ double blockSum(double v) {
    __shared__ double warpSums[Threads / 32];
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffu, v, offset);
    if (threadIdx.x % 32 == 0) warpSums[threadIdx.x / 32] = v;
    __syncthreads();
    double total = 0.0;
    if (threadIdx.x == 0) {
        for (int w = 0; w < Threads / 32; ++w) total += warpSums[w];
    }
    return total;
}

// Sum of partials[0..count) by one block; valid in thread 0.
template <int Threads>
__device__ __forceinline__ double sumPartials(const double* partials, int count) {
    double acc = 0.0;
    for (int i = threadIdx.x; i < count; i += Threads) acc += partials[i];
    return blockSum<Threads>(acc);
}

}  // namespace traindeck::trainer::cuda
