// Unit test of the gradient bucket plan (no GPU needed).
#include <cstdio>
#include <stdexcept>
#include <vector>

#include "bucket_plan.h"

using namespace traindeck::trainer::cuda;

namespace {

int failures = 0;
void expect(bool ok, const char* what) {
    if (!ok) {
        std::fprintf(stderr, "FAIL: %s\n", what);
        ++failures;
    }
}

std::vector<LayerRange> contiguous(const std::vector<size_t>& sizes) {
    std::vector<LayerRange> out;
    size_t at = 0;
    for (size_t s : sizes) out.push_back({at, at += s});
    return out;
}

// Every element is in exactly one bucket, buckets go from the end of the vector to
// its start (the order backward produces them), and each holds whole layers.
void expectCovers(const std::vector<GradBucket>& buckets, const std::vector<LayerRange>& layers) {
    size_t end = layers.back().end;
    int nextTop = int(layers.size()) - 1;
    for (const auto& b : buckets) {
        expect(b.offset + b.count == end, "buckets are contiguous, last layer first");
        expect(b.lastLayer == nextTop, "a bucket starts at the layer after the previous bucket");
        expect(b.offset == layers[size_t(b.firstLayer)].begin, "a bucket starts at a layer boundary");
        end = b.offset;
        nextTop = b.firstLayer - 1;
    }
    expect(end == 0 && nextTop == -1, "buckets cover the whole vector");
}

}  // namespace

int main() {
    // tiny preset: 192→128, 128→128, 128→16, 16→128, 128→128, 128→192 (weights + biases)
    const auto tiny = contiguous({192 * 128 + 128, 128 * 128 + 128, 128 * 16 + 16, 16 * 128 + 128,
                                  128 * 128 + 128, 128 * 192 + 192});

    const auto one = planBuckets(tiny, size_t(1) << 30);
    expect(one.size() == 1, "a large cap gives one bucket");
    expectCovers(one, tiny);

    const auto each = planBuckets(tiny, 1);
    expect(each.size() == tiny.size(), "a cap of one element gives one bucket per layer");
    expectCovers(each, tiny);
    expect(each.front().firstLayer == 5 && each.back().firstLayer == 0, "backward order");

    // cap 20000: layer 5 (24768) alone; 4 (16512) + 3 (2176) + 2 (2064) reach 20752; 1 + 0 the rest.
    const auto mid = planBuckets(tiny, 20000);
    expectCovers(mid, tiny);
    expect(mid.size() == 3, "cap 20000 gives three buckets");
    expect(mid.size() == 3 && mid[1].firstLayer == 2 && mid[1].lastLayer == 4, "small layers join a bucket");

    const auto ready = bucketReadyAfterLayer(mid, int(tiny.size()));
    expect(ready[5] == 0 && ready[4] == -1 && ready[2] == 1 && ready[0] == 2, "a bucket is ready at its lowest layer");

    bool threw = false;
    try {
        planBuckets({{0, 10}, {12, 20}}, 5);
    } catch (const std::invalid_argument&) {
        threw = true;
    }
    expect(threw, "a gap between layers is refused");

    if (failures == 0) std::printf("bucket plan: all checks passed\n");
    return failures == 0 ? 0 : 1;
}
