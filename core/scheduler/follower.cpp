#include "follower.h"

#include <algorithm>
#include <chrono>
#include <fstream>

namespace traindeck::scheduler {

double nextPollDelay(const PollPolicy& policy, double previousS, bool answered, double tookS) {
    if (answered && tookS <= policy.slowS) return policy.intervalS;
    return std::min(policy.maxIntervalS, std::max(policy.intervalS, previousS) * 2);
}

std::string GrowingFile::readNew() {
    std::ifstream in(path_, std::ios::binary);
    if (!in) return {};
    in.seekg(0, std::ios::end);
    const auto size = std::uint64_t(in.tellg());
    if (size <= offset_) return {};
    in.seekg(std::streamoff(offset_));
    std::string chunk(size - offset_, '\0');
    in.read(chunk.data(), std::streamsize(chunk.size()));
    chunk.resize(std::size_t(in.gcount()));
    offset_ += chunk.size();
    return chunk;
}

JobFollower::JobFollower(Scheduler& scheduler, std::string jobId, PollPolicy policy, FollowCallbacks callbacks)
    : scheduler_(scheduler), jobId_(std::move(jobId)), policy_(policy), callbacks_(std::move(callbacks)) {}

void JobFollower::stop() {
    std::lock_guard lock(mutex_);
    stop_ = true;
    wake_.notify_all();
}

void JobFollower::leave() {
    std::lock_guard lock(mutex_);
    leave_ = true;
    wake_.notify_all();
}

bool JobFollower::stopRequested() const {
    std::lock_guard lock(mutex_);
    return stop_;
}

bool JobFollower::waitFor(double seconds) {
    std::unique_lock lock(mutex_);
    const bool stopBefore = stop_;
    // A stop wakes the wait: the job is signalled at once, not at the next poll.
    wake_.wait_for(lock, std::chrono::duration<double>(seconds), [&] { return leave_ || stop_ != stopBefore; });
    return !leave_;
}

JobStatus JobFollower::follow(GrowingFile out, GrowingFile err) {
    using Clock = std::chrono::steady_clock;
    auto seconds = [](Clock::duration d) { return std::chrono::duration<double>(d).count(); };
    auto copyOutput = [&] {
        for (int s : {0, 1})
            if (std::string chunk = (s == 0 ? out : err).readNew(); !chunk.empty() && callbacks_.output)
                callbacks_.output(s, chunk);
    };
    enum class Stopping { No, Signalled, Cancelled } stopping = Stopping::No;
    Clock::time_point signalledAt{};
    JobStatus last;
    bool seen = false;
    double delay = policy_.intervalS;
    auto notice = [&](const Text& t) {
        if (!t.empty() && callbacks_.notice) callbacks_.notice(t);
    };
    for (;;) {
        const Clock::time_point asked = Clock::now();
        Text error;
        const JobStatus now = scheduler_.query(jobId_, error);
        const double took = seconds(Clock::now() - asked);
        copyOutput();
        if (!error.empty()) {
            notice(error);
        } else {
            if (!seen || !(now == last)) {
                last = now;
                seen = true;
                if (callbacks_.status) callbacks_.status(now);
            }
            if (isFinal(now.state)) {
                copyOutput();
                return now;
            }
        }
        delay = nextPollDelay(policy_, delay, error.empty(), took);
        // The user's stop: a queued job is cancelled at once (it has no tasks to
        // checkpoint); a running one's tasks get SIGTERM, and the scheduler's cancel
        // follows after the grace.
        if (stopRequested() && seen && stopping == Stopping::No) {
            if (last.state == JobState::Pending) {
                notice(scheduler_.cancel(jobId_));
                stopping = Stopping::Cancelled;
            } else {
                notice(scheduler_.signalTasks(jobId_));
                stopping = Stopping::Signalled;
                signalledAt = Clock::now();
            }
        } else if (stopping == Stopping::Signalled && seconds(Clock::now() - signalledAt) >= policy_.graceS) {
            notice(scheduler_.cancel(jobId_));
            stopping = Stopping::Cancelled;
        }
        if (stopping != Stopping::No) delay = std::min(delay, 1.0);  // see the job end soon after
        if (stopping == Stopping::Signalled)
            delay = std::min(delay, std::max(0.0, policy_.graceS - seconds(Clock::now() - signalledAt)) + 0.01);
        if (!waitFor(delay)) {
            copyOutput();
            return last;
        }
    }
}

}  // namespace traindeck::scheduler
