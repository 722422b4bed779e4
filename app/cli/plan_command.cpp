// traindeck plan: the derived figures and findings of a plan, as a table that
// fits an 80-column terminal or as JSON for scripts.

#include "cli/commands.h"
#include "cli/plan_arguments.h"

#include "plan/calibrate.h"
#include "plan/estimate.h"
#include "plan/findings.h"
#include "plan/hardware.h"
#include "plan/plan_fields.h"
#include "plan/plan_yaml.h"

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
    if (plan.calibration) {
        const CalibrationFit fit = fitCalibration(plan, *plan.calibration);
        printWrapped("", "Calibrated on " + calibrationText(*plan.calibration) + ": MFU " + format("%.3f", fit.mfu) +
                             (fit.exact ? "." : " (" + fit.note + ")."),
                     2);
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

nlohmann::ordered_json toJson(const std::vector<Estimate>& estimates, const std::vector<Finding>& found) {
    using nlohmann::ordered_json;
    ordered_json layouts = ordered_json::array();
    for (const Estimate& e : estimates) {
        ordered_json formulas;
        auto put = [&](ordered_json& j, const char* key, const Figure& f) {
            j[key] = f.value;
            formulas[key] = {{"formula", f.formula}, {"worked", f.worked}};
        };
        ordered_json j;
        j["nodes"] = e.layout.nodes;
        j["gpus_per_node"] = e.layout.gpusPerNode;
        j["world_size"] = e.worldSize;
        j["micro_batch"] = e.microBatch;
        j["grad_accum"] = e.gradAccum;
        put(j, "effective_batch", e.effectiveBatch);
        put(j, "lr", e.lr);
        put(j, "warmup_steps", e.warmupSteps);
        put(j, "steps_per_epoch", e.stepsPerEpoch);
        put(j, "total_steps", e.totalSteps);
        put(j, "memory_per_gpu_gb", e.memoryPerGpuGb);
        j["gpu_memory_gb"] = e.gpuMemoryGb;
        put(j, "compute_time_s", e.computeTimeS);
        put(j, "comm_time_s", e.commTimeS);
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
    return {{"layouts", layouts}, {"findings", findingsJson}};
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
    const std::vector<Option> own = {
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
        std::fprintf(stderr, "traindeck plan: %s\n", error.c_str());
        return 2;
    }
    if (help) {
        printHelp(own);
        return 0;
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
        std::cout << toJson(estimates, found).dump(2) << '\n';
    else
        printTable(plan, estimates, found);
    return hasErrors(found) ? 1 : 0;
}

}  // namespace traindeck::cli
