#pragma once
// When the NCCL watchdog gives up on a communicator, as a plain function of what it
// polled: no NCCL or CUDA here, so that the rule is unit-tested on machines without a
// GPU (tests/trainer/tst_comm_watch.cpp).
//
// A non-blocking communicator passes through "in progress" many times a step while
// it enqueues work: that is its normal state, not news. The watchdog says nothing
// while the communicator is healthy and speaks once, with the reason, when it aborts.

#include <chrono>
#include <string>

namespace traindeck::trainer::cuda {

// ncclCommGetAsyncError's answer: ncclSuccess, ncclInProgress, or anything else.
enum class CommState { Ok, InProgress, Failed };

struct CommVerdict {
    enum class Kind { Healthy, Nccl, Timeout };
    Kind kind = Kind::Healthy;
    std::string message;  // "rank N: " and why the communicator is aborted; empty while healthy
    bool abort() const { return kind != Kind::Healthy; }
    // The error kind the backend reports ("nccl" or "timeout").
    std::string kindName() const { return kind == Kind::Timeout ? "timeout" : "nccl"; }
};

class CommWatch {
public:
    using Clock = std::chrono::steady_clock;
    CommWatch(int rank, std::chrono::milliseconds timeout) : rank_(rank), timeout_(timeout) {}

    // One poll at `now`. `pollError`: the poll itself failed (its message); `detail`:
    // NCCL's words for a Failed state; `waitDeadlinePassed`: the rank has waited for
    // communication longer than the timeout.
    CommVerdict observe(Clock::time_point now, CommState state, bool waitDeadlinePassed,
                        const std::string& detail = {}, const std::string& pollError = {});

private:
    int rank_;
    std::chrono::milliseconds timeout_;
    bool inProgress_ = false;
    Clock::time_point inProgressSince_{};
};

}  // namespace traindeck::trainer::cuda
