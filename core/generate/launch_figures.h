#pragma once
// The numbers every launch file shares, taken once from the planner's estimate
// for the plan's own layout, so that the accelerate config, the DeepSpeed config,
// the trainer's flags and a user's command template cannot disagree.

#include "plan/estimate.h"
#include "plan/plan.h"

#include <string>

namespace traindeck::generate {

struct LaunchFigures {
    int nodes = 0;
    int gpusPerNode = 0;
    int worldSize = 0;        // processes in the whole job: nodes × GPUs per node
    int microBatch = 0;       // per GPU per micro-step
    int gradAccum = 0;        // micro-steps per optimizer step
    long effectiveBatch = 0;  // micro × accumulation × world: DeepSpeed's train_batch_size
    double lr = 0;            // peak learning rate after the plan's scaling rule
    long warmupSteps = 0;
    long totalSteps = 0;
};

// `own`: the plan's estimate for its own layout (PlanAnalysis holds it).
LaunchFigures launchFigures(const Plan& plan, const Estimate& own);

// Numbers as written into files: shortest text that reads back exactly (1e-3, 0.00025).
std::string numberText(double value);

}  // namespace traindeck::generate
