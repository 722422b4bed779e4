#pragma once
// A calibration point's workload as a person reads it at a glance, the same words in
// both faces: `traindeck plan`'s calibrated points, the calibration panel's list and
// fit, the predicted-against-measured plot's labels. The spelling after '@'
// (calibration_workload.h: "micro=8:accum=1:seq=256:ckpt=none:...") is for files and
// the command line; this is for reading:
//   "micro-batch 8, 256 tokens, bf16, H200, llama 33.56M"

#include "plan/plan.h"
#include "text/text.h"

#include <vector>

namespace traindeck {

// The parts of a workload in the order they are written: the shape first (what a user
// changes between runs), then the hardware and the model.
enum class WorkloadPart { Batch, Tokens, Checkpointing, Sharding, Precision, Gpu, Model };

// Every part `workload` says, context "Workload"; empty when it says none. A
// checkpointing or sharding that is off goes unsaid.
Text workloadSummary(const MeasuredWorkload& workload);
// Only `parts` of it (those it says), in the order above, an "off" said too ("no
// checkpointing" where the plan checkpoints).
Text workloadSummary(const MeasuredWorkload& workload, const std::vector<WorkloadPart>& parts);

// The parts in which two workloads said in full differ ("micro-batch 8" against the
// plan's 16): what sets a measured point's shape apart from the plan's.
std::vector<WorkloadPart> differingParts(const MeasuredWorkload& a, const MeasuredWorkload& b);

// The point's workload said in full, as the fit estimates it (planAtPoint): what it
// leaves unsaid is the plan's as it stands; its GPU and model are the plan's, since
// a point of another GPU type or model is refused (calibrationRefusal).
MeasuredWorkload pointWorkload(const Plan& plan, const Calibration& point);

// What sets the point's shape apart from the plan's on its layout, in words ("micro-batch 8"
// where the plan has 16): how a point is named beside its figures, in `traindeck plan` and
// the panel's fit. Empty when the point was measured at the plan's shape.
Text shapeApartFromPlan(const Plan& plan, const Calibration& point);

}  // namespace traindeck
