#pragma once
// A fitted calibration point beside its figures, in the same words in both faces
// (`traindeck plan` and the calibration panel's fit):
//   "2x8 at micro-batch 8: measured 1258 samples/s, the fitted model gives 1240 (+1.5%)."
// and, where the fit misses it (fitsBadly, model_findings.h: the finding's rule),
//   "...: this point fits badly."

#include "plan/calibration_fit.h"
#include "plan/plan.h"
#include "text/text.h"

namespace traindeck {

// `layout` is the face's name for the point's layout ("2x8" on the command line, "2 × 8
// (16 GPUs)" in the window); the point is named by what sets its shape apart from the
// plan's (shapeApartFromPlan), nothing at the plan's shape. Context "CalibrationPoint".
Text calibrationPointLine(const Plan& plan, const PointResidual& point, Text layout);

}  // namespace traindeck
