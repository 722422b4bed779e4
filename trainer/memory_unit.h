#pragma once
// gpu_mem_gb's unit, GiB (2^30 bytes: docs/metrics-protocol.md), for every backend
// that reports memory: the CUDA backend's device memory in use, the CPU backend's
// peak resident memory. One conversion, so that no backend writes GB (1e9) again.

#include <cstdint>

namespace traindeck::trainer {

inline double gibFromBytes(double bytes) { return bytes / double(std::uint64_t(1) << 30); }

}  // namespace traindeck::trainer
