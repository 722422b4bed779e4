#include "metrics/summary_tracker.h"

#include <algorithm>
#include <cmath>
#include <functional>

namespace traindeck::metrics {

RunSummary SummaryTracker::update(const Run& run) { return *update(run, SIZE_MAX); }

std::optional<RunSummary> SummaryTracker::update(const Run& run, std::size_t budget) {
    budget_ = budget;
    caughtUp_ = true;
    const SeriesWalks walks{
        [this](WalkSlot slot, const Series& s, bool lowerIsBetter) {
            BestWalk& w = slot == WalkSlot::Loss ? bestLoss_ : bestPsnr_;
            best(w, &s, lowerIsBetter);
            return w.best;
        },
        [this](WalkSlot slot, const Series& s, std::int64_t warmupSteps) {
            return steady(slot == WalkSlot::SamplesPerS ? samples_ : steps_, &s, warmupSteps);
        },
        [this] { return caughtUp_; }};
    RunSummary summary = summarizeWith(run, walks);
    if (!caughtUp_)
        return std::nullopt;
    return summary;
}

std::size_t SummaryTracker::walkEnd(std::size_t done, std::size_t size) {
    const std::size_t end = size - done > budget_ ? done + budget_ : size;
    budget_ -= end - done;
    caughtUp_ = caughtUp_ && end == size;
    return end;
}

void SummaryTracker::best(BestWalk& w, const Series* s, bool lowerIsBetter) {
    if (!w.walk.goesOn(s, 0)) {
        w.walk.restart(s, 0);
        w.best.reset();
    }
    const auto& points = s->points();
    const std::size_t end = walkEnd(w.walk.done, points.size());
    for (std::size_t i = w.walk.done; i < end; ++i) {
        const Point& p = points[i];
        if (std::isfinite(p.value) && (!w.best || (lowerIsBetter ? p.value < w.best->value : p.value > w.best->value)))
            w.best = Best{p.value, p.step};
    }
    walked_ += end - w.walk.done;
    w.walk.done = end;
}

// steadyOf()'s median, carried: the steady points are the usable ones at or after
// the warm-up; while there are none, steadyOf() takes all but the first usable
// point (a short run), asked of it directly until a steady point comes.
std::optional<SteadySpeed> SummaryTracker::steady(SteadyWalk& w, const Series* s, std::int64_t warmupSteps) {
    const std::int64_t warmup = std::max<std::int64_t>(1, warmupSteps);
    if (!w.walk.goesOn(s, warmup)) {
        w.walk.restart(s, warmup);
        w.lower = {};
        w.upper = {};
        w.gathered.clear();
        w.speed.reset();
    }
    const auto& points = s->points();
    const auto isSteady = [warmup](const Point& p) { return std::isfinite(p.value) && p.value > 0 && p.step >= warmup; };
    if (w.lower.empty()) {
        // A walk from the start: both halves at once when it reaches the end, in linear
        // time (pushing a million points one by one cost more than summarize()'s own median).
        std::vector<double>& v = w.gathered;
        const std::size_t end = walkEnd(w.walk.done, points.size());
        for (std::size_t i = w.walk.done; i < end; ++i)
            if (isSteady(points[i])) {
                v.push_back(points[i].value);
                if (!w.speed) {
                    w.speed = SteadySpeed{};
                    w.speed->firstStep = points[i].step;
                }
                w.speed->lastStep = points[i].step;
            }
        walked_ += end - w.walk.done;
        w.walk.done = end;
        if (end < points.size())
            return std::nullopt;  // not yet at the end: nothing said
        const auto middle = v.begin() + std::ptrdiff_t((v.size() + 1) / 2);  // the lower half holds the middle point
        if (!v.empty())
            std::nth_element(v.begin(), middle - 1, v.end());
        w.lower = decltype(w.lower)(std::less<double>(), std::vector<double>(v.begin(), middle));
        w.upper = decltype(w.upper)(std::greater<double>(), std::vector<double>(middle, v.end()));
        v = {};
    }
    const std::size_t end = walkEnd(w.walk.done, points.size());
    for (std::size_t i = w.walk.done; i < end; ++i) {
        const Point& p = points[i];
        if (!isSteady(p))
            continue;
        if (w.lower.empty() || p.value <= w.lower.top())
            w.lower.push(p.value);
        else
            w.upper.push(p.value);
        // The lower half holds the middle point of an odd count, the lower middle one of an even.
        if (w.lower.size() > w.upper.size() + 1) {
            w.upper.push(w.lower.top());
            w.lower.pop();
        } else if (w.upper.size() > w.lower.size()) {
            w.lower.push(w.upper.top());
            w.upper.pop();
        }
        if (!w.speed) {
            w.speed = SteadySpeed{};
            w.speed->firstStep = p.step;
        }
        w.speed->lastStep = p.step;
    }
    walked_ += end - w.walk.done;
    w.walk.done = end;
    if (end < points.size())
        return std::nullopt;  // not yet at the end: nothing said
    if (!w.speed) {  // no steady point yet
        walked_ += points.size();
        return steadyOf(points, warmupSteps);
    }
    const std::size_t n = w.lower.size() + w.upper.size();
    w.speed->points = int(n);
    w.speed->value = n % 2 ? w.lower.top() : 0.5 * (w.lower.top() + w.upper.top());
    return w.speed;
}

}  // namespace traindeck::metrics
