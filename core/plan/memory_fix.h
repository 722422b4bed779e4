#pragma once
// The cheapest change of a plan that makes one layout fit its GPUs' memory.
//
// Each lever saves memory at a price: a smaller micro-batch with more accumulation
// keeps the batch and costs nothing in the estimate; activation checkpointing
// recomputes (selective: attention's scores, full: a forward per layer); a higher
// ZeRO stage or FSDP full_shard shards more of the states and costs communication.
// Large models need several levers at once (Llama-3.1 8B on 16 H100s fits only with
// ZeRO-3, full checkpointing and micro-batch 1), so every combination is tried and
// the one with the shortest estimated step is chosen; fewer edits break ties.

#include "plan/findings.h"
#include "plan/plan.h"
#include "text/text.h"

#include <optional>
#include <vector>

namespace traindeck {

struct MemoryFix {
    std::vector<FieldEdit> edits;  // applied together
    Text words;                    // "use ZeRO stage 3, full activation checkpointing and micro-batch 1 × …"
    double memoryPerGpuGb = 0;     // after the fix
    double stepTimeS = 0;          // after the fix
};

// None when no combination of the levers fits (the model needs more GPUs,
// offloading or a smaller size).
std::optional<MemoryFix> cheapestMemoryFix(const Plan& plan, const Layout& layout);

// The largest micro-batch below the plan's that fits as the plan stands otherwise; 0 when none.
int largestFittingMicroBatch(const Plan& plan, const Layout& layout);

}  // namespace traindeck
