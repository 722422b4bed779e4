#include "cost/pricing.h"

#include "cost/cost_solver.h"
#include "cost/money_text.h"
#include "cost/price_catalogue.h"
#include "cost/spot_preemption.h"
#include "cost/value_text.h"
#include "plan/plan_fields.h"
#include "text/number_text.h"

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
    const Text row = c.userPrice ? Text(TD_TEXT("CostMessages", "Priced at your %1 per GPU-hour; the cost lies within ±%2 "
                                                                "(the step time's expected error)."),
                                        {val(moneyText(c.perHour / c.billedGpus, c.currency)), error})
                                 : Text(c.spot ? TD_TEXT("CostMessages", "Priced at %1 %2 %3, spot, %4 per GPU-hour (%5, read %6); the "
                                                           "cost lies within ±%7 (the step time's expected error).")
                                 : TD_TEXT("CostMessages", "Priced at %1 %2 %3, on-demand, %4 per GPU-hour (%5, read %6); "
                                                           "the cost lies within ±%7 (the step time's expected error)."),
                          {val(c.row.cloud), val(c.row.region), val(c.row.instance),
                           val(moneyText(c.row.perGpuHour(c.spot), c.currency)), val(c.row.source), val(c.row.date), error});
    return c.spot ? Text::concat({row, val(" "), spotText(c)}) : row;
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
    cost.samples = e.totalSteps.value * e.effectiveBatch.value;
    cost.tokens = plan.model.tokensPerSample > 0 ? cost.samples * plan.model.tokensPerSample : 0;
    if (c.spot) {
        const SpotPreemption s = spotPreemption(plan, e, cost.hours);
        if (!s.finishes) {
            cost.unpriced = Text(TD_TEXT("CostMessages", "on spot %1 would not finish: at one preemption a day per node, "
                                                         "%2 lose work faster than they train; set a checkpoint "
                                                         "interval (%3) or use on-demand"),
                                 {val(layoutText(e.layout)), val(std::to_string(e.layout.nodes) + "x"),
                                  Text::field("recipe.checkpoint_every", "--checkpoint-every")});
            return cost;
        }
        cost.hours = s.hours;
        cost.preemptions = s.preemptions;
        cost.preemptionHours = s.extraHours;
        cost.checkpointIntervalS = s.checkpointIntervalS;
    }
    cost.priced = true;
    cost.toFinish = cost.perHour * cost.hours;
    return cost;
}

Text spotText(const LayoutCost& c) {
    if (!c.priced || !c.spot) return {};
    const Text lost = val(oneDecimal(c.preemptionHours) + " h");
    const Text count = val(oneDecimal(c.preemptions));
    const Text restart = val(std::to_string(std::lround(kSpotRestartS / 60)) + " min");
    if (c.checkpointIntervalS > 0)
        return Text(TD_TEXT("CostMessages", "Spot: %1 expected preemptions (one a day per node assumed), each costing a "
                                            "%2 restart and half the %3 min checkpoint interval redone: %4 added to the "
                                            "time and the cost."),
                    {count, restart, val(std::to_string(std::lround(c.checkpointIntervalS / 60))), lost});
    return Text(TD_TEXT("CostMessages", "Spot: %1 expected preemptions (one a day per node assumed), each costing a %2 "
                                        "restart and, without checkpoints, the run so far: %3 added to the time and the "
                                        "cost. A checkpoint interval (%4) makes spot far cheaper."),
                {count, restart, lost, Text::field("recipe.checkpoint_every", "--checkpoint-every")});
}

bool trainsUnequalWork(const PlanAnalysis& a) {
    const LayoutCost* first = nullptr;
    for (const LayoutCost& c : a.costs) {
        if (!c.priced || !a.fitsNode(c.layout)) continue;
        if (first && std::fabs(c.samples - first->samples) > 1e-9 * first->samples) return true;
        if (!first) first = &c;
    }
    return false;
}

Text workPriceText(const LayoutCost& c) {
    if (c.tokens > 0)
        return Text(TD_TEXT("CostMessages", "%1 per million tokens"),
                    {val(moneyAbout(c.perMillionTokens(), c.currency, c.error))});
    return Text(TD_TEXT("CostMessages", "%1 per 1,000 samples"), {val(moneyAbout(1000 * c.perSample(), c.currency, c.error))});
}

