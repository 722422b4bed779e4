#pragma once
// A layout's cost at the plan's prices: the user's own price per GPU-hour, or the
// catalogue row of the plan's cloud (and region; else the cloud's cheapest) for its
// GPU, at the instance with the fewest GPUs that holds one node of the layout (4 GPUs
// on an 8-GPU instance pay for 8). Every cost traces to that row or to the user's number.

#include "cost/layout_cost.h"
#include "plan/estimate.h"
#include "plan/plan_analysis.h"

#include <ctime>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace traindeck {

// The row `gpusPerNode` GPUs of `gpu` are billed at on `cloud` (`region`, or the
// cheapest for them when empty), on-demand or spot; none when the catalogue has no price.
std::optional<PriceRow> priceRowFor(const std::vector<PriceRow>& rows, std::string_view cloud, std::string_view region,
                                    std::string_view gpu, int gpusPerNode, bool spot);

// The currency the plan's money is in: cluster.currency, else its cloud's, else USD.
std::string planCurrency(const Plan& plan, const std::vector<PriceRow>& rows);

// The time the run takes on a layout, in hours: its timeline's (steps × step time, the
// evaluations and the checkpoint writes); on spot costOf adds the preemptions.
double hoursToFinish(const Estimate& e);

// The relative error the step time is expected to have, carried into the cost of a
// layout priced without an analysis (the goal solver's alternatives): after a calibration
// the worst point of the planner's own test against measured Hugging Face models (14.7%,
// bench/RESULTS.md, 2026-11-25); before one the assumed MFU can be far off for a model
// (0.11–0.69 fitted there), so ±50%. An analysed layout's cost carries its own step
// time's expected error instead (priceAnalysis, step_time_confidence.h).
double expectedStepTimeError(const Plan& plan);

// Where a cost's price comes from, one sentence for both faces: the catalogue row
// (cloud, region, instance, on-demand or spot, per GPU-hour, source and date) or the
// user's own price, with the expected error; or why the layout has no cost.
Text priceSourceText(const LayoutCost& cost);
// On spot, the preemptions folded into the layout's time and cost, one sentence (the
// assumed rate, the restart, the checkpoint interval, the hours added); empty on-demand.
Text spotText(const LayoutCost& cost);
// The cost whose price a face describes: the plan's own layout's, else any priced
// one, else an unpriced one (to say why); null before a priced analysis.
const LayoutCost* describedCost(const PlanAnalysis& analysis);

LayoutCost costOf(const Plan& plan, const Estimate& e, const std::vector<PriceRow>& rows);

// Fills analysis.costs (one per estimate) and adds the findings that speak money:
// a layout that finishes sooner but costs much more than the next smaller one, and
// a compared layout both cheaper and sooner than the plan's own; then the goal's
// answer (analysis.goal, cost_solver.h) with `now` for a deadline given as a date.
void priceAnalysis(PlanAnalysis& analysis, const std::vector<PriceRow>& rows, std::time_t now);

// Whether the analysis's priced layouts train different amounts (no target batch, so
// the global batch grows with the world): their costs to finish are of different runs.
bool trainsUnequalWork(const PlanAnalysis& analysis);
// A layout's cost at equal work: per million tokens, else per 1,000 samples.
Text workPriceText(const LayoutCost& cost);
// When the layouts train different amounts, one sentence saying so with each layout's
// cost at equal work; empty otherwise. Both faces show it under the costs.
Text unequalWorkText(const PlanAnalysis& analysis);

// analyse(plan) priced at the user's catalogue (defaultPrices()) now: what both faces show.
PlanAnalysis analysePriced(const Plan& plan);

}  // namespace traindeck
