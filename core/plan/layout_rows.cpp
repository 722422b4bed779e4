#include "plan/layout_rows.h"

#include "cost/money_text.h"
#include "plan/plan_fields.h"
#include "plan/run_timeline.h"
#include "text/clock_text.h"
#include "text/duration_text.h"
#include "text/number_text.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace traindeck {
namespace {

Text val(const std::string& v) { return Text::value(v); }
Text num(double v) { return Text::value(estimateText(v)); }

const struct {
    LayoutRow row;
    const char* key;
    TextTemplate name;
} kRows[] = {
    {LayoutRow::WorldSize, "world_size", TD_TEXT("LayoutRows", "GPUs")},
    {LayoutRow::MicroTimesAccum, "micro_x_accum", TD_TEXT("LayoutRows", "micro × accum")},
    {LayoutRow::EffectiveBatch, "effective_batch", TD_TEXT("LayoutRows", "effective batch")},
    {LayoutRow::Lr, "lr", TD_TEXT("LayoutRows", "learning rate")},
    {LayoutRow::WarmupSteps, "warmup_steps", TD_TEXT("LayoutRows", "warmup steps")},
    {LayoutRow::StepsPerEpoch, "steps_per_epoch", TD_TEXT("LayoutRows", "steps per epoch")},
    {LayoutRow::TotalSteps, "total_steps", TD_TEXT("LayoutRows", "total steps")},
    {LayoutRow::Memory, "memory_per_gpu", TD_TEXT("LayoutRows", "memory per GPU")},
    {LayoutRow::StepTime, "step_time", TD_TEXT("LayoutRows", "step time")},
    {LayoutRow::StepTimeError, "step_time_error", TD_TEXT("LayoutRows", "  expected error")},
    {LayoutRow::ComputeTime, "compute_time", TD_TEXT("LayoutRows", "  compute")},
    {LayoutRow::ExposedComm, "exposed_comm", TD_TEXT("LayoutRows", "  exposed comm")},
    {LayoutRow::StepsPerS, "steps_per_s", TD_TEXT("LayoutRows", "steps/s")},
    {LayoutRow::SamplesPerS, "samples_per_s", TD_TEXT("LayoutRows", "samples/s")},
    {LayoutRow::TimeToFinish, "time_to_finish", TD_TEXT("LayoutRows", "time to finish")},
    {LayoutRow::EvaluationTime, "evaluations", TD_TEXT("LayoutRows", "  evaluations")},
    {LayoutRow::CheckpointTime, "checkpoints", TD_TEXT("LayoutRows", "  checkpoints")},
    {LayoutRow::FinishClock, "finishes", TD_TEXT("LayoutRows", "ends if run now")},
    {LayoutRow::GpuHours, "gpu_hours", TD_TEXT("LayoutRows", "GPU-hours")},
    {LayoutRow::ScalingEfficiency, "scaling_efficiency", TD_TEXT("LayoutRows", "scaling eff.")},
    {LayoutRow::CostPerHour, "cost_per_hour", TD_TEXT("LayoutRows", "cost per hour")},
    {LayoutRow::CostToFinish, "cost_to_finish", TD_TEXT("LayoutRows", "cost to finish")},
    {LayoutRow::Findings, "findings", TD_TEXT("LayoutRows", "findings")},
};
static_assert(std::size(kRows) == size_t(kLayoutRowCount), "a name for every row");

LayoutCell none() { return {Text::value("—"), std::nullopt, false}; }
LayoutCell figure(const Figure& f) { return {figureText(f), f, true}; }
// A part of the timeline, in seconds, as a duration (its figure in hours, as the text).
Figure inHours(const Figure& seconds) { return {seconds.value / 3600, std::string("h"), seconds.formula, seconds.worked}; }
LayoutCell duration(const Figure& seconds, DurationScale scale) {
    return {durationText(seconds.value / 3600, scale), inHours(seconds), true};
}

}  // namespace

Text memoryText(const Estimate& e) {
    return Text(TD_TEXT("LayoutRows", "%1/%2 GiB"), {num(e.memoryPerGpuGb.value), num(e.gpuMemoryGb)});
}

