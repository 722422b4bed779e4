#include "plan/calibrate.h"

#include "plan/calibration_fit.h"
#include "plan/estimate.h"
#include "plan/hardware.h"
#include "plan/plan_fields.h"
#include "text/lower_case.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace traindeck {

CalibrationFit fitCalibration(const Plan& plan, const Calibration& c) {
    // Step time falls monotonically as MFU rises (compute shrinks, exposed
    // communication can only grow into the shrinking backward window), so the
    // MFU that reproduces the measured step time is found by bisection.
    Plan p = plan;
    auto stepTime = [&](double mfu) {
        p.recipe.mfu = mfu;
        return estimateUncalibrated(p, c.layout).stepTimeS.value;
    };
    double measured = c.value;
    if (c.unit == Calibration::Unit::StepsPerSecond)
        measured = 1.0 / c.value;
    else if (c.unit == Calibration::Unit::SamplesPerSecond)
        measured = estimateUncalibrated(plan, c.layout).effectiveBatch.value / c.value;

    CalibrationFit fit;
    constexpr double lo0 = 1e-4, hi0 = 1.0;
    if (measured < stepTime(hi0)) {
        fit.mfu = hi0;
        fit.note = Text(TD_TEXT("CoreMessages", "the measured step is faster than the model allows even at MFU 1: the "
                                                "network or NVLink is faster than the catalogue says, or communication "
                                                "overlaps better than assumed"));
        return fit;
    }
    if (measured > stepTime(lo0)) {
        fit.mfu = lo0;
        fit.note = Text(TD_TEXT("CoreMessages",
                                "the measured step is slower than the model gives at MFU 0.0001: check the measurement's unit"));
        return fit;
    }
    double lo = lo0, hi = hi0;
    for (int i = 0; i < 100 && hi - lo > 1e-12; ++i) {
        const double mid = 0.5 * (lo + hi);
        (stepTime(mid) > measured ? lo : hi) = mid;
    }
    fit.mfu = 0.5 * (lo + hi);
    fit.exact = true;
    return fit;
}

Plan calibrated(const Plan& plan) {
    if (plan.calibrations.empty())
        return plan;
    Plan p = plan;
    applyFit(p.recipe, fitModel(plan));
    return p;
}

namespace {

// The run's device against the plan's GPU: a CPU run, or a GPU whose name does
// not hold the plan's model (h100 in "NVIDIA H100 80GB HBM3").
std::optional<Text> deviceMismatch(const Plan& plan, const RunSpeed& run) {
    if (run.device.empty())
        return std::nullopt;
    const GpuModel* gpu = findGpu(plan.cluster.gpu);
    const std::string planGpu = gpu ? gpu->name : plan.cluster.gpu;
    if (lowerCase(run.device) == "cpu")
        return Text(TD_TEXT("Calibration", "the run ran on CPUs, the plan on %1: the efficiency fitted is a CPU's"),
                    {Text::value(planGpu)});
    if (lowerCase(run.device).find(lowerCase(plan.cluster.gpu)) == std::string::npos)
        return Text(TD_TEXT("Calibration", "the run ran on %1, the plan on %2"),
                    {Text::value(printable(run.device)), Text::value(planGpu)});
    return std::nullopt;
}

// "33.6M": a parameter count as people say it.
std::string millions(double parameters) {
    char text[32];
    std::snprintf(text, sizeof text, "%.3gM", parameters / 1e6);
    return text;
}

std::optional<Text> modelMismatch(const Plan& plan, const RunSpeed& run) {
    if (!run.preset.empty() && !plan.model.preset.empty() && run.preset != plan.model.preset)
        return Text(TD_TEXT("Calibration", "the run trained the %1 preset, the plan's model is %2: its speed says "
                                           "little about the plan"),
                    {Text::value(run.preset), Text::value(plan.model.name)});
    if (run.parameters > 0 && plan.model.params > 0 &&
        std::max(run.parameters, plan.model.params) > 1.1 * std::min(run.parameters, plan.model.params))
        return Text(TD_TEXT("Calibration", "the run's model has %1 parameters, the plan's %2"),
                    {Text::value(millions(run.parameters)), Text::value(millions(plan.model.params))});
    return std::nullopt;
}

}  // namespace

