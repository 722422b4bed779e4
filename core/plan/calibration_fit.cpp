#include "plan/calibration_fit.h"

#include "plan/calibration_workload.h"
#include "plan/estimate.h"
#include "plan/plan_fields.h"
#include "text/number_text.h"

#include "metrics/median.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <utility>

namespace traindeck {
namespace {

constexpr double kMinMfu = 1e-4;
constexpr double kMaxMfu = 1.0;
// The host's pace against the host the per-operator costs were measured on: a host ten
// times faster or slower than that one is not a host PyTorch runs on.
constexpr double kMinPace = 0.1;
constexpr double kMaxPace = 10.0;
// Below this MFU the matrices of a step would run at under a twentieth of the peak: where
// a fit needs it, the step is the host's, not the GPU's (the HF example's 34M-parameter
// model fits 0.006–0.02 on one H200; GPT-2's elementwise-heavy steps, GPU-bound, 0.11).
constexpr double kLowestMfu = 0.05;

// One measured point, reduced to what the fit needs. Compute and the backward
// window scale as 1/MFU, the host's issue time as its pace; traffic, communication
// and the count of collectives do not.
struct Point : StepTerms {
    double measured = 0;          // measured step time, s
    double measuredHost = 0;      // the host's issue time per step the run measured, s; 0: not measured
    double batch = 0;
};

double measuredStep(const Calibration& c, double batch) {
    switch (c.unit) {
    case Calibration::Unit::StepsPerSecond: return 1.0 / c.value;
    case Calibration::Unit::SamplesPerSecond: return batch / c.value;
    case Calibration::Unit::SecondsPerStep: return c.value;
    }
    return c.value;
}

// The host's pace a run's measured issue time says (metrics-protocol.md host_s): the median
// over the points that measured it of measured / the reference host's issue time for the
// same work; 0 when none says it. The protocol's host_s leaves the host's waits for the GPU
// out (a writer that cannot tell them apart does not write it), so it is taken as said.
double measuredPace(const std::vector<Point>& points) {
    std::vector<double> paces;
    for (const Point& p : points)
        if (p.measuredHost > 0 && p.host > 0)
            paces.push_back(std::clamp(p.measuredHost / p.host, kMinPace, kMaxPace));
    return metrics::median(std::move(paces));  // 0 for none
}

struct Constants {
    double mfu, hiddenShortfall, latency;  // hiddenShortfall = 1 − overlap
    double pace = 1;                       // the host's issue time against the reference host's
};

double onDevice(const Point& p, const Constants& k) {
    return onDeviceStepS(p.computeAtFullMfu / k.mfu, p.memory, p.optimizer, p.host * k.pace, p.accum,
                         p.synchronisedAtFullMfu / k.mfu, p.synchronisedMemory, p.synchronisedHost * k.pace);
}

double predict(const Point& p, const Constants& k) {
    const double window = p.windowAtFullMfu / k.mfu;
    const double rest = p.comm - p.tail;
    return onDevice(p, k) + p.tail + std::max(0.0, rest - window) + k.hiddenShortfall * std::min(rest, window) +
           k.latency * p.collectives;
}

double objective(const std::vector<Point>& points, const Constants& k) {
    double sum = 0;
    for (const Point& p : points) {
        const double r = predict(p, k) / p.measured - 1;
        sum += r * r;
    }
    return sum;
}

// At a given MFU and host pace (`base`) the prediction is linear in (1 − overlap) and
// latency: a weighted linear least-squares problem with bounds, solved exactly. `free`
// says which of the two may move (0: neither, 1: latency, 2: both).
Constants bestAt(const std::vector<Point>& points, Constants base, int free, const Constants& defaults) {
    const double mfu = base.mfu;
    if (free == 0)
        return base;
    // Residual i (scaled by 1/measured): a_i·u + k_i·λ − y_i.
    struct Row { double a, k, y; };
    std::vector<Row> rows;
    for (const Point& p : points) {
        const double window = p.windowAtFullMfu / mfu;
        const double rest = p.comm - p.tail;
        const double fixed = onDevice(p, base) + p.tail + std::max(0.0, rest - window);
        rows.push_back({std::min(rest, window) / p.measured, p.collectives / p.measured,
                        (p.measured - fixed) / p.measured});
    }
    // Latency alone, with u held: the clamped 1-D solution is the bounded optimum.
    auto latencyFor = [&](double u) {
        double num = 0, den = 0;
        for (const Row& r : rows) {
            num += r.k * (r.y - r.a * u);
            den += r.k * r.k;
        }
        return den > 0 ? std::max(0.0, num / den) : defaults.latency;
    };
    auto shortfallFor = [&](double latency) {
        double num = 0, den = 0;
        for (const Row& r : rows) {
            num += r.a * (r.y - r.k * latency);
            den += r.a * r.a;
        }
        return den > 0 ? std::clamp(num / den, 0.0, 1.0) : defaults.hiddenShortfall;
    };
    if (free == 1) {
        base.latency = latencyFor(defaults.hiddenShortfall);
        return base;
    }
    // Both: the interior solution of the normal equations when it is feasible,
    // else the best on the boundary (u = 0, u = 1, λ = 0), where one stays free.
    std::vector<Constants> candidates;
    double saa = 0, sak = 0, skk = 0, say = 0, sky = 0;
    for (const Row& r : rows) {
        saa += r.a * r.a;
        sak += r.a * r.k;
        skk += r.k * r.k;
        say += r.a * r.y;
        sky += r.k * r.y;
    }
    const double det = saa * skk - sak * sak;
    if (std::fabs(det) > 1e-12 * std::max(1e-300, saa * skk)) {
        const double u = (say * skk - sky * sak) / det;
        const double latency = (saa * sky - sak * say) / det;
        if (u >= 0 && u <= 1 && latency >= 0)
            candidates.push_back({mfu, u, latency, base.pace});
    }
    candidates.push_back({mfu, 0.0, latencyFor(0.0), base.pace});
    candidates.push_back({mfu, 1.0, latencyFor(1.0), base.pace});
    candidates.push_back({mfu, shortfallFor(0.0), 0.0, base.pace});
    Constants best = candidates.front();
    double bestValue = std::numeric_limits<double>::infinity();
    for (const Constants& c : candidates)
        if (const double v = objective(points, c); v < bestValue) {
            bestValue = v;
            best = c;
        }
    return best;
}

// The best constants with the MFU (or, with `pace`, the host's pace) free: a scan over its
// range on a log scale, then golden-section search around the best. Where several fit
// equally (the data cannot tell compute from latency), the smallest wins: it leaves the
// least to the latency, as a single-point calibration would.
Constants scan(const std::vector<Point>& points, int free, const Constants& defaults, bool pace) {
    auto constantsAt = [&](double x) {
        Constants k = defaults;
        (pace ? k.pace : k.mfu) = x;
        return k;
    };
    auto value = [&](double x) { return objective(points, bestAt(points, constantsAt(x), free, defaults)); };
    constexpr int kGrid = 400;
    const double lowest = pace ? kMinPace : kMinMfu, highest = pace ? kMaxPace : kMaxMfu;
    auto grid = [&](int i) { return lowest * std::pow(highest / lowest, double(i) / (kGrid - 1)); };
    int best = 0;
    double bestValue = value(grid(0));
    for (int i = 1; i < kGrid; ++i)
        if (const double v = value(grid(i)); v < bestValue * (1 - 1e-9) - 1e-300) {
            bestValue = v;
            best = i;
        }
    double lo = grid(std::max(0, best - 1)), hi = grid(std::min(kGrid - 1, best + 1));
    const double phi = (std::sqrt(5.0) - 1) / 2;
    double x1 = hi - phi * (hi - lo), x2 = lo + phi * (hi - lo);
    double f1 = value(x1), f2 = value(x2);
    for (int i = 0; i < 200 && hi - lo > 1e-14 * hi; ++i) {
        if (f1 <= f2) {
            hi = x2;
            x2 = x1;
            f2 = f1;
            x1 = hi - phi * (hi - lo);
            f1 = value(x1);
        } else {
            lo = x1;
            x1 = x2;
            f1 = f2;
            x2 = lo + phi * (hi - lo);
            f2 = value(x2);
        }
    }
    double x = 0.5 * (lo + hi);
    if (value(grid(best)) < value(x))
        x = grid(best);
    return bestAt(points, constantsAt(x), free, defaults);
}

Text note(TextTemplate t) { return Text(t); }

StepTerms termsOf(const Estimate& e) {
    StepTerms t;
    t.computeAtFullMfu = e.computeTimeS.value;
    t.memory = e.memoryTimeS.value;
    t.optimizer = e.optimizerTimeS;
    t.host = e.hostTimeS.value;
    t.synchronisedAtFullMfu = e.synchronisedComputeS;
    t.synchronisedMemory = e.synchronisedMemoryS;
    t.synchronisedHost = e.synchronisedHostS;
    t.accum = e.gradAccum;
    t.windowAtFullMfu = e.overlapWindowS.value;
    t.comm = e.commTimeS.value;
    t.tail = e.commTailS.value;
    t.collectives = e.collectives;
    return t;
}

// The states of each point: as its own plan holds them, or as the caller says for all.
struct Holding {
    std::optional<model::Numerics> numerics;
    std::optional<StateBytes> bytes;
    const AttributionPrior* prior = nullptr;  // the truth's when not given
    const std::vector<StepTerms>* terms = nullptr;  // each point's, when known: not estimated again
};

double rmsResidual(const std::vector<Point>& points, const Constants& k) {
    return std::sqrt(objective(points, k) / double(points.size()));
}

// How much of the points' predicted steps the host's issue time moves against the GPU's
// work, at `k` (as step_time_confidence.h's shares, through the same formula).
bool hostMovesMore(const std::vector<Point>& points, const Constants& k) {
    double host = 0, gpu = 0;
    for (const Point& p : points) {
        constexpr double kNudge = 1e-6;
        Constants slowerHost = k;
        slowerHost.pace *= 1 + kNudge;
        Constants slowerGpu = k;
        slowerGpu.mfu /= 1 + kNudge;
        const double step = predict(p, k);
        host += (onDevice(p, slowerHost) - onDevice(p, k)) / kNudge / step;
        gpu += (onDevice(p, slowerGpu) - onDevice(p, k)) / kNudge / step;
    }
    return host > gpu;
}

// Two explanations fit alike when their residuals differ by less than this.
constexpr double kAlikeResidual = 0.02;

FittedModel fitAt(const Plan& plan, const std::vector<Calibration>& given, const Holding& holding) {
    FittedModel fit;
    // What the data does not fix keeps the network's constants (hardware.h), as the
    // uncalibrated estimate uses them.
    const CommunicationConstants network = communicationConstants(plan);
    fit.mfu = plan.recipe.mfu;
    fit.overlap = network.overlap;
    fit.latencyS = network.latencyS;
    std::vector<Calibration> calibrations;
    for (const Calibration& c : given) {
        if (std::optional<Text> why = calibrationRefusal(plan, c))
            fit.refused.push_back({c, std::move(*why)});
        else
            calibrations.push_back(c);
    }
    if (calibrations.empty())
        return fit;

    // The catalogue's figures for each point at its own workload, at MFU 1 and the
    // default communication model: the constants fitted are the model's, whatever shape
    // each point had, and any plan of the model is predicted from them.
    std::vector<Point> points;
    for (const Calibration& c : calibrations) {
        if (holding.terms && holding.terms->size() == calibrations.size()) {
            Point p;
            static_cast<StepTerms&>(p) = (*holding.terms)[points.size()];
            p.measured = measuredStep(c, 0);
            p.measuredHost = c.workload.hostS;
            points.push_back(p);
            continue;
        }
        Plan atFull = planAtPoint(plan, c);
        atFull.recipe.mfu = 1.0;
        atFull.recipe.hostPace = 1.0;
        const Estimate e = estimateUncalibrated(atFull, c.layout, holding.numerics.value_or(planNumerics(atFull)),
                                                holding.bytes.value_or(planStateBytes(atFull)));
        Point p;
        static_cast<StepTerms&>(p) = termsOf(e);
        p.batch = e.effectiveBatch.value;
        p.measured = measuredStep(c, p.batch);
        p.measuredHost = c.workload.hostS;
        points.push_back(p);
    }

    // As many constants as points, in the order the data can tell them apart: the MFU (or
    // the host's pace, below), then the latency (one multi-GPU point next to a one-GPU
    // point), then the overlap.
    const int free = std::min<int>(int(points.size()), 3) - 1;
    fit.fittedParameters = free + 1;
    Constants defaults{plan.recipe.mfu, 1.0 - fit.overlap, fit.latencyS, 1.0};
    // A run that measured its host's issue time says this host's pace outright, so its MFU
    // is fitted to what the GPU did, and its host-bound shapes are predicted on this host.
    const double pace = measuredPace(points);
    if (pace > 0)
        defaults.pace = pace;
    Constants k = scan(points, free, defaults, false);
    // A step the GPU would take only at an MFU under kLowestMfu is not the GPU's: the host
    // issuing eager PyTorch's operators bounds it (a small model: its step says how fast the
    // host is and nothing of the GPU). Then the host's pace is fitted and the MFU keeps the
    // plan's, so another micro-batch or sequence is not charged the host's time as compute.
    const bool hasHost = std::any_of(points.begin(), points.end(), [](const Point& p) { return p.host > 0; });
    // So is a step the measured host time leaves no room for even at MFU 1: the host's
    // time measured with it was nearly the step, and the step is what the pace must give.
    const bool measuredHostFills = pace > 0 && k.mfu >= kMaxMfu * (1 - 1e-6);
    bool hostBound = (k.mfu < kLowestMfu || measuredHostFills) && hasHost;
    double lowestMfu = kLowestMfu;
    // A run that does not say its host's issue time: its step fits the GPU at some MFU (k) as
    // well as the host at some pace with the plan's MFU. Each is kept where the truth allows
    // it (the MFUs measured GPU-bound steps fitted, the paces measured hosts had); where both
    // are, the larger share of the model's step at the run's shape takes the fit and the
    // other stays beside it, for the stated error to cover (step_time_confidence.h).
    std::optional<Constants> alternative;
    if (pace <= 0 && hasHost) {
        const AttributionPrior& prior = holding.prior ? *holding.prior : truthAttributionPrior();
        const Constants host = scan(points, free, defaults, true);
        const double best = std::min(rmsResidual(points, k), rmsResidual(points, host));
        const bool gpuFits = rmsResidual(points, k) <= best + kAlikeResidual;
        const bool hostFits = rmsResidual(points, host) <= best + kAlikeResidual && host.pace > kMinPace * (1 + 1e-6) &&
                              host.pace < kMaxPace * (1 - 1e-6);
        fit.gpuOnlyMfu = gpuFits ? k.mfu : 0;
        fit.hostOnlyPace = hostFits ? host.pace : 0;
        const bool gpuAllowed = gpuFits && k.mfu >= prior.gpuMfuFloor();
        const bool hostAllowed = hostFits && host.pace >= prior.fastestPace && host.pace <= prior.slowestPace;
        if (gpuAllowed && hostAllowed) {
            hostBound = hostMovesMore(points, defaults);
            alternative = hostBound ? k : host;
        } else if (hostAllowed || gpuAllowed) {
            hostBound = hostAllowed;
            lowestMfu = std::max(lowestMfu, prior.gpuMfuFloor());
        }
    }
    if (hostBound) {
        k = scan(points, free, defaults, true);
        fit.hostBound = true;
        const Text fittedPace = Text::value(formatNumber(std::round(k.pace * 100) / 100));
        if (measuredHostFills)
            fit.notes.push_back(Text(TD_TEXT("Calibration",
                                             "the run's measured host issue time is nearly its whole step: the step is "
                                             "the host's, so the fit scales eager PyTorch's issue time (×%1 the "
                                             "reference host's) and the MFU keeps the plan's %2"),
                                     {fittedPace, Text::value(formatNumber(k.mfu))}));
        else
            fit.notes.push_back(Text(TD_TEXT("Calibration",
                                             "the measured step is the host's, not the GPU's: the GPU would take that "
                                             "long only at an MFU under %1, so the fit scales eager PyTorch's issue "
                                             "time (×%2 the reference host's) and the MFU keeps the plan's %3"),
                                     {Text::value(formatNumber(std::round(lowestMfu * 100) / 100)), fittedPace,
                                      Text::value(formatNumber(k.mfu))}));
    }
    if (alternative) {
        fit.alternatives.push_back({alternative->mfu, alternative->pace, !fit.hostBound});
        const Text gpuMfu = Text::value(formatNumber(std::round((fit.hostBound ? alternative->mfu : k.mfu) * 1000) / 1000));
        const Text hostPace = Text::value(formatNumber(std::round((fit.hostBound ? k.pace : alternative->pace) * 100) / 100));
        fit.notes.push_back(
            fit.hostBound
                ? Text(TD_TEXT("Calibration",
                               "the run does not say how its step splits between host and GPU (no host_s): it fits a "
                               "host at ×%1 the reference host's pace as well as the GPU at MFU %2; the fit takes the "
                               "host, the larger share of the model's step at the run's shape, and the expected error "
                               "covers the GPU's explanation too"),
                       {hostPace, gpuMfu})
                : Text(TD_TEXT("Calibration",
                               "the run does not say how its step splits between host and GPU (no host_s): it fits the "
                               "GPU at MFU %1 as well as a host at ×%2 the reference host's pace; the fit takes the "
                               "GPU, the larger share of the model's step at the run's shape, and the expected error "
                               "covers the host's explanation too"),
                       {gpuMfu, hostPace}));
    }
    if (pace > 0 && !fit.hostBound) {
        fit.hostMeasured = true;
        fit.notes.push_back(Text(TD_TEXT("Calibration",
                                         "the run measured its host's issue time: this host issues eager PyTorch at "
                                         "×%1 the reference host's pace, and the run's other shapes are predicted "
                                         "on this host"),
                                 {Text::value(formatNumber(std::round(pace * 100) / 100))}));
    }
    fit.mfu = k.mfu;
    fit.hostPace = k.pace;
    fit.overlap = 1.0 - k.hiddenShortfall;
    fit.latencyS = k.latency;

    bool predictedSlowerEverywhere = true;  // the measurements are faster than the model
    for (size_t i = 0; i < points.size(); ++i) {
        PointResidual r;
        r.point = calibrations[i];
        r.measuredStepS = points[i].measured;
        r.predictedStepS = predict(points[i], k);
        r.effectiveBatch = points[i].batch;
        fit.exact = fit.exact && std::fabs(r.relative()) < 1e-3;
        predictedSlowerEverywhere = predictedSlowerEverywhere && r.relative() > 1e-3;
        fit.points.push_back(r);
    }
    if (predictedSlowerEverywhere && !fit.hostBound && fit.mfu > kMaxMfu * (1 - 1e-6))
        fit.notes.push_back(note(TD_TEXT(
            "Calibration",
            "the measured steps are faster than the model allows even at MFU 1: the network or NVLink is "
            "faster than the catalogue says, or communication overlaps better than assumed")));
    if (!fit.hostBound && fit.mfu < kMinMfu * (1 + 1e-6) && !fit.exact)
        fit.notes.push_back(note(TD_TEXT("Calibration",
                                         "the measured steps are slower than the model gives at MFU 0.0001: "
                                         "check the measurements' units")));
    if (points.size() >= 2) {
        const bool anyMulti = std::any_of(points.begin(), points.end(), [](const Point& p) { return p.collectives > 0; });
        const bool anySingle = std::any_of(points.begin(), points.end(), [](const Point& p) { return p.collectives == 0; });
        if (!anyMulti)
            fit.notes.push_back(note(TD_TEXT("Calibration",
                                             "every point is on one GPU: nothing shows what communication costs, so "
                                             "its latency and overlap keep their defaults; measure a layout with "
                                             "more GPUs")));
        else if (!anySingle)
            fit.notes.push_back(note(TD_TEXT("Calibration",
                                             "no point is on one GPU: compute and the per-collective latency are "
                                             "told apart only by how the layouts differ; a one-GPU measurement "
                                             "makes the fit firm")));
    }
    return fit;
}

}  // namespace

StepTerms stepTerms(const Plan& plan, const Layout& layout, model::Numerics numerics, StateBytes bytes) {
    Plan atFull = plan;
    atFull.calibrations.clear();
    atFull.recipe.mfu = 1.0;
    atFull.recipe.hostPace = 1.0;
    return termsOf(estimateUncalibrated(atFull, layout, numerics, bytes));
}

double stepTimeWith(const StepTerms& terms, const FittedModel& fit) {
    Point p;
    static_cast<StepTerms&>(p) = terms;
    return predict(p, {fit.mfu, 1.0 - fit.overlap, fit.latencyS, fit.hostPace});
}

double onDeviceTimeWith(const StepTerms& terms, const FittedModel& fit) {
    Point p;
    static_cast<StepTerms&>(p) = terms;
    return onDevice(p, {fit.mfu, 1.0 - fit.overlap, fit.latencyS, fit.hostPace});
}

FittedModel fitModel(const Plan& plan, const std::vector<Calibration>& calibrations) {
    return fitAt(plan, calibrations, {});
}

FittedModel fitModel(const Plan& plan, const std::vector<Calibration>& calibrations, model::Numerics numerics,
                     StateBytes bytes) {
    return fitAt(plan, calibrations, {numerics, bytes, nullptr, nullptr});
}

FittedModel fitModel(const Plan& plan, const std::vector<Calibration>& calibrations, model::Numerics numerics,
                     StateBytes bytes, const AttributionPrior& prior) {
    return fitAt(plan, calibrations, {numerics, bytes, &prior, nullptr});
}

FittedModel fitModel(const Plan& plan, const Calibration& point, const StepTerms& terms, const AttributionPrior& prior) {
    const std::vector<StepTerms> all{terms};
    return fitAt(plan, {point}, {std::nullopt, std::nullopt, &prior, &all});
}

FittedModel fitModel(const Plan& plan) { return fitModel(plan, plan.calibrations); }

void applyFit(Recipe& recipe, const FittedModel& fit) {
    recipe.mfu = fit.mfu;
    recipe.hostPace = fit.hostPace;
    recipe.overlap = fit.overlap;
    recipe.collectiveLatencyS = fit.latencyS;
}

}  // namespace traindeck
