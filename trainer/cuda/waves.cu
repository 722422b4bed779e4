// The `waves` source of docs/trainer-workload.md, made on the GPU so that a
// step never waits for the host to draw data. The random draws u(s, k) are integer
// arithmetic and one exact multiply, so they are bit-identical to the CPU version;
// the pixel sums are done in double with explicit round-to-nearest intrinsics, because
// nvcc would otherwise contract a·b + c into an fma and round differently from the host.

#include "check.h"
#include "convert.cuh"
#include "kernels.h"

namespace traindeck::trainer::cuda {

namespace {

constexpr double kTwoPi = 6.283185307179586476925286766559;
constexpr int kPatch = 8;
constexpr int kParamsPerSample = 36;  // 3 channels × 3 waves × (kx, ky, kt, φ)

__device__ __forceinline__ uint64_t splitmix64(uint64_t x) {
    x += 0x9E3779B97F4A7C15ull;
    uint64_t z = x;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

__device__ __forceinline__ double uniform(uint64_t seed, uint64_t s, uint64_t k) {
    return double(splitmix64(seed ^ splitmix64(s * 64 + k)) >> 11) * 0x1.0p-53;
}

// One thread per (sample, channel, wave): kx, ky, kt, φ exactly as the contract writes
// them, 2π·(lo + span·u) evaluated as written.
__global__ void waveParamsKernel(uint64_t seed, const uint64_t* firstSample, int count, double* out) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= count * 9) return;
    const int sample = i / 9, cj = i % 9;
    const uint64_t s = *firstSample + uint64_t(sample);
    const uint64_t b = uint64_t(cj) * 4;
    double* p = out + size_t(sample) * kParamsPerSample + cj * 4;
    p[0] = __dmul_rn(kTwoPi, __dadd_rn(-4.0, __dmul_rn(8.0, uniform(seed, s, b))));
    p[1] = __dmul_rn(kTwoPi, __dadd_rn(-4.0, __dmul_rn(8.0, uniform(seed, s, b + 1))));
    p[2] = __dmul_rn(kTwoPi, __dadd_rn(-1.0, __dmul_rn(2.0, uniform(seed, s, b + 2))));
    p[3] = __dmul_rn(kTwoPi, uniform(seed, s, b + 3));
}

// One thread per token value, in token order (sample, t, py, px) × (c, dy, dx), so the
// writes are coalesced. pixel = 0.5 + (Σ_j sin(kx·x/W + ky·y/H + kt·t/F + φ))/6, in the
// same operation order as trainer/math/waves.cpp.
template <class T>
__global__ void wavesPixelKernel(const double* params, size_t total, int frames, int height, int width,
                                 T* tokens, float* target) {
    const size_t idx = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (idx >= total) return;
    const int within = int(idx % 192);
    const size_t token = idx / 192;
    const int c = within / 64, dy = (within / 8) % 8, dx = within % 8;
    const int pw = width / kPatch, ph = height / kPatch;
    const size_t perSample = size_t(frames) * ph * pw;
    const size_t sample = token / perSample;
    const int rem = int(token % perSample);
    const int t = rem / (ph * pw), py = (rem / pw) % ph, px = rem % pw;
    const double x = px * kPatch + dx, y = py * kPatch + dy;
    const double* p = params + sample * kParamsPerSample + c * 12;
    double sum = 0.0;
#pragma unroll
    for (int j = 0; j < 3; ++j) {
        const double* w = p + j * 4;
        double arg = __ddiv_rn(__dmul_rn(w[0], x), double(width));
        arg = __dadd_rn(arg, __ddiv_rn(__dmul_rn(w[1], y), double(height)));
        arg = __dadd_rn(arg, __ddiv_rn(__dmul_rn(w[2], double(t)), double(frames)));
        arg = __dadd_rn(arg, w[3]);
        sum = __dadd_rn(sum, sin(arg));
    }
    const float value = float(__dadd_rn(0.5, __ddiv_rn(sum, 6.0)));
    target[idx] = value;
    tokens[idx] = fromFloat<T>(value);
}

}  // namespace

void wavesTokens(uint64_t seed, const uint64_t* firstSampleDev, int count, int frames, int height, int width,
                 double* waveParams, bf16* tokens, float* target, cudaStream_t stream) {
    waveParamsKernel<<<(count * 9 + 127) / 128, 128, 0, stream>>>(seed, firstSampleDev, count, waveParams);
    TD_CUDA_LAUNCHED();
    const size_t total = size_t(count) * frames * height * width * 3;
    const unsigned blocks = unsigned((total + 255) / 256);
    wavesPixelKernel<bf16><<<blocks, 256, 0, stream>>>(waveParams, total, frames, height, width, tokens, target);
    TD_CUDA_LAUNCHED();
}

}  // namespace traindeck::trainer::cuda
