#pragma once
// A layout whose step the host bounds, and the split of its batch that gives each GPU
// the work to hide the host.
//
// Eager PyTorch issues the same operators whatever the micro-batch: a micro-step's host
// time is fixed while its GPU work grows with its samples. Where the host bounds the step
// (step_time_confidence.h's regime), fewer and larger micro-steps of the same batch
// (micro-batch × k, accumulation ÷ k) cut the host's time per step by k while the GPU's
// barely moves, as far as memory allows. With accumulation 1 there is no such split: a
// larger micro-batch would change the batch, which is the user's to choose.

#include "plan/batch_split_edit.h"
#include "plan/estimate.h"
#include "plan/plan.h"

#include <optional>

namespace traindeck {

// Whether the host's issue time bounds the estimate's step.
bool hostBoundsStep(const Estimate& estimate);

struct HostBoundFix {
    BatchSplitEdit split;
    double stepTimeS = 0;  // after the fix
};

// The smallest larger micro-batch of the layout's own batch whose step comes within 2% of
// the shortest any such split reaches, and fits the card with room to spare; none where no
// split shortens the step by 5% or more.
std::optional<HostBoundFix> hostBoundFix(const Plan& plan, const Estimate& current);

}  // namespace traindeck
