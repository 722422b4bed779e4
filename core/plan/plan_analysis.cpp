#include "plan/plan_analysis.h"

#include "model/parameters.h"
#include "plan/hardware.h"
#include "plan/plan_fields.h"
#include "plan/step_memory.h"

#include <algorithm>

namespace traindeck {
namespace {

// Each row of durations in the unit of its longest; a layout no node holds has no figures.
PlanAnalysis::DurationScales durationScales(const PlanAnalysis& a) {
    std::vector<double> finish, evaluations, checkpoints;  // hours
    for (const Estimate& e : a.estimates)
        if (a.fitsNode(e.layout)) {
            finish.push_back(e.hoursToFinish.value);
            evaluations.push_back(e.timeline.evaluationsS.value / 3600);
            checkpoints.push_back(e.timeline.checkpointsS.value / 3600);
        }
    return {durationScale(finish), durationScale(evaluations), durationScale(checkpoints)};
}

}  // namespace

PlanAnalysis analyse(const Plan& plan) {
    PlanAnalysis a;
    a.plan = plan;
    a.parameters = modelParameters(plan);
    a.invalid = validatePlan(plan);
    if (!a.invalid.empty())
        return a;
    a.nodeGpus = findGpu(plan.cluster.gpu)->gpusPerNode;
    for (const Layout& layout : layoutsOf(plan)) {
        a.estimates.push_back(estimate(plan, layout));
        if (!plan.calibrations.empty())
            a.uncalibrated.push_back(estimateUncalibrated(plan, layout));
    }
    a.durationScales = durationScales(a);
    a.fit = fitModel(plan);
    for (const Estimate& e : a.estimates)
        a.confidences.push_back(stepTimeConfidence(plan, a.fit, e));
    a.confidence = *a.confidenceFor(plan.cluster.layout());
    a.findings = findings(plan, a.estimates, a.fit);
    return a;
}

ModelParameters modelParameters(const Plan& plan) {
    ModelParameters p;
    model::Architecture arch;
    if (planArchitecture(plan, arch)) {
        const model::ParameterCount count = model::countParameters(arch);
        if (count.total > 0)
            return {count.total, count.active, true, arch.experts > 0};
    }
    p.total = p.active = static_cast<long long>(plan.model.params);
    return p;
}

std::vector<Finding> findings(const Plan& plan) { return analyse(plan).findings; }

std::vector<Layout> PlanAnalysis::layouts() const {
    std::vector<Layout> out;
    for (const Estimate& e : estimates)
        out.push_back(e.layout);
    return out;
}

const Estimate* PlanAnalysis::estimateFor(const Layout& layout) const {
    const auto it = std::find_if(estimates.begin(), estimates.end(), [&](const Estimate& e) { return e.layout == layout; });
    return it == estimates.end() ? nullptr : &*it;
}

const RunTimeline* PlanAnalysis::timelineFor(const Layout& layout) const {
    const Estimate* analysed = estimateFor(layout);
    return analysed ? &analysed->timeline : nullptr;
}

const StepTimeConfidence* PlanAnalysis::confidenceFor(const Layout& layout) const {
    const auto it = std::find_if(confidences.begin(), confidences.end(),
                                 [&](const StepTimeConfidence& c) { return c.layout == layout; });
    return it == confidences.end() ? nullptr : &*it;
}

RunTimeline PlanAnalysis::timelineAt(const Layout& layout) const { return figuresAt(layout).timeline; }

Estimate PlanAnalysis::figuresAt(const Layout& layout) const {
    const Estimate* analysed = estimateFor(layout);
    return analysed ? *analysed : estimate(plan, layout);
}

const LayoutCost* PlanAnalysis::costFor(const Layout& layout) const {
    const auto it = std::find_if(costs.begin(), costs.end(), [&](const LayoutCost& c) { return c.layout == layout; });
    return it == costs.end() || !it->priced ? nullptr : &*it;
}

std::vector<Finding> PlanAnalysis::findingsFor(const Layout& layout) const {
    std::vector<Finding> out;
    for (const Finding& f : findings)
        if (!f.layout || *f.layout == layout)
            out.push_back(f);
    return out;
}

const Finding* PlanAnalysis::launchBlocker() const {
    for (const Finding& f : findings)
        if (blocksLaunch(f, plan))
            return &f;
    return nullptr;
}

bool blocksLaunch(const Finding& f, const Plan& plan) {
    return f.severity == Severity::Error && (!f.layout || *f.layout == plan.cluster.layout());
}

}  // namespace traindeck
