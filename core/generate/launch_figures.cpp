#include "generate/launch_figures.h"

#include "plan/plan_fields.h"

#include <cmath>

namespace traindeck::generate {

LaunchFigures launchFigures(const Plan& plan, const Estimate& e) {
    LaunchFigures f;
    f.nodes = plan.cluster.nodes;
    f.gpusPerNode = plan.cluster.gpusPerNode;
    f.worldSize = e.worldSize;
    f.microBatch = e.microBatch;
    f.gradAccum = e.gradAccum;
    // Recomputed rather than read from the estimate's figure so the identity
    // DeepSpeed enforces at start-up holds exactly in every file.
    f.effectiveBatch = long(f.microBatch) * f.gradAccum * f.worldSize;
    f.lr = e.lr.value;
    f.warmupSteps = std::lround(e.warmupSteps.value);
    f.totalSteps = std::lround(e.totalSteps.value);
    return f;
}

std::string numberText(double value) { return formatNumber(value); }

}  // namespace traindeck::generate
