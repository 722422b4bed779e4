#pragma once
// A change of how one layout splits its per-GPU batch into micro-batch × accumulation,
// as plan edits and in words. The batch stays: a smaller micro-batch with more
// accumulation saves memory (memory_fix.h), a larger one with less saves the host its
// per-micro-step issue time (host_bound_fix.h).

#include "plan/findings.h"
#include "plan/plan.h"
#include "text/text.h"

#include <vector>

namespace traindeck {

struct BatchSplitEdit {
    std::vector<FieldEdit> edits;
    Text words;  // "micro-batch 8 × accumulation 2 (keeps batch 128)"
};

// `micro` × perGpu/micro on a layout whose effective batch is `batch`. With a target global
// batch the plan's micro-batch is the only edit (batch_solve.h solves the accumulation);
// without one, the accumulation is the plan's own field and changes with it.
BatchSplitEdit batchSplitEdit(const Plan& plan, long micro, long perGpu, long batch);

// The plan with the edits applied (each a valid field value: findings make them).
Plan withEdits(Plan plan, const std::vector<FieldEdit>& edits);

}  // namespace traindeck
