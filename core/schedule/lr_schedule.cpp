#include "schedule/lr_schedule.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace traindeck {

double learningRate(const LrSchedule& s, long step) {
    if (step < s.warmupSteps)
        return s.peak * double(step + 1) / double(s.warmupSteps);
    // The cosine runs from the first step after warmup (peak) to the last step
    // (finalFraction·peak). A run with no steps after warmup stays at peak.
    const long last = s.totalSteps - 1;
    const long span = last - s.warmupSteps;
    if (span <= 0)
        return s.peak;
    const double progress = std::clamp(double(step - s.warmupSteps) / double(span), 0.0, 1.0);
    const double floor = s.finalFraction * s.peak;
    return floor + (s.peak - floor) * 0.5 * (1.0 + std::cos(std::numbers::pi * progress));
}

}  // namespace traindeck
