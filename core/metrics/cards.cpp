#include "metrics/cards.h"

#include "metrics/summary.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace traindeck::metrics {
namespace {

std::vector<const Series*> one(const Series* s) { return s ? std::vector<const Series*>{s} : std::vector<const Series*>{}; }

bool isEval(const std::string& metric) {
    return metric.find("eval") != std::string::npos || metric.find("val_") != std::string::npos;
}

}  // namespace

std::vector<const Series*> cardSeries(const Run& run, const Card& card) {
    switch (card.kind) {
    case CardKind::Loss: {
        const Series* s = findMetric(run, "loss");
        return s && !isEval(s->metric()) ? one(s) : std::vector<const Series*>{};
    }
    case CardKind::Psnr: return one(findMetric(run, "psnr"));
    case CardKind::Lr: {
        const Series* s = findMetric(run, "lr");
        return one(s ? s : findMetric(run, "learning_rate"));
    }
    case CardKind::SamplesPerS: {
        const Series* s = findMetric(run, "samples_per_s");
        return one(s ? s : findMetric(run, "steps_per_s"));
    }
    case CardKind::GpuMemory: return one(findMetric(run, "gpu_mem_gb"));
    case CardKind::GradNorm: return one(findMetric(run, "grad_norm"));
    case CardKind::Eval: {
        if (const Series* s = run.find("eval_loss"))
            return {s};
        for (const auto& [key, s] : run.allSeries())
            if (key.second < 0 && key.first.find("loss") != std::string::npos && isEval(key.first))
                return {s.get()};
        return {};
    }
    case CardKind::RankStepTime: {
        std::vector<const Series*> out;
        for (const auto& [key, s] : run.allSeries())
            if (key.first == "step_time_s" && key.second >= 0)
                out.push_back(s.get());
        if (out.empty())
            return one(run.find("step_time_s"));
        return out;
    }
    case CardKind::Scalar: return one(run.find(card.metric));
    }
    return {};
}

std::vector<Card> cardsOf(const std::vector<const Run*>& runs) {
    std::vector<Card> cards;
    // Every job-wide series a fixed card draws for some run is not a card of its own.
    std::set<const Series*> drawn;
    for (int k = 0; k < kFixedCards; ++k) {
        const Card c{CardKind(k), {}};
        bool draws = false;
        for (const Run* run : runs)
            for (const Series* s : cardSeries(*run, c)) {
                drawn.insert(s);
                draws = true;
            }
        if (draws)
            cards.push_back(c);
    }
    if (cards.empty())  // no run has a point yet: every fixed card, what the page will show
        for (int k = 0; k < kFixedCards; ++k)
            cards.push_back({CardKind(k), {}});
    std::set<std::string> own;
    for (const Run* run : runs)
        for (const auto& [key, s] : run->allSeries())
            if (key.second < 0 && !drawn.contains(s.get()) && key.first != "epoch")
                own.insert(key.first);
    for (const std::string& metric : own)
        cards.push_back({CardKind::Scalar, metric});
    return cards;
}

bool smoothed(const Card& card) { return card.kind != CardKind::Lr; }

void ValueRange::add(double v) {
    if (!std::isfinite(v))
        return;
    lo = std::min(lo, v);
    hi = std::max(hi, v);
    if (v > 0)
        loPositive = std::min(loPositive, v);
}

void ValueRange::add(const ValueRange& r) {
    lo = std::min(lo, r.lo);
    hi = std::max(hi, r.hi);
    loPositive = std::min(loPositive, r.loPositive);
}

std::pair<double, double> shownRange(const ValueRange& r, bool log) {
    if (log)
        return {r.loPositive / 1.2, r.hi * 1.2};
    const double magnitude = std::max(std::abs(r.lo), std::abs(r.hi));
    const double span = std::max({r.hi - r.lo, magnitude * 0.02, 1e-12});
    const double mid = (r.lo + r.hi) / 2;
    const double half = span / 2 + span * 0.05;
    return {mid - half, mid + half};
}

ValueRange OutlierFreeRange::range() {
    ValueRange r;
    if (values_.size() < kFewest)
        return r;
    // The q-th percentile is the value at floor(q × (n − 1)) in sorted order.
    const auto at = [&](double q) { return values_.begin() + std::ptrdiff_t(q * double(values_.size() - 1)); };
    const auto low = at(0.05), high = at(0.95);
    std::nth_element(values_.begin(), low, values_.end());
    r.add(*low);
    // What lies after `low` is no smaller: the 95th is there (that pass reorders `low` too).
    std::nth_element(low + 1, high, values_.end());
    r.add(*high);
    return r;
}

double Smoother::next(double value) {
    if (!std::isfinite(value))
        return value;
    ema_ = ema_ * weight_ + (1 - weight_) * value;
    debias_ *= weight_;
    return weight_ > 0 ? ema_ / (1 - debias_) : value;
}

}  // namespace traindeck::metrics
