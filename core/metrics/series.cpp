#include "metrics/series.h"

#include <algorithm>
#include <cmath>

namespace traindeck::metrics {

Series::Series(std::string metric, int rank, std::size_t capacity)
    : metric_(std::move(metric)), rank_(rank), capacity_(std::max<std::size_t>(capacity, 16)) {}

std::size_t Series::append(const Point& p) {
    std::size_t purged = 0;
    if (!points_.empty() && p.step < points_.back().step) {
        // Points are in step order, so the orphans are a tail: popping is O(orphans).
        while (!points_.empty() && points_.back().step >= p.step) {
            points_.pop_back();
            ++purged;
        }
        fullFrom_ = std::min(fullFrom_, p.step);
        ++rewrites_;
    } else if (!points_.empty() && p.step == points_.back().step) {
        // The same step again (a rewritten file, a script that logs a step twice): the later value wins.
        if (!std::isfinite(points_.back().value))
            --nonFinite_;
        points_.pop_back();
        ++rewrites_;
    }
    if (points_.size() == capacity_)
        fold();
    if (points_.size() == points_.capacity()) {
        // Past a few thousand points, the whole capacity at once: its pages are touched
        // as points come (one fault per 170 points), where doubling copied the series and
        // faulted in the new buffer within one append (184 ms for 10 series at 2^17 points
        // on the CI machine's VM, every series of a step line growing at the same line).
        const std::size_t next = points_.size() < kSmall ? std::max<std::size_t>(64, points_.size() * 2) : capacity_;
        points_.reserve(std::min(capacity_, next));
    }
    points_.push_back(p);
    highWater_ = std::max(highWater_, points_.size());
    ++appended_;
    if (!std::isfinite(p.value))
        ++nonFinite_;
    return purged;
}

// Folds the older half in place: each group of 4 points becomes its min and max
// (in step order) and its first non-finite point, so at most 3 of 4 remain and
// usually 2. The output index never overtakes the input index.
void Series::fold() {
    const std::size_t half = (points_.size() / 2) & ~std::size_t(3);
    std::size_t out = 0;
    for (std::size_t g = 0; g < half; g += 4) {
        const Point* lo = nullptr;
        const Point* hi = nullptr;
        const Point* bad = nullptr;
        for (std::size_t i = g; i < g + 4; ++i) {
            const Point& q = points_[i];
            if (!std::isfinite(q.value)) {
                if (!bad)
                    bad = &q;
                continue;
            }
            if (!lo || q.value < lo->value)
                lo = &q;
            if (!hi || q.value > hi->value)
                hi = &q;
        }
        Point keep[3];
        int n = 0;
        if (lo)
            keep[n++] = *lo;
        if (hi && hi != lo)
            keep[n++] = *hi;
        if (bad)
            keep[n++] = *bad;
        for (int a = 1; a < n; ++a)  // step order: at most three points
            for (int b = a; b > 0 && keep[b].step < keep[b - 1].step; --b)
                std::swap(keep[b], keep[b - 1]);
        for (int k = 0; k < n; ++k)
            points_[out++] = keep[k];
    }
    fullFrom_ = points_[half].step;
    points_.erase(points_.begin() + std::ptrdiff_t(out), points_.begin() + std::ptrdiff_t(half));
    ++folds_;
    ++rewrites_;
}

}  // namespace traindeck::metrics
