#pragma once
// Fitting the performance model to measured speeds on one or several layouts.
//
// The model of one optimizer step (estimate.cpp, each piece shown in --json's formulas):
//
//   step = on the GPU: per micro-step (host³ + (compute / MFU + traffic)³)^⅓,
//          then the optimizer's traffic (estimate.cpp)
//        + tail                                what comes after backward (DDP's last bucket, FSDP's root)
//        + max(0, rest − window)               of the rest (comm − tail), what the window cannot hide
//        + (1 − overlap) × min(rest, window)   what hiding does not quite hide
//        + latency × collectives               a fixed cost per collective phase
//
// compute, traffic and comm come from the catalogue (peak FLOP/s, memory, NVLink and
// network bandwidth), the host's issue time from the architecture at the reference host's
// pace; MFU (or the host's pace), overlap and latency are the three constants a measurement
// can fix. One point fits what bounds it: the MFU where the GPU's work does, the host's pace
// where the host's issue time does (a small model in eager PyTorch, whose step the GPU would
// take only at an MFU under 0.05: it says how fast the host is and nothing of the GPU). A run
// that measured its host's issue time (metrics-protocol.md host_s) says the pace outright,
// and the MFU is then fitted beside it. Two points also fit the latency, three or more the
// overlap as well: by least squares of the points' relative step-time errors, MFU in
// (0, 1], pace in [0.1, 10], overlap in [0, 1], latency ≥ 0.

#include "plan/plan.h"
#include "plan/step_memory.h"
#include "text/text.h"

#include <vector>

namespace traindeck {

struct PointResidual {
    Calibration point;
    double measuredStepS = 0;
    double predictedStepS = 0;
    double effectiveBatch = 0;   // the plan's batch on the point's layout, to show samples/s
    double relative() const { return predictedStepS / measuredStepS - 1; }  // +0.05: predicted 5% slower
    double measuredSamplesPerS() const { return effectiveBatch / measuredStepS; }
    double predictedSamplesPerS() const { return effectiveBatch / predictedStepS; }
};

// A point that cannot calibrate the plan (calibration_workload.h) and why; the fit leaves it out.
struct RefusedPoint {
    Calibration point;
    Text why;
};

// What the measured truth says the constants of a step can be (step_time_cross_validation.h
// fits it): where a run does not say its host's issue time, one step fits the host at some
// pace as well as the GPU at some MFU, and only an explanation within what measured steps
// showed is kept. Not given: the built-in truth's.
struct AttributionPrior {
    double lowestGpuMfu = 0.05;  // the lowest MFU a measured GPU-bound step fitted
    // How far under it a family not measured still runs GPU-bound: the GPU-bound steps' band
    // uncalibrated, judged on families left out (step_time_cross_validation.cpp).
    double gpuMfuSpread = 0;
    double fastestPace = 0.1;    // the host paces measured host-bound steps fitted, fastest to slowest
    double slowestPace = 10.0;
    // The lowest MFU at which a step is still taken as the GPU's.
    double gpuMfuFloor() const { return lowestGpuMfu * (1 - gpuMfuSpread); }
};

// One set of a fit's MFU and host pace (the fit's overlap and latency with them).
struct Explanation {
    double mfu = 0;
    double hostPace = 1;
    bool hostBound = false;
};

struct FittedModel {
    double mfu = 0;
    double hostPace = 1;               // the host's issue time against the reference host's (model/training_cost.h)
    bool hostBound = false;            // the points are bound by the host: the pace was fitted, the MFU kept
    bool hostMeasured = false;         // the pace is the runs' measured host issue time's (host_s)
    double overlap = 1;
    double latencyS = 0;
    int fittedParameters = 0;          // 1: MFU; 2: + latency; 3: + overlap
    bool exact = true;                 // every point reproduced (within 0.1%)
    std::vector<PointResidual> points;  // each at its own workload (planAtPoint)
    std::vector<RefusedPoint> refused;  // left out: another model or GPU type
    std::vector<Text> notes;           // what limits the fit, in words
    // A run that does not say how its step splits between host and GPU (no host_s): the
    // other explanation that fits it as well and the truth allows; the stated error covers
    // its predictions (step_time_confidence.h). Empty where the run or the truth decides.
    std::vector<Explanation> alternatives;
    // Both explanations as fitted before the truth chose (0: not fitted): the GPU's MFU at the
    // reference host's pace, the host's pace at the plan's MFU, each where it fits the points.
    double gpuOnlyMfu = 0, hostOnlyPace = 0;
};

// A point fits badly when the fitted model misses it by more than this.
inline constexpr double kBadFitResidual = 0.10;

// Fits the model to `points` (plan.calibrations when not given), each estimated at the
// workload it was measured at; a point that cannot transfer is refused, not fitted.
// No point left: the plan's own constants.
FittedModel fitModel(const Plan& plan, const std::vector<Calibration>& points);
FittedModel fitModel(const Plan& plan);
// ... with the states held otherwise than the plan says at every point (as estimateUncalibrated's overload).
FittedModel fitModel(const Plan& plan, const std::vector<Calibration>& points, model::Numerics, StateBytes);
// ... with the truth's attribution given (the cross-validation fits without one family).
FittedModel fitModel(const Plan& plan, const std::vector<Calibration>& points, model::Numerics, StateBytes,
                     const AttributionPrior& prior);

// ... one point measured in seconds per step whose terms (below) are known: nothing estimated again.
struct StepTerms;
FittedModel fitModel(const Plan& plan, const Calibration& point, const StepTerms& terms, const AttributionPrior& prior);

// The built-in truth's attribution prior (step_time_cross_validation.cpp).
const AttributionPrior& truthAttributionPrior();

// The fitted constants put into a copy of the recipe.
void applyFit(Recipe& recipe, const FittedModel& fit);

// A step's terms at MFU 1 and the reference host's pace (estimate.h's figures): the step at
// any fitted constants follows from them as the fit computes it, without estimating again
// (step_time_cross_validation.cpp predicts thousands of steps so).
struct StepTerms {
    double computeAtFullMfu = 0;       // compute time at MFU 1, s
    double memory = 0;                 // bandwidth-bound time per step, s (of which optimizer)
    double optimizer = 0;
    double host = 0;                   // host issue time per step at pace 1, s
    double synchronisedAtFullMfu = 0;  // of compute, what the host waits for (estimate.h), at MFU 1
    double synchronisedMemory = 0;     // of memory, the same
    double synchronisedHost = 0;       // of host, the same, at pace 1
    int accum = 1;
    double windowAtFullMfu = 0;        // overlap window at MFU 1, s
    double comm = 0;                   // communication time, s
    double tail = 0;                   // of which after backward, never hidden (estimate.h commTailS)
    double collectives = 0;            // collective phases per step
};
StepTerms stepTerms(const Plan& plan, const Layout& layout, model::Numerics, StateBytes);
// The step, and its time on the device (host and GPU joined, before communication), at the fit's constants.
double stepTimeWith(const StepTerms& terms, const FittedModel& fit);
double onDeviceTimeWith(const StepTerms& terms, const FittedModel& fit);

}  // namespace traindeck
