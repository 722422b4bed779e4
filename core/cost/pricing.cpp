#include "cost/pricing.h"

#include "cost/cost_solver.h"
#include "cost/money_text.h"
#include "cost/price_catalogue.h"
#include "cost/value_text.h"
#include "plan/plan_fields.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace traindeck {

using cost_text::val;

namespace {

std::string oneDecimal(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", v);
    return buf;
}

// A compared layout costs "much more" than the next smaller one from here on: below
// it the faster one is the better buy and a finding would be noise.
constexpr double kMuchMore = 0.10;

}  // namespace

std::optional<PriceRow> priceRowFor(const std::vector<PriceRow>& rows, std::string_view cloud, std::string_view region,
                                    std::string_view gpu, int gpusPerNode, bool spot) {
    std::optional<PriceRow> best;
    for (const PriceRow& r : rows) {
        if (r.cloud != cloud || r.gpu != gpu || (!region.empty() && r.region != region) || r.gpusPerNode < gpusPerNode ||
            r.perGpuHour(spot) <= 0)
            continue;
        // The fewest GPUs that hold the node, then the cheapest node-hour.
        const double node = r.perGpuHour(spot) * r.gpusPerNode;
        if (!best || r.gpusPerNode < best->gpusPerNode ||
            (r.gpusPerNode == best->gpusPerNode && node < best->perGpuHour(spot) * best->gpusPerNode))
            best = r;
    }
    return best;
}

std::string planCurrency(const Plan& plan, const std::vector<PriceRow>& rows) {
    if (!plan.cluster.currency.empty()) return plan.cluster.currency;
    for (const PriceRow& r : rows)
        if (r.cloud == plan.cluster.cloud) return r.currency;
    return "USD";
}

double hoursToFinish(const Estimate& e) { return e.hoursToFinish.value; }

double expectedStepTimeError(const Plan& plan) { return plan.calibrations.empty() ? 0.50 : 0.15; }

Text priceSourceText(const LayoutCost& c) {
    if (!c.priced) return c.unpriced;
    const Text error = val(std::to_string(std::lround(100 * c.error)) + "%");
    if (c.userPrice)
        return Text(TD_TEXT("CostMessages", "Priced at your %1 per GPU-hour; the cost lies within ±%2 (the step time's "
                                            "expected error)."),
                    {val(moneyText(c.perHour / c.billedGpus, c.currency)), error});
    return Text(c.spot ? TD_TEXT("CostMessages", "Priced at %1 %2 %3, spot, %4 per GPU-hour (%5, read %6); the cost lies "
                                                 "within ±%7 (the step time's expected error).")
                       : TD_TEXT("CostMessages", "Priced at %1 %2 %3, on-demand, %4 per GPU-hour (%5, read %6); the cost "
                                                 "lies within ±%7 (the step time's expected error)."),
                {val(c.row.cloud), val(c.row.region), val(c.row.instance), val(moneyText(c.row.perGpuHour(c.spot), c.currency)),
                 val(c.row.source), val(c.row.date), error});
}

const LayoutCost* describedCost(const PlanAnalysis& a) {
    if (const LayoutCost* own = a.costFor(a.plan.cluster.layout())) return own;
    for (const LayoutCost& c : a.costs)
        if (c.priced) return &c;
    return a.costs.empty() ? nullptr : &a.costs.front();
}

LayoutCost costOf(const Plan& plan, const Estimate& e, const std::vector<PriceRow>& rows) {
    const Cluster& c = plan.cluster;
    LayoutCost cost;
    cost.layout = e.layout;
    cost.hours = hoursToFinish(e);
    cost.error = expectedStepTimeError(plan);
    cost.spot = c.spot;
    if (c.pricePerGpuHour > 0) {
        cost.userPrice = true;
        cost.currency = planCurrency(plan, rows);
        cost.billedGpus = e.worldSize;
        cost.perHour = c.pricePerGpuHour * cost.billedGpus;
    } else if (c.cloud.empty()) {
        cost.unpriced = Text(TD_TEXT("CostMessages", "no price: set a cloud (%1) or your price per GPU-hour (%2)"),
                             {Text::field("cluster.cloud", "--cloud"),
                              Text::field("cluster.price_per_gpu_hour", "--price-per-gpu-hour")});
        return cost;
    } else if (const std::optional<PriceRow> row =
                   priceRowFor(rows, c.cloud, c.region, c.gpu, e.layout.gpusPerNode, c.spot)) {
        cost.row = *row;
        cost.currency = row->currency;
        cost.billedGpus = e.layout.nodes * row->gpusPerNode;
        cost.perHour = row->perGpuHour(c.spot) * cost.billedGpus;
    } else {
        const Text where = val(c.cloud + (c.region.empty() ? "" : " " + c.region));
        cost.unpriced = Text(c.spot ? TD_TEXT("CostMessages", "no spot price for %1 × %2 on %3 in the price catalogue")
                                    : TD_TEXT("CostMessages", "no price for %1 × %2 on %3 in the price catalogue"),
                             {val(std::to_string(e.layout.gpusPerNode)), val(c.gpu), where});
        return cost;
    }
    cost.priced = true;
    cost.toFinish = cost.perHour * cost.hours;
    return cost;
}

