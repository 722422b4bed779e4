#pragma once
// How sure the step time is. Uncalibrated, the figure is as good as the model is on
// measured runs: the spread of its errors over the measured truth built into the
// program (truth_fixtures.h). Calibrated, the fit's residual on the points it was
// given says how well the model holds this run; it is never taken as better than the
// measured truth's spread after one calibration point (a point reproduced exactly
// says nothing of how it transfers). The table, --json and the window show which.

#include "plan/calibration_fit.h"
#include "plan/plan.h"
#include "text/text.h"

namespace traindeck {

// The planner against the built-in measured truth, computed once.
struct TruthSpread {
    int points = 0;               // measured steps compared
    int models = 0;               // (model, precision) groups
    double uncalibrated = 0;      // 90th percentile of |predicted / measured − 1| at the assumed MFU
    double calibrated = 0;        // the same for the other points of a model after one calibration point
};

// Reads the built-in fixtures through the planner's own estimate and fit.
const TruthSpread& truthSpread();

struct StepTimeConfidence {
    bool calibrated = false;
    double expectedError = 0;   // ±, relative: 0.2 is ±20%
    double fitResidual = 0;     // root mean square of the fit's relative residuals (calibrated)
    int fitPoints = 0;
    TruthSpread truth;
    Text basis;                 // in words: where the figure comes from
};

// The confidence of the plan's step times with `fit` (the analysis's).
StepTimeConfidence stepTimeConfidence(const Plan& plan, const FittedModel& fit);

}  // namespace traindeck
