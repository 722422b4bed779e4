#pragma once
// The run as a timeline: its steps, its evaluations and its checkpoints' writes laid
// end to end on the wall clock. The time to finish is this one function's answer
// (not steps × step time): the table, --json, the window's timeline and the cost of a
// run all read it from here.

#include "plan/figure.h"
#include "plan/plan.h"

#include "metrics/run.h"

#include <vector>

namespace traindeck {

struct Estimate;  // estimate.h, which keeps its timeline

struct RunTimeline {
    Layout layout;
    double stepTimeS = 0;
    long totalSteps = 0;
    long warmupSteps = 0;
    int evalEvery = 0, checkpointEvery = 0;  // the plan's intervals in steps (0: none)
    int evaluations = 0;        // ⌊steps / eval_every⌋
    double evaluationS = 0;     // one evaluation: its samples forward only
    int checkpoints = 0;        // ⌊steps / checkpoint_every⌋
    double checkpointS = 0;     // one checkpoint's write
    double checkpointBytes = 0; // weights and optimizer states of the whole job
    Figure trainingS;           // steps × step time
    Figure evaluationsS;        // evaluations × one evaluation
    Figure checkpointsS;        // checkpoints × one write
    Figure timeToFinishS;       // the three together
    // Learned from a calibration run (run_durations.h) or assumed, and how far each may be
    // off (relative): their shares of the time to finish's stated error.
    bool evaluationLearned = false, checkpointLearned = false;
    double evaluationError = 0, checkpointError = 0;

    // The time to finish's expected error (relative) when the step time's is `stepError`:
    // each part's error weighed by its share of the total.
    double timeToFinishError(double stepError) const;

    // Seconds from the start until `step` steps are done, the evaluations and
    // checkpoints that come before it included (each after the step that triggers it).
    double secondsAtStep(double step) const;
    // The step reached after `seconds`, the inverse of secondsAtStep (flat while an
    // evaluation or a checkpoint runs).
    double stepAtSeconds(double seconds) const;
};

// The timeline of `plan` on the estimate's layout (the estimate's step time and steps):
// made once per estimate, by the estimate (Estimate::timeline), which others read.
RunTimeline runTimeline(const Plan& plan, const Estimate& estimate);
// Its total, in seconds: what "time to finish" means everywhere.
double timeToFinishS(const Plan& plan, const Estimate& estimate);

// A watched run's progress: (Unix time, step) of each step it logged, in order,
// from the series that has the most of them.
std::vector<std::pair<double, double>> runProgress(const metrics::Run& run);

}  // namespace traindeck
