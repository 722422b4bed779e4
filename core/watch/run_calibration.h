#pragma once
// A watched run's measured speed as one more calibration point of the plan: the
// Watch page's "Calibrate the plan from this run". The point is the one
// `traindeck plan --calibrate-from` takes from the same run (plan/run_speed.h),
// refused, never applied, when the run does not match the plan (another model
// or GPU type: runPlanMismatch).

#include "metrics/run.h"
#include "plan/plan.h"
#include "text/text.h"

#include <string>
#include <vector>

namespace traindeck::watch {

struct RunCalibration {
    // The plan's calibration field with the run's point after its own
    // ("1x8=50samples/s,1x2=101samples/s"); empty when none was measured or it was refused.
    std::string calibration;
    Text why;  // why there is none: the mismatch, or what the runs lack
};

// From the first of `runs` that measured its speed and the layout it ran on.
RunCalibration calibrateFromRuns(const Plan& plan, const std::vector<const metrics::Run*>& runs);

}  // namespace traindeck::watch