void priceAnalysis(PlanAnalysis& a, const std::vector<PriceRow>& rows, std::time_t now) {
    a.costs.clear();
    a.goal.reset();
    a.goalInvalid = {};
    if (!a.valid()) return;
    for (const Estimate& e : a.estimates) {
        a.costs.push_back(costOf(a.plan, e, rows));
        // The cost is as sure as the layout's step time (step_time_confidence.h): one figure, shown beside both.
        if (const StepTimeConfidence* sure = a.confidenceFor(e.layout)) a.costs.back().error = sure->expectedError;
    }

    const Layout own = a.plan.cluster.layout();
    const LayoutCost* ownCost = a.costFor(own);
    const LayoutCost* smaller = nullptr;  // the next smaller priced layout the node holds
    const LayoutCost* better = nullptr;   // cheaper and sooner than the plan's own
    for (const LayoutCost& c : a.costs) {
        if (!c.priced || !a.fitsNode(c.layout)) continue;
        const Estimate& e = *a.estimateFor(c.layout);
        if (smaller && c.toFinish > smaller->toFinish * (1 + kMuchMore) && c.hours < smaller->hours)
            a.findings.push_back(
                {Severity::Info, "costs_more_to_finish", "cluster.nodes", c.layout,
                 Text(TD_TEXT("CostMessages", "%1 finishes %2 h sooner than %3 but costs %4% more (%5 against %6; "
                                              "scaling %7%)"),
                      {val(layoutText(c.layout)), val(oneDecimal(smaller->hours - c.hours)), val(layoutText(smaller->layout)),
                       val(std::to_string(std::lround(100 * (c.toFinish / smaller->toFinish - 1)))),
                       val(moneyText(c.toFinish, c.currency)), val(moneyText(smaller->toFinish, smaller->currency)),
                       val(std::to_string(std::lround(100 * e.scalingEfficiency.value)))}),
                 Text(), {}, findingTitle("costs_more_to_finish")});
        // The cheapest layout that also finishes sooner than the plan's own, and can run.
        const bool runs = !hasErrors(a.findingsFor(c.layout));
        if (ownCost && !(c.layout == own) && runs && c.toFinish < ownCost->toFinish && c.hours < ownCost->hours &&
            (!better || c.toFinish < better->toFinish))
            better = &c;
        smaller = &c;
    }
    if (better)
        a.findings.push_back(
            {Severity::Warning, "cheaper_and_sooner", "cluster.nodes", own,
             Text(TD_TEXT("CostMessages", "%1 finishes sooner (%2 h against %3 h) and costs less (%4 against %5) "
                                          "than the plan's %6"),
                  {val(layoutText(better->layout)), val(oneDecimal(better->hours)), val(oneDecimal(ownCost->hours)),
                   val(moneyText(better->toFinish, better->currency)), val(moneyText(ownCost->toFinish, ownCost->currency)),
                   val(layoutText(own))}),
             Text(TD_TEXT("CostMessages", "use %1"), {val(layoutText(better->layout))}),
             {{"cluster.nodes", std::to_string(better->layout.nodes)},
              {"cluster.gpus_per_node", std::to_string(better->layout.gpusPerNode)}},
             findingTitle("cheaper_and_sooner")});
    std::stable_sort(a.findings.begin(), a.findings.end(),
                     [](const Finding& x, const Finding& y) { return int(x.severity) > int(y.severity); });
    a.goal = solveGoal(a.plan, rows, now, a.goalInvalid);
}

PlanAnalysis analysePriced(const Plan& plan) {
    PlanAnalysis a = analyse(plan);
    priceAnalysis(a, defaultPrices().rows, std::time(nullptr));
    return a;
}

}  // namespace traindeck
