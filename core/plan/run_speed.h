#pragma once
// A run's measured speed as a calibration point: its layout from the trainer's
// `start` event and its steady samples/s (core/metrics/steady_speed.h: the one
// definition `traindeck watch` and the Watch page use too).

#include "metrics/run.h"
#include "plan/plan.h"
#include "plan/run_durations.h"
#include "text/text.h"

#include <optional>
#include <string>

namespace traindeck {

struct RunSpeed {
    Calibration calibration;   // layout of the run, median samples/s
    int stepsUsed = 0;         // step events the median is over
    long firstStep = 0, lastStep = 0;
    int microBatch = 0, gradAccum = 0;
    long effectiveBatch = 0;
    std::string preset;        // the trainer's model preset, empty when not said
    double parameters = 0;     // the model's parameters; 0: not said
    std::string precision;     // bf16, fp16, fp32; empty: not said
    std::string device;        // "cpu" or the GPU's name (traindeck_metrics); empty: not said
    RunDurations durations;    // its evaluations' and checkpoint writes' (the point keeps their rates)
};

// Reads a trainer JSON-lines file, or a run folder (every node-*.out in it).
// On failure returns nothing and sets `error`.
std::optional<RunSpeed> readRunSpeed(const std::string& path, Text& error);

// The same from a run already read (the Watch page's); `name` says which in errors.
std::optional<RunSpeed> runSpeedOf(const metrics::Run& run, const std::string& name, Text& error);

// Why the run's speed may not transfer to the plan, in one line (calibrate.h's
// calibrationMismatch); nothing when the two agree.
std::optional<Text> runPlanMismatch(const Plan& plan, const RunSpeed& run);

// Is this run this plan's? Why not, in one line, from its start event's facts: measured on
// CPUs or another GPU type, or another model (its model type, or parameters more than 10%
// apart): calibration_workload.h's calibrationRefusal, the same decision that refuses the
// run's speed as a calibration point. Nothing when it is, or when the run has not said
// enough to tell. The Watch page and the Timeline draw the plan's prediction over a run
// only where there is nothing.
std::optional<Text> runOfAnotherPlan(const Plan& plan, const metrics::RunInfo& run);

}  // namespace traindeck
