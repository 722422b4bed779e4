// Mean squared error between the reconstruction (bf16, the last product's output) and
// the clip (fp32), and its gradient, in one pass over the data. The sum of squares is
// accumulated in double and reduced in a fixed order, so the reported loss does not
// depend on scheduling.

#include "block_reduce.cuh"
#include "check.h"
#include "convert.cuh"
#include "kernels.h"

namespace traindeck::trainer::cuda {

namespace {

constexpr int kLossBlocks = 1024;

template <class T>
__global__ void mseKernel(const T* y, const float* target, size_t n, float gradScale, T* dy, double* partials) {
    double acc = 0.0;
    for (size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += size_t(gridDim.x) * blockDim.x) {
        const float diff = toFloat(y[i]) - target[i];
        acc += double(diff) * double(diff);
        dy[i] = fromFloat<T>(2.0f * gradScale * diff);
    }
    const double total = blockSum<kReduceThreads>(acc);
    if (threadIdx.x == 0) partials[blockIdx.x] = total;
}

__global__ void lossFinishKernel(const double* partials, int count, double* sums, const int* slot) {
    const double total = sumPartials<kReduceThreads>(partials, count);
    if (threadIdx.x == 0) sums[*slot] = total;
}

template <class T>
void mseLossT(const T* y, const float* target, size_t n, float gradScale, T* dy, double* partials, double* sums,
              const int* slot, cudaStream_t stream) {
    mseKernel<T><<<kLossBlocks, kReduceThreads, 0, stream>>>(y, target, n, gradScale, dy, partials);
    TD_CUDA_LAUNCHED();
    lossFinishKernel<<<1, kReduceThreads, 0, stream>>>(partials, kLossBlocks, sums, slot);
    TD_CUDA_LAUNCHED();
}

}  // namespace

int lossPartials() { return kLossBlocks; }

void mseLoss(const bf16* y, const float* target, size_t n, float gradScale, bf16* dy, double* partials,
             double* sums, const int* slot, cudaStream_t stream) {
    mseLossT(y, target, n, gradScale, dy, partials, sums, slot, stream);
}

}  // namespace traindeck::trainer::cuda
