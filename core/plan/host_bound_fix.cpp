#include "plan/host_bound_fix.h"

#include "plan/step_time_confidence.h"

#include <algorithm>
#include <vector>

namespace traindeck {

bool hostBoundsStep(const Estimate& estimate) { return stepRegime(stepShares(estimate)) == StepRegime::Host; }

std::optional<HostBoundFix> hostBoundFix(const Plan& plan, const Estimate& current) {
    const Layout& layout = current.layout;
    const long batch = long(current.effectiveBatch.value);
    const long perGpu = long(current.microBatch) * current.gradAccum;
    if (perGpu * layout.worldSize() != batch)
        return std::nullopt;
    std::vector<HostBoundFix> splits;  // by growing micro-batch
    for (long micro = current.microBatch + 1; micro <= perGpu; ++micro) {
        if (perGpu % micro)
            continue;
        BatchSplitEdit split = batchSplitEdit(plan, micro, perGpu, batch);
        const Estimate e = estimate(withEdits(plan, split.edits), layout);
        if (e.microBatch != micro)
            continue;  // a global batch the layout does not split so
        if (!e.fitsCard(kComfortableShare))
            break;     // the card full: larger micro-batches fit less
        splits.push_back({std::move(split), e.stepTimeS.value});
    }
    double shortest = current.stepTimeS.value;
    for (const HostBoundFix& s : splits) shortest = std::min(shortest, s.stepTimeS);
    if (shortest > 0.95 * current.stepTimeS.value)
        return std::nullopt;
    for (HostBoundFix& s : splits)
        if (s.stepTimeS <= 1.02 * shortest)
            return std::move(s);
    return std::nullopt;
}

}  // namespace traindeck
