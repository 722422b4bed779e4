#include "plan/point_line.h"

#include "plan/model_findings.h"
#include "plan/workload_summary.h"
#include "text/number_text.h"

namespace traindeck {

Text calibrationPointLine(const Plan& plan, const PointResidual& r, Text layout) {
    const Text shape = shapeApartFromPlan(plan, r.point);
    const Text point = shape.empty() ? std::move(layout)
                                     : Text(TD_TEXT("CalibrationPoint", "%1 at %2"), {std::move(layout), shape});
    // Both figures at the point's own shape; the percentage is the predicted samples/s against the measured.
    const std::vector<Text> args = {point, Text::value(estimateText(r.measuredSamplesPerS())),
                                    Text::value(estimateText(r.predictedSamplesPerS())),
                                    Text::value(signedPercentText(r.measuredStepS / r.predictedStepS - 1))};
    return fitsBadly(r)
               ? Text(TD_TEXT("CalibrationPoint",
                              "%1: measured %2 samples/s, the fitted model gives %3 (%4): this point fits badly."),
                      args)
               : Text(TD_TEXT("CalibrationPoint", "%1: measured %2 samples/s, the fitted model gives %3 (%4)."), args);
}

}  // namespace traindeck
