#pragma once
// Findings about the performance model itself: a calibration point the fitted
// model misses, and a layout whose step is mostly exposed communication (where
// the model's network assumptions decide the figure, so they had better hold).

#include "plan/findings.h"

#include <vector>

namespace traindeck {

// `estimates` and `fit` as findings() takes them.
void addModelFindings(const Plan& plan, const std::vector<Estimate>& estimates, const FittedModel& fit,
                      std::vector<Finding>& out);

}  // namespace traindeck