std::optional<Text> calibrationMismatch(const Plan& plan, const RunSpeed& run) {
    std::vector<Text> found;
    if (auto d = deviceMismatch(plan, run))
        found.push_back(*d);
    const std::string planPrecision = findPlanField("recipe.precision")->get(plan);
    if (!run.precision.empty() && lowerCase(run.precision) != planPrecision)
        found.push_back(Text(TD_TEXT("Calibration", "the run computed in %1, the plan in %2"),
                             {Text::value(printable(run.precision)), Text::value(planPrecision)}));
    if (auto m = modelMismatch(plan, run))
        found.push_back(*m);
    const Estimate e = estimateUncalibrated(plan, run.calibration.layout);
    if ((run.microBatch > 0 && run.microBatch != e.microBatch) || (run.gradAccum > 0 && run.gradAccum != e.gradAccum))
        found.push_back(Text(TD_TEXT("Calibration", "the run used micro-batch %1 × accumulation %2, the plan %3 × %4 on "
                                                    "%5: its samples/s are taken as they are, though the step differs"),
                             {Text::value(std::to_string(run.microBatch)), Text::value(std::to_string(run.gradAccum)),
                              Text::value(std::to_string(e.microBatch)), Text::value(std::to_string(e.gradAccum)),
                              Text::value(layoutText(run.calibration.layout))}));
    if (found.empty())
        return std::nullopt;
    std::vector<Text> parts;
    for (std::size_t i = 0; i < found.size(); ++i) {
        if (i)
            parts.push_back(Text::value("; "));
        parts.push_back(found[i]);
    }
    return Text::concat(parts);
}

bool parseCalibration(std::string_view text, Calibration& out, Text& error) {
    const std::string t(text);
    const auto eq = t.find('=');
    Calibration c;
    if (eq == std::string::npos || !parseLayout(t.substr(0, eq), c.layout)) {
        error = Text(TD_TEXT("CoreMessages", "expected LAYOUT=VALUE with a unit, e.g. 2x8=0.9steps/s, 2x8=115samples/s "
                                             "or 2x8=1.1s/step; got '%1'"),
                     {Text::value(printable(t))});
        return false;
    }
    const char* begin = t.data() + eq + 1;
    const char* end = t.data() + t.size();
    auto [unitStart, ec] = std::from_chars(begin, end, c.value);
    if (ec != std::errc() || !(c.value > 0) || !std::isfinite(c.value)) {
        error = Text(TD_TEXT("CoreMessages", "calibration needs a positive number after '=', got '%1'"),
                     {Text::value(printable(t.substr(eq + 1)))});
        return false;
    }
    const std::string unit(unitStart, end);
    if (unit == "steps/s" || unit == "step/s" || unit == "it/s")
        c.unit = Calibration::Unit::StepsPerSecond;
    else if (unit == "samples/s" || unit == "sample/s")
        c.unit = Calibration::Unit::SamplesPerSecond;
    else if (unit == "s/step" || unit == "s/it" || unit == "s")
        c.unit = Calibration::Unit::SecondsPerStep;
    else {
        error = Text(TD_TEXT("CoreMessages", "unknown calibration unit '%1' (use steps/s, samples/s or s/step)"),
                     {Text::value(printable(unit))});
        return false;
    }
    out = c;
    return true;
}

std::string calibrationText(const Calibration& c) {
    const char* unit = c.unit == Calibration::Unit::StepsPerSecond     ? "steps/s"
                       : c.unit == Calibration::Unit::SamplesPerSecond ? "samples/s"
                                                                        : "s/step";
    return layoutText(c.layout) + "=" + formatNumber(c.value) + unit;
}

}  // namespace traindeck
