#pragma once
// A plan judged once: whether it is complete, each layout's figures, the
// findings, the calibration as fitted, and whether it may be launched. The
// window's PlanDocument holds one and recomputes it on every edit;
// `traindeck plan` prints one. The faces read it: they do not validate,
// estimate or judge a plan themselves, so they cannot disagree.

#include "cost/cost_solver.h"  // its data only: core/cost fills costs and goal
#include "cost/layout_cost.h"
#include "plan/calibration_fit.h"
#include "plan/estimate.h"
#include "plan/findings.h"
#include "plan/plan.h"
#include "plan/run_timeline.h"
#include "plan/step_time_confidence.h"
#include "text/duration_text.h"
#include "text/text.h"

#include <optional>
#include <vector>

namespace traindeck {

// The model's size as both faces show it: counted from the architecture where the plan
// names one (exact integers, as sum(p.numel()) gives them), else the plan's model.params.
struct ModelParameters {
    long long total = 0;
    long long active = 0;   // used per token: fewer than total for a mixture of experts
    bool counted = false;   // counted from the architecture (not the plan's round figure)
    bool experts = false;   // the architecture has experts (active is a figure of its own)
};
ModelParameters modelParameters(const Plan& plan);

struct PlanAnalysis {
    Plan plan;                         // the plan judged
    Text invalid;                      // validatePlan's message; empty: the plan is complete
    ModelParameters parameters;        // modelParameters(plan), for any plan
    // The rest is filled only for a complete plan.
    std::vector<Estimate> estimates;   // one per layout of layoutsOf(plan), in that order
    // The same layouts at the plan's assumed constants, ignoring its measured
    // points; empty when it has none (the plots' "before calibration").
    std::vector<Estimate> uncalibrated;
    FittedModel fit;                   // fitModel(plan): the plan's own constants when it has no points
    // How sure each step time is (one per estimate): what bounds the layout's step, and that
    // regime's spread in the measured truth, or the fit's residual.
    std::vector<StepTimeConfidence> confidences;
    StepTimeConfidence confidence;     // the plan's own layout's, for what speaks of the plan as a whole
    // One unit for each row of durations over the layouts a node holds (text/duration_text.h),
    // found once for the analysis: the table's cells of the row and the time plot's axis read
    // in it (layout_rows.h's rowDurationScale), so the columns compare at a glance.
    struct DurationScales { DurationScale timeToFinish, evaluations, checkpoints; };
    DurationScales durationScales;
    std::vector<Finding> findings;     // errors first
    int nodeGpus = 0;                  // GPUs one node of the plan's GPU type holds
    // Each layout's cost, in the order of estimates; filled by core/cost's priceAnalysis
    // (analyse() leaves it empty: the price catalogue is core/cost's).
    std::vector<LayoutCost> costs;
    // The deadline's or budget's answer (core/cost/cost_solver.h), when the plan sets
    // one; goalInvalid when it cannot be read (a date that has passed). Also core/cost's.
    std::optional<GoalAnswer> goal;
    Text goalInvalid;

    // Complete and analysed (a default-made analysis, before any plan, is not).
    bool valid() const { return invalid.empty() && !estimates.empty(); }
    std::vector<Layout> layouts() const;
    // The figures of `layout`; null for a layout not analysed.
    const Estimate* estimateFor(const Layout& layout) const;
    // The timeline of an analysed layout (its estimate's); null for another.
    const RunTimeline* timelineFor(const Layout& layout) const;
    // How sure the step time of an analysed layout is; null for another.
    const StepTimeConfidence* confidenceFor(const Layout& layout) const;
    // The timeline of any layout of a complete plan (a watched run's), as figuresAt.
    RunTimeline timelineAt(const Layout& layout) const;
    // The figures of any layout of a complete plan: the analysed ones as they are,
    // another (a run watched on a layout the plan does not compare) estimated now.
    Estimate figuresAt(const Layout& layout) const;
    // A layout the GPU type can hold (one with more GPUs per node than a node has
    // has no meaningful figures: its finding says why).
    bool fitsNode(const Layout& layout) const { return layout.gpusPerNode <= nodeGpus; }
    // The findings of the whole plan and of `layout`.
    std::vector<Finding> findingsFor(const Layout& layout) const;
    // The cost of `layout`; null when not priced.
    const LayoutCost* costFor(const Layout& layout) const;
    // What stops a launch: the first error of the whole plan or of its own layout
    // (the nodes run that layout; a compared layout's errors do not stop them).
    // Null when the plan may be launched; an incomplete plan is refused before this.
    const Finding* launchBlocker() const;
};

PlanAnalysis analyse(const Plan& plan);

// The one rule of what stops a launch: an error of the whole plan or of its own
// layout (the nodes run that layout; a compared layout's errors are shown only).
bool blocksLaunch(const Finding& finding, const Plan& plan);

}  // namespace traindeck
