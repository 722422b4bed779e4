#pragma once
// Findings about the performance model itself: a calibration point the fitted
// model misses, a layout whose step is mostly exposed communication (where the
// model's network assumptions decide the figure, so they had better hold), and one
// whose step the host bounds (its time follows the host's speed; host_bound_fix.h).

#include "plan/findings.h"

#include <vector>

namespace traindeck {

// `estimates` and `fit` as findings() takes them.
// Whether a measured point fits the fitted model badly (off by more than
// kBadFitResidual): the finding's rule, and the calibration panel's mark.
bool fitsBadly(const PointResidual& point);

void addModelFindings(const Plan& plan, const std::vector<Estimate>& estimates, const FittedModel& fit,
                      std::vector<Finding>& out);

}  // namespace traindeck
