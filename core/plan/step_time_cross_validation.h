#pragma once
// The stated error judged on data it was not fitted on: leave one model family out.
//
// Every constant the planner fits from its measured truth (truth_steps.h) is fitted again
// without one family (Llama, GPT-2, ...): the attribution prior (calibration_fit.h: which
// MFUs and host paces measured steps showed) and each regime's band (the quantile of the
// errors a band is, and its level, itself chosen by leave-one-family-out among the others).
// That family is then predicted as new: uncalibrated, and after one run (every other step of
// a model on a host, from each run of it a user could calibrate on). A step is covered when
// its measured time lies inside the band stated for it: the regime's band, widened to the
// other explanation of a run that does not say its host time (FittedModel::alternatives),
// and never under the run-to-run swing of a host-bound step. The band the planner shows is
// the one chosen so over all the truth (step_time_confidence.h).
//
// The per-operator host costs and the model's own terms (core/model) are not refitted here:
// they were set from the tuning points of Llama-3.1-8B, the Mixtral-like model and GPT-2;
// Qwen2.5, Mistral, ViT and the users' runs were measured after them.

#include "plan/calibration_fit.h"
#include "plan/step_time_confidence.h"

#include <array>
#include <string>
#include <vector>

namespace traindeck {

// A host-bound step's run-to-run swing on one machine: GPT-2 at 1024 × 1 on one H200 took
// 22.6 to 38.0 ms over 18 runs in one hour (bench/RESULTS.md, "How repeatable a host-bound
// step is"). No prediction is nearer than ±(√swing − 1) to both ends: a host-bound step's
// band is never narrower.
inline constexpr double kHostRunToRunSwing = 38.0 / 22.6;
double hostSwingBand();

// Share of the steps a band must hold, on families it was not fitted on.
inline constexpr double kCoverageGoal = 0.9;
// GPU-bound steps' accuracy goals: uncalibrated, after one run.
inline constexpr double kGpuBoundGoalUncalibrated = 0.20;
inline constexpr double kGpuBoundGoalCalibrated = 0.10;

// One family held out.
struct FamilyCheck {
    std::string family;
    struct State {
        int points = 0, covered = 0;      // steps; inside the band stated without the family
        int gpuBound = 0, gpuWithin = 0;  // of them GPU-bound (the model's regime and the run's own timing agree); within the goal
        // After one run: of the GPU-bound ones, those whose run the fit took as the GPU's. After a
        // run taken as the host's the MFU is the plan's, and the step is as sure as uncalibrated.
        int gpuBoundAfterGpuRun = 0, gpuWithinAfterGpuRun = 0;
        int withAlternative = 0;          // after one run: the run fitted two explanations
        double worst = 0;                 // largest |predicted / measured − 1|
        double widestBand = 0;
    } uncalibrated, calibrated;
    AttributionPrior prior;               // fitted without the family
};

// A regime's band: the `level` quantile of |error| over its steps (above 1: that many times the largest).
struct RegimeBand {
    int points = 0;
    double level = 0;
    double band = 0;
};

struct CrossValidation {
    std::vector<FamilyCheck> families;
    FamilyCheck::State uncalibrated, calibrated;  // summed over the families
    std::array<RegimeBand, kStepRegimeCount> uncalibratedBands{}, calibratedBands{};  // from all the truth
    // After a run the fit took as the host's (FittedModel::hostBound): its MFU is the plan's,
    // so a step the GPU bounds is as sure as uncalibrated, not as after a GPU-bound run.
    std::array<RegimeBand, kStepRegimeCount> calibratedFromHostBands{};
    RegimeBand uncalibratedAll, calibratedAll;    // every regime at once (a regime with too few steps)
    AttributionPrior prior;                       // from all the truth
    int steps = 0, groups = 0;
};

// Computed once from the built-in truth.
const CrossValidation& stepTimeCrossValidation();

}  // namespace traindeck