Text unequalWorkText(const PlanAnalysis& a) {
    if (!trainsUnequalWork(a)) return {};
    double lo = 0, hi = 0;
    std::vector<Text> each;
    for (const LayoutCost& c : a.costs) {
        if (!c.priced || !a.fitsNode(c.layout)) continue;
        const double batch = a.estimateFor(c.layout)->effectiveBatch.value;
        lo = each.empty() ? batch : std::min(lo, batch);
        hi = each.empty() ? batch : std::max(hi, batch);
        if (!each.empty()) each.push_back(val(", "));
        each.push_back(Text(TD_TEXT("CostMessages", "%1 %2"), {val(layoutText(c.layout)), workPriceText(c)}));
    }
    return Text(TD_TEXT("CostMessages", "These layouts train different amounts (global batch %1 to %2 samples a step, "
                                        "no target batch): the cost to finish is of different runs. At equal work: %3."),
                {val(estimateText(lo)), val(estimateText(hi)), Text::concat(each)});
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

    // Layouts that train different batches (no target batch) are compared at equal work:
    // money per sample and time per sample; otherwise per run, which is the same thing.
    const bool perSample = trainsUnequalWork(a);
    const auto money = [&](const LayoutCost& c) { return perSample ? c.perSample() : c.toFinish; };
    const auto time = [&](const LayoutCost& c) { return perSample ? c.hours / c.samples : c.hours; };
    const auto moneyWords = [&](const LayoutCost& c) {
        return perSample ? workPriceText(c) : val(moneyAbout(c.toFinish, c.currency, c.error));
    };
    const long target = a.plan.recipe.globalBatch;
    const Layout own = a.plan.cluster.layout();
    const LayoutCost* ownCost = a.costFor(own);
    const LayoutCost* smaller = nullptr;  // the next smaller priced layout the node holds
    const LayoutCost* better = nullptr;   // cheaper and sooner than the plan's own
    for (const LayoutCost& c : a.costs) {
        if (!c.priced || !a.fitsNode(c.layout)) continue;
        const Estimate& e = *a.estimateFor(c.layout);
        if (smaller && money(c) > money(*smaller) * (1 + kMuchMore) && time(c) < time(*smaller))
            a.findings.push_back(
                {Severity::Info, "costs_more_to_finish", "cluster.nodes", c.layout,
                 Text(perSample ? TD_TEXT("CostMessages", "%1 trains a sample in %2% less time than %3 but at %4% more "
                                                          "(%5 against %6; scaling %7%)")
                                : TD_TEXT("CostMessages", "%1 finishes %2 h sooner than %3 but costs %4% more (%5 against %6; "
                                                          "scaling %7%)"),
                      {val(layoutText(c.layout)),
                       val(perSample ? std::to_string(std::lround(100 * (1 - time(c) / time(*smaller))))
                                     : oneDecimal(smaller->hours - c.hours)),
                       val(layoutText(smaller->layout)),
                       val(std::to_string(std::lround(100 * (money(c) / money(*smaller) - 1)))), moneyWords(c),
                       moneyWords(*smaller), val(std::to_string(std::lround(100 * e.scalingEfficiency.value)))}),
                 Text(), {}, findingTitle("costs_more_to_finish")});
        // The cheapest layout that also finishes sooner than the plan's own and can run: it
        // fits, makes the target batch (another batch is another recipe), no error stops it.
        const bool runs = !hasErrors(a.findingsFor(c.layout)) && e.fitsCard() &&
                          (target <= 0 || long(e.effectiveBatch.value) == target);
        if (ownCost && !(c.layout == own) && runs && money(c) < money(*ownCost) && time(c) < time(*ownCost) &&
            (!better || money(c) < money(*better)))
            better = &c;
        smaller = &c;
    }
    if (better)
        a.findings.push_back(
            {Severity::Warning, "cheaper_and_sooner", "cluster.nodes", own,
             perSample ? Text(TD_TEXT("CostMessages", "%1 trains a sample sooner and for less (%2 against %3) than the "
                                                      "plan's %4"),
                              {val(layoutText(better->layout)), moneyWords(*better), moneyWords(*ownCost), val(layoutText(own))})
                       : Text(TD_TEXT("CostMessages", "%1 finishes sooner (%2 h against %3 h) and costs less (%4 against %5) "
                                                      "than the plan's %6"),
                              {val(layoutText(better->layout)), val(oneDecimal(better->hours)), val(oneDecimal(ownCost->hours)),
                               moneyWords(*better), moneyWords(*ownCost), val(layoutText(own))}),
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
