// traindeck plan: the derived figures and findings of a plan, as a table that
// fits an 80-column terminal or as JSON for scripts.

#include "cli/commands.h"
#include "cli/plan_arguments.h"
#include "localized.h"

#include "plan/calibrate.h"
#include "plan/calibration_fit.h"
#include "plan/estimate.h"
#include "plan/findings.h"
#include "plan/hardware.h"
#include "plan/plan_fields.h"
#include "plan/plan_yaml.h"
#include "plan/run_speed.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>

namespace traindeck::cli {
namespace {

constexpr int kLabelWidth = 18;
constexpr int kColumnWidth = 15;
constexpr int kColumnsPerBlock = 4;  // 18 + 4 × 15 = 78 columns
constexpr int kTerminalWidth = 80;

std::string format(const char* fmt, double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, fmt, v);
    return buf;
}

// 3 significant digits without exponent clutter for everyday magnitudes.
std::string short3(double v) {
    if (v != 0 && (std::fabs(v) < 1e-3 || std::fabs(v) >= 1e7))
        return format("%.3g", v);
    if (v == std::floor(v))
        return format("%.0f", v);  // batches and step counts are whole: "16", not "16.0"
    return format(std::fabs(v) >= 100 ? "%.0f" : std::fabs(v) >= 10 ? "%.1f" : "%.3g", v);
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

// "+2.9%", and "+0.0%" rather than "-0.0%" for a point the fit reproduces.
std::string signedPercent(double share) {
    const double rounded = std::round(share * 1000) / 10;
    return format("%+.1f%%", rounded == 0 ? 0.0 : rounded);
}

std::string duration(double hours) {
    if (hours < 1)
        return format("%.0f min", hours * 60);
    if (hours < 48)
        return format("%.1f h", hours);
    return format("%.1f days", hours / 24);
}

struct Row {
    const char* label;
    std::string (*cell)(const Estimate&);
};

const Row kRows[] = {
    {"GPUs", [](const Estimate& e) { return std::to_string(e.worldSize); }},
    {"micro × accum", [](const Estimate& e) { return std::to_string(e.microBatch) + " × " + std::to_string(e.gradAccum); }},
    {"effective batch", [](const Estimate& e) { return short3(e.effectiveBatch.value); }},
    {"learning rate", [](const Estimate& e) { return format("%.3g", e.lr.value); }},
    {"warmup steps", [](const Estimate& e) { return short3(e.warmupSteps.value); }},
    {"steps per epoch", [](const Estimate& e) { return short3(e.stepsPerEpoch.value); }},
    {"total steps", [](const Estimate& e) { return short3(e.totalSteps.value); }},
    {"memory per GPU", [](const Estimate& e) { return short3(e.memoryPerGpuGb.value) + "/" + short3(e.gpuMemoryGb) + " GB"; }},
    {"step time", [](const Estimate& e) { return seconds(e.stepTimeS.value); }},
    {"  compute", [](const Estimate& e) { return seconds(e.computeTimeS.value); }},
    {"  exposed comm", [](const Estimate& e) { return seconds(e.exposedCommTimeS.value); }},
    {"samples/s", [](const Estimate& e) { return short3(e.samplesPerS.value); }},
    {"time to finish", [](const Estimate& e) { return duration(e.hoursToFinish.value); }},
    {"GPU-hours", [](const Estimate& e) { return short3(e.gpuHours.value); }},
    {"scaling eff.", [](const Estimate& e) { return format("%.1f%%", 100 * e.scalingEfficiency.value); }},
};

// Word-wraps `text` to the terminal, indenting continuation lines.
void printWrapped(const std::string& first, const std::string& text, int indent) {
    std::string line = first;
    size_t width = line.size();
    size_t pos = 0;
    while (pos < text.size()) {
        size_t end = text.find(' ', pos);
        if (end == std::string::npos)
            end = text.size();
        const std::string word = text.substr(pos, end - pos);
        // Count UTF-8 code points, not bytes, so "×" and "–" take one column.
        size_t wordWidth = 0;
        for (unsigned char c : word)
            wordWidth += (c & 0xC0) != 0x80;
        if (width + 1 + wordWidth > kTerminalWidth && width > size_t(indent)) {
            std::puts(line.c_str());
            line = std::string(indent, ' ');
            width = indent;
        } else if (width > size_t(indent) || !first.empty()) {
            if (!(width == size_t(indent) && first.empty()) && line.back() != ' ') {
                line += ' ';
                ++width;
            }
        }
        line += word;
        width += wordWidth;
        pos = end + 1;
    }
    std::puts(line.c_str());
}

void printCell(const std::string& text, int width) {
    size_t columns = 0;
    for (unsigned char c : text)
        columns += (c & 0xC0) != 0x80;
    std::fputs(text.c_str(), stdout);
    for (size_t i = columns; i < size_t(width); ++i)
        std::fputc(' ', stdout);
}

void printTable(const Plan& plan, const std::vector<Estimate>& estimates, const std::vector<Finding>& found) {
    const GpuModel& gpu = *findGpu(plan.cluster.gpu);
    const NetworkModel& net = *findNetwork(plan.cluster.network);
    printWrapped("", "Plan '" + plan.name + "': " + plan.model.name + " (" + short3(plan.model.params / 1e6) +
                         "M parameters) on " + gpu.name + ", " + net.name + " between nodes.",
                 2);
    if (!plan.calibrations.empty()) {
        const FittedModel fit = fitModel(plan);
        printWrapped("", app::localized(Text(
                             TD_TEXT("PlanCommand", "Calibrated on %1 measured point(s): MFU %2, overlap %3, latency "
                                                    "%4 per collective (%5 fitted, the rest as assumed)."),
                             {Text::value(std::to_string(fit.points.size())), Text::value(format("%.3f", fit.mfu)),
                              Text::value(format("%.2f", fit.overlap)), Text::value(seconds(fit.latencyS)),
                              Text::value(std::to_string(fit.fittedParameters))})),
                     2);
        for (const PointResidual& r : fit.points)
            printWrapped("  ", app::localized(Text(
                                   TD_TEXT("PlanCommand", "%1: measured %2 samples/s, the fitted model %3 (%4)"),
                                   {Text::value(calibrationText(r.point)),
                                    Text::value(short3(r.effectiveBatch / r.measuredStepS)),
                                    Text::value(short3(r.effectiveBatch / r.predictedStepS)),
                                    Text::value(signedPercent(r.measuredStepS / r.predictedStepS - 1))})),
                         4);
        for (const Text& note : fit.notes)
            printWrapped("  ", app::localized(note), 4);
    } else {
        printWrapped("", "Assumed MFU " + format("%.2f", plan.recipe.mfu) +
                             "; calibrate with --calibrate 2x8=0.9steps/s for measured figures.",
                     2);
    }
    if (std::none_of(estimates.begin(), estimates.end(),
                     [&](const Estimate& e) { return e.layout == plan.cluster.layout(); }))
        printWrapped("", "The plan's own layout " + layoutText(plan.cluster.layout()) +
                             " cannot run on this GPU type and has no column: see the findings.",
                     2);
    for (size_t block = 0; block < estimates.size(); block += kColumnsPerBlock) {
        const size_t end = std::min(estimates.size(), block + kColumnsPerBlock);
        std::putchar('\n');
        printCell("layout", kLabelWidth);
        for (size_t i = block; i < end; ++i)
            printCell(layoutText(estimates[i].layout) + (estimates[i].layout == plan.cluster.layout() ? " (plan)" : ""),
                      kColumnWidth);
        std::putchar('\n');
        for (const Row& row : kRows) {
            printCell(row.label, kLabelWidth);
            for (size_t i = block; i < end; ++i)
                printCell(row.cell(estimates[i]), kColumnWidth);
            std::putchar('\n');
        }
    }
    std::putchar('\n');
    if (found.empty()) {
        std::puts("No findings.");
        return;
    }
    std::puts("Findings:");
    for (const Finding& f : found) {
        printWrapped(std::string("  ") + severityName(f.severity) + ":", f.message + " [" + f.code + "]", 4);
        if (!f.fix.empty())
            printWrapped("    fix:", f.fix, 9);
    }
}

nlohmann::ordered_json toJson(const Plan& plan, const std::vector<Estimate>& estimates,
                              const std::vector<Finding>& found) {
    using nlohmann::ordered_json;
    ordered_json layouts = ordered_json::array();
    for (const Estimate& e : estimates) {
        ordered_json formulas;
        auto put = [&](ordered_json& j, const char* key, const Figure& f) {
            j[key] = f.value;
            formulas[key] = {{"formula", f.formula}, {"worked", f.worked}};
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
        put(j, "comm_time_s", e.commTimeS);
        put(j, "overlap_window_s", e.overlapWindowS);
        j["collectives"] = e.collectives;
        put(j, "exposed_comm_time_s", e.exposedCommTimeS);
        put(j, "step_time_s", e.stepTimeS);
        put(j, "steps_per_s", e.stepsPerS);
        put(j, "samples_per_s", e.samplesPerS);
        put(j, "hours_to_finish", e.hoursToFinish);
        put(j, "gpu_hours", e.gpuHours);
        put(j, "scaling_efficiency", e.scalingEfficiency);
        j["memory"] = {{"params_gb", e.memory.paramsGb},       {"grads_gb", e.memory.gradsGb},
                       {"optimizer_gb", e.memory.optimizerGb}, {"activations_gb", e.memory.activationsGb},
                       {"overhead_gb", e.memory.overheadGb}};
        j["formulas"] = formulas;
        layouts.push_back(j);
    }
    ordered_json findingsJson = ordered_json::array();
    for (const Finding& f : found) {
        ordered_json j;
        j["severity"] = severityName(f.severity);
        j["layout"] = f.layout ? ordered_json(layoutText(*f.layout)) : ordered_json(nullptr);
        j["code"] = f.code;
        j["message"] = f.message;
        j["fix"] = f.fix;
        j["field"] = f.field;
        ordered_json edits = ordered_json::object();
        for (const FieldEdit& e : f.edits)
            edits[e.key] = e.value;
        j["edits"] = edits;
        findingsJson.push_back(j);
    }
    ordered_json root;
    root["plan_layout"] = layoutText(plan.cluster.layout());
    const FittedModel fit = fitModel(plan);
    ordered_json model;
    model["mfu"] = fit.mfu;
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
                          {"measured_samples_per_s", r.effectiveBatch / r.measuredStepS},
                          {"predicted_samples_per_s", r.effectiveBatch / r.predictedStepS},
                          {"step_time_residual", r.relative()}});
    model["points"] = points;
    ordered_json notes = ordered_json::array();
    for (const Text& n : fit.notes)
        notes.push_back(app::localized(n));
    model["notes"] = notes;
    root["model"] = model;
    root["layouts"] = layouts;
    root["findings"] = findingsJson;
    return root;
}

void printHelp(const std::vector<Option>& own) {
    std::puts("Usage: traindeck plan [PLAN.yaml] [OPTIONS]\n\n"
              "Prints a plan's derived figures for each layout side by side, and its findings.\n"
              "Without PLAN.yaml the built-in demo plan is used; flags override the file.\n"
              "Exit status: 0 fine, 1 a finding is an error, 2 bad input.\n");
    printOptions(stdout, own);
    std::putchar('\n');
    printPlanFlags(stdout);
}

}  // namespace

