// traindeck plan: the derived figures and findings of a plan, as a table that
// fits an 80-column terminal or as JSON for scripts.

#include "cli/commands.h"
#include "cli/plan_arguments.h"
#include "cli/terminal_text.h"
#include "localized.h"

#include "cost/cost_solver.h"
#include "cost/price_catalogue.h"
#include "cost/pricing.h"
#include "cost/spot_preemption.h"
#include "plan/calibrate.h"
#include "plan/calibration_fit.h"
#include "plan/estimate.h"
#include "plan/findings.h"
#include "plan/hardware.h"
#include "plan/layout_rows.h"
#include "plan/plan_analysis.h"
#include "plan/plan_fields.h"
#include "plan/plan_yaml.h"
#include "plan/point_line.h"
#include "plan/run_speed.h"
#include "plan/run_timeline.h"
#include "text/clock_text.h"
#include "text/exit_status.h"
#include "text/number_text.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>

namespace traindeck::cli {
namespace {

constexpr int kLabelWidth = 18;
constexpr int kColumnWidth = 15;
constexpr int kColumnsPerBlock = 4;  // 18 + 4 × 15 = 78 columns

Text val(std::string v) { return Text::value(std::move(v)); }

std::string format(const char* fmt, double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, fmt, v);
    return buf;
}

// Step times span microseconds (small models) to seconds: keep 3 digits in a readable unit.
std::string seconds(double s) {
    if (s == 0)
        return "0 s";
    if (s < 1e-3)
        return format("%.3g µs", s * 1e6);
    if (s < 1)
        return format("%.3g ms", s * 1e3);
    return format("%.3g s", s);
}

// A cell padded to its column, and a space after one that fills it: columns never run together.
void printCell(const std::string& text, int width) {
    std::fputs(padded(text, width).c_str(), stdout);
    if (displayWidth(text) >= width) std::putchar(' ');
}

// A finding's severity as the table shows it ("--json" keeps severityName's codes).
std::string severityText(Severity s) {
    switch (s) {
    case Severity::Info: return app::localized(TD_TEXT("PlanCommand", "info"));
    case Severity::Warning: return app::localized(TD_TEXT("PlanCommand", "warning"));
    case Severity::Error: return app::localized(TD_TEXT("PlanCommand", "error"));
    }
    return "?";
}

// Where the prices come from: the catalogue row (cloud, region, instance, source and
// date) or the user's own price; or why there is no cost.
void printPriceSource(const PlanAnalysis& analysis) {
    const LayoutCost* c = describedCost(analysis);
    if (!c) return;
    std::putchar('\n');
    printWrapped("", app::localized(priceSourceText(*c)), 2);
    if (const Text unequal = unequalWorkText(analysis); !unequal.empty()) printWrapped("", app::localized(unequal), 2);
}

// The deadline's or budget's answer: the choice, why the cheaper (or faster) ones
// fail, or the one line saying what misses and by how much.
void printGoal(const GoalAnswer& g) {
    std::putchar('\n');
    printWrapped("", app::localized(g.summary), 2);
    if (!g.caution.empty()) printWrapped("  ", app::localized(g.caution), 4);
    if (g.met()) {
        const CostOption& c = g.options[size_t(g.chosen)];
        if (!c.fix.empty())
            printWrapped("  ", app::localized(TD_TEXT("PlanCommand", "to fit: %1"), {c.fix}), 4);
        printWrapped("  ", app::localized(TD_TEXT("PlanCommand", "micro-batch %1 × accumulation %2, %3 per step"),
                                          {val(std::to_string(c.microBatch)), val(std::to_string(c.gradAccum)),
                                           val(seconds(c.stepTimeS))}),
                     4);
    }
    constexpr size_t kShown = 8;  // the rest are in --json
    for (size_t i = 0; i < g.rejected.size() && i < kShown; ++i) {
        const auto& [index, why] = g.rejected[i];
        const CostOption& o = g.options[size_t(index)];
        printWrapped("  ", app::localized(TD_TEXT("PlanCommand", "%1 %2 on %3: %4"),
                                          {val(layoutText(o.cost.layout)), val(o.gpu),
                                           val(o.cost.userPrice ? std::string("—") : o.cloud), why}),
                     4);
    }
    if (g.rejected.size() > kShown)
        printWrapped("  ", app::localized(TD_TEXT("PlanCommand", "… and %1 more (--json lists them)"),
                                          {val(std::to_string(g.rejected.size() - kShown))}),
                     4);
}

void printTable(const PlanAnalysis& analysis) {
    const Plan& plan = analysis.plan;
    const std::vector<Layout> layouts = analysis.layouts();
    const std::vector<Finding>& found = analysis.findings;
    const GpuModel& gpu = *findGpu(plan.cluster.gpu);
    const NetworkModel& net = *findNetwork(plan.cluster.network);
    printWrapped("", app::localized(TD_TEXT("PlanCommand", "Plan '%1': %2 (%3M parameters) on %4, %5 between nodes."),
                                    {val(printable(plan.name)), val(printable(plan.model.name)), val(estimateText(double(analysis.parameters.total) / 1e6)),
                                     val(gpu.name), val(net.name)}),
                 2);
    if (!plan.calibrations.empty()) {
        const FittedModel& fit = analysis.fit;
        printWrapped("", app::localized(Text(
                             TD_TEXT("PlanCommand", "Calibrated on %1 measured point(s): MFU %2, overlap %3, latency "
                                                    "%4 per collective (%5 fitted, the rest as assumed)."),
                             {Text::value(std::to_string(fit.points.size())), Text::value(format("%.3f", fit.mfu)),
                              Text::value(format("%.2f", fit.overlap)), Text::value(seconds(fit.latencyS)),
                              Text::value(std::to_string(fit.fittedParameters))})),
                     2);
        for (const PointResidual& r : fit.points)  // its full spelling for --calibrate is in --json
            printWrapped("  ", app::localized(calibrationPointLine(plan, r, val(layoutText(r.point.layout)))), 4);
        for (const Text& note : fit.notes)
            printWrapped("  ", app::localized(note), 4);
    } else {
        printWrapped("", app::localized(TD_TEXT("PlanCommand", "Assumed MFU %1; calibrate with %2 for measured figures."),
                                        {val(format("%.2f", plan.recipe.mfu)), val("--calibrate 2x8=0.9steps/s")}),
                     2);
    }
    // How sure each layout's step time is: what bounds its step, and that regime's spread in the
    // measured truth (or the fit's residual); the table's "expected error" row is its summary.
    // Layouts said alike are said once ("Step time on 1x8, 2x8: ...").
    std::vector<std::pair<std::string, std::string>> said;  // the layouts, the words
    for (const StepTimeConfidence& c : analysis.confidences) {
        if (!analysis.fitsNode(c.layout)) continue;
        const std::string words = app::localized(c.basis);
        const auto same = std::find_if(said.begin(), said.end(), [&](const auto& s) { return s.second == words; });
        if (same == said.end())
            said.push_back({layoutText(c.layout), words});
        else
            same->first += ", " + layoutText(c.layout);
    }
    for (const auto& [layouts, words] : said)
        printWrapped("", app::localized(TD_TEXT("PlanCommand", "Step time on %1: %2."), {val(layouts), val(words)}), 2);
    // Every layout has its column (core's rows, layout_rows.h); one a node cannot hold
    // has no figures, and here is why.
    for (const Layout& layout : layouts)
        if (const Text why = layoutCannotRun(analysis, layout); !why.empty() && !analysis.fitsNode(layout))
            printWrapped("", app::localized(TD_TEXT("PlanCommand", "Cannot run, so no figures: %1"), {why}), 2);
    for (size_t block = 0; block < layouts.size(); block += kColumnsPerBlock) {
        const size_t end = std::min(layouts.size(), block + kColumnsPerBlock);
        // The block's cells first: a column is as wide as its widest cell, so a long
        // figure ("0.000629 GPU-hours") does not push the columns after it out of line.
        std::vector<std::vector<std::string>> cells(end - block);
        std::vector<int> widths(end - block, kColumnWidth);
        for (size_t i = block; i < end; ++i) {
            std::vector<std::string>& column = cells[i - block];
            column.push_back(layouts[i] == plan.cluster.layout()
                                 ? app::localized(TD_TEXT("PlanCommand", "%1 (plan)"), {val(layoutText(layouts[i]))})
                                 : layoutText(layouts[i]));
            for (const LayoutRow row : layoutRows())
                column.push_back(app::localized(layoutCell(analysis, layouts[i], row).text));
            for (const std::string& text : column)
                widths[i - block] = std::max(widths[i - block], displayWidth(text) + 1);
        }
        std::putchar('\n');
        printCell(app::localized(TD_TEXT("PlanCommand", "layout")), kLabelWidth);
        for (size_t c = 0; c < cells.size(); ++c)
            printCell(cells[c][0], widths[c]);
        std::putchar('\n');
        size_t line = 1;
        for (const LayoutRow row : layoutRows()) {
            printCell(app::localized(layoutRowName(row)), kLabelWidth);
            for (size_t c = 0; c < cells.size(); ++c)
                printCell(cells[c][line], widths[c]);
            std::putchar('\n');
            ++line;
        }
    }
    printPriceSource(analysis);
    std::putchar('\n');
    if (found.empty()) {
        std::puts(app::localized(TD_TEXT("PlanCommand", "No findings.")).c_str());
        return;
    }
    std::puts(app::localized(TD_TEXT("PlanCommand", "Findings:")).c_str());
    for (const Finding& f : found) {
        // The headline first, as the window shows it; the code stays as it is in every
        // language: it is what a user searches for.
        const std::string said = f.title.empty() ? app::localized(f.message)
                                                 : app::localized(TD_TEXT("PlanCommand", "%1 — %2"), {f.title, f.message});
        printWrapped(app::localized(TD_TEXT("PlanCommand", "  %1:"), {val(severityText(f.severity))}),
                     said + " [" + f.code + "]", 4);
        if (!f.fix.empty()) {
            printWrapped(app::localized(TD_TEXT("PlanCommand", "    fix:")), app::localized(f.fix), kHanging);
        }
    }
}

// A layout's cost for scripts: null when not priced; the price's origin always named.
nlohmann::ordered_json costJson(const LayoutCost* c) {
    using nlohmann::ordered_json;
    if (!c) return nullptr;
    ordered_json j;
    j["per_hour"] = c->perHour;
    j["to_finish"] = c->toFinish;
    j["currency"] = c->currency;
    j["hours"] = c->hours;
    j["expected_error"] = c->error;  // the cost lies within to_finish × (1 ± expected_error)
    j["billed_gpus"] = c->billedGpus;
    // The work the run does, and its cost at equal work (layouts may train different batches).
    j["samples"] = c->samples;
    j["per_sample"] = c->perSample();
    j["per_million_tokens"] = c->tokens > 0 ? ordered_json(c->perMillionTokens()) : ordered_json(nullptr);
    j["spot"] = c->spot;
    if (c->spot)  // the expected preemptions, already in hours and to_finish
        j["preemption"] = {{"expected_preemptions", c->preemptions},
                           {"hours_lost", c->preemptionHours},
                           {"checkpoint_interval_s", c->checkpointIntervalS},
                           {"assumed_per_node_hour", kSpotPreemptionsPerNodeHour},
                           {"restart_s", kSpotRestartS}};
    if (c->userPrice) {
        j["price"] = {{"origin", "plan"}, {"per_gpu_hour", c->perHour / c->billedGpus}};
    } else {
        j["price"] = {{"origin", c->row.origin}, {"cloud", c->row.cloud},      {"region", c->row.region},
                      {"instance", c->row.instance}, {"per_gpu_hour", c->row.perGpuHour(c->spot)},
                      {"source", c->row.source},   {"date", c->row.date}};
    }
    return j;
}

nlohmann::ordered_json optionJson(const CostOption& o) {
    nlohmann::ordered_json j;
    j["layout"] = layoutText(o.cost.layout);
    j["gpu"] = o.gpu;
    j["cloud"] = o.cost.userPrice ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(o.cloud);
    j["region"] = o.cost.priced && !o.cost.userPrice ? nlohmann::ordered_json(o.cost.row.region) : nlohmann::ordered_json(nullptr);
    j["instance"] = o.cost.priced && !o.cost.userPrice ? nlohmann::ordered_json(o.cost.row.instance) : nlohmann::ordered_json(nullptr);
    j["hours"] = o.cost.hours;
    j["cost"] = o.cost.priced ? nlohmann::ordered_json(o.cost.toFinish) : nlohmann::ordered_json(nullptr);
    j["per_hour"] = o.cost.priced ? nlohmann::ordered_json(o.cost.perHour) : nlohmann::ordered_json(nullptr);
    j["micro_batch"] = o.microBatch;
    j["grad_accum"] = o.gradAccum;
    return j;
}

// The goal's answer: the chosen option with the edits that adopt it, and why the
// cheaper (deadline) or faster (budget) ones fail; or, unmet, the closest.
nlohmann::ordered_json goalJson(const GoalAnswer& g) {
    using nlohmann::ordered_json;
    ordered_json j;
    j["met"] = g.met();
    j["currency"] = g.currency;
    j["summary"] = app::localized(g.summary);
    const int shown = g.met() ? g.chosen : g.closest;
    j["choice"] = shown >= 0 ? optionJson(g.options[size_t(shown)]) : ordered_json(nullptr);
    if (shown >= 0) {
        const CostOption& o = g.options[size_t(shown)];
        ordered_json edits = ordered_json::object();
        for (const FieldEdit& e : o.edits) edits[e.key] = e.value;
        j["choice"]["edits"] = edits;
        j["choice"]["fix"] = app::localized(o.fix);
    }
    ordered_json rejected = ordered_json::array();
    for (const auto& [index, why] : g.rejected) {
        ordered_json r = optionJson(g.options[size_t(index)]);
        r["reason"] = app::localized(why);
        rejected.push_back(r);
    }
    j["rejected"] = rejected;
    j["caution"] = g.caution.empty() ? ordered_json(nullptr) : ordered_json(app::localized(g.caution));
    j["options_considered"] = g.options.size();
    j["layouts_skipped_batch"] = g.skipped;  // their world cannot make the target batch
    j["layouts_pruned"] = g.pruned;          // bounded out: none could change the answer
    j["rows_in_other_currencies"] = g.otherCurrency;
    return j;
}

// How sure a layout's step time is: calibrated or not, what bounds the step (each part's
// share of it) and the expected error, with the words both faces show.
nlohmann::ordered_json confidenceJson(const StepTimeConfidence& c) {
    return {{"basis", c.calibrated ? "calibrated" : "uncalibrated"},
            {"regime", stepRegimeKey(c.regime)},
            {"shares", {{"gpu", c.shares.gpu}, {"host", c.shares.host}, {"communication", c.shares.communication}}},
            {"regime_points", c.regimeSpread.points},
            {"regime_spread", c.regimeMeasured ? nlohmann::ordered_json(c.regimeSpread.spread) : nlohmann::ordered_json(nullptr)},
            {"expected_error", c.expectedError},
            {"fit_residual", c.calibrated ? nlohmann::ordered_json(c.fitResidual) : nlohmann::ordered_json(nullptr)},
            {"fit_points", c.fitPoints},
            {"summary", app::localized(c.summary)},
            {"text", app::localized(c.basis)}};
}

nlohmann::ordered_json toJson(const PlanAnalysis& analysis) {
    using nlohmann::ordered_json;
    const Plan& plan = analysis.plan;
    const std::vector<Finding>& found = analysis.findings;
    ordered_json layouts = ordered_json::array();
    for (const Estimate& e : analysis.estimates) {
        ordered_json formulas;
        auto put = [&](ordered_json& j, const char* key, const Figure& f) {
            j[key] = f.value;
            formulas[key] = {{"formula", app::localized(f.formula)}, {"worked", f.worked}};
        };
        // Counts (samples, steps) are whole: JSON integers, not 256.0.
        auto putCount = [&](ordered_json& j, const char* key, const Figure& f) {
            put(j, key, f);
            j[key] = static_cast<long long>(std::llround(f.value));
        };
        ordered_json j;
        j["layout"] = layoutText(e.layout);
        j["plan"] = e.layout == plan.cluster.layout();  // the plan's own layout; the others are compared
        j["nodes"] = e.layout.nodes;
        j["gpus_per_node"] = e.layout.gpusPerNode;
        j["world_size"] = e.worldSize;
        j["micro_batch"] = e.microBatch;
        j["grad_accum"] = e.gradAccum;
        putCount(j, "effective_batch", e.effectiveBatch);
        put(j, "lr", e.lr);
        putCount(j, "warmup_steps", e.warmupSteps);
        putCount(j, "steps_per_epoch", e.stepsPerEpoch);
        putCount(j, "total_steps", e.totalSteps);
        put(j, "memory_per_gpu_gb", e.memoryPerGpuGb);
        j["gpu_memory_gb"] = e.gpuMemoryGb;
        put(j, "compute_time_s", e.computeTimeS);
        put(j, "memory_time_s", e.memoryTimeS);
        put(j, "host_time_s", e.hostTimeS);
        put(j, "comm_time_s", e.commTimeS);
        put(j, "comm_tail_s", e.commTailS);
        put(j, "overlap_window_s", e.overlapWindowS);
        j["collectives"] = e.collectives;
        put(j, "exposed_comm_time_s", e.exposedCommTimeS);
        put(j, "step_time_s", e.stepTimeS);
        put(j, "steps_per_s", e.stepsPerS);
        put(j, "samples_per_s", e.samplesPerS);
        // The run's timeline: hours_to_finish counts evaluations and checkpoint writes (run_timeline.h).
        put(j, "hours_to_finish", e.hoursToFinish);
        put(j, "gpu_hours", e.gpuHours);
        const RunTimeline& t = *analysis.timelineFor(e.layout);
        ordered_json timeline;
        put(timeline, "training_s", t.trainingS);
        timeline["evaluations"] = t.evaluations;
        timeline["evaluation_s"] = t.evaluationS;
        put(timeline, "evaluations_s", t.evaluationsS);
        timeline["checkpoints"] = t.checkpoints;
        timeline["checkpoint_bytes"] = t.checkpointBytes;
        timeline["checkpoint_s"] = t.checkpointS;
        put(timeline, "checkpoints_s", t.checkpointsS);
        put(timeline, "time_to_finish_s", t.timeToFinishS);
        timeline["finish_time_if_started_now"] = isoClockAfter(t.timeToFinishS.value);
        // How sure the step time is on this layout: what bounds its step and that regime's spread.
        const StepTimeConfidence& sure = *analysis.confidenceFor(e.layout);
        const double error = sure.expectedError;
        // The evaluations' and checkpoints' durations as a calibration run measured them, or assumed,
        // and the time to finish's error with their share.
        timeline["evaluation_measured"] = t.evaluationLearned;
        timeline["checkpoint_measured"] = t.checkpointLearned;
        timeline["time_to_finish_error"] = t.timeToFinishError(error);
        j["timeline"] = timeline;
        j["step_time_range_s"] = {e.stepTimeS.value * (1 - error), e.stepTimeS.value * (1 + error)};
        j["step_time_confidence"] = confidenceJson(sure);
        put(j, "scaling_efficiency", e.scalingEfficiency);
        j["memory"] = {{"params_gb", e.memory.paramsGb},       {"grads_gb", e.memory.gradsGb},
                       {"optimizer_gb", e.memory.optimizerGb}, {"activations_gb", e.memory.activationsGb},
                       {"logits_gb", e.memory.logitsGb},       {"overhead_gb", e.memory.overheadGb}};
        j["cost"] = costJson(analysis.costFor(e.layout));
        j["formulas"] = formulas;
        // Whether a node holds it (its figures above are what it would be, had a node the GPUs), and the rows as the table shows them.
        const Text cannotRun = layoutCannotRun(analysis, e.layout);
        j["can_run"] = cannotRun.empty();
        j["cannot_run"] = cannotRun.empty() ? ordered_json(nullptr) : ordered_json(app::localized(cannotRun));
        ordered_json rows = ordered_json::array();
        for (const LayoutRow row : layoutRows())
            rows.push_back({{"row", layoutRowKey(row)}, {"text", app::localized(layoutCell(analysis, e.layout, row).text)}});
        j["rows"] = rows;
        layouts.push_back(j);
    }
    ordered_json findingsJson = ordered_json::array();
    for (const Finding& f : found) {
        ordered_json j;
        j["severity"] = severityName(f.severity);
        j["layout"] = f.layout ? ordered_json(layoutText(*f.layout)) : ordered_json(nullptr);
        j["code"] = f.code;
        j["title"] = app::localized(f.title);
        j["message"] = app::localized(f.message);  // in the interface language; the keys and code stay English
        j["fix"] = app::localized(f.fix);
        j["field"] = f.field;
        ordered_json edits = ordered_json::object();
        for (const FieldEdit& e : f.edits)
            edits[e.key] = e.value;
        j["edits"] = edits;
        findingsJson.push_back(j);
    }
    ordered_json root;
    root["plan_layout"] = layoutText(plan.cluster.layout());
    // Exact integers, as sum(p.numel()) gives them, where the architecture is known (core's modelParameters).
    const ModelParameters& params = analysis.parameters;
    if (params.counted)
        root["architecture"] = plan.model.architecture;
    root["params"] = params.total;
    if (params.experts) root["active_params"] = params.active;
    const FittedModel& fit = analysis.fit;
    ordered_json model;
    model["mfu"] = fit.mfu;
    model["host_pace"] = fit.hostPace;  // the host's issue time against the reference host's (fitted where the host bounds the step)
    model["host_bound"] = fit.hostBound;
    model["host_measured"] = fit.hostMeasured;  // the pace is the run's measured host issue time's (host_s)
    model["overlap"] = fit.overlap;
    model["collective_latency_s"] = fit.latencyS;
    model["fitted_parameters"] = fit.fittedParameters;
    model["exact"] = fit.exact;
    ordered_json points = ordered_json::array();
    for (const PointResidual& r : fit.points)
        points.push_back({{"calibration", calibrationText(r.point)},
                          {"layout", layoutText(r.point.layout)},
                          {"measured_step_s", r.measuredStepS},
                          {"predicted_step_s", r.predictedStepS},
                          {"measured_samples_per_s", r.measuredSamplesPerS()},
                          {"predicted_samples_per_s", r.predictedSamplesPerS()},
                          {"step_time_residual", r.relative()}});
    model["points"] = points;
    ordered_json refused = ordered_json::array();
    for (const RefusedPoint& r : fit.refused)
        refused.push_back({{"calibration", calibrationText(r.point)}, {"why", app::localized(r.why)}});
    model["refused"] = refused;
    ordered_json notes = ordered_json::array();
    for (const Text& n : fit.notes)
        notes.push_back(app::localized(n));
    model["notes"] = notes;
    root["model"] = model;
    // The plan's own layout's, with the truth's spreads by regime each layout's figure is taken from.
    const StepTimeConfidence& c = analysis.confidence;
    ordered_json confidence = confidenceJson(c);
    confidence["truth_points"] = c.truth.points;
    confidence["truth_spread_uncalibrated"] = c.truth.uncalibrated;
    confidence["truth_spread_calibrated"] = c.truth.calibrated;
    confidence["truth_points_calibrated"] = c.truth.calibratedPoints;
    ordered_json regimes;
    for (int r = 0; r < kStepRegimeCount; ++r) {
        const RegimeSpread& before = c.truth.uncalibratedByRegime[size_t(r)];
        const RegimeSpread& after = c.truth.calibratedByRegime[size_t(r)];
        regimes[stepRegimeKey(StepRegime(r))] = {{"points", before.points},
                                                 {"spread_uncalibrated", before.spread},
                                                 {"points_calibrated", after.points},
                                                 {"spread_calibrated", after.spread}};
    }
    confidence["regimes"] = regimes;
    confidence["min_regime_points"] = kMinRegimePoints;
    root["step_time_confidence"] = confidence;
    root["layouts"] = layouts;
    root["findings"] = findingsJson;
    // Whether `traindeck launch` and the Launch page would start it, and the error that stops them.
    const Finding* blocker = analysis.launchBlocker();
    root["launch_ready"] = blocker == nullptr;
    root["launch_blocker"] = blocker ? ordered_json(blocker->code) : ordered_json(nullptr);
    return root;
}

// A budget given on the command line must be one: the plan's 0 means "none", and a
// typed --budget 0 would silently mean no budget at all.
std::string zeroBudgetGiven(int argc, char** argv) {
    for (int i = 0; i < argc; ++i) {
        const std::string a = argv[i];
        std::string value;
        if (a == "--budget" && i + 1 < argc) value = argv[i + 1];
        else if (a.starts_with("--budget=")) value = a.substr(9);
        else continue;
        char* end = nullptr;
        const double v = std::strtod(value.c_str(), &end);
        if (end != value.c_str() && *end == '\0' && v <= 0)
            return app::localized(TD_TEXT("PlanCommand", "--budget %1: a budget must be above zero (leave --budget out "
                                                         "for none)"),
                                  {val(printable(value))});
    }
    return {};
}

void printPlanHelp(const std::vector<Option>& own) {
    printHelpOpening(app::localized(TD_TEXT("PlanCommand", "Usage: traindeck plan [PLAN.yaml] [OPTIONS]")),
                     {app::localized(TD_TEXT("PlanCommand", "Prints a plan's derived figures for each layout side by side, "
                                                            "and its findings. Without PLAN.yaml the built-in demo plan is "
                                                            "used; flags override the file. Texts follow the locale (LANG, "
                                                            "LC_ALL, LANGUAGE) or --lang en|zh_CN.")),
                      app::localized(exitStatusHelp(Text(TD_TEXT(
                          "PlanCommand", "1: an error finding, or a deadline or budget no layout meets (once one is "
                                         "met, errors of the plan's own layout do not count: the choice replaces it); "
                                         "2: also a goal that cannot be answered: a deadline that cannot be read or "
                                         "has passed, a budget of zero, a cloud, region, GPU or spot price the "
                                         "catalogue lacks, or prices only in another currency."))))});
    std::putchar('\n');
    printOptions(stdout, own);
    std::putchar('\n');
    printPlanFlags(stdout);
}

}  // namespace

