#pragma once
// One metric of one run (and one rank, where the event names one): its points in
// step order, appended in O(1) amortised, with bounded memory.
//
// Memory policy: a series holds at most `capacity` points (default 262,144 =
// 6 MiB of 24-byte points). When it is full, the older half is folded: every 4
// neighbouring points become their minimum and their maximum (and the first
// non-finite one, if any), so spikes and NaNs survive while old history grows
// coarser; the newer half stays at full resolution. A run of 1,000,000 steps
// therefore fits in 6 MiB per series; older steps are kept as min/max envelopes.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace traindeck::metrics {

struct Point {
    std::int64_t step = 0;
    double wallTime = 0;  // Unix seconds
    double value = 0;     // NaN or ±Inf: a marked point (a gap in the line, an alarm)
};

class Series {
public:
    static constexpr std::size_t kDefaultCapacity = std::size_t(1) << 18;

    Series(std::string metric, int rank, std::size_t capacity = kDefaultCapacity);

    const std::string& metric() const { return metric_; }
    int rank() const { return rank_; }  // -1: the job-wide series

    // Appends a point. A step lower than the last one is a restart: every point at
    // or after that step is purged first (later events win, as TensorBoard purges
    // orphaned data). The same step as the last replaces it. Returns how many
    // points a restart purged (0: none).
    std::size_t append(const Point& p);

    const std::vector<Point>& points() const { return points_; }
    bool empty() const { return points_.empty(); }
    const Point& last() const { return points_.back(); }

    std::size_t appended() const { return appended_; }        // every point ever given
    std::size_t nonFinite() const { return nonFinite_; }      // how many were NaN/Inf
    std::size_t folds() const { return folds_; }              // how often old points were folded
    // Grows whenever points already held changed (a fold, a restart's purge, a step
    // replaced): a viewer that copied points[0, n) may append from n only while it is unchanged.
    std::size_t rewrites() const { return rewrites_; }
    std::int64_t fullResolutionFrom() const { return fullFrom_; }  // steps ≥ this are all kept
    std::size_t capacity() const { return capacity_; }
    // The memory its points take: as many as it ever held at once (reserved but
    // never touched pages take none).
    std::size_t bytes() const { return highWater_ * sizeof(Point) + sizeof(*this); }

private:
    void fold();
    static constexpr std::size_t kSmall = 4096;  // grown by doubling up to this, then to the capacity

    std::string metric_;
    int rank_;
    std::size_t capacity_;
    std::vector<Point> points_;
    std::size_t appended_ = 0;
    std::size_t nonFinite_ = 0;
    std::size_t folds_ = 0;
    std::size_t rewrites_ = 0;
    std::int64_t fullFrom_ = 0;
    std::size_t highWater_ = 0;
};

}  // namespace traindeck::metrics
