#pragma once
// summarize() kept up to date while a run grows: a follower (the Watch page's
// run panel) asks again and again, and each time pays for the points appended
// since it last asked, not for the run. The figures that walk a series — the best
// loss and PSNR, the steady speeds' medians — are carried from call to call; a
// series rewritten since (the store folded its older half, a restart purged its
// tail, a step came again) or a new warm-up is walked again, once. The result is
// summarize()'s, field for field (tests/metrics compare them on every call).

#include "metrics/summary.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <queue>
#include <vector>

namespace traindeck::metrics {

class SummaryTracker {
public:
    // The run's summary now. Always the same run (another run: another tracker).
    RunSummary update(const Run& run);
    // The same, walking at most `budget` points this call: nothing until the walks have
    // caught up with the run. A window asks so once per turn of its event loop, so that a
    // long run's first summary (a million steps: ~30 ns a point, four series) never holds
    // the window in one turn.
    std::optional<RunSummary> update(const Run& run, std::size_t budget);
    // Points walked so far (a new point once, a rewritten series' points again).
    std::size_t pointsWalked() const { return walked_; }

private:
    // Where a walk of one series stopped, and whether it may go on from there.
    struct Walk {
        const Series* series = nullptr;
        std::size_t rewrites = 0, done = 0;
        std::int64_t warmup = 0;
        bool goesOn(const Series* s, std::int64_t w) const {
            return s == series && s->rewrites() == rewrites && s->points().size() >= done && w == warmup;
        }
        void restart(const Series* s, std::int64_t w) {
            series = s;
            rewrites = s ? s->rewrites() : 0;
            done = 0;
            warmup = w;
        }
    };
    // The lowest (or highest) finite value and its step, as summarize() finds it.
    struct BestWalk {
        Walk walk;
        std::optional<Best> best;
    };
    // The median of the steady points (steady_speed.h): a max-heap of the lower
    // half and a min-heap of the upper, each new point O(log n).
    struct SteadyWalk {
        Walk walk;
        std::priority_queue<double> lower;
        std::priority_queue<double, std::vector<double>, std::greater<double>> upper;
        std::vector<double> gathered;  // a walk from the start, until it reaches the end: its steady values
        std::optional<SteadySpeed> speed;
    };
    void best(BestWalk& w, const Series* s, bool lowerIsBetter);
    std::optional<SteadySpeed> steady(SteadyWalk& w, const Series* s, std::int64_t warmupSteps);
    // The end of this call's walk of `points` from `done`, within what is left of the budget.
    std::size_t walkEnd(std::size_t done, std::size_t size);

    BestWalk bestLoss_, bestPsnr_;
    SteadyWalk samples_, steps_;
    std::size_t walked_ = 0;
    std::size_t budget_ = SIZE_MAX;  // points this call may still walk
    bool caughtUp_ = true;           // every walk of this call reached its series' end
};

}  // namespace traindeck::metrics
