#pragma once
// Element conversions of the kernels that run on bf16 activations, and 8-value vector
// loads/stores (16 bytes of bf16). The kernels are written for an element type T so
// that what a value keeps when stored (roundTo<T>) is spelled out where it happens.

#include <cuda_bf16.h>

namespace traindeck::trainer::cuda {

__device__ __forceinline__ float toFloat(__nv_bfloat16 x) { return __bfloat162float(x); }

template <class T>
__device__ __forceinline__ T fromFloat(float x);
template <>
__device__ __forceinline__ __nv_bfloat16 fromFloat<__nv_bfloat16>(float x) { return __float2bfloat16_rn(x); }

// x rounded to T and back: what storing it as T keeps.
template <class T>
__device__ __forceinline__ float roundTo(float x) { return toFloat(fromFloat<T>(x)); }

__device__ __forceinline__ void load8(const __nv_bfloat16* p, float (&v)[8]) {
    const uint4 raw = *reinterpret_cast<const uint4*>(p);
    const __nv_bfloat16* b = reinterpret_cast<const __nv_bfloat16*>(&raw);
#pragma unroll
    for (int k = 0; k < 8; ++k) v[k] = __bfloat162float(b[k]);
}
__device__ __forceinline__ void store8(__nv_bfloat16* p, const float (&v)[8]) {
    uint4 raw;
    __nv_bfloat16* b = reinterpret_cast<__nv_bfloat16*>(&raw);
#pragma unroll
    for (int k = 0; k < 8; ++k) b[k] = __float2bfloat16_rn(v[k]);
    *reinterpret_cast<uint4*>(p) = raw;
}

}  // namespace traindeck::trainer::cuda
