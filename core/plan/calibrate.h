#pragma once
// Calibration: measured speeds refit the model (calibration_fit.h): one point
// its compute efficiency (MFU), several points its communication constants too;
// every other layout is predicted with the refitted model.

#include "plan/plan.h"
#include "plan/run_speed.h"
#include "text/text.h"

#include <optional>
#include <string>

namespace traindeck {

struct CalibrationFit {
    double mfu = 0;           // the efficiency that reproduces the measurement
    bool exact = false;       // false: the measurement lies outside what any MFU in (0, 1] gives
    Text note;                // why it is not exact, in words
};

// Fits recipe.mfu so that the estimate for calibration.layout reproduces the measurement.
CalibrationFit fitCalibration(const Plan& plan, const Calibration& calibration);

// The plan with recipe.mfu, overlap and latency replaced by the fitted values
// when plan.calibrations has points.
Plan calibrated(const Plan& plan);

// Why a measured run's speed may not calibrate the plan, in one line
// (calibration_workload.h's calibrationRefusal of the run's point, which carries its
// workload). Nothing when it transfers.
std::optional<Text> calibrationMismatch(const Plan& plan, const RunSpeed& run);

// "2x8=0.9steps/s", "2x8=115samples/s", "2x8=1.1s/step", each with its workload after
// '@' where it says one ("1x1=22.8samples/s@micro=8:seq=1024", calibration_workload.h)
bool parseCalibration(std::string_view text, Calibration& out, Text& error);
std::string calibrationText(const Calibration&);

}  // namespace traindeck
