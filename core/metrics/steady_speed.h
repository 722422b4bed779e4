#pragma once
// A run's steady speed: the one definition behind `traindeck watch`'s summary,
// the Watch page's Calibrate button and `traindeck plan --calibrate-from`, so
// that all three give the same number for a run.
//
// The median of a speed series' points after warm-up. Warm-up is the LR
// warm-up's steps (the trainer's start event says how many) and in any case
// step 0, which pays for allocation and graph capture; a run too short to have
// points after that keeps all but its first. Non-finite and non-positive points
// are left out (a NaN step, a stalled one reported as 0).

#include "metrics/run.h"

#include <cstdint>
#include <optional>
#include <span>

namespace traindeck::metrics {

struct SteadySpeed {
    double value = 0;  // the median
    int points = 0;    // how many points it is the median of
    std::int64_t firstStep = 0, lastStep = 0;
};

std::optional<SteadySpeed> steadyOf(std::span<const Point> points, std::int64_t warmupSteps);
// 0 when there is nothing to measure.
double steadyRate(std::span<const Point> points, std::int64_t warmupSteps = 0);

// The run's samples/s, from its job-wide `samples_per_s` series.
std::optional<SteadySpeed> steadySamplesPerS(const Run& run);

}  // namespace traindeck::metrics