DurationScale rowDurationScale(const PlanAnalysis& analysis, LayoutRow row) {
    switch (row) {
    case LayoutRow::TimeToFinish: return analysis.durationScales.timeToFinish;
    case LayoutRow::EvaluationTime: return analysis.durationScales.evaluations;
    case LayoutRow::CheckpointTime: return analysis.durationScales.checkpoints;
    default: return {};  // not a row of durations
    }
}

std::vector<LayoutRow> layoutRows() {
    std::vector<LayoutRow> rows;
    for (const auto& r : kRows) rows.push_back(r.row);
    return rows;
}

Text layoutRowName(LayoutRow row) { return Text(kRows[size_t(row)].name); }
std::string layoutRowKey(LayoutRow row) { return kRows[size_t(row)].key; }

Text figureText(const Figure& f) {
    if (f.unit == "h" || f.unit == "hours")
        return durationText(f.value);
    // The units core's figures carry, each with its words.
    static const struct {
        const char* unit;
        TextTemplate text;
    } units[] = {
        {"samples", TD_TEXT("LayoutRows", "%1 samples")},  {"sample", TD_TEXT("LayoutRows", "%1 samples")},
        {"steps", TD_TEXT("LayoutRows", "%1 steps")},      {"step", TD_TEXT("LayoutRows", "%1 steps")},
        {"GiB", TD_TEXT("LayoutRows", "%1 GiB")},          {"s", TD_TEXT("LayoutRows", "%1 s")},
        {"GPU-hours", TD_TEXT("LayoutRows", "%1 GPU-hours")}, {"GPU·h", TD_TEXT("LayoutRows", "%1 GPU-hours")},
        {"GPU h", TD_TEXT("LayoutRows", "%1 GPU-hours")},  {"steps/s", TD_TEXT("LayoutRows", "%1 steps/s")},
        {"samples/s", TD_TEXT("LayoutRows", "%1 samples/s")}, {"s/step", TD_TEXT("LayoutRows", "%1 s/step")},
        {"GPUs", TD_TEXT("LayoutRows", "%1 GPUs")},
    };
    // Under a second: milliseconds ("0.486 ms", not "0.000486 s" or "1.04e-05 s").
    if ((f.unit == "s" || f.unit == "s/step") && f.value != 0 && std::abs(f.value) < 1)
        return Text(f.unit == "s" ? TD_TEXT("LayoutRows", "%1 ms") : TD_TEXT("LayoutRows", "%1 ms/step"), {num(f.value * 1e3)});
    for (const auto& u : units)
        if (f.unit == u.unit)
            return Text(u.text, {num(f.value)});
    if (f.unit.empty())
        return num(f.value);
    if (f.unit == "%")
        return val(estimateText(f.value) + "%");
    return val(estimateText(f.value) + " " + f.unit);
}

Text findingsSummary(const std::vector<Finding>& findings) {
    int errors = 0, warnings = 0;
    for (const Finding& f : findings) {
        errors += f.severity == Severity::Error;
        warnings += f.severity == Severity::Warning;
    }
    const Text errorText = errors == 1 ? Text(TD_TEXT("LayoutRows", "1 error"))
                                       : Text(TD_TEXT("LayoutRows", "%1 errors"), {val(std::to_string(errors))});
    const Text warningText = warnings == 1
                                 ? Text(TD_TEXT("LayoutRows", "1 warning"))
                                 : Text(TD_TEXT("LayoutRows", "%1 warnings"), {val(std::to_string(warnings))});
    if (errors && warnings)
        return Text(TD_TEXT("LayoutRows", "%1, %2"), {errorText, warningText});
    if (errors) return errorText;
    if (warnings) return warningText;
    return Text(TD_TEXT("LayoutRows", "No problems"));
}

Text layoutCannotRun(const PlanAnalysis& analysis, const Layout& layout) {
    if (analysis.fitsNode(layout)) {
        // A node holds it, but its GPUs' memory may not: the memory finding says by how much.
        const Estimate* e = analysis.estimateFor(layout);
        if (!e || e->fitsCard()) return {};
        for (const Finding& f : analysis.findings)
            if (f.code == "memory_over_card" && f.layout && *f.layout == layout) return f.message;
        return {};
    }
    // The finding that says why (findings.cpp's beyondNode), in its words.
    for (const Finding& f : analysis.findings)
        if (f.code == "gpus_per_node_exceeds_node" && f.layout && *f.layout == layout)
            return f.message;
    return Text(TD_TEXT("LayoutRows", "%1: more GPUs per node than a node has"), {val(layoutText(layout))});
}

