#pragma once
// What a run's evaluations and checkpoint writes took, learned from its own events
// (metrics-protocol.md: `eval` with `samples` and `seconds`, `checkpoint` with `bytes` and
// `seconds`). A calibration point keeps them (MeasuredWorkload's checkpointGBps and
// evalSpeedRatio, spelled write=…GB/s and eval=…x) and the time to finish uses them
// (run_timeline.h) in place of the plan's assumed write speed and forward-only share.
//
// The evaluation is kept as a ratio to the run's training speed on the same layout: an
// evaluation reads a sample forward only, so its cost follows the step's compute, and
// the ratio carries to the plan's layouts and shapes as the calibrated step does.

#include "metrics/run.h"
#include "plan/plan.h"

namespace traindeck {

struct RunDurations {
    double checkpointGBps = 0;    // median of bytes / seconds over its checkpoint writes; 0: none said
    int checkpoints = 0;          // writes it is over
    double evalSamplesPerS = 0;   // median of samples / seconds over its evaluations; 0: none said
    int evaluations = 0;
};
RunDurations runDurations(const metrics::Run& run);

// The durations the plan's time to finish takes from its calibration points: each from
// the first point that measured it and may calibrate the plan (calibrationRefusal); 0
// where none did (the plan's own assumption then stands).
struct LearnedDurations {
    double checkpointGBps = 0;
    double evalSpeedRatio = 0;
};
LearnedDurations learnedDurations(const Plan& plan);

// How far a duration may be off, relative (its share of the time to finish's stated
// error, run_timeline.h). Assumed: the plan's write speed is a guess at storage it has not
// seen, and forward-only as a third of a step a guess at the evaluation's kernels.
// Learned: what one run's own writes and evaluations vary by on the same machine.
inline constexpr double kAssumedDurationError = 0.5;
inline constexpr double kLearnedDurationError = 0.15;

}  // namespace traindeck
