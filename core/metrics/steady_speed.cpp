#include "metrics/steady_speed.h"

#include "metrics/median.h"

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

namespace traindeck::metrics {

std::optional<SteadySpeed> steadyOf(std::span<const Point> points, std::int64_t warmupSteps) {
    std::vector<const Point*> usable;
    for (const Point& p : points)
        if (std::isfinite(p.value) && p.value > 0)
            usable.push_back(&p);
    const std::int64_t warmup = std::max<std::int64_t>(1, warmupSteps);
    std::vector<const Point*> steady;
    for (const Point* p : usable)
        if (p->step >= warmup)
            steady.push_back(p);
    if (steady.empty() && usable.size() > 1)
        steady.assign(usable.begin() + 1, usable.end());  // a short run: all but its first point
    if (steady.empty())
        return std::nullopt;
    std::vector<double> v;
    v.reserve(steady.size());
    for (const Point* p : steady)
        v.push_back(p->value);
    SteadySpeed s;
    s.points = int(v.size());
    s.value = median(std::move(v));
    s.firstStep = steady.front()->step;
    s.lastStep = steady.back()->step;
    return s;
}

double steadyRate(std::span<const Point> points, std::int64_t warmupSteps) {
    const auto s = steadyOf(points, warmupSteps);
    return s ? s->value : 0;
}

std::optional<SteadySpeed> steadySamplesPerS(const Run& run) {
    const Series* s = run.find("samples_per_s");
    if (!s)
        return std::nullopt;
    return steadyOf(s->points(), run.info.warmupSteps);
}

}  // namespace traindeck::metrics
