#include "plan/run_speed.h"

#include "plan/calibrate.h"
#include "plan/calibration_workload.h"
#include "plan/estimate.h"
#include "plan/plan_fields.h"
#include "plan/run_durations.h"

#include "metrics/median.h"
#include "metrics/steady_speed.h"
#include "metrics/text_stream.h"
#include "text/lower_case.h"
#include "text/number_text.h"

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

// A file's lines into a run, through the dashboard's own reader.
bool readInto(const fs::path& file, metrics::Run& run, Text& error) {
    std::ifstream in(file, std::ios::binary);
    if (!in) {
        error = Text(TD_TEXT("Calibration", "%1: cannot open: %2"),
                     {Text::value(printable(file.string())), Text::value(std::strerror(errno))});
        return false;
    }
    metrics::TextStreamReader reader(run);
    std::string chunk(1 << 20, '\0');
    while (in.read(chunk.data(), std::streamsize(chunk.size())) || in.gcount() > 0)
        reader.feed(std::string_view(chunk.data(), std::size_t(in.gcount())), 0);
    reader.finish(0);
    return true;
}

// The workload the start event says the run had (metrics-protocol.md): the point keeps it,
// so the fit estimates the run as it ran. A value the plan fields do not accept is not said.
MeasuredWorkload workloadOf(const metrics::RunInfo& info) {
    std::string spelled;
    auto add = [&](const char* key, const std::string& value) {
        if (value.empty())
            return;
        if (!spelled.empty())
            spelled += ':';
        spelled.append(key).append("=").append(value);
    };
    if (info.microBatch >= 1 && info.microBatch == std::floor(info.microBatch))
        add("micro", formatNumber(info.microBatch));
    if (info.gradAccum >= 1) add("accum", std::to_string(info.gradAccum));
    if (info.tokensPerSample > 0) add("seq", formatNumber(info.tokensPerSample));
    add("ckpt", lowerCase(info.checkpointing));
    add("precision", lowerCase(info.precision));
    if (info.zeroStage >= 0) add("zero", std::to_string(info.zeroStage));
    add("fsdp", lowerCase(info.fsdp));
    MeasuredWorkload w;
    for (std::string item; !spelled.empty();) {  // each key alone: one the fields refuse is left unsaid
        const auto colon = spelled.find(':');
        item = spelled.substr(0, colon);
        spelled = colon == std::string::npos ? "" : spelled.substr(colon + 1);
        MeasuredWorkload one;
        Text ignored;
        if (parseWorkload(item, one, ignored)) {
            if (one.microBatch) w.microBatch = one.microBatch;
            if (one.gradAccum) w.gradAccum = one.gradAccum;
            if (one.tokensPerSample > 0) w.tokensPerSample = one.tokensPerSample;
            if (one.checkpointing) w.checkpointing = one.checkpointing;
            if (one.precision) w.precision = one.precision;
            if (one.zeroStage >= 0) w.zeroStage = one.zeroStage;
            if (one.fsdp) w.fsdp = one.fsdp;
        }
    }
    if (!info.device.empty()) w.gpu = gpuKeyOfDevice(info.device);
    w.params = info.parameters;
    // The model by its Hugging Face model_type only: the start event's model.preset is any
    // name a script gives (a Lightning module's class); the parameters tell the rest.
    w.model = lowerCase(info.modelType);
    return w;
}

