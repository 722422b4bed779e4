// Mean squared error between the reconstruction (bf16, the last product's output) and
// the clip (fp32), and its gradient, in one pass over the data. The sum of squares is
// accumulated in double and reduced in a fixed order, so the reported loss does not
// depend on scheduling.

#include "check.h"
#include "kernels.h"

namespace traindeck::trainer::cuda {

namespace {

constexpr int kThreads = 256;
constexpr int kBlocks = 1024;

__global__ void mseKernel(const bf16* y, const float* target, size_t n, float gradScale, bf16* dy, double* partials) {
    __shared__ double warpSums[kThreads / 32];
    double acc = 0.0;
    for (size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += size_t(gridDim.x) * blockDim.x) {
        const float diff = __bfloat162float(y[i]) - target[i];
        acc += double(diff) * double(diff);
        dy[i] = __float2bfloat16_rn(2.0f * gradScale * diff);
    }
    for (int offset = 16; offset > 0; offset /= 2) acc += __shfl_down_sync(0xffffffffu, acc, offset);
    if (threadIdx.x % 32 == 0) warpSums[threadIdx.x / 32] = acc;
    __syncthreads();
    if (threadIdx.x == 0) {
        double total = 0.0;
        for (int w = 0; w < kThreads / 32; ++w) total += warpSums[w];
        partials[blockIdx.x] = total;
    }
}

__global__ void finishKernel(const double* partials, int count, double* sums, const int* slot) {
    __shared__ double acc2[kThreads];
    double acc = 0.0;
    for (int i = threadIdx.x; i < count; i += blockDim.x) acc += partials[i];
    acc2[threadIdx.x] = acc;
    __syncthreads();
    for (int stride = kThreads / 2; stride > 0; stride /= 2) {
        if (threadIdx.x < stride) acc2[threadIdx.x] += acc2[threadIdx.x + stride];
        __syncthreads();
    }
    if (threadIdx.x == 0) sums[*slot] = acc2[0];
}

}  // namespace

int lossPartials() { return kBlocks; }

void mseLoss(const bf16* y, const float* target, size_t n, float gradScale, bf16* dy, double* partials,
             double* sums, const int* slot, cudaStream_t stream) {
    mseKernel<<<kBlocks, kThreads, 0, stream>>>(y, target, n, gradScale, dy, partials);
    TD_CUDA_LAUNCHED();
    finishKernel<<<1, kThreads, 0, stream>>>(partials, kBlocks, sums, slot);
    TD_CUDA_LAUNCHED();
}

}  // namespace traindeck::trainer::cuda
