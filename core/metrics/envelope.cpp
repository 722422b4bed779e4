#include "metrics/envelope.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace traindeck::metrics {

std::size_t Envelope::Column::bound(std::size_t from, std::size_t to, double v, bool upper) const {
    while (from < to) {
        const std::size_t mid = from + (to - from) / 2;
        if (upper ? !(v < (*this)[mid]) : (*this)[mid] < v)
            from = mid + 1;
        else
            to = mid;
    }
    return from;
}

void Envelope::append(double x, double y) {
    xs_.push_back(x);
    ys_.push_back(y);
    if (xs_.size() % kBase == 0)
        extend();
}

void Envelope::clear() {
    xs_.clear();
    ys_.clear();
    levels_.clear();
}

void Envelope::mergePoint(Block& into, std::size_t i) const {
    const double y = ys_[i];
    if (!std::isfinite(y)) {
        into.gap = true;
        return;
    }
    if (!into.finite) {
        into.lo = into.hi = std::uint32_t(i);
        into.finite = true;
        return;
    }
    if (y < ys_[into.lo])
        into.lo = std::uint32_t(i);
    if (y > ys_[into.hi])
        into.hi = std::uint32_t(i);
}

void Envelope::merge(Block& into, const Block& b) const {
    into.gap |= b.gap;
    if (!b.finite)
        return;
    if (!into.finite) {
        into.lo = b.lo;
        into.hi = b.hi;
        into.finite = true;
        return;
    }
    if (ys_[b.lo] < ys_[into.lo])
        into.lo = b.lo;
    if (ys_[b.hi] > ys_[into.hi])
        into.hi = b.hi;
}

// Whole blocks only: a block is made once its last point is there, so an
// append touches a block of each level at most once.
void Envelope::extend() {
    const std::size_t n = xs_.size();
    for (std::size_t k = 0;; ++k) {
        const std::size_t size = kBase << k;
        const std::size_t blocks = n / size;
        if (blocks == 0)
            break;
        if (levels_.size() <= k)
            levels_.emplace_back();
        auto& level = levels_[k];
        for (std::size_t b = level.size(); b < blocks; ++b) {
            Block block;
            if (k == 0)
                for (std::size_t i = b * size; i < (b + 1) * size; ++i)
                    mergePoint(block, i);
            else {
                merge(block, levels_[k - 1][2 * b]);
                merge(block, levels_[k - 1][2 * b + 1]);
            }
            level.push_back(block);
        }
    }
}

Envelope::Block Envelope::extremes(std::size_t begin, std::size_t end) const {
    Block out;
    std::size_t i = begin;
    while (i < end) {
        if (i % kBase != 0 || i + kBase > end || levels_.empty() || i / kBase >= levels_[0].size()) {
            mergePoint(out, i++);
            continue;
        }
        std::size_t k = 0;  // the largest whole, aligned block from i that ends by `end`
        while (k + 1 < levels_.size() && i % (kBase << (k + 1)) == 0 && i + (kBase << (k + 1)) <= end &&
               i / (kBase << (k + 1)) < levels_[k + 1].size())
            ++k;
        merge(out, levels_[k][i / (kBase << k)]);
        i += kBase << k;
    }
    return out;
}

void Envelope::query(double x0, double x1, int columns, std::vector<double>& outX, std::vector<double>& outY) const {
    outX.clear();
    outY.clear();
    const std::size_t n = xs_.size();
    if (n == 0 || columns <= 0 || !(x1 >= x0))
        return;
    auto emit = [&](std::size_t i) {
        outX.push_back(xs_[i]);
        outY.push_back(ys_[i]);
    };
    std::size_t begin = xs_.bound(0, n, x0, false);
    const std::size_t end = xs_.bound(0, n, x1, true);
    if (begin > 0)
        emit(begin - 1);  // the line comes in from the left edge
    const double width = (x1 - x0) / columns;
    while (begin < end) {
        // This column: the points with x below its right edge.
        const double right = width > 0 ? x0 + width * (std::floor((xs_[begin] - x0) / width) + 1) : x1;
        const std::size_t stop = std::max(begin + 1, xs_.bound(begin, end, right, false));
        if (stop - begin <= 4) {
            for (std::size_t i = begin; i < stop; ++i)
                emit(i);
        } else {
            const Block b = extremes(begin, stop);
            std::size_t picks[4] = {begin, b.finite ? std::min(b.lo, b.hi) : begin, b.finite ? std::max(b.lo, b.hi) : begin,
                                    stop - 1};
            std::size_t last = std::numeric_limits<std::size_t>::max();
            for (std::size_t i : picks) {
                if (i == last)
                    continue;
                emit(i);
                last = i;
            }
            if (b.gap) {  // a NaN inside: the line breaks here, as it does drawn whole
                outX.push_back(xs_[stop - 1]);
                outY.push_back(std::numeric_limits<double>::quiet_NaN());
            }
        }
        begin = stop;
    }
    if (end < n)
        emit(end);  // and goes on to the right edge
}

}  // namespace traindeck::metrics