int runPlan(int argc, char** argv) {
    bool json = false, example = false, help = false;
    std::vector<std::string> runs;
    const std::vector<Option> own = {
        {"--calibrate-from", true, Text(TD_TEXT("CliOptions", "a run's metrics (trainer JSON lines or run folder) as a calibration point (repeatable)")),
         [&](const std::string& v) { runs.push_back(v); return std::string(); }},
        {"--json", false, Text(TD_TEXT("CliOptions", "print JSON instead of the table")), [&](const std::string&) { json = true; return std::string(); }},
        {"--example", false, Text(TD_TEXT("CliOptions", "write the demo plan as YAML to stdout")),
         [&](const std::string&) { example = true; return std::string(); }},
        {"--help", false, Text(TD_TEXT("CliOptions", "show this help")), [&](const std::string&) { help = true; return std::string(); }},
    };
    Plan plan;
    std::string file;
    std::string error = readPlanArguments(argc, argv, own, plan, file);
    if (error.empty()) error = zeroBudgetGiven(argc, argv);
    if (!error.empty()) {
        if (help) {
            printPlanHelp(own);
            return 0;
        }
        // One line whatever the value quoted in it held (a YAML block scalar has newlines).
        std::fprintf(stderr, "traindeck plan: %s\n", printable(error, 2000).c_str());
        return 2;
    }
    if (help) {
        printPlanHelp(own);
        return 0;
    }
    // A run's steady speed joins the typed measurements (--calibrate), after them.
    for (const std::string& path : runs) {
        Text error;
        const std::optional<RunSpeed> run = readRunSpeed(path, error);
        if (!run) {
            std::fprintf(stderr, "traindeck plan: %s\n", printable(app::localized(error), 2000).c_str());
            return 2;
        }
        // A run of another model or GPU type cannot calibrate the plan: refused, never applied.
        if (const std::optional<Text> refusal = runPlanMismatch(plan, *run)) {
            std::fprintf(stderr, "traindeck plan: %s\n",
                         printable(app::localized(Text(TD_TEXT("PlanCommand", "%1 cannot calibrate this plan: %2"),
                                                       {Text::value(path), *refusal})),
                                   2000)
                             .c_str());
            return 2;
        }
        plan.calibrations.push_back(run->calibration);
    }
    if (example) {
        std::fputs(planToYaml(plan).c_str(), stdout);
        return 0;
    }
    const PlanAnalysis analysis = analysePriced(plan);
    if (!analysis.valid()) {  // a measured point read from a run can still make the plan incomplete
        std::fprintf(stderr, "traindeck plan: %s\n", printable(app::localized(analysis.invalid), 2000).c_str());
        return 2;
    }
    if (const Text& problem = defaultPrices().problem; !problem.empty())
        std::fprintf(stderr, "traindeck plan: %s\n",
                     printable(app::localized(Text(TD_TEXT("PlanCommand", "warning: %1"), {problem})), 2000).c_str());
    if (!analysis.goalInvalid.empty()) {
        std::fprintf(stderr, "traindeck plan: %s\n", printable(app::localized(analysis.goalInvalid), 2000).c_str());
        return 2;
    }
    const std::optional<GoalAnswer>& goal = analysis.goal;
    if (json) {
        nlohmann::ordered_json root = toJson(analysis);
        if (goal && goal->deadlineHours) {
            root["deadline"] = goalJson(*goal);
            root["deadline"]["hours_allowed"] = *goal->deadlineHours;
        }
        if (goal && goal->budget) {
            root["budget"] = goalJson(*goal);
            root["budget"]["amount"] = *goal->budget;
        }
        std::cout << root.dump(2) << '\n';
    } else {
        printTable(analysis);
        if (goal) printGoal(*goal);
    }
    // With a goal met, the plan's own layout is replaced by the choice: only errors of the
    // plan as a whole (no layout named) still need the user.
    const bool errors = std::any_of(analysis.findings.begin(), analysis.findings.end(), [&](const Finding& f) {
        return f.severity == Severity::Error && !(goal && goal->met() && f.layout);
    });
    return errors || (goal && !goal->met()) ? kExitNeedsAttention : kExitDone;
}

}  // namespace traindeck::cli
