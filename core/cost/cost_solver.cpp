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
#include "cost/price_catalogue.h"
#include "text/number_text.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
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

// Why no option can run at all, naming the gap: nothing priced (and why), nothing fits
// in memory, or nothing makes the target batch.
Text noLayoutRuns(const GoalAnswer& g, const Plan& plan) {
    const Text nodes = val(std::to_string(plan.cluster.maxNodes));
    const Text batch = val(std::to_string(plan.recipe.globalBatch));
    const CostOption* priced = nullptr;
    const CostOption* pricedFits = nullptr;
    for (const CostOption& o : g.options) {
        if (o.cost.priced && !priced) priced = &o;
        if (o.cost.priced && o.fits && !pricedFits) pricedFits = &o;
    }
    if (g.options.empty())
        return Text(TD_TEXT("CostMessages", "no layout up to %1 nodes can make the global batch %2: its number of GPUs "
                                            "must divide the batch"),
                    {nodes, batch});
    if (!priced)
        return Text(TD_TEXT("CostMessages", "no layout can be priced: %1"), {g.options.front().cost.unpriced});
    if (!pricedFits && g.skipped > 0)
        return Text(TD_TEXT("CostMessages", "no layout up to %1 nodes both fits in memory and makes the global batch %2: "
                                            "the ones whose GPUs divide the batch do not fit, even with ZeRO-3 and "
                                            "checkpointing; allow more nodes (%3) or change the batch"),
                    {nodes, batch, Text::field("cluster.max_nodes", "--max-nodes")});
    if (!pricedFits)
        return Text(TD_TEXT("CostMessages", "no layout up to %1 nodes fits in memory, even with ZeRO-3, full "
                                            "checkpointing and micro-batch 1: allow more nodes (%2) or use a GPU with more "
                                            "memory"),
                    {nodes, Text::field("cluster.max_nodes", "--max-nodes")});
    return Text(TD_TEXT("CostMessages", "no layout that fits in memory makes the global batch %1 exactly: its number of "
                                        "GPUs must divide the batch; allow more nodes (%2) or change the batch"),
                {batch, Text::field("cluster.max_nodes", "--max-nodes")});
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

// The steps a layout trains for when its batch is `batch` (estimate.cpp's schedule figures).
double stepsAt(const Recipe& r, long batch) {
    if (r.epochs <= 0) return double(r.totalSteps);
    const double perEpoch = double(r.datasetSize) / double(batch);
    return std::ceil(r.epochs * (r.dropLast ? std::floor(perEpoch) : std::ceil(perEpoch)));
}

Plan planOnGpu(const Plan& base, const std::string& gpu) {
    Plan p = base;
    if (gpu != base.cluster.gpu) {
        p.cluster.gpu = gpu;
        p.calibrations.clear();  // measured on another GPU type: they say nothing of this one
    }
    return p;
}

Run runOf(const Plan& base, const Plan& p, const Layout& layout) {
    Run r{layout, p, estimate(p, layout), true, true, {}, Text()};
    r.edits = {{"cluster.nodes", std::to_string(layout.nodes)},
               {"cluster.gpus_per_node", std::to_string(layout.gpusPerNode)}};
    if (p.cluster.gpu != base.cluster.gpu) r.edits.push_back({"cluster.gpu", p.cluster.gpu});
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
    return r;
}

// Whether a layout's world can make the target batch at all (batch_solve.h): one
// that cannot is another recipe and is never chosen, so it need not be estimated.
bool canMakeBatch(const Plan& p, const Layout& layout) {
    const long target = p.recipe.globalBatch;
    return target <= 0 || target % layout.worldSize() == 0;
}

std::string joined(const std::set<std::string>& words) {
    std::string out;
    for (const std::string& w : words) out += (out.empty() ? "" : ", ") + w;
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

namespace {

// One layout of one GPU type the search may estimate, with what it cannot beat (see the header).
struct Candidate {
    size_t gpu = 0;      // index into the search's GPU types
    size_t layout = 0;   // index into that type's goalLayouts()
    double steps = 0;    // at the layout's batch
    double samplesPerGpu = 0;  // per step: micro × accumulation
    double hours = 0, cost = 0;  // the floors before any run is known
    bool late = false;   // cannot meet the goal's own limit even at its floor: tried last
};

// What a GPU type's search knows before estimating its layouts.
struct GpuSearch {
    std::string key;
    std::vector<std::string> clouds;
    Plan onGpu;
    std::vector<Layout> layouts;
    // Of one GPU's compute per sample, the least any run of this type can have: the plan's own
    // checkpointing (a memory fix only adds recomputation; sharding and the micro-batch split
    // leave the FLOPs per sample alone) at the plan's MFU. 0 where the plan is calibrated (a
    // fix's recipe may fit another MFU): no floor from compute alone then.
    double computePerSampleS = 0;
    // The cheapest node-hour among the clouds, per GPUs per node (1, 2, 4, all).
    std::vector<std::pair<int, double>> nodeHourPrice;
    // Whole-node runs that fit without a fix and whose batch split has settled: nodes → their
    // exposed communication per step and compute per sample (see the header).
    std::map<int, std::pair<double, double>> settled;
    double priceOf(int gpusPerNode) const {
        for (const auto& [g, p] : nodeHourPrice)
            if (g == gpusPerNode) return p;
        return std::numeric_limits<double>::infinity();
    }
};

}  // namespace

bool betterForGoal(const CostOption& a, const CostOption& b, bool hasDeadline) {
    const double ca = a.cost.toFinish, cb = b.cost.toFinish, ha = a.cost.hours, hb = b.cost.hours;
    if (hasDeadline) return ca != cb ? ca < cb : ha < hb;
    return ha != hb ? ha < hb : ca < cb;
}

bool meetsGoal(const CostOption& o, const GoalAnswer& g) {
    return o.runs() && (!g.deadlineHours || o.cost.hours <= *g.deadlineHours) && (!g.budget || o.cost.toFinish <= *g.budget);
}

Text goalPriceGap(const Plan& plan, const std::vector<PriceRow>& rows, const std::string& currency) {
    const Cluster& c = plan.cluster;
    if (c.pricePerGpuHour > 0) return {};
    const auto field = [](const char* key, const char* flag) { return Text::field(key, flag); };
    std::vector<PriceRow> left;
    if (plan.goal.acrossGpus) {
        left = rows;
    } else {
        if (c.cloud.empty())
            return Text(TD_TEXT("CostMessages", "a deadline or budget needs prices: set a cloud (%1), your price per "
                                                "GPU-hour (%2), or try the catalogue's clouds (%3)"),
                        {field("cluster.cloud", "--cloud"), field("cluster.price_per_gpu_hour", "--price-per-gpu-hour"),
                         field("goal.across_gpus", "--across-gpus")});
        std::set<std::string> clouds, regions, gpus;
        for (const PriceRow& r : rows) clouds.insert(r.cloud);
        if (!clouds.count(c.cloud))
            return Text(TD_TEXT("CostMessages", "the price catalogue has no cloud '%1' (it has %2): add its rows to %3 "
                                                "or give your price per GPU-hour (%4)"),
                        {val(c.cloud), val(joined(clouds)), val(userPricesPath()),
                         field("cluster.price_per_gpu_hour", "--price-per-gpu-hour")});
        for (const PriceRow& r : rows)
            if (r.cloud == c.cloud) regions.insert(r.region);
        if (!c.region.empty() && !regions.count(c.region))
            return Text(TD_TEXT("CostMessages", "%1 has no region '%2' in the price catalogue (it has %3)"),
                        {val(c.cloud), val(c.region), val(joined(regions))});
        for (const PriceRow& r : rows)
            if (r.cloud == c.cloud && (c.region.empty() || r.region == c.region)) {
                gpus.insert(r.gpu);
                if (r.gpu == c.gpu) left.push_back(r);
            }
        const Text where = val(c.cloud + (c.region.empty() ? "" : " " + c.region));
        if (left.empty())
            return Text(TD_TEXT("CostMessages", "%1 has no %2 price in the catalogue (it prices %3): choose one of those "
                                                "(%4), try every GPU type (%5) or give your price per GPU-hour (%6)"),
                        {where, val(c.gpu), val(joined(gpus)), field("cluster.gpu", "--gpu"),
                         field("goal.across_gpus", "--across-gpus"),
                         field("cluster.price_per_gpu_hour", "--price-per-gpu-hour")});
    }
    if (c.spot) {
        std::erase_if(left, [](const PriceRow& r) { return r.spotPerGpuHour <= 0; });
        if (left.empty())
            return Text(plan.goal.acrossGpus
                            ? TD_TEXT("CostMessages", "no row of the price catalogue has a spot price: leave out spot (%1) "
                                                      "or add spot_per_gpu_hour to your rows in %2")
                            : TD_TEXT("CostMessages", "the price catalogue has no spot price for this GPU on this cloud: "
                                                      "leave out spot (%1) or add spot_per_gpu_hour to your row in %2"),
                        {field("cluster.spot", "--spot"), val(userPricesPath())});
    }
    std::set<std::string> currencies;
    for (const PriceRow& r : left) {
        if (r.currency == currency) return {};
        currencies.insert(r.currency);
    }
    return Text(TD_TEXT("CostMessages", "the catalogue prices these GPUs in %1 and the plan's money is in %2: no exchange "
                                        "rate is assumed; set the currency (%3) to %1, or give your price per GPU-hour (%4) "
                                        "in %2"),
                {val(joined(currencies)), val(currency), field("cluster.currency", "--currency"),
                 field("cluster.price_per_gpu_hour", "--price-per-gpu-hour")});
}

std::optional<GoalAnswer> solveGoal(const Plan& plan, const std::vector<PriceRow>& allRows, std::time_t now, Text& error,
                                    bool prune) {
    GoalAnswer g;
    if (!plan.goal.deadline.empty()) {
        g.deadlineHours = deadlineHours(plan.goal.deadline, now, error);
        if (!g.deadlineHours) return std::nullopt;
    }
    if (plan.goal.budget > 0) g.budget = plan.goal.budget;
    if (!g.deadlineHours && !g.budget) return std::nullopt;
    g.currency = planCurrency(plan, allRows);
    if (Text gap = goalPriceGap(plan, allRows, g.currency); !gap.empty()) {
        error = std::move(gap);
        return std::nullopt;
    }
    // Only rows in the goal's currency are compared with it: no exchange rate is assumed.
    std::vector<PriceRow> rows;
    for (const PriceRow& r : allRows) {
        if (r.currency == g.currency) rows.push_back(r);
        else if (plan.goal.acrossGpus && plan.cluster.pricePerGpuHour <= 0) ++g.otherCurrency;
    }

    // Which GPU types, and for each the clouds (and region) to price it at.
    std::vector<std::string> gpus;
    if (plan.goal.acrossGpus && plan.cluster.pricePerGpuHour <= 0)
        for (const GpuModel& m : gpuCatalogue()) gpus.push_back(m.key);
    else
        gpus.push_back(plan.cluster.gpu);

    // The best answers so far: what a layout's floors are held against (see the header).
    const bool byDeadline = g.deadlineHours.has_value();
    constexpr double kNone = std::numeric_limits<double>::infinity();
    double inTimeCost = kNone, anyHours = kNone, withinHours = kNone, anyCost = kNone;
    const auto track = [&](const CostOption& o) {
        if (!o.runs()) return;
        anyHours = std::min(anyHours, o.cost.hours);
        anyCost = std::min(anyCost, o.cost.toFinish);
        if (byDeadline && o.cost.hours <= *g.deadlineHours) inTimeCost = std::min(inTimeCost, o.cost.toFinish);
        if (!byDeadline && o.cost.toFinish <= *g.budget) withinHours = std::min(withinHours, o.cost.hours);
    };
    // Whether no option costing more than `cost` and taking more than `hours` can change the
    // answer: the choice (cheapest in time, or fastest within the budget; either wins a tie by
    // the other figure, so only a floor strictly past the best prunes), or, while nothing meets
    // the goal, the closest miss (the fastest for a deadline, the cheapest for a budget).
    const auto beyond = [&](double cost, double hours) {
        if (byDeadline) {
            if (inTimeCost < kNone) return cost > inTimeCost || hours > *g.deadlineHours;
            return hours > *g.deadlineHours && hours > anyHours;
        }
        if (withinHours < kNone) return cost > *g.budget || hours > withinHours;
        return cost > *g.budget && cost > anyCost;
    };

    // Every GPU type's layouts, each with its floors; estimated cheapest floor first (fastest
    // first for a budget), so that the first answers found are good ones and most floors then
    // lie beyond them.
    std::vector<GpuSearch> searches;
    std::vector<Candidate> candidates;
    candidates.reserve(gpus.size() * (size_t(std::max(0, plan.cluster.maxNodes)) + 4));
    for (const std::string& gpu : gpus) {
        std::set<std::string> clouds;
        if (plan.cluster.pricePerGpuHour > 0 || !plan.goal.acrossGpus)
            clouds.insert(plan.cluster.cloud);
        else
            for (const PriceRow& r : rows)
                if (r.gpu == gpu && (!plan.cluster.spot || r.spotPerGpuHour > 0)) clouds.insert(r.cloud);
        if (clouds.empty()) continue;
        GpuSearch s{gpu, {clouds.begin(), clouds.end()}, planOnGpu(plan, gpu),
                    goalLayouts(findGpu(gpu)->gpusPerNode, plan.cluster.maxNodes), 0, {}, {}};
        if (prune) {
            if (s.onGpu.calibrations.empty()) {
                const Estimate one = estimate(s.onGpu, Layout{1, 1});
                const double samples = double(one.microBatch) * one.gradAccum;
                if (samples > 0) s.computePerSampleS = one.computeTimeS.value / samples;
            }
            for (const Layout& l : s.layouts) {
                if (std::any_of(s.nodeHourPrice.begin(), s.nodeHourPrice.end(),
                                [&](const auto& known) { return known.first == l.gpusPerNode; }))
                    continue;
                double best = kNone;
                for (const std::string& cloud : s.clouds) {
                    if (plan.cluster.pricePerGpuHour > 0) {
                        best = plan.cluster.pricePerGpuHour * l.gpusPerNode;
                        break;
                    }
                    const std::string region = cloud == plan.cluster.cloud ? plan.cluster.region : std::string();
                    if (const std::optional<PriceRow> row =
                            priceRowFor(rows, cloud, region, gpu, l.gpusPerNode, plan.cluster.spot))
                        best = std::min(best, row->perGpuHour(plan.cluster.spot) * row->gpusPerNode);
                }
                s.nodeHourPrice.push_back({l.gpusPerNode, best});
            }
        }
        for (size_t k = 0; k < s.layouts.size(); ++k) {
            const Layout& l = s.layouts[k];
            if (prune && !canMakeBatch(s.onGpu, l)) {
                ++g.skipped;
                continue;
            }
            Candidate c{searches.size(), k};
            if (prune) {
                const BatchSplit split = solveBatch(s.onGpu.recipe, l.worldSize());
                c.samplesPerGpu = double(split.microBatch) * split.gradAccum;
                c.steps = stepsAt(s.onGpu.recipe, split.batch(l.worldSize()));
                c.hours = c.steps * c.samplesPerGpu * s.computePerSampleS / 3600;
                const double price = s.priceOf(l.gpusPerNode);
                c.cost = price < kNone ? c.hours * l.nodes * price : kNone;
                c.late = byDeadline ? c.hours > *g.deadlineHours : c.cost > *g.budget;
            }
            candidates.push_back(c);
        }
        searches.push_back(std::move(s));
    }
    if (prune)
        std::stable_sort(candidates.begin(), candidates.end(), [&](const Candidate& a, const Candidate& b) {
            if (a.late != b.late) return !a.late;
            // For a deadline among equal cost floors (a target batch: every world does the same
            // work) the fewest nodes that may still finish in time first: they spend least on
            // communication.
            if (byDeadline) return a.cost != b.cost ? a.cost < b.cost : a.hours > b.hours;
            return a.hours != b.hours ? a.hours < b.hours : a.cost < b.cost;
        });

    // Each option's place in the whole space (GPU type, layout, cloud): the order every layout
    // estimated would list them in, which breaks ties of time below.
    std::vector<std::array<size_t, 3>> place;
    for (size_t i = 0; i < candidates.size(); ++i) {
        const Candidate& c = candidates[i];
        GpuSearch& s = searches[c.gpu];
        const Layout& layout = s.layouts[c.layout];
        const bool wholeNodes = layout.gpusPerNode == s.layouts.back().gpusPerNode;
        if (prune) {
            // Fewer whole nodes that ran without a fix and settled: this layout's step is at least
            // its own compute and that run's exposed communication.
            double hours = c.hours, cost = c.cost;
            if (wholeNodes)
                for (auto it = s.settled.begin(); it != s.settled.end() && it->first < layout.nodes; ++it) {
                    const auto [exposed, perSample] = it->second;
                    hours = std::max(hours, c.steps * (c.samplesPerGpu * perSample + exposed) / 3600);
                }
            const double price = s.priceOf(layout.gpusPerNode);
            if (hours > c.hours) cost = price < kNone ? hours * layout.nodes * price : kNone;
            if (beyond(cost, hours)) {
                // In this order every later floor is at least as far past the best answer when
                // this one's own floor already is and the goal has an answer: the rest need no look.
                if (beyond(c.cost, c.hours) && (byDeadline ? inTimeCost : withinHours) < kNone) {
                    g.pruned += int(candidates.size() - i);
                    break;
                }
                ++g.pruned;
                continue;
            }
        }
        const Run run = runOf(plan, s.onGpu, layout);
        for (size_t k = 0; k < s.clouds.size(); ++k) {
            const std::string& cloud = s.clouds[k];
            g.options.push_back(optionOf(run, cloud, cloud == plan.cluster.cloud ? plan.cluster.region : std::string(), rows));
            place.push_back({c.gpu, c.layout, k});
            track(g.options.back());
        }
        // Every larger whole-node layout of this GPU type fits without a fix too (memory per GPU
        // only falls with more GPUs) and spends at least this one's exposed communication per
        // step (more GPUs only add to it and shrink the compute that hides it). Only once the
        // batch split has settled (no target batch, or no accumulation left to trade away):
        // fewer micro-steps would mean fewer parameter gathers per step under ZeRO-3 or FSDP.
        const bool settled = run.plan.recipe.globalBatch <= 0 || run.estimate.gradAccum == 1;
        const double samples = double(run.estimate.microBatch) * run.estimate.gradAccum;
        if (prune && wholeNodes && run.fits && run.fix.empty() && settled && samples > 0)
            s.settled[layout.nodes] = {run.estimate.exposedCommTimeS.value, run.estimate.computeTimeS.value / samples};
    }
    // Fastest first; equal times in the whole space's order.
    std::vector<size_t> order(g.options.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        const double ha = g.options[a].cost.hours, hb = g.options[b].cost.hours;
        return ha != hb ? ha < hb : place[a] < place[b];
    });
    std::vector<CostOption> sorted;
    sorted.reserve(order.size());
    for (const size_t i : order) sorted.push_back(std::move(g.options[i]));
    g.options = std::move(sorted);

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
        const Text cost = val(moneyAbout(c.cost.toFinish, g.currency, c.cost.error));
        g.summary = Text(byDeadline ? TD_TEXT("CostMessages", "cheapest within the deadline: %1, %2 for %3")
                                    : TD_TEXT("CostMessages", "fastest within the budget: %1, %2 for %3"),
                         {optionName(c), hoursText(c.cost.hours), cost});
        // Met at the estimate, but the estimate has an error: say when its upper end misses.
        const Text error = val(std::to_string(std::lround(100 * c.cost.error)) + "%");
        const double high = 1 + c.cost.error;
        if (g.budget && c.cost.toFinish * high > *g.budget)
            g.caution = Text(TD_TEXT("CostMessages", "Within its ±%1 it may cost up to %2, over the budget of %3: calibrate "
                                                     "the plan with a measured run, or leave room."),
                             {error, val(moneyAbout(c.cost.toFinish * high, g.currency, c.cost.error)), money(*g.budget)});
        else if (g.deadlineHours && c.cost.hours * high > *g.deadlineHours)
            g.caution = Text(TD_TEXT("CostMessages", "Within its ±%1 it may take up to %2, past the deadline of %3: "
                                                     "calibrate the plan with a measured run, or leave room."),
                             {error, hoursText(c.cost.hours * high), hoursText(*g.deadlineHours)});
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
        g.summary = noLayoutRuns(g, plan);
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