int runPlan(int argc, char** argv) {
    bool json = false, example = false, help = false;
    std::vector<std::string> runs;
    const std::vector<Option> own = {
        {"--calibrate-from", true, "a run's metrics (trainer JSON lines or run folder) as a calibration point (repeatable)",
         [&](const std::string& v) { runs.push_back(v); return std::string(); }},
        {"--json", false, "print JSON instead of the table", [&](const std::string&) { json = true; return std::string(); }},
        {"--example", false, "write the demo plan as YAML to stdout",
         [&](const std::string&) { example = true; return std::string(); }},
        {"--help", false, "show this help", [&](const std::string&) { help = true; return std::string(); }},
    };
    Plan plan;
    std::string file;
    if (std::string error = readPlanArguments(argc, argv, own, plan, file); !error.empty()) {
        if (help) {
            printHelp(own);
            return 0;
        }
        // One line whatever the value quoted in it held (a YAML block scalar has newlines).
        std::fprintf(stderr, "traindeck plan: %s\n", printable(error, 2000).c_str());
        return 2;
    }
    if (help) {
        printHelp(own);
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
        if (const std::optional<Text> mismatch = runPlanMismatch(plan, *run))
            std::fprintf(stderr, "traindeck plan: %s\n",
                         printable(app::localized(Text(TD_TEXT("PlanCommand", "warning: %1: %2"),
                                                       {Text::value(path), *mismatch})),
                                   2000)
                             .c_str());
        plan.calibrations.push_back(run->calibration);
    }
    if (example) {
        std::fputs(planToYaml(plan).c_str(), stdout);
        return 0;
    }
    std::vector<Estimate> estimates;
    const std::vector<Finding> found = findings(plan);
    for (const Layout& layout : layoutsOf(plan)) {
        // A layout that cannot run has no meaningful figures; its finding says why.
        if (layout.gpusPerNode > findGpu(plan.cluster.gpu)->gpusPerNode)
            continue;
        estimates.push_back(estimate(plan, layout));
    }
    if (json)
        std::cout << toJson(plan, estimates, found).dump(2) << '\n';
    else
        printTable(plan, estimates, found);
    return hasErrors(found) ? 1 : 0;
}

}  // namespace traindeck::cli
