#pragma once
// Which gradients are all-reduced together. Backward produces gradients from the last
// layer to the first; each bucket is a contiguous range of the flat gradient vector,
// made of whole layers, closed as soon as it holds at least `capElements`, so that
// its all-reduce can start while backward goes on with earlier layers. Plain C++ (no
// CUDA) so that it is unit-tested on machines without a GPU.

#include <cstddef>
#include <vector>

namespace traindeck::trainer::cuda {

// One layer's gradients: [begin, end) in the flat vector (weight then bias).
struct LayerRange {
    size_t begin = 0, end = 0;
};

struct GradBucket {
    size_t offset = 0;  // first element in the flat vector
    size_t count = 0;   // elements
    int firstLayer = 0;  // lowest layer index in the bucket
    int lastLayer = 0;   // highest layer index; backward reaches it first
};

// `layers` in network order, each directly after the previous one in memory (throws
// std::invalid_argument otherwise). Returns buckets in the order backward fills them.
std::vector<GradBucket> planBuckets(const std::vector<LayerRange>& layers, size_t capElements);

// The bucket size, MiB of fp32 gradients. 16: bench-small's 18.5 MB of gradients go
// in 2 buckets (the first holds layers 1..7) instead of 5 at 4 MiB; bench-small's
// 1→2-GPU scaling was 80.7–87.8% with 16 MiB against 79.8–82.2% with 4
// (bench/RESULTS.md). bench-large's layers (64 MiB each) are one bucket each at either
// size.
constexpr double kDefaultBucketMb = 16.0;

// Elements of fp32 gradients in `mib` MiB (at least 1).
constexpr size_t bucketCapElements(double mib = kDefaultBucketMb) {
    const size_t n = size_t(mib * 1024 * 1024 / sizeof(float));
    return n > 0 ? n : 1;
}

// bucketOfLayer[i] = index of the bucket whose all-reduce may start once layer i's
// gradients are complete, or -1 where the bucket still waits for earlier layers.
std::vector<int> bucketReadyAfterLayer(const std::vector<GradBucket>& buckets, int layerCount);

}  // namespace traindeck::trainer::cuda
