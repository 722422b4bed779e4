#include "plan/calibrate.h"

#include "plan/calibration_fit.h"
#include "plan/calibration_workload.h"
#include "plan/estimate.h"
#include "plan/plan_fields.h"

#include <charconv>
#include <cmath>

namespace traindeck {

CalibrationFit fitCalibration(const Plan& plan, const Calibration& c) {
    // Step time falls monotonically as MFU rises (compute shrinks, exposed
    // communication can only grow into the shrinking backward window), so the
    // MFU that reproduces the measured step time is found by bisection.
    Plan p = planAtPoint(plan, c);  // the point's own workload
    auto stepTime = [&](double mfu) {
        p.recipe.mfu = mfu;
        return estimateUncalibrated(p, c.layout).stepTimeS.value;
    };
    double measured = c.value;
    if (c.unit == Calibration::Unit::StepsPerSecond)
        measured = 1.0 / c.value;
    else if (c.unit == Calibration::Unit::SamplesPerSecond)
        measured = estimateUncalibrated(p, c.layout).effectiveBatch.value / c.value;

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

std::optional<Text> calibrationMismatch(const Plan& plan, const RunSpeed& run) {
    return calibrationRefusal(plan, run.calibration);
}

bool parseCalibration(std::string_view text, Calibration& out, Text& error) {
    // The workload after '@' (calibration_workload.h), the speed before it.
    const std::string whole(text);
    const auto at = whole.find('@');
    const std::string t = whole.substr(0, at);
    Calibration c;
    if (at != std::string::npos && !parseWorkload(std::string_view(whole).substr(at + 1), c.workload, error))
        return false;
    const auto eq = t.find('=');
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
    const std::string workload = workloadText(c.workload);
    return layoutText(c.layout) + "=" + formatNumber(c.value) + unit + (workload.empty() ? "" : "@" + workload);
}

}  // namespace traindeck
