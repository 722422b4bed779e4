#include "plan/run_speed.h"

#include "plan/calibrate.h"
#include "plan/estimate.h"
#include "plan/plan_fields.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace traindeck {
namespace {

namespace fs = std::filesystem;

struct Step {
    long step;
    double samplesPerS;
};

struct Stream {
    std::optional<nlohmann::json> start;  // the last start event (a resumed run starts again)
    std::vector<Step> steps;              // the steps after it
};

long integerOr(const nlohmann::json& j, const char* key, long fallback) {
    const auto it = j.find(key);
    return it != j.end() && it->is_number() ? it->get<long>() : fallback;
}

// Lines that are not JSON, and events the planner does not use, are skipped:
// stray log lines may be interleaved (metrics-protocol.md, "Rules").
void readLines(std::istream& in, Stream& s) {
    for (std::string line; std::getline(in, line);) {
        const nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
        if (j.is_discarded() || !j.is_object())
            continue;
        const auto event = j.find("event");
        if (event == j.end() || !event->is_string())
            continue;
        if (*event == "start") {
            s.start = j;
            s.steps.clear();
        } else if (*event == "step" && s.start) {
            const auto rate = j.find("samples_per_s");
            const auto step = j.find("step");
            if (rate != j.end() && rate->is_number() && step != j.end() && step->is_number() &&
                std::isfinite(rate->get<double>()) && rate->get<double>() > 0)
                s.steps.push_back({step->get<long>(), rate->get<double>()});
        }
    }
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

}  // namespace

std::optional<RunSpeed> readRunSpeed(const std::string& path, Text& error) {
    // A run folder keeps each node's output; rank 0's events are in one of them.
    std::vector<fs::path> files;
    std::error_code ec;
    if (fs::is_directory(path, ec)) {
        for (const auto& entry : fs::directory_iterator(path, ec)) {
            const std::string name = entry.path().filename().string();
            if (name.starts_with("node-") && name.ends_with(".out"))
                files.push_back(entry.path());
        }
        std::sort(files.begin(), files.end());
        if (files.empty()) {
            error = Text(TD_TEXT("Calibration", "%1: a run folder, but no node-*.out in it to read speeds from"),
                         {Text::value(printable(path))});
            return std::nullopt;
        }
    } else {
        files.push_back(path);
    }
    Stream stream;
    for (const fs::path& file : files) {
        std::ifstream in(file, std::ios::binary);
        if (!in) {
            error = Text(TD_TEXT("Calibration", "%1: cannot open: %2"),
                         {Text::value(printable(file.string())), Text::value(std::strerror(errno))});
            return std::nullopt;
        }
        Stream one;
        readLines(in, one);
        if (one.start) {
            stream = std::move(one);
            break;
        }
    }
    if (!stream.start) {
        error = Text(TD_TEXT("Calibration", "%1: no trainer start event (JSON lines with \"event\":\"start\"), so "
                                            "the run's layout is unknown"),
                     {Text::value(printable(path))});
        return std::nullopt;
    }
    const nlohmann::json& start = *stream.start;
    RunSpeed run;
    Layout layout{int(integerOr(start, "nodes", 0)), int(integerOr(start, "gpus_per_node", 0))};
    if (layout.nodes < 1 || layout.gpusPerNode < 1 || !parseLayout(layoutText(layout), layout)) {
        error = Text(TD_TEXT("Calibration", "%1: the start event has no usable nodes and gpus_per_node"),
                     {Text::value(printable(path))});
        return std::nullopt;
    }
    run.microBatch = int(integerOr(start, "micro_batch", 0));
    run.gradAccum = int(integerOr(start, "grad_accum", 0));
    run.effectiveBatch = integerOr(start, "effective_batch", 0);
    if (const auto model = start.find("model"); model != start.end() && model->is_object()) {
        if (const auto preset = model->find("preset"); preset != model->end() && preset->is_string())
            run.preset = preset->get<std::string>();
        if (const auto params = model->find("parameters"); params != model->end() && params->is_number())
            run.parameters = std::max(0.0, params->get<double>());
    }
    for (auto [key, into] : {std::pair{"precision", &run.precision}, std::pair{"device", &run.device}})
        if (const auto it = start.find(key); it != start.end() && it->is_string())
            *into = it->get<std::string>();

    // Warm-up: the steps of the LR warm-up (the bench measures after them), and
    // in any case the first step, which pays for allocation and graph capture.
    const long warmup = std::max(1L, integerOr(start, "warmup_steps", 0));
    std::vector<Step> steady;
    for (const Step& s : stream.steps)
        if (s.step >= warmup)
            steady.push_back(s);
    if (steady.empty() && stream.steps.size() > 1)  // a short run: all but its first logged step
        steady.assign(stream.steps.begin() + 1, stream.steps.end());
    if (steady.empty()) {
        error = Text(TD_TEXT("Calibration", "%1: no step events after warm-up to take a steady speed from (%2 "
                                            "logged)"),
                     {Text::value(printable(path)), Text::value(std::to_string(stream.steps.size()))});
        return std::nullopt;
    }
    std::vector<double> rates;
    for (const Step& s : steady)
        rates.push_back(s.samplesPerS);
    // Six significant digits: the point reads back as typed in plan files and tables.
    char rounded[32];
    std::snprintf(rounded, sizeof rounded, "%.6g", median(rates));
    run.calibration = {layout, std::strtod(rounded, nullptr), Calibration::Unit::SamplesPerSecond};
    run.stepsUsed = int(steady.size());
    run.firstStep = steady.front().step;
    run.lastStep = steady.back().step;
    return run;
}

std::optional<Text> runPlanMismatch(const Plan& plan, const RunSpeed& run) { return calibrationMismatch(plan, run); }

}  // namespace traindeck
