#pragma once
// The rows of a layout's figures, top to bottom, as both faces show them: the
// `traindeck plan` table and the Layouts page's columns. Each row has its name,
// and for a layout of an analysis its text (the value written by core's one
// number rule, text/number_text.h's estimateText, with its unit), the figure
// behind it (the formula and the worked numbers a face may show on hover) and
// whether it applies. A face draws these rows: it formats no figure itself, so
// the two cannot show different rows, orders or numbers.
//
// A layout a node of the plan's GPU type cannot hold (more GPUs per node than a
// node has) keeps its column in both faces, with no figures ("—") and the reason
// it cannot run (layoutCannotRun): a compared layout never silently disappears.
//
// Its own library (traindeck_layout_rows, above core/cost): the cost rows write money.

#include "plan/estimate.h"
#include "plan/plan_analysis.h"
#include "text/duration_text.h"
#include "text/text.h"

#include <optional>
#include <string>
#include <vector>

namespace traindeck {

enum class LayoutRow {
    WorldSize,
    MicroTimesAccum,
    EffectiveBatch,
    Lr,
    WarmupSteps,
    StepsPerEpoch,
    TotalSteps,
    Memory,
    StepTime,
    StepTimeError,     // how sure the step time is: its expected error and what bounds the step
    ComputeTime,       // a part of the step time
    ExposedComm,       // a part of the step time
    StepsPerS,
    SamplesPerS,
    TimeToFinish,
    EvaluationTime,    // a part of the time to finish (run_timeline.h)
    CheckpointTime,    // a part of the time to finish
    FinishClock,       // when a run started now would end, local time
    GpuHours,
    ScalingEfficiency,
    CostPerHour,
    CostToFinish,
    Findings,          // the layout's findings counted; the faces list them below
};
inline constexpr int kLayoutRowCount = int(LayoutRow::Findings) + 1;

// The rows in the order both faces show them.
std::vector<LayoutRow> layoutRows();
// A row's name ("effective batch"), context "LayoutRows"; a part of the row above
// it ("  compute") begins with two spaces.
Text layoutRowName(LayoutRow row);
// Its name for scripts and tests: "effective_batch" (`traindeck plan --json` rows).
std::string layoutRowKey(LayoutRow row);

struct LayoutCell {
    Text text;                      // "256 samples", "30.1/79.6 GiB", "17 min"; "—" when it does not apply
    std::optional<Figure> figure;   // the figure behind the text (formula, worked numbers), where it has one
    bool applies = true;            // false: no value (not priced, a layout a node cannot hold)
    Text note{};                    // in words, where a cell without a figure comes from (a face may show it on hover)
};

// The one scale of a row of durations (the time to finish, its evaluations, its
// checkpoints) over the analysis's layouts: the table's cells of the row and the
// plots' axis of it read in this unit (text/duration_text.h). Found once per analysis
// (PlanAnalysis::durationScales), not per cell; hours for a row of no durations.
DurationScale rowDurationScale(const PlanAnalysis& analysis, LayoutRow row);

// The cell of `row` for `layout`, a layout of the complete analysis `analysis`.
LayoutCell layoutCell(const PlanAnalysis& analysis, const Layout& layout, LayoutRow row);

// The memory one GPU needs against the card's, as the row and the memory bar write it: "30.1/79.6 GiB".
Text memoryText(const Estimate& estimate);

// Why `layout` cannot run as the plan stands on its GPU type (a node holds fewer GPUs
// than it asks per node, or its GPUs' memory does not hold it): its finding's
// message; empty when it runs.
Text layoutCannotRun(const PlanAnalysis& analysis, const Layout& layout);

// A figure's value and unit as both faces write them ("256 samples", "0.0123 s",
// "98.7%", durations as durationText, text/duration_text.h).
Text figureText(const Figure& figure);
// The findings of a layout counted: "No problems", "1 error", "2 errors, 1 warning".
Text findingsSummary(const std::vector<Finding>& findings);

}  // namespace traindeck
