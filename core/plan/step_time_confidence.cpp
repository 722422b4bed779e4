#include "plan/step_time_confidence.h"

#include "plan/estimate.h"
#include "plan/step_time_cross_validation.h"
#include "text/number_text.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <string>

namespace traindeck {
namespace {

// The figures from the cross-validated bands (step_time_cross_validation.h).
TruthSpread computeSpread() {
    const CrossValidation& cv = stepTimeCrossValidation();
    TruthSpread spread;
    spread.points = cv.steps;
    spread.models = cv.groups;
    spread.calibratedPoints = cv.calibratedAll.points;
    spread.uncalibrated = cv.uncalibratedAll.band;
    spread.calibrated = cv.calibratedAll.band;
    for (std::size_t r = 0; r < spread.uncalibratedByRegime.size(); ++r) {
        spread.uncalibratedByRegime[r] = {cv.uncalibratedBands[r].points, cv.uncalibratedBands[r].band};
        spread.calibratedByRegime[r] = {cv.calibratedBands[r].points, cv.calibratedBands[r].band};
        spread.calibratedFromHostByRegime[r] = {cv.calibratedFromHostBands[r].points, cv.calibratedFromHostBands[r].band};
    }
    return spread;
}

// A share under 0.05% is rounding (a fit through one point reproduces it exactly): "0%", not "5.7e-14%".
std::string percentText(double share) { return std::fabs(share) < 5e-4 ? "0%" : significant(100 * share, 2) + "%"; }
Text percentValue(double share) { return Text::value(percentText(share)); }
Text count(int n) { return Text::value(std::to_string(n)); }

// Each regime's names, in StepRegime's order: --json's key, the words, the table's word.
const struct {
    StepRegime regime;
    const char* key;
    TextTemplate name, tag;
} kRegimes[] = {
    {StepRegime::Gpu, "gpu", TD_TEXT("Calibration", "GPU-bound"), TD_TEXT("Calibration", "GPU")},
    {StepRegime::Host, "host", TD_TEXT("Calibration", "host-bound"), TD_TEXT("Calibration", "host")},
    {StepRegime::Communication, "communication", TD_TEXT("Calibration", "comm-bound"), TD_TEXT("Calibration", "comm")},
};
static_assert(std::size(kRegimes) == std::size_t(kStepRegimeCount), "names for every regime");

double shareOf(const StepShares& s, StepRegime r) {
    switch (r) {
    case StepRegime::Gpu: return s.gpu;
    case StepRegime::Host: return s.host;
    case StepRegime::Communication: return s.communication;
    }
    return 0;
}

// What the regime's time depends on, and what would narrow the figure (uncalibrated).
Text regimeCause(StepRegime r) {
    const Text calibrateFrom = Text::value("--calibrate-from");
    switch (r) {
    case StepRegime::Gpu:
        return Text(TD_TEXT("Calibration", "the GPU's work varies little between machines of one GPU type"));
    case StepRegime::Host:
        return Text(TD_TEXT("Calibration", "eager PyTorch's issue time varies between hosts and from run to run "
                                           "(1.7× apart on one cloud VM): a run on this machine with %1 narrows it"),
                    {calibrateFrom});
    case StepRegime::Communication:
        return Text(TD_TEXT("Calibration", "the exposed communication depends on the network and NCCL: a run on this "
                                           "network with %1 fixes it"),
                    {calibrateFrom});
    }
    return {};
}

}  // namespace

StepShares stepShares(const Estimate& e) {
    const double step = e.stepTimeS.value;
    if (!(step > 0))
        return {1, 0, 0};
    const double exposed = e.exposedCommTimeS.value;
    // The host's share is the on-device time's elasticity to it, taken through the model's
    // own formula (onDeviceStepS) nudged by a millionth: the formula is the estimate's,
    // not restated here. The GPU has the rest of the on-device time (the formula is of
    // degree one: the parts' elasticities sum to its own value).
    constexpr double kNudge = 1e-6;
    const double c = e.computeTimeS.value, m = e.memoryTimeS.value, o = e.optimizerTimeS, h = e.hostTimeS.value;
    auto onDeviceWithHost = [&](double scale) {  // with every argument the estimate gave it, the expert loops too
        return onDeviceStepS(c, m, o, h * scale, e.gradAccum, e.synchronisedComputeS, e.synchronisedMemoryS,
                             e.synchronisedHostS * scale);
    };
    const double hostMoves = (onDeviceWithHost(1 + kNudge) - onDeviceWithHost(1)) / kNudge;
    StepShares s;
    s.communication = std::clamp(exposed / step, 0.0, 1.0);
    s.host = std::clamp(hostMoves / step, 0.0, 1.0 - s.communication);
    s.gpu = 1.0 - s.communication - s.host;
    return s;
}

StepRegime stepRegime(const StepShares& s) {
    if (s.host > s.gpu && s.host >= s.communication)
        return StepRegime::Host;
    if (s.communication > s.gpu)
        return StepRegime::Communication;
    return StepRegime::Gpu;
}

std::string stepRegimeKey(StepRegime r) { return kRegimes[std::size_t(r)].key; }
Text stepRegimeName(StepRegime r) { return Text(kRegimes[std::size_t(r)].name); }
Text stepRegimeTag(StepRegime r) { return Text(kRegimes[std::size_t(r)].tag); }

const TruthSpread& truthSpread() {
    static const TruthSpread spread = computeSpread();
    return spread;
}

// The widest the fit's other explanations (FittedModel::alternatives) put this step from the
// fit's own: the plan with their MFU and host pace in place of the fit's.
double alternativeSpan(const Plan& plan, const FittedModel& fit, const Estimate& estimate) {
    double widest = 0;
    for (const Explanation& other : fit.alternatives) {
        Plan p = plan;
        p.calibrations.clear();
        applyFit(p.recipe, fit);
        p.recipe.mfu = other.mfu;
        p.recipe.hostPace = other.hostPace;
        const double step = estimateUncalibrated(p, estimate.layout).stepTimeS.value;
        widest = std::max(widest, std::fabs(step / estimate.stepTimeS.value - 1));
    }
    return widest;
}

StepTimeConfidence stepTimeConfidence(const Plan& plan, const FittedModel& fit, const Estimate& estimate) {
    StepTimeConfidence c;
    c.layout = estimate.layout;
    c.truth = truthSpread();
    c.calibrated = !plan.calibrations.empty() && !fit.points.empty();
    c.shares = stepShares(estimate);
    c.regime = stepRegime(c.shares);
    const auto& byRegime = !c.calibrated   ? c.truth.uncalibratedByRegime
                           : fit.hostBound ? c.truth.calibratedFromHostByRegime
                                           : c.truth.calibratedByRegime;
    c.regimeSpread = byRegime[std::size_t(c.regime)];
    c.regimeMeasured = c.regimeSpread.points >= kMinRegimePoints;
    const double measured = c.regimeMeasured ? c.regimeSpread.spread : c.calibrated ? c.truth.calibrated : c.truth.uncalibrated;
    const Text regime = stepRegimeName(c.regime);
    const Text share = Text::value(std::to_string(std::lround(100 * shareOf(c.shares, c.regime))) + "%");
    if (c.calibrated) {
        double sum = 0;
        for (const PointResidual& r : fit.points)
            sum += r.relative() * r.relative();
        c.fitPoints = int(fit.points.size());
        c.fitResidual = std::sqrt(sum / double(c.fitPoints));
        c.alternativeSpan = alternativeSpan(plan, fit, estimate);
    }
    c.hostSwing = c.regime == StepRegime::Host ? hostSwingBand() : 0;
    c.expectedError = std::max({measured, c.fitResidual, c.alternativeSpan, c.hostSwing});
    const Text error = percentValue(c.expectedError), band = percentValue(measured);
    Text basis;
    if (!c.calibrated)
        basis = c.regimeMeasured
                    ? Text(TD_TEXT("Calibration", "uncalibrated: ±%1, %2 (%3 of the step): ±%4 held nine in ten of %5 "
                                                  "measured steps so bound, each model family's judged by the band the "
                                                  "others gave (leave one family out), at the assumed efficiency; %6"),
                           {error, regime, share, band, count(c.regimeSpread.points), regimeCause(c.regime)})
                    : Text(TD_TEXT("Calibration", "uncalibrated: ±%1, %2 (%3 of the step): too few measured steps so "
                                                  "bound (%4), so ±%5 held nine in ten of all %6 (%7 models), each model "
                                                  "family's judged by the band the others gave, at the assumed "
                                                  "efficiency; %8"),
                           {error, regime, share, count(c.regimeSpread.points), band, count(c.truth.points),
                            count(c.truth.models), regimeCause(c.regime)});
    else
        basis = c.regimeMeasured
                    ? Text(TD_TEXT("Calibration", "calibrated: ±%1, %2 (%3 of the step): the fit's residual %4 over %5 "
                                                  "point(s), and no less than the ±%6 that held nine in ten of %7 measured "
                                                  "steps so bound after one run of their model, each model family's "
                                                  "judged by the band the others gave (leave one family out)"),
                           {error, regime, share, percentValue(c.fitResidual), count(c.fitPoints), band,
                            count(c.regimeSpread.points)})
                    : Text(TD_TEXT("Calibration", "calibrated: ±%1, %2 (%3 of the step): the fit's residual %4 over %5 "
                                                  "point(s), and no less than the ±%6 that held nine in ten of all %7 "
                                                  "measured steps after one run of their model, each model family's "
                                                  "judged by the band the others gave (too few so bound: %8)"),
                           {error, regime, share, percentValue(c.fitResidual), count(c.fitPoints), band,
                            count(c.truth.calibratedPoints), count(c.regimeSpread.points)});
    std::vector<Text> parts{basis};
    if (c.hostSwing > 0)
        parts.push_back(Text(TD_TEXT("Calibration", "; a host-bound step is never stated closer than ±%1: the same step "
                                                    "took 22.6 to 38.0 ms from run to run on one machine (%2× apart)"),
                             {percentValue(c.hostSwing), Text::value(significant(kHostRunToRunSwing, 2))}));
    if (c.alternativeSpan > 0)
        parts.push_back(Text(TD_TEXT("Calibration", "; the run does not say its host time (host_s), and the fit's other "
                                                    "explanation of it puts this step %1 away, which the error covers: a "
                                                    "run that records host_s narrows it"),
                             {percentValue(c.alternativeSpan)}));
    c.basis = parts.size() == 1 ? basis : Text::concat(parts);
    // Narrow enough for the table's 80 columns with four layouts ("±8.7% (host)"); the words say "host-bound".
    c.summary = Text(TD_TEXT("Calibration", "±%1 (%2)"), {percentValue(c.expectedError), stepRegimeTag(c.regime)});
    return c;
}

}  // namespace traindeck
