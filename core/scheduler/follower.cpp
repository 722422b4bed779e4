#include "follower.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <fstream>

namespace traindeck::scheduler {

double nextPollDelay(const PollPolicy& policy, double previousS, bool answered, double tookS) {
    if (answered && tookS <= policy.slowS) return policy.intervalS;
    return std::min(policy.maxIntervalS, std::max(policy.intervalS, previousS) * 2);
}

namespace {

// The first bytes of a file kept to tell it was rewritten from its start: more than the
// job script's first line, which a restart writes again the same.
constexpr std::size_t kHeadBytes = 4096;

std::string readAt(std::ifstream& in, std::uint64_t offset, std::uint64_t count) {
    in.clear();
    in.seekg(std::streamoff(offset));
    std::string bytes(count, '\0');
    in.read(bytes.data(), std::streamsize(bytes.size()));
    bytes.resize(std::size_t(in.gcount()));
    return bytes;
}

}  // namespace

std::string GrowingFile::readNew() {
    std::ifstream in(path_, std::ios::binary);
    if (!in) return {};
    in.seekg(0, std::ios::end);
    const auto size = std::uint64_t(in.tellg());
    bool again = size < offset_;
    if (!again && !head_.empty()) again = readAt(in, 0, head_.size()) != head_;
    if (again) {
        offset_ = 0;
        head_.clear();
        restarted_ = true;
    }
    if (head_.size() < kHeadBytes && size > head_.size()) head_ = readAt(in, 0, std::min<std::uint64_t>(size, kHeadBytes));
    if (size <= offset_) return {};
    std::string chunk = readAt(in, offset_, size - offset_);
    offset_ += chunk.size();
    return chunk;
}

bool GrowingFile::takeRestarted() {
    const bool was = restarted_;
    restarted_ = false;
    return was;
}

Text durationText(double seconds) {
    const long s = std::lround(std::max(0.0, seconds));
    if (s < 90) return Text(TD_TEXT("Scheduler", "%1 s"), {Text::value(std::to_string(s))});
    if (s < 90 * 60) return Text(TD_TEXT("Scheduler", "%1 min"), {Text::value(std::to_string((s + 30) / 60))});
    const long minutes = (s + 30) / 60;
    return Text(TD_TEXT("Scheduler", "%1 h %2 min"), {Text::value(std::to_string(minutes / 60)), Text::value(std::to_string(minutes % 60))});
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

void JobFollower::checkNodes() {
    std::lock_guard lock(mutex_);
    checkNodes_ = true;
}

FollowEnd JobFollower::ended() const {
    std::lock_guard lock(mutex_);
    return ended_;
}

Text JobFollower::nodeFailure() const {
    std::lock_guard lock(mutex_);
    return nodeFailure_;
}

bool JobFollower::waitFor(double seconds) {
    std::unique_lock lock(mutex_);
    const bool stopBefore = stop_;
    // A stop wakes the wait: the job is signalled at once, not at the next poll.
    wake_.wait_for(lock, std::chrono::duration<double>(seconds), [&] { return leave_ || stop_ != stopBefore; });
    return !leave_;
}

namespace {

// How long ago the scheduler's clock time `when` ("2026-12-02T00:41:03", its local time)
// was, by this machine's clock; negative when it cannot say.
double secondsSince(const std::string& when) {
    std::tm tm{};
    if (when.empty() || !strptime(when.c_str(), "%Y-%m-%dT%H:%M:%S", &tm)) return -1;
    tm.tm_isdst = -1;
    const std::time_t t = std::mktime(&tm);
    if (t == std::time_t(-1)) return -1;
    const double ago = std::difftime(std::time(nullptr), t);
    return ago >= 0 && ago < 366.0 * 24 * 3600 ? ago : -1;
}

}  // namespace

JobStatus JobFollower::follow(GrowingFile out, GrowingFile err) {
    using Clock = std::chrono::steady_clock;
    auto seconds = [](Clock::duration d) { return std::chrono::duration<double>(d).count(); };
    auto copyOutput = [&] {
        for (int s : {0, 1}) {
            GrowingFile& file = s == 0 ? out : err;
            const std::string chunk = file.readNew();
            if (file.takeRestarted() && callbacks_.restart) callbacks_.restart(s, {});
            if (!chunk.empty() && callbacks_.output) callbacks_.output(s, chunk);
        }
    };
    auto notice = [&](const Text& t) {
        if (!t.empty() && callbacks_.notice) callbacks_.notice(t);
    };
    const Text job = Text::value(jobId_);
    // What the scheduler says of the job's nodes, kept as the job's node failure when it names one.
    auto askNodes = [&](const std::string& nodes) {
        Text problems = scheduler_.nodeProblems(nodes);
        if (!problems.empty()) {
            std::lock_guard lock(mutex_);
            nodeFailure_ = problems;
        }
        return problems;
    };
    enum class Stopping { No, Signalled, Cancelled } stopping = Stopping::No;
    Clock::time_point signalledAt{}, pendingSince{}, pendingNoticed{}, completingSince{}, nodesAsked = Clock::now();
    std::string expectedStart;
    Text nodeProblems;
    int runningRestarts = 0;  // the restart count it last ran with
    JobStatus last;
    bool seen = false;
    double delay = policy_.intervalS;
    for (;;) {
        const Clock::time_point asked = Clock::now();
        Text error;
        const JobStatus now = scheduler_.query(jobId_, error);
        const double took = seconds(Clock::now() - asked);
        // Before a new status: what a run Slurm then started again wrote goes before its marker.
        copyOutput();
        if (!error.empty()) {
            notice(error);
        } else {
            const Clock::time_point t = Clock::now();
            if (seen && now.restarts > last.restarts) {
                // Slurm requeued the job (a node failed, or someone ran scontrol requeue).
                const Text problems = askNodes(last.nodes);
                const Text restart = Text::value(std::to_string(now.restarts));
                const Text what = problems.empty()
                                      ? Text(TD_TEXT("Scheduler", "job %1 was requeued by Slurm and will start again (restart %2)"), {job, restart})
                                      : Text(TD_TEXT("Scheduler", "job %1 was requeued by Slurm and will start again (restart %2): %3"),
                                             {job, restart, problems});
                notice(what);
                if (callbacks_.restart) callbacks_.restart(-1, what);
            }
            if (!seen || !(now == last)) {
                if (callbacks_.status) callbacks_.status(now);
            }
            const bool wasPending = seen && last.state == JobState::Pending;
            last = now;
            seen = true;
            if (now.state == JobState::Pending) {
                if (!wasPending) {
                    // Queued since the submit (as Slurm's clock says), or since it was requeued.
                    const double ago = now.restarts == 0 ? secondsSince(now.submitted) : -1;
                    pendingSince = t - std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(std::max(0.0, ago)));
                    pendingNoticed = t;
                    expectedStart.clear();
                }
                const bool firstEstimate = expectedStart.empty() && !now.expectedStart.empty();
                if (firstEstimate || seconds(t - pendingNoticed) >= policy_.pendingNoticeS) {
                    const Text waited = durationText(seconds(t - pendingSince));
                    notice(now.expectedStart.empty()
                               ? Text(TD_TEXT("Scheduler", "job %1 has waited %2 in the queue; Slurm gives no expected start yet"),
                                      {job, waited})
                               : Text(TD_TEXT("Scheduler", "job %1 has waited %2 in the queue; Slurm expects it to start at %3 (squeue --start)"),
                                      {job, waited, Text::value(now.expectedStart)}));
                    pendingNoticed = t;
                    expectedStart = now.expectedStart;
                }
                if (policy_.pendingTimeoutS > 0 && stopping == Stopping::No &&
                    seconds(t - pendingSince) >= policy_.pendingTimeoutS) {
                    notice(Text(TD_TEXT("Scheduler", "job %1 has waited %2 in the queue, longer than the pending limit (%3): cancelling it"),
                                {job, durationText(seconds(t - pendingSince)), durationText(policy_.pendingTimeoutS)}));
                    notice(scheduler_.cancel(jobId_));
                    stopping = Stopping::Cancelled;
                    std::lock_guard lock(mutex_);
                    ended_ = FollowEnd::GaveUp;
                }
            }
            if (now.state == JobState::Running && !isCompleting(now)) runningRestarts = now.restarts;
            // Slurm says COMPLETING for a requeue too, until its nodes are released: that one
            // has counted a restart, and is not the job's end.
            if (isCompleting(now) && now.restarts == runningRestarts) {
                if (completingSince == Clock::time_point{}) completingSince = t;
                if (seconds(t - completingSince) >= policy_.completingS) {
                    // Slurm waits for a node that does not answer (SlurmdTimeout, minutes) before it
                    // says the end: the tasks' end is known, so the follow ends with it.
                    const Text problems = askNodes(now.nodes);
                    notice(Text(TD_TEXT("Scheduler", "job %1: its tasks ended %2 ago, but Slurm is still releasing its nodes%3; "
                                                     "following ends here"),
                                {job, durationText(seconds(t - completingSince)),
                                 problems.empty() ? Text() : Text(TD_TEXT("Scheduler", " (%1)"), {problems})}));
                    JobStatus ended = now;
                    const bool ok = now.exitCode == 0 && now.signal == 0;
                    ended.state = ok ? JobState::Completed : JobState::Failed;
                    ended.name = ok ? "COMPLETED" : "FAILED";
                    {
                        std::lock_guard lock(mutex_);
                        ended_ = FollowEnd::Completing;
                    }
                    copyOutput();
                    return ended;
                }
            } else {
                completingSince = {};
            }
            bool askNow = false;
            {
                std::lock_guard lock(mutex_);
                askNow = checkNodes_;
                checkNodes_ = false;
            }
            if (now.state == JobState::Running && !isCompleting(now) &&
                (askNow || seconds(t - nodesAsked) >= policy_.nodeCheckS)) {
                nodesAsked = t;
                const Text problems = askNodes(now.nodes);
                if (!problems.empty() && !(problems == nodeProblems))
                    notice(Text(TD_TEXT("Scheduler", "job %1: %2"), {job, problems}));
                nodeProblems = problems;
            }
            if (isFinal(now.state)) {
                if (now.name == "NODE_FAIL") askNodes(now.nodes);
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
        // A pending limit is kept to within a poll.
        if (policy_.pendingTimeoutS > 0 && last.state == JobState::Pending && stopping == Stopping::No)
            delay = std::min(delay, std::max(0.01, policy_.pendingTimeoutS - seconds(Clock::now() - pendingSince)));
        if (!waitFor(delay)) {
            copyOutput();
            std::lock_guard lock(mutex_);
            ended_ = FollowEnd::Left;
            return last;
        }
    }
}

}  // namespace traindeck::scheduler
