#include "metrics/steady_speed.h"

#include "metrics/median.h"

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

namespace traindeck::metrics {

std::optional<SteadySpeed> steadyOf(std::span<const Point> points, std::int64_t warmupSteps) {
    // One pass over the values, no copies of the points: the summary asks this of
    // a run's whole speed series (a quarter of a million points held) once a second.
    const auto usable = [](const Point& p) { return std::isfinite(p.value) && p.value > 0; };
    const std::int64_t warmup = std::max<std::int64_t>(1, warmupSteps);
    std::vector<double> v;
    v.reserve(points.size());
    const Point* first = nullptr;
    const Point* last = nullptr;
    for (const Point& p : points)
        if (usable(p) && p.step >= warmup) {
            v.push_back(p.value);
            first = first ? first : &p;
            last = &p;
        }
    if (v.empty()) {  // a short run: all but its first usable point
        bool skipped = false;
        for (const Point& p : points)
            if (usable(p) && std::exchange(skipped, true)) {
                v.push_back(p.value);
                first = first ? first : &p;
                last = &p;
            }
    }
    if (v.empty())
        return std::nullopt;
    SteadySpeed s;
    s.points = int(v.size());
    s.value = median(std::move(v));
    s.firstStep = first->step;
    s.lastStep = last->step;
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
