#pragma once
// Follows one submitted job to its end: asks the scheduler how it is, gently
// (one query per `interval`, longer while the controller is slow or does not
// answer), reports each change of state, passes on what the job writes to its
// output files as they grow, and stops it when told: SIGTERM to its tasks first
// (the workload checkpoints), the scheduler's cancel after the grace (or at once
// while it waits in the queue), then follows it until the scheduler says it ended.
// Plain C++; the caller's thread runs follow(), any thread may call stop()/leave().

#include "scheduler.h"

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>

namespace traindeck::scheduler {

struct PollPolicy {
    double intervalS = 3;    // between two queries while the controller answers promptly
    double slowS = 2;        // a query that takes longer counts as the controller being busy
    double maxIntervalS = 60;  // the longest wait between queries when backing off
    double graceS = 30;      // after SIGTERM to the tasks, before the scheduler's cancel
    double pendingNoticeS = 60;   // while it waits: how long it has, and its expected start, this often
    double pendingTimeoutS = 0;   // cancel a job still pending after this long; 0: wait as long as it takes
    double completingS = 30;      // its tasks ended but the scheduler still releases a node: the end after this long
    double nodeCheckS = 30;       // while it runs: the scheduler asked about its nodes this often
};

// The wait before the next query: the interval after a prompt answer, doubled
// (up to the maximum) after a slow one or none.
double nextPollDelay(const PollPolicy& policy, double previousS, bool answered, double tookS);

// A file the job appends to, read from `offset` on: each call returns what was added.
// A file that began again (truncated, or rewritten from its start: shorter than what was
// read, or its first bytes changed) is read again from its start, and says so once.
class GrowingFile {
public:
    GrowingFile(std::string path, std::uint64_t offset) : path_(std::move(path)), offset_(offset) {}
    std::string readNew();
    std::uint64_t offset() const { return offset_; }
    bool takeRestarted();  // whether the last readNew() found the file begun again; clears it

private:
    std::string path_;
    std::uint64_t offset_;
    std::string head_;  // the file's first bytes as read: a file rewritten from its start no longer has them
    bool restarted_ = false;
};

struct FollowCallbacks {
    std::function<void(const JobStatus&)> status;                 // each new state, reason or node list
    std::function<void(int stream, const std::string&)> output;   // 0 out, 1 err: what the job wrote since
    std::function<void(const Text&)> notice;                      // a query that failed, a signal sent, time in queue
    // The job's output begins again: the scheduler started the job again (`what` says why),
    // or an output file began again (stream 0/1; `what` empty). Before that output comes.
    std::function<void(int stream, const Text& what)> restart;
};

// How the follow ended, beyond the job's last status.
enum class FollowEnd {
    Ended,         // the scheduler says the job ended
    Left,          // leave() was called
    GaveUp,        // pending longer than the policy's pendingTimeoutS: cancelled
    Completing,    // its tasks ended; the scheduler was still releasing a node after completingS
};

class JobFollower {
public:
    JobFollower(Scheduler& scheduler, std::string jobId, PollPolicy policy, FollowCallbacks callbacks);
    // Until the job has ended (returns its last status) or leave() was called
    // (returns the last status seen). `out`/`err` are read from their offsets.
    JobStatus follow(GrowingFile out, GrowingFile err);
    FollowEnd ended() const;  // after follow(): how it ended
    // A node of the job the scheduler said was failing (down, not answering), where it said one.
    Text nodeFailure() const;
    void stop();   // SIGTERM to the tasks, then cancel after the grace; keep following
    void leave();  // stop following now (the job is left as it is)
    bool stopRequested() const;
    void checkNodes();  // ask the scheduler about the job's nodes at the next query (a trainer lost a rank)
    const std::string& jobId() const { return jobId_; }

private:
    bool waitFor(double seconds);  // false: leave() was called

    Scheduler& scheduler_;
    std::string jobId_;
    PollPolicy policy_;
    FollowCallbacks callbacks_;
    mutable std::mutex mutex_;
    std::condition_variable wake_;
    bool stop_ = false, leave_ = false, checkNodes_ = false;
    FollowEnd ended_ = FollowEnd::Ended;
    Text nodeFailure_;
};

// "45 s", "3 min", "2 h 5 min": a wait as a face shows it (translatable).
Text durationText(double seconds);

}  // namespace traindeck::scheduler
