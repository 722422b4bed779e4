#pragma once
// The `waves` data source of docs/trainer-workload.md: every pixel is a
// pure function of (seed, sample id), so any rank can make any sample and two
// implementations make the same clips. Computed in double, stored as float.

#include <cstdint>

namespace traindeck::trainer {

uint64_t splitmix64(uint64_t x);

// u(s, k) = (splitmix64(seed ^ splitmix64(s·64 + k)) >> 11) · 2^-53, in [0, 1).
double wavesUniform(uint64_t seed, uint64_t sample, uint64_t k);

// One clip as tokens: F·(H/P)·(W/P) tokens in the order (t, patch row, patch column),
// each 3·P·P values in the order (c, dy, dx). `out` holds F·3·H·W floats.
void makeWavesTokens(uint64_t seed, uint64_t sample, int frames, int height, int width, int patch,
                     float* out);

// The sample id that rank r takes for item i of micro-step a of optimizer step n:
// s = ((n·A + a)·R + r)·B + i.
inline uint64_t sampleId(uint64_t step, int accum, int microStep, int worldSize, int rank,
                         int microBatch, int item) {
    return ((step * uint64_t(accum) + uint64_t(microStep)) * uint64_t(worldSize) + uint64_t(rank)) *
               uint64_t(microBatch) +
           uint64_t(item);
}

// Held-out samples for eval start here, far beyond any training sample id.
constexpr uint64_t kEvalSampleBase = uint64_t(1) << 56;

// The held-out samples one rank evaluates: of the `total` (samples 0..total-1 after
// kEvalSampleBase), a contiguous run `first`..`first + count - 1`, the ranks' runs as
// even as whole samples allow, rank 0's first. `evalSamples` 0 means one micro-batch per
// rank (rank r: r·B .. r·B + B - 1).
struct EvalShare {
    uint64_t total = 0, first = 0, count = 0;
};
inline EvalShare evalShare(long evalSamples, int microBatch, int rank, int worldSize) {
    EvalShare s;
    s.total = evalSamples > 0 ? uint64_t(evalSamples) : uint64_t(worldSize) * uint64_t(microBatch);
    const uint64_t base = s.total / uint64_t(worldSize), extra = s.total % uint64_t(worldSize), r = uint64_t(rank);
    s.first = r * base + (r < extra ? r : extra);
    s.count = base + (r < extra ? 1 : 0);
    return s;
}

}  // namespace traindeck::trainer
