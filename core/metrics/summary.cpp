#include "metrics/summary.h"

#include "metrics/median.h"
#include "text/lower_case.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>

namespace traindeck::metrics {

std::vector<double> debiasedEma(std::span<const double> values, double weight) {
    // As TensorBoard's scalar card: last = last * w + (1 - w) * v; shown = last / (1 - w^n),
    // with n counting the finite points so far.
    std::vector<double> out;
    out.reserve(values.size());
    double last = 0;
    double debias = 1;
    for (double v : values) {
        if (!std::isfinite(v)) {
            out.push_back(v);
            continue;
        }
        last = last * weight + (1 - weight) * v;
        debias *= weight;
        out.push_back(weight > 0 ? last / (1 - debias) : v);
    }
    return out;
}

const Series* findMetric(const Run& run, std::string_view metric) {
    if (const Series* s = run.find(std::string(metric)))
        return s;
    const Series* epochMean = nullptr;
    const Series* fallback = nullptr;
    for (const auto& [key, s] : run.allSeries()) {
        if (key.second >= 0)
            continue;
        const std::string name = lowerCase(key.first);
        if (name.find(metric) == std::string::npos)
            continue;
        const bool held = name.find("eval") != std::string::npos || name.find("val") != std::string::npos ||
                          name.find("test") != std::string::npos;
        // An epoch's mean (Lightning's "train_loss_epoch" beside "train_loss_step") is
        // the training series only when the steps' own is not there.
        const bool perEpoch = name.ends_with("_epoch");
        if (!held && !perEpoch)
            return s.get();
        if (!held && !epochMean)
            epochMean = s.get();
        else if (held && !fallback)
            fallback = s.get();
    }
    return epochMean ? epochMean : fallback;
}

std::optional<RankSpread> rankSpread(const Run& run) {
    const std::int64_t warmup = run.info.warmupSteps;
    std::map<int, const Series*> ranks;
    for (const auto& [key, s] : run.allSeries())
        if (key.first == "step_time_s" && key.second >= 0 && !s->empty())
            ranks[key.second] = s.get();
    if (ranks.size() < 2)
        return std::nullopt;
    RankSpread spread;
    std::vector<double> medians;
    for (const auto& [rank, s] : ranks) {
        const double m = steadyRate(s->points(), warmup);
        medians.push_back(m);
        if (m > spread.slowestMedianS) {
            spread.slowestMedianS = m;
            spread.slowestRank = rank;
        }
    }
    spread.medianS = median(medians);
    if (spread.slowestRank < 0)
        return std::nullopt;  // no rank has a usable step time (every point NaN or 0)
    // Since when: the last step at which the slowest rank was not above the others' median step time there.
    const auto& slow = ranks[spread.slowestRank]->points();
    std::map<std::int64_t, std::vector<double>> byStep;
    for (const auto& [rank, s] : ranks)
        if (rank != spread.slowestRank)
            for (const Point& p : s->points())
                byStep[p.step].push_back(p.value);
    spread.since = slow.empty() ? -1 : slow.front().step;
    for (const Point& p : slow) {
        auto it = byStep.find(p.step);
        if (it != byStep.end() && p.value <= median(it->second) * 1.05)
            spread.since = -1;  // was not slow here: the streak starts later
        else if (spread.since < 0)
            spread.since = p.step;
    }
    return spread;
}

Text stragglerText(const RankSpread& spread) {
    if (!(spread.medianS > 0))
        return {};
    const Text rank = Text::value(std::to_string(spread.slowestRank));
    const Text above = Text::value(std::to_string(std::lround((spread.slowestMedianS / spread.medianS - 1) * 100)));
    if (spread.since < 0)
        return Text(TD_TEXT("Watch", "Step time per rank (s) — slowest: rank %1, %2% above the median"), {rank, above});
    return Text(TD_TEXT("Watch", "Step time per rank (s) — slowest: rank %1, %2% above the median, since step %3"),
                {rank, above, Text::value(std::to_string(spread.since))});
}

RunSummary summarize(const Run& run) {
    const SeriesWalks walks{
        [](WalkSlot, const Series& s, bool lowerIsBetter) {
            std::optional<Best> best;
            for (const Point& p : s.points())
                if (std::isfinite(p.value) && (!best || (lowerIsBetter ? p.value < best->value : p.value > best->value)))
                    best = Best{p.value, p.step};
            return best;
        },
        [](WalkSlot, const Series& s, std::int64_t warmupSteps) { return steadyOf(s.points(), warmupSteps); },
        {}};  // walked whole at once
    return summarizeWith(run, walks);
}

RunSummary summarizeWith(const Run& run, const SeriesWalks& walks) {
    RunSummary out;
    out.lastStep = run.finalStep();
    out.totalSteps = run.info.totalSteps;
    auto lastAndBest = [&](std::string_view metric, WalkSlot slot, bool lowerIsBetter, std::optional<double>& last,
                           std::optional<Best>& best) {
        const Series* s = findMetric(run, metric);
        if (!s || s->empty())
            return;
        last = s->last().value;
        best = walks.best(slot, *s, lowerIsBetter);
    };
    lastAndBest("loss", WalkSlot::Loss, true, out.lastLoss, out.bestLoss);
    lastAndBest("psnr", WalkSlot::Psnr, false, out.lastPsnr, out.bestPsnr);
    const std::int64_t warmup = run.info.warmupSteps;
    const auto rate = [&](WalkSlot slot, const Series& s) {
        const std::optional<SteadySpeed> speed = walks.steady(slot, s, warmup);
        return speed ? speed->value : 0.0;
    };
    if (const Series* s = run.find("samples_per_s"))
        out.steadySamplesPerS = rate(WalkSlot::SamplesPerS, *s);
    if (const Series* s = run.find("steps_per_s"))
        out.steadyStepsPerS = rate(WalkSlot::StepRate, *s);
    else if (const Series* t = run.find("step_time_s")) {
        const double st = rate(WalkSlot::StepRate, *t);
        out.steadyStepsPerS = st > 0 ? 1 / st : 0;
    }
    if (out.steadyStepsPerS == 0 && out.steadySamplesPerS > 0 && run.info.effectiveBatch > 0)
        out.steadyStepsPerS = out.steadySamplesPerS / run.info.effectiveBatch;

    if (walks.caughtUp && !walks.caughtUp())
        return out;
    out.ranks = rankSpread(run);
    out.alarms = run.alarms();
    out.restarts = run.restarts();
    if (run.end)
        out.endStatus = run.end->status;
    return out;
}

}  // namespace traindeck::metrics
