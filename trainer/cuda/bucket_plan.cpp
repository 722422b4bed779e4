#include "bucket_plan.h"

#include <stdexcept>
#include <string>

namespace traindeck::trainer::cuda {

std::vector<GradBucket> planBuckets(const std::vector<LayerRange>& layers, size_t capElements) {
    for (size_t i = 0; i < layers.size(); ++i) {
        if (layers[i].end < layers[i].begin || (i > 0 && layers[i].begin != layers[i - 1].end)) {
            throw std::invalid_argument("planBuckets: layer " + std::to_string(i) +
                                        " does not follow the previous one in the flat vector");
        }
    }
    std::vector<GradBucket> buckets;
    const int n = int(layers.size());
    int top = n - 1;  // highest layer of the bucket being filled
    for (int i = n - 1; i >= 0; --i) {
        const size_t filled = layers[top].end - layers[i].begin;
        if (filled >= capElements || i == 0) {
            buckets.push_back({layers[i].begin, filled, i, top});
            top = i - 1;
        }
    }
    return buckets;
}

std::vector<int> bucketReadyAfterLayer(const std::vector<GradBucket>& buckets, int layerCount) {
    std::vector<int> ready(size_t(layerCount), -1);
    for (size_t b = 0; b < buckets.size(); ++b) ready[size_t(buckets[b].firstLayer)] = int(b);
    return ready;
}

}  // namespace traindeck::trainer::cuda