// The host's issue time per step the run measured (metrics-protocol.md host_s) over the
// steps the speed was taken from: the job-wide series, else the slowest rank's (the host
// that bounds the step). 0 when the run did not measure it.
double hostSecondsOf(const metrics::Run& run, const metrics::SteadySpeed& speed) {
    auto steadyMedian = [&](const metrics::Series& s) {
        std::vector<double> inWindow, all;
        for (const metrics::Point& p : s.points()) {
            if (!std::isfinite(p.value) || p.value <= 0)
                continue;
            all.push_back(p.value);
            if (p.step >= speed.firstStep && p.step <= speed.lastStep)
                inWindow.push_back(p.value);
        }
        return metrics::median(inWindow.empty() ? all : inWindow);  // a probe may fall before the window
    };
    if (const metrics::Series* s = run.find("host_s"))
        return steadyMedian(*s);
    double slowest = 0;
    for (const auto& [key, series] : run.allSeries())
        if (key.first == "host_s")
            slowest = std::max(slowest, steadyMedian(*series));
    return slowest;
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
    for (const fs::path& file : files) {
        metrics::Run run(file.string());
        if (!readInto(file, run, error))
            return std::nullopt;
        if (run.info.starts > 0 || &file == &files.back())
            return runSpeedOf(run, path, error);
    }
    return std::nullopt;
}

std::optional<RunSpeed> runSpeedOf(const metrics::Run& run, const std::string& name, Text& error) {
    if (run.info.starts == 0) {
        error = Text(TD_TEXT("Calibration", "%1: no trainer start event (JSON lines with \"event\":\"start\"), so "
                                            "the run's layout is unknown"),
                     {Text::value(printable(name))});
        return std::nullopt;
    }
    RunSpeed out;
    Layout layout{run.info.nodes, run.info.gpusPerNode};
    if (layout.nodes < 1 || layout.gpusPerNode < 1 || !parseLayout(layoutText(layout), layout)) {
        error = Text(TD_TEXT("Calibration", "%1: the start event has no usable nodes and gpus_per_node"),
                     {Text::value(printable(name))});
        return std::nullopt;
    }
    out.microBatch = int(run.info.microBatch);
    out.gradAccum = run.info.gradAccum;
    out.effectiveBatch = long(run.info.effectiveBatch);
    out.preset = run.info.model;
    out.parameters = run.info.parameters;
    out.precision = run.info.precision;
    out.device = run.info.device;
    const std::optional<metrics::SteadySpeed> speed = metrics::steadySamplesPerS(run);
    if (!speed) {
        const metrics::Series* s = run.find("samples_per_s");
        error = Text(TD_TEXT("Calibration", "%1: no step events after warm-up to take a steady speed from (%2 "
                                            "logged)"),
                     {Text::value(printable(name)), Text::value(std::to_string(s ? s->points().size() : 0))});
        return std::nullopt;
    }
    // Six significant digits: the point reads back as typed in plan files and tables.
    char rounded[32];
    std::snprintf(rounded, sizeof rounded, "%.6g", speed->value);
    out.calibration = {layout, std::strtod(rounded, nullptr), Calibration::Unit::SamplesPerSecond, workloadOf(run.info)};
    std::snprintf(rounded, sizeof rounded, "%.4g", hostSecondsOf(run, *speed));
    out.calibration.workload.hostS = std::strtod(rounded, nullptr);
    // What its evaluations and checkpoint writes took, for the time to finish (run_durations.h).
    const RunDurations took = runDurations(run);
    std::snprintf(rounded, sizeof rounded, "%.3g", took.checkpointGBps);
    out.calibration.workload.checkpointGBps = std::strtod(rounded, nullptr);
    std::snprintf(rounded, sizeof rounded, "%.3g", took.evalSamplesPerS / out.calibration.value);
    out.calibration.workload.evalSpeedRatio = std::strtod(rounded, nullptr);
    out.durations = took;
    out.stepsUsed = speed->points;
    out.firstStep = long(speed->firstStep);
    out.lastStep = long(speed->lastStep);
    return out;
}

std::optional<Text> runPlanMismatch(const Plan& plan, const RunSpeed& run) { return calibrationMismatch(plan, run); }

std::optional<Text> runOfAnotherPlan(const Plan& plan, const metrics::RunInfo& run) {
    if (run.starts == 0)
        return std::nullopt;
    Calibration facts;
    facts.workload = workloadOf(run);
    return calibrationRefusal(plan, facts);
}

}  // namespace traindeck