LayoutCell layoutCell(const PlanAnalysis& analysis, const Layout& layout, LayoutRow row) {
    const Estimate* found = analysis.estimateFor(layout);
    if (!found)
        return none();
    if (row == LayoutRow::Findings)
        return {findingsSummary(analysis.findingsFor(layout)), std::nullopt, true};
    // A layout no node holds has no meaningful figures; its reason is layoutCannotRun.
    if (!analysis.fitsNode(layout))
        return none();
    const Estimate& e = *found;
    const RunTimeline* t = analysis.timelineFor(layout);
    const LayoutCost* cost = analysis.costFor(layout);
    switch (row) {
    case LayoutRow::WorldSize: return {val(std::to_string(e.worldSize)), std::nullopt, true};
    case LayoutRow::MicroTimesAccum:
        return {Text(TD_TEXT("LayoutRows", "%1 × %2"), {val(std::to_string(e.microBatch)), val(std::to_string(e.gradAccum))}),
                std::nullopt, true};
    case LayoutRow::EffectiveBatch: return figure(e.effectiveBatch);
    case LayoutRow::Lr: return figure(e.lr);
    case LayoutRow::WarmupSteps: return figure(e.warmupSteps);
    case LayoutRow::StepsPerEpoch: return figure(e.stepsPerEpoch);
    case LayoutRow::TotalSteps: return figure(e.totalSteps);
    case LayoutRow::Memory:
        return {memoryText(e), e.memoryPerGpuGb, true};
    case LayoutRow::StepTime: return figure(e.stepTimeS);
    case LayoutRow::StepTimeError:
        // "±4.1% (GPU)", and on hover where the figure comes from (step_time_confidence.h).
        if (const StepTimeConfidence* c = analysis.confidenceFor(layout))
            return {c->summary, std::nullopt, true, c->basis};
        return none();
    case LayoutRow::ComputeTime: return figure(e.computeTimeS);
    case LayoutRow::ExposedComm: return figure(e.exposedCommTimeS);
    case LayoutRow::StepsPerS: return figure(e.stepsPerS);
    case LayoutRow::SamplesPerS: return figure(e.samplesPerS);
    // The durations in their row's one scale (found once for the analysis), so the columns compare at a glance.
    case LayoutRow::TimeToFinish:
        return {durationText(e.hoursToFinish.value, rowDurationScale(analysis, row)), e.hoursToFinish, true};
    case LayoutRow::EvaluationTime: return t ? duration(t->evaluationsS, rowDurationScale(analysis, row)) : none();
    case LayoutRow::CheckpointTime: return t ? duration(t->checkpointsS, rowDurationScale(analysis, row)) : none();
    case LayoutRow::FinishClock:
        return t ? LayoutCell{val(clockAfter(t->timeToFinishS.value)), inHours(t->timeToFinishS), true} : none();
    case LayoutRow::GpuHours: return figure(e.gpuHours);
    case LayoutRow::ScalingEfficiency:
        // Core keeps the efficiency as a ratio; people read it as a percentage.
        return {val(estimateText(100 * e.scalingEfficiency.value) + "%"), e.scalingEfficiency, true};
    case LayoutRow::CostPerHour:
        return cost ? LayoutCell{val(moneyText(cost->perHour, cost->currency)), std::nullopt, true} : none();
    case LayoutRow::CostToFinish:
        // With the step time's expected error, and no digit finer than it: "$4,000 ±50%".
        return cost ? LayoutCell{Text(TD_TEXT("LayoutRows", "%1 ±%2%"),
                                      {val(moneyAbout(cost->toFinish, cost->currency, cost->error)),
                                       val(estimateText(std::round(100 * cost->error)))}),
                                 std::nullopt, true}
                    : none();
    case LayoutRow::Findings: break;
    }
    return none();
}

}  // namespace traindeck
