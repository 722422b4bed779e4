#pragma once
// How sure the step time is, for each layout by what bounds its step. The model's error
// is not one number: a step bound by the GPU's work (a large model at a full batch) is
// within a few percent on every machine of its GPU type, while one bound by the host's
// issue time (eager PyTorch at small shapes) misses by as much as hosts differ (1.5×), and
// one bound by exposed communication by as much as networks and NCCL's choices differ.
//
// So each measured step of the truth built into the program (truth_steps.h) is put in its
// regime by the model's own terms (stepShares: the share of the predicted step each part
// moves), and each regime has its own band, judged on model families it was not fitted on
// (step_time_cross_validation.h: leave one family out, nine in ten steps inside). A layout's
// figure is its regime's band; a regime with too few measured steps takes the whole truth's.
// Calibrated, the band is that of the other steps of a model after one measured run, regimes
// again by the calibrated model's terms, and never less than the fit's own residual on the
// points it was given. Two things widen it: a host-bound step's run-to-run swing (no
// prediction is nearer both ends), and a run that does not say its host time, whose other
// explanation (FittedModel::alternatives) may put the step elsewhere. The table, --json and
// the window show which.

#include "plan/calibration_fit.h"
#include "plan/estimate.h"
#include "plan/plan.h"
#include "text/text.h"

#include <array>
#include <string>

namespace traindeck {

// What bounds a step: the part of it that moves most with its own time.
enum class StepRegime { Gpu, Host, Communication };
inline constexpr int kStepRegimeCount = 3;

// Each part's share of the predicted step (estimate.h): the GPU's work (matrix FLOPs and
// memory traffic), the host's issue time, the exposed communication. A share is the step's
// elasticity to that part (a part 10% slower makes the step share × 10% slower); the three
// sum to 1, the host and the GPU dividing the on-device time as its 3-norm joins them.
struct StepShares {
    double gpu = 0, host = 0, communication = 0;
};
StepShares stepShares(const Estimate& estimate);
// The regime of the largest share.
StepRegime stepRegime(const StepShares& shares);
// "gpu", "host", "communication" (--json).
std::string stepRegimeKey(StepRegime regime);
// "GPU-bound", "host-bound", "comm-bound" (context "Calibration").
Text stepRegimeName(StepRegime regime);
// The same in a word, for a table's cell beside the figure: "GPU", "host", "comm".
Text stepRegimeTag(StepRegime regime);

// A regime's steps of the truth and their spread.
struct RegimeSpread {
    int points = 0;
    double spread = 0;  // the band that held nine in ten of them, leave one family out; 0 without points
};

// Fewer measured steps than this in a regime: its own 90th percentile says too little,
// and the whole truth's spread stands in for it.
inline constexpr int kMinRegimePoints = 10;

// The planner against the built-in measured truth, computed once.
struct TruthSpread {
    int points = 0;               // measured steps compared
    int models = 0;               // (model, precision) groups
    int calibratedPoints = 0;     // steps predicted after one calibration point of their model
    double uncalibrated = 0;      // the band of |predicted / measured − 1| at the assumed MFU, every regime at once
    double calibrated = 0;        // the same for the other points of a model after one calibration point
    std::array<RegimeSpread, kStepRegimeCount> uncalibratedByRegime{};  // by the uncalibrated estimate's regime
    std::array<RegimeSpread, kStepRegimeCount> calibratedByRegime{};    // by the calibrated estimate's regime
    std::array<RegimeSpread, kStepRegimeCount> calibratedFromHostByRegime{};  // the same after a run the fit took as the host's
};

// Reads the built-in fixtures through the planner's own estimate and fit.
const TruthSpread& truthSpread();

struct StepTimeConfidence {
    Layout layout;
    bool calibrated = false;
    StepShares shares;
    StepRegime regime = StepRegime::Gpu;
    RegimeSpread regimeSpread;  // the truth's steps of this regime (calibrated or not, as this figure)
    bool regimeMeasured = false;// enough of them (kMinRegimePoints) for their own spread
    double expectedError = 0;   // ±, relative: 0.2 is ±20%
    double fitResidual = 0;     // root mean square of the fit's relative residuals (calibrated)
    double alternativeSpan = 0; // how far the fit's other explanation puts the step (FittedModel::alternatives)
    double hostSwing = 0;       // a host-bound step's floor: its run-to-run swing (step_time_cross_validation.h)
    int fitPoints = 0;
    TruthSpread truth;
    Text summary;               // "±4.1% (GPU)": the table's cell
    Text basis;                 // in words: where the figure comes from, what bounds the step and what would narrow it
};

// The confidence of `estimate`'s step time (a layout of the plan's analysis) with `fit`
// (the analysis's).
StepTimeConfidence stepTimeConfidence(const Plan& plan, const FittedModel& fit, const Estimate& estimate);

}  // namespace traindeck
