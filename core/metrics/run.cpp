#include "metrics/run.h"

#include "metrics/median.h"

#include "text/lower_case.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

namespace traindeck::metrics {
namespace {
constexpr std::size_t kIntervalsKept = 64;  // the median step interval looks at the latest 64 steps

bool isLoss(const std::string& metric) {
    // "loss", "train/loss", "eval_loss", "Loss/train": any series a user would call a loss.
    return lowerCase(metric).find("loss") != std::string::npos;
}
}  // namespace

Run::Run(std::string name, std::size_t seriesCapacity) : name_(std::move(name)), capacity_(seriesCapacity) {}

Series& Run::series(const std::string& metric, int rank) {
    auto key = std::make_pair(metric, rank);
    auto it = series_.find(key);
    if (it == series_.end())
        it = series_.emplace(std::move(key), std::make_unique<Series>(metric, rank, capacity_)).first;
    return *it->second;
}

const Series* Run::find(const std::string& metric, int rank) const {
    auto it = series_.find(std::make_pair(metric, rank));
    return it == series_.end() ? nullptr : it->second.get();
}

bool Run::accept(const Point& p) {
    constexpr std::int64_t kMaxStep = std::int64_t(1) << 53;
    if (p.step >= 0 && p.step <= kMaxStep && std::isfinite(p.wallTime) && p.wallTime >= 0)
        return true;
    ++rejectedValues;
    ++generation_;
    return false;
}

void Run::append(Series& s, const Point& p, double seenAt) {
    if (!accept(p))
        return;
    const std::size_t purged = s.append(p);
    if (purged > 0) {
        // One restart alarm per restart step, whatever number of series it purged.
        const bool known = std::any_of(alarms_.begin(), alarms_.end(), [&](const Alarm& a) {
            return a.kind == AlarmKind::Restarted && a.step == p.step;
        });
        if (!known)
            raise({AlarmKind::Restarted, p.step, p.wallTime, -1, s.metric(), {}});
        lastStep_ = p.step - 1;  // the restart's first step counts as new, its interval does not
        lastStepTime_ = 0;
    }
    if (!std::isfinite(p.value) && !nonFiniteRaised_ && s.rank() < 0 && isLoss(s.metric())) {
        nonFiniteRaised_ = true;  // once per run: a diverged run would otherwise alarm every step
        raise({AlarmKind::NonFiniteLoss, p.step, p.wallTime, -1, s.metric(), std::isnan(p.value) ? "nan" : "inf"});
    }
    if (p.step > lastStep_) {
        if (lastStep_ >= 0 && lastStepTime_ > 0 && p.wallTime > lastStepTime_) {
            intervals_.push_back(p.wallTime - lastStepTime_);
            if (intervals_.size() > kIntervalsKept)
                intervals_.pop_front();
        }
        lastStep_ = p.step;
        lastStepTime_ = p.wallTime;
        lastStepSeenAt_ = seenAt;
        stalled_ = false;
    }
    ++generation_;
}

void Run::raise(Alarm alarm) {
    alarms_.push_back(std::move(alarm));
    ++generation_;
}

bool Run::failing() const {
    // An attempt that failed and was followed by another is history, shown, not the run's state.
    return std::any_of(alarms_.begin() + std::ptrdiff_t(std::min(attemptAlarms_, alarms_.size())), alarms_.end(),
                       [](const Alarm& a) { return a.failing(); });
}

std::vector<Alarm> Run::problems() const {
    std::vector<Alarm> out;
    for (std::size_t i = std::min(attemptAlarms_, alarms_.size()); i < alarms_.size(); ++i)
        if (alarms_[i].problem())
            out.push_back(alarms_[i]);
    return out;
}

void Run::restart(int attempt, double time) {
    if (attempt <= this->attempt())
        return;
    Restart r{attempt, lastStep_, time, end ? end->status : std::string()};
    end.reset();
    stalled_ = false;
    attemptAlarms_ = alarms_.size();
    raise({AlarmKind::Relaunched, r.afterStep, time, -1, r.previousEnd, std::to_string(attempt)});
    restarts_.push_back(std::move(r));
}

void Run::earlierAttemptEnded(int attempt, const std::string& how) {
    for (Restart& r : restarts_)
        if (r.attempt == attempt + 1 && r.previousEnd.empty()) {
            r.previousEnd = how;
            for (Alarm& a : alarms_)
                if (a.kind == AlarmKind::Relaunched && a.detail == std::to_string(r.attempt))
                    a.metric = how;
            touch();
        }
}

void Run::setEnd(RunEnd e, double time) {
    if (end)
        return;  // the first end wins: a launcher's end after the trainer's says the same
    end = e;
    raise({e.status == "failed" ? AlarmKind::Failed : AlarmKind::Ended, e.step, time, -1, e.status, {}});
}

double Run::medianStepInterval() const {
    if (intervals_.empty())
        return 0;
    return median(std::vector<double>(intervals_.begin(), intervals_.end()));
}

void Run::checkStall(double now, double factor, double minimumS) {
    if (end || stalled_ || lastStep_ < 0)
        return;
    const double median = medianStepInterval();
    if (median <= 0)
        return;
    const double waited = now - lastStepSeenAt_;
    if (waited > std::max(factor * median, minimumS)) {
        stalled_ = true;
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.0f", waited);
        raise({AlarmKind::Stalled, lastStep_, lastStepTime_ + waited, -1, {}, buf});
    }
}

std::size_t Run::bytes() const {
    std::size_t b = sizeof(*this);
    for (const auto& [key, s] : series_)
        b += s->bytes() + key.first.capacity();
    return b;
}

Run& Store::run(const std::string& name) {
    if (Run* r = find(name))
        return *r;
    runs_.push_back(std::make_unique<Run>(name, seriesCapacity));
    return *runs_.back();
}

std::size_t Store::pointsHeld() const {
    std::size_t points = 0;
    for (const auto& run : runs_)
        for (const auto& [key, series] : run->allSeries())
            points += series->points().size();
    return points;
}

std::size_t Store::bytesHeld() const {
    std::size_t bytes = 0;
    for (const auto& run : runs_)
        bytes += run->bytes();
    return bytes;
}

Run* Store::find(const std::string& name) {
    for (auto& r : runs_)
        if (r->name() == name)
            return r.get();
    return nullptr;
}

}  // namespace traindeck::metrics
