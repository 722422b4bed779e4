#include "cost/spot_preemption.h"

#include <cmath>

namespace traindeck {

SpotPreemption spotPreemption(const Plan& plan, const Estimate& e, double hours) {
    SpotPreemption s;
    const double rate = kSpotPreemptionsPerNodeHour * e.layout.nodes;  // per hour, the whole job
    const double restartH = kSpotRestartS / 3600;
    const int every = e.timeline.checkpointEvery;
    if (every > 0) {
        s.checkpointIntervalS = every * e.stepTimeS.value + e.timeline.checkpointS;
        const double lostH = restartH + s.checkpointIntervalS / 2 / 3600;
        const double share = rate * lostH;  // the fraction of each hour redone
        s.finishes = share < 1;
        if (s.finishes) s.hours = hours / (1 - share);
    } else {
        // (rate/2)·T'² + (rate·restart − 1)·T' + T = 0, the smaller root.
        const double a = rate / 2, b = rate * restartH - 1;
        const double disc = b * b - 4 * a * hours;
        s.finishes = b < 0 && disc >= 0;
        if (s.finishes) s.hours = a > 0 ? (-b - std::sqrt(disc)) / (2 * a) : hours;
    }
    if (!s.finishes) return s;
    s.extraHours = s.hours - hours;
    s.preemptions = rate * s.hours;
    s.lostPerPreemptionS = s.preemptions > 0 ? s.extraHours * 3600 / s.preemptions : 0;
    return s;
}

}  // namespace traindeck
