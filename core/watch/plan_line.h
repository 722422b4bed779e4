#pragma once
// What the plan says about a watched run, drawn as a dashed line on its card:
// on the samples/s card the plan's prediction for the layout the run ran on
// (the plan's own layout when the run did not say: a user's script), on the GPU
// memory card the memory of the card the run ran on ("device": "NVIDIA H200"),
// else of the plan's GPU. The prediction is drawn over a run of the plan's own
// device and model only (run_speed.h's runOfAnotherPlan): another's gets none.

#include "metrics/cards.h"
#include "metrics/run.h"
#include "plan/plan_analysis.h"

namespace traindeck::watch {

// The line's value, or NaN where the card has none (another card, a plan not
// complete, a figure not known).
double planLine(const PlanAnalysis& analysis, const metrics::Run& run, metrics::CardKind card);

}  // namespace traindeck::watch
