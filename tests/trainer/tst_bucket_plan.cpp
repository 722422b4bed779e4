// The CUDA backend's gradient bucket plan (trainer/cuda/bucket_plan.h): plain C++,
// tested here, also where no CUDA toolkit is installed.
#include "cuda/bucket_plan.h"

#include <stdexcept>
#include <vector>

#include <QtTest>

using namespace traindeck::trainer::cuda;

namespace {

std::vector<LayerRange> contiguous(const std::vector<size_t>& sizes) {
    std::vector<LayerRange> out;
    size_t at = 0;
    for (size_t s : sizes) out.push_back({at, at += s});
    return out;
}

// Every element is in exactly one bucket, buckets go from the end of the vector to
// its start (the order backward produces them), and each holds whole layers.
void checkCovers(const std::vector<GradBucket>& buckets, const std::vector<LayerRange>& layers) {
    size_t end = layers.back().end;
    int nextTop = int(layers.size()) - 1;
    for (const auto& b : buckets) {
        QVERIFY(b.offset + b.count == end);  // buckets are contiguous, last layer first
        QVERIFY(b.lastLayer == nextTop);  // a bucket starts at the layer after the previous bucket
        QVERIFY(b.offset == layers[size_t(b.firstLayer)].begin);  // a bucket starts at a layer boundary
        end = b.offset;
        nextTop = b.firstLayer - 1;
    }
    QVERIFY(end == 0 && nextTop == -1);  // buckets cover the whole vector
}

// tiny preset: 192→128, 128→128, 128→16, 16→128, 128→128, 128→192 (weights + biases)
const std::vector<LayerRange> kTiny = contiguous({192 * 128 + 128, 128 * 128 + 128, 128 * 16 + 16, 16 * 128 + 128,
                                                  128 * 128 + 128, 128 * 192 + 192});

// The benchmark models (tae-mlp: encoder 192→D, (D→D)×(L−1), D→16; decoder 16→D,
// (D→D)×(L−1), D→192; weights + biases).
std::vector<LayerRange> model(size_t d, int l) {
    std::vector<size_t> sizes;
    auto add = [&](size_t in, size_t out) { sizes.push_back(in * out + out); };
    add(192, d);
    for (int k = 1; k < l; ++k) add(d, d);
    add(d, 16);
    add(16, d);
    for (int k = 1; k < l; ++k) add(d, d);
    add(d, 192);
    return contiguous(sizes);
}

}  // namespace

class TestBucketPlan : public QObject {
    Q_OBJECT
private slots:
    void largeCapGivesOneBucket() {
        const auto one = planBuckets(kTiny, size_t(1) << 30);
        QVERIFY(one.size() == 1);  // a large cap gives one bucket
        checkCovers(one, kTiny);
    }

    void capOfOneGivesABucketPerLayer() {
        const auto each = planBuckets(kTiny, 1);
        QVERIFY(each.size() == kTiny.size());  // a cap of one element gives one bucket per layer
        checkCovers(each, kTiny);
        QVERIFY(each.front().firstLayer == 5 && each.back().firstLayer == 0);  // backward order
    }

    void smallLayersJoinABucket() {
        // cap 20000: layer 5 (24768) alone; 4 (16512) + 3 (2176) + 2 (2064) reach 20752; 1 + 0 the rest.
        const auto mid = planBuckets(kTiny, 20000);
        checkCovers(mid, kTiny);
        QVERIFY(mid.size() == 3);  // cap 20000 gives three buckets
        QVERIFY(mid.size() == 3 && mid[1].firstLayer == 2 && mid[1].lastLayer == 4);  // small layers join a bucket

        const auto ready = bucketReadyAfterLayer(mid, int(kTiny.size()));
        QVERIFY(ready[5] == 0 && ready[4] == -1 && ready[2] == 1 && ready[0] == 2);  // a bucket is ready at its lowest layer
    }

    void capInElements() {
        QVERIFY(bucketCapElements() == size_t(16) << 18);  // default: 16 MiB of fp32
        QVERIFY(bucketCapElements(4) == size_t(1) << 20);  // 4 MiB: 1,048,576 elements
        QVERIFY(bucketCapElements(0.5) == size_t(1) << 17);  // fractions of a MiB
        QVERIFY(bucketCapElements(0) == 1);  // never an empty bucket
    }

    // The default cap, and the benchmark models' plans under it.
    void benchmarkModelsPlans() {
        const auto base = model(1024, 3);  // bench-small: 4,626,640 gradients
        QVERIFY(base.back().end == 4626640);  // bench-small's gradient count
        const auto small4 = planBuckets(base, bucketCapElements(4));
        const auto small16 = planBuckets(base, bucketCapElements());
        checkCovers(small4, base);
        checkCovers(small16, base);
        QVERIFY(small4.size() == 5);  // bench-small at 4 MiB: 5 buckets
        // bench-small at 16 MiB: layers 1..7, then layer 0 alone
        QVERIFY(small16.size() == 2 && small16[0].firstLayer == 1 && small16[1].firstLayer == 0 &&
                small16[1].count == 192 * 1024 + 1024);
        const auto large = model(4096, 4);  // bench-large: 102,400,208 gradients
        QVERIFY(large.back().end == 102400208);  // bench-large's gradient count
        const auto large4 = planBuckets(large, bucketCapElements(4));
        const auto large16 = planBuckets(large, bucketCapElements());
        bool samePlan = large4.size() == large16.size();
        for (size_t k = 0; samePlan && k < large4.size(); ++k) {
            samePlan = large4[k].offset == large16[k].offset && large4[k].count == large16[k].count;
        }
        QVERIFY(samePlan);  // bench-large's plan is the same at 4 and 16 MiB
    }

    void gapBetweenLayersIsRefused() {
        bool threw = false;
        try {
            planBuckets({{0, 10}, {12, 20}}, 5);
        } catch (const std::invalid_argument&) {
            threw = true;
        }
        QVERIFY(threw);  // a gap between layers is refused
    }
};

QTEST_APPLESS_MAIN(TestBucketPlan)
#include "tst_bucket_plan.moc"
