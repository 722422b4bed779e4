#include "cost/cost_solver.h"

#include "cost/money_text.h"
#include "cost/pricing.h"
#include "cost/value_text.h"
#include "plan/batch_solve.h"
#include "plan/estimate.h"
#include "plan/goal.h"
#include "plan/hardware.h"
#include "plan/memory_fix.h"
#include "plan/plan_fields.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

namespace traindeck {

using cost_text::val;

namespace {

// A time to finish as people read it: "18 min", "5.3 h", "2.1 days".
Text hoursText(double h) {
    char buf[32];
    if (h < 1) {
        std::snprintf(buf, sizeof buf, "%.0f", h * 60);
        return Text(TD_TEXT("CostMessages", "%1 min"), {val(buf)});
    }
    if (h < 48) {
        std::snprintf(buf, sizeof buf, "%.1f", h);
        return Text(TD_TEXT("CostMessages", "%1 h"), {val(buf)});
    }
    std::snprintf(buf, sizeof buf, "%.1f", h / 24);
    return Text(TD_TEXT("CostMessages", "%1 days"), {val(buf)});
}

// An option's name: "8x8 h100 on aws us-east-1 (p5.48xlarge)", or "8x8 h100 at your price".
Text optionName(const CostOption& o) {
    const std::string what = layoutText(o.cost.layout) + " " + o.gpu;
    if (o.cost.userPrice) return Text(TD_TEXT("CostMessages", "%1 at your price"), {val(what)});
    return Text(TD_TEXT("CostMessages", "%1 on %2"),
                {val(what), val(o.cloud + " " + o.cost.row.region + " (" + o.cost.row.instance + ")")});
}

// A GPU type's runs on each layout: figures after the batch split and, where it
// does not fit, the memory fix; the same for every cloud that sells the GPU.
struct Run {
    Layout layout;
    Plan plan;    // the plan with the GPU, the layout and the fix applied
    Estimate estimate;
    bool fits = true, batchExact = true;
    std::vector<FieldEdit> edits;
    Text fix;
};

std::vector<Run> runsOf(const Plan& base, const std::string& gpu, int maxNodes) {
    std::vector<Run> out;
    Plan p = base;
    if (gpu != base.cluster.gpu) {
        p.cluster.gpu = gpu;
        p.calibrations.clear();  // measured on another GPU type: they say nothing of this one
    }
    for (const Layout& layout : goalLayouts(findGpu(gpu)->gpusPerNode, maxNodes)) {
        Run r{layout, p, estimate(p, layout), true, true, {}, Text()};
        r.edits = {{"cluster.nodes", std::to_string(layout.nodes)},
                   {"cluster.gpus_per_node", std::to_string(layout.gpusPerNode)}};
        if (gpu != base.cluster.gpu) r.edits.push_back({"cluster.gpu", gpu});
        if (!r.estimate.fitsCard()) {
            if (const std::optional<MemoryFix> fix = cheapestMemoryFix(p, layout)) {
                for (const FieldEdit& e : fix->edits) setPlanField(r.plan, e.key, e.value);
                r.estimate = estimate(r.plan, layout);
                r.edits.insert(r.edits.end(), fix->edits.begin(), fix->edits.end());
                r.fix = fix->words;
            }
            r.fits = r.estimate.fitsCard();
        }
        // A target batch is the user's: a layout that misses it would train another recipe.
        const long target = r.plan.recipe.globalBatch;
        r.batchExact = target <= 0 || long(r.estimate.effectiveBatch.value) == target;
        out.push_back(std::move(r));
    }
    return out;
}

CostOption optionOf(const Run& run, const std::string& cloud, const std::string& region,
                    const std::vector<PriceRow>& rows) {
    Plan priced = run.plan;
    priced.cluster.cloud = cloud;
    priced.cluster.region = region;
    CostOption o;
    o.gpu = priced.cluster.gpu;
    o.cloud = cloud;
    o.cost = costOf(priced, run.estimate, rows);
    o.microBatch = run.estimate.microBatch;
    o.gradAccum = run.estimate.gradAccum;
    o.stepTimeS = run.estimate.stepTimeS.value;
    o.fits = run.fits;
    o.batchExact = run.batchExact;
    o.edits = run.edits;
    o.fix = run.fix;
    if (cloud != run.plan.cluster.cloud) o.edits.push_back({"cluster.cloud", cloud});
    if (region != run.plan.cluster.region) o.edits.push_back({"cluster.region", region});
    return o;
}

}  // namespace

std::vector<Layout> goalLayouts(int nodeGpus, int maxNodes) {
    std::vector<Layout> out;
    for (int g = 1; g < nodeGpus; g *= 2) out.push_back({1, g});
    for (int n = 1; n <= maxNodes; ++n) out.push_back({n, nodeGpus});
    return out;
}

bool betterForGoal(const CostOption& a, const CostOption& b, bool hasDeadline) {
    const double ca = a.cost.toFinish, cb = b.cost.toFinish, ha = a.cost.hours, hb = b.cost.hours;
    if (hasDeadline) return ca != cb ? ca < cb : ha < hb;
    return ha != hb ? ha < hb : ca < cb;
}

bool meetsGoal(const CostOption& o, const GoalAnswer& g) {
    return o.runs() && (!g.deadlineHours || o.cost.hours <= *g.deadlineHours) && (!g.budget || o.cost.toFinish <= *g.budget);
}

std::optional<GoalAnswer> solveGoal(const Plan& plan, const std::vector<PriceRow>& rows, std::time_t now, Text& error) {
    GoalAnswer g;
    if (!plan.goal.deadline.empty()) {
        g.deadlineHours = deadlineHours(plan.goal.deadline, now, error);
        if (!g.deadlineHours) return std::nullopt;
    }
    if (plan.goal.budget > 0) g.budget = plan.goal.budget;
    if (!g.deadlineHours && !g.budget) return std::nullopt;
    g.currency = planCurrency(plan, rows);

    // Which GPU types, and for each the clouds (and region) to price it at.
    std::vector<std::string> gpus;
    if (plan.goal.acrossGpus && plan.cluster.pricePerGpuHour <= 0)
        for (const GpuModel& m : gpuCatalogue()) gpus.push_back(m.key);
    else
        gpus.push_back(plan.cluster.gpu);
    for (const std::string& gpu : gpus) {
        std::set<std::string> clouds;
        if (plan.cluster.pricePerGpuHour > 0 || !plan.goal.acrossGpus)
            clouds.insert(plan.cluster.cloud);
        else
            for (const PriceRow& r : rows)
                if (r.gpu == gpu) {
                    if (r.currency == g.currency) clouds.insert(r.cloud);
                    else ++g.otherCurrency;
                }
        if (clouds.empty()) continue;
        for (const Run& run : runsOf(plan, gpu, plan.cluster.maxNodes))
            for (const std::string& cloud : clouds)
                g.options.push_back(
                    optionOf(run, cloud, cloud == plan.cluster.cloud ? plan.cluster.region : std::string(), rows));
    }
    std::stable_sort(g.options.begin(), g.options.end(),
                     [](const CostOption& a, const CostOption& b) { return a.cost.hours < b.cost.hours; });

    const bool byDeadline = g.deadlineHours.has_value();
    for (size_t i = 0; i < g.options.size(); ++i)
        if (meetsGoal(g.options[i], g) && (g.chosen < 0 || betterForGoal(g.options[i], g.options[size_t(g.chosen)], byDeadline)))
            g.chosen = int(i);

    const auto money = [&](double v) { return val(moneyText(v, g.currency)); };
    if (g.met()) {
        const CostOption& c = g.options[size_t(g.chosen)];
        for (size_t i = 0; i < g.options.size(); ++i) {
            const CostOption& o = g.options[i];
            const bool ahead = byDeadline ? o.cost.toFinish < c.cost.toFinish : o.cost.hours < c.cost.hours;
            if (!ahead || int(i) == g.chosen) continue;
            Text why;
            if (!o.cost.priced) why = o.cost.unpriced;
            else if (!o.fits) why = Text(TD_TEXT("CostMessages", "does not fit in memory, even with ZeRO-3 and checkpointing"));
            else if (!o.batchExact)
                why = Text(TD_TEXT("CostMessages", "no micro-batch × accumulation on its GPUs makes the global batch %1"),
                           {val(std::to_string(plan.recipe.globalBatch))});
            else if (g.deadlineHours && o.cost.hours > *g.deadlineHours)
                why = Text(TD_TEXT("CostMessages", "takes %1, %2 past the deadline"),
                           {hoursText(o.cost.hours), hoursText(o.cost.hours - *g.deadlineHours)});
            else if (g.budget && o.cost.toFinish > *g.budget)
                why = Text(TD_TEXT("CostMessages", "costs %1, %2 over the budget"),
                           {money(o.cost.toFinish), money(o.cost.toFinish - *g.budget)});
            if (!why.empty()) g.rejected.push_back({int(i), why});
        }
        g.summary = Text(byDeadline ? TD_TEXT("CostMessages", "cheapest within the deadline: %1, %2 for %3")
                                    : TD_TEXT("CostMessages", "fastest within the budget: %1, %2 for %3"),
                         {optionName(c), hoursText(c.cost.hours), money(c.cost.toFinish)});
        return g;
    }
    // Nothing meets it: the closest that runs, and by how much it misses. With a
    // deadline, the fastest; when something finishes in time but over the budget, the
    // cheapest of those; with only a budget, the cheapest.
    int fastest = -1, cheapest = -1, cheapestInTime = -1;
    for (size_t i = 0; i < g.options.size(); ++i) {
        const CostOption& o = g.options[i];
        if (!o.runs()) continue;
        const auto cheaper = [&](int k) { return k < 0 || o.cost.toFinish < g.options[size_t(k)].cost.toFinish; };
        if (fastest < 0 || o.cost.hours < g.options[size_t(fastest)].cost.hours) fastest = int(i);
        if (cheaper(cheapest)) cheapest = int(i);
        if (g.deadlineHours && o.cost.hours <= *g.deadlineHours && cheaper(cheapestInTime)) cheapestInTime = int(i);
    }
    g.closest = !byDeadline ? cheapest : cheapestInTime >= 0 ? cheapestInTime : fastest;
    if (g.closest < 0) {
        g.summary = Text(TD_TEXT("CostMessages", "no layout can run: none is priced, fits in memory and makes the batch"));
        return g;
    }
    const CostOption& c = g.options[size_t(g.closest)];
    if (byDeadline && cheapestInTime < 0)
        g.summary = Text(TD_TEXT("CostMessages", "nothing finishes within %1: the fastest, %2, takes %3 (%4 too long)"),
                         {hoursText(*g.deadlineHours), optionName(c), hoursText(c.cost.hours),
                          hoursText(c.cost.hours - *g.deadlineHours)});
    else
        g.summary = Text(TD_TEXT("CostMessages", "nothing stays within %1: the cheapest, %2, costs %3 (%4 over)"),
                         {money(*g.budget), optionName(c), money(c.cost.toFinish), money(c.cost.toFinish - *g.budget)});
    return g;
}

}  // namespace traindeck
