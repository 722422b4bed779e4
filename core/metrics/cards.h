#pragma once
// What the Watch page draws, decided here so the page only draws it: the
// cards (a fixed set every training run has, then one per scalar a user's
// script logs that no fixed card shows), the series each card draws for a
// run, and the smoothing continued as points arrive.

#include "metrics/run.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace traindeck::metrics {

enum class CardKind { Loss, Psnr, Lr, SamplesPerS, GpuMemory, GradNorm, Eval, RankStepTime, Scalar };
inline constexpr int kFixedCards = 8;  // the kinds before Scalar, in this order

struct Card {
    CardKind kind = CardKind::Scalar;
    std::string metric;  // Scalar: the series' name (its unit: metric_units.h)
    bool operator==(const Card&) const = default;
};

// The fixed cards some run has a series for (all of them while no run has a
// point yet: what the page will show), then the runs' own scalars by name. A
// card no run draws would be an empty frame taking a share of the page.
std::vector<Card> cardsOf(const std::vector<const Run*>& runs);
// Whether a card's lines are smoothed: not the learning rate, a schedule the
// trainer sets exactly (an average of it draws a schedule nobody ran).
bool smoothed(const Card& card);
// The series a card draws for a run; the rank card draws every rank.
std::vector<const Series*> cardSeries(const Run& run, const Card& card);

// The values a card's axis must show.
struct ValueRange {
    double lo = std::numeric_limits<double>::infinity(), hi = -std::numeric_limits<double>::infinity();
    double loPositive = std::numeric_limits<double>::infinity();  // for a log axis
    void add(double v);
    void add(const ValueRange& r);
    bool empty() const { return !(lo <= hi); }
};
// The span an axis shows for `r`: padded by 5%, and at least 2% of the values'
// magnitude wide, so a nearly constant series (a GPU's memory) gets ticks of a
// few significant digits, not six decimals. A log axis: from loPositive / 1.2 to hi * 1.2.
std::pair<double, double> shownRange(const ValueRange& r, bool log);

// The values a card's axis shows when it ignores outliers: from the 5th to the
// 95th percentile of the values added (non-finite ones left out). Each list is
// sampled evenly, at most kSample of its values, so a card of a million points
// costs a pass over 100k. Below kFewest values none is called an outlier and
// range() is empty: the axis shows them all.
class OutlierFreeRange {
public:
    static constexpr std::size_t kSample = 100000;
    static constexpr std::size_t kFewest = 20;

    void add(double v) {
        if (std::isfinite(v))
            values_.push_back(v);
    }
    // A list of `count` values, valueAt(i) the i-th (a graph's points, say): sampled.
    template <class ValueAt>
    void addSampled(std::size_t count, ValueAt valueAt) {
        const std::size_t stride = std::max<std::size_t>(1, (count + kSample - 1) / kSample);
        for (std::size_t i = 0; i < count; i += stride)
            add(valueAt(i));
    }
    std::size_t size() const { return values_.size(); }
    // Reorders the values kept (a partial sort), so it is not const.
    ValueRange range();

private:
    std::vector<double> values_;
};

// TensorBoard's debiased EMA, one point at a time (debiasedEma() in summary.h
// is the same over a whole list): a redraw continues it over the new points.
class Smoother {
public:
    explicit Smoother(double weight) : weight_(weight) {}
    // The smoothed value of the next point; a non-finite one passes through and is not averaged.
    double next(double value);

private:
    double weight_;
    double ema_ = 0, debias_ = 1;
};

}  // namespace traindeck::metrics
