#pragma once
// What a run comes to: the figures `traindeck watch` prints and the window's
// header shows, and the measured speed that calibrates the plan.

#include "metrics/run.h"
#include "metrics/steady_speed.h"
#include "text/text.h"

#include <functional>
#include <optional>
#include <span>
#include <vector>

namespace traindeck::metrics {

// TensorBoard's smoothing: an exponential moving average debiased like Adam's
// (the first points are not pulled towards 0), weight in [0, 1), 0.6 by default.
// Non-finite values pass through unsmoothed and do not enter the average.
std::vector<double> debiasedEma(std::span<const double> values, double weight = 0.6);

// The series of a common metric whatever the writer called it: "loss" finds
// loss, train/loss, Loss/train (not eval_loss when a training loss exists, nor
// train_loss_epoch, an epoch's mean, when train_loss_step exists).
const Series* findMetric(const Run& run, std::string_view metric);

struct Best {
    double value = 0;
    std::int64_t step = -1;
};

struct RankSpread {
    int slowestRank = -1;
    double slowestMedianS = 0;  // that rank's median step time
    double medianS = 0;         // the median of all ranks' medians
    std::int64_t since = -1;    // the first step from which that rank stayed the slowest
};

struct RunSummary {
    std::int64_t lastStep = -1;  // the run's final step as far as known (Run::finalStep)
    std::int64_t totalSteps = 0;
    std::optional<double> lastLoss, lastPsnr;
    std::optional<Best> bestLoss, bestPsnr;  // lowest loss, highest PSNR (finite only)
    double steadySamplesPerS = 0;
    double steadyStepsPerS = 0;
    std::optional<RankSpread> ranks;
    std::vector<Alarm> alarms;
    std::vector<Restart> restarts;  // attempts after the first
    std::string endStatus;  // the current attempt's; empty: no end event (still running, or a source without one)
};

RunSummary summarize(const Run& run);

// The figures of a summary that walk a whole series, and the slot each is for
// (summarize() walks at once; SummaryTracker carries its walks from call to call).
enum class WalkSlot { Loss, Psnr, SamplesPerS, StepRate };
struct SeriesWalks {
    // The series' lowest (highest) finite value, the first point that has it.
    std::function<std::optional<Best>(WalkSlot, const Series&, bool lowerIsBetter)> best;
    // steadyOf(the series' points, warmupSteps).
    std::function<std::optional<SteadySpeed>(WalkSlot, const Series&, std::int64_t warmupSteps)> steady;
    // Whether the walks reached their series' ends; where they did not (a walk in slices),
    // the summary is not used, and what else it walks (every rank's steps) is left out.
    std::function<bool()> caughtUp;
};
RunSummary summarizeWith(const Run& run, const SeriesWalks& walks);
// The straggler view alone: every rank's median step time, the slowest against the median of all.
std::optional<RankSpread> rankSpread(const Run& run);
// The straggler in one sentence, the per-rank step-time card's title: "Step time
// per rank (s) — slowest: rank 3, 12% above the median, since step 40". Empty when
// the ranks' median is unknown (no step time yet).
Text stragglerText(const RankSpread& spread);

}  // namespace traindeck::metrics
