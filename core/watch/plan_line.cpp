#include "watch/plan_line.h"

#include "plan/hardware.h"
#include "plan/run_speed.h"

#include <cmath>
#include <limits>

namespace traindeck::watch {

double planLine(const PlanAnalysis& analysis, const metrics::Run& run, metrics::CardKind card) {
    constexpr double none = std::numeric_limits<double>::quiet_NaN();
    if (!analysis.valid() || (card != metrics::CardKind::SamplesPerS && card != metrics::CardKind::GpuMemory))
        return none;
    if (card == metrics::CardKind::SamplesPerS && runOfAnotherPlan(analysis.plan, run.info))
        return none;
    const Layout layout = run.info.nodes > 0 && run.info.gpusPerNode > 0 ? Layout{run.info.nodes, run.info.gpusPerNode}
                                                                         : analysis.plan.cluster.layout();
    const Estimate e = analysis.figuresAt(layout);
    const GpuModel* device = findGpuByDeviceName(run.info.device);
    const double value = card == metrics::CardKind::SamplesPerS ? e.samplesPerS.value
                         : device                               ? device->memoryGb
                                                                : e.gpuMemoryGb;
    return std::isfinite(value) && value > 0 ? value : none;
}

}  // namespace traindeck::watch
