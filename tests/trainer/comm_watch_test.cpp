// The NCCL watchdog's rule (trainer/cuda/comm_watch.h): silent while the communicator
// is healthy, including the many short "in progress" spells of a non-blocking
// communicator; one verdict with a reason when it must abort.

#include "check.h"
#include "cuda/comm_watch.h"

#include <string>

using namespace traindeck::trainer::cuda;
using namespace std::chrono_literals;

static bool has(const std::string& s, const char* part) { return s.find(part) != std::string::npos; }

int main() {
    const CommWatch::Clock::time_point t0{};

    // A healthy run: in progress and done, over and over, for far longer than the timeout.
    {
        CommWatch watch(3, 1000ms);
        bool spoke = false;
        for (int i = 0; i < 2000; ++i) {
            const auto now = t0 + i * 5ms;
            const CommState state = i % 3 == 0 ? CommState::InProgress : CommState::Ok;
            spoke = spoke || watch.observe(now, state, false).abort();
        }
        CHECK(!spoke);
        CHECK(watch.observe(t0 + 10s, CommState::Ok, false).message.empty());
    }

    // In progress without a break for longer than the timeout: a timeout, naming the rank.
    {
        CommWatch watch(2, 1000ms);
        CHECK(!watch.observe(t0, CommState::InProgress, false).abort());
        CHECK(!watch.observe(t0 + 999ms, CommState::InProgress, false).abort());
        const CommVerdict v = watch.observe(t0 + 1001ms, CommState::InProgress, false);
        CHECK(v.kind == CommVerdict::Kind::Timeout && v.kindName() == "timeout");
        CHECK(has(v.message, "rank 2") && has(v.message, "1000 ms") && has(v.message, "--comm-timeout"));
    }

    // A moment of success restarts the clock of an in-progress spell.
    {
        CommWatch watch(0, 1000ms);
        watch.observe(t0, CommState::InProgress, false);
        watch.observe(t0 + 900ms, CommState::Ok, false);
        CHECK(!watch.observe(t0 + 1000ms, CommState::InProgress, false).abort());
        CHECK(!watch.observe(t0 + 1900ms, CommState::InProgress, false).abort());
        CHECK(watch.observe(t0 + 2001ms, CommState::InProgress, false).abort());
    }

    // An asynchronous NCCL error: abort at once, with NCCL's words.
    {
        CommWatch watch(1, 1000ms);
        const CommVerdict v = watch.observe(t0, CommState::Failed, false, "remote process exited or there was a network error");
        CHECK(v.kind == CommVerdict::Kind::Nccl && v.kindName() == "nccl");
        CHECK(has(v.message, "rank 1: NCCL asynchronous error") && has(v.message, "network error"));
    }

    // A wait that outlived its deadline while NCCL itself looks fine: a lost or stuck peer.
    {
        CommWatch watch(1, 500ms);
        const CommVerdict v = watch.observe(t0, CommState::Ok, true);
        CHECK(v.kind == CommVerdict::Kind::Timeout && has(v.message, "rank 1: communication did not complete") &&
              has(v.message, "a peer is lost or stuck"));
    }

    // The poll itself failing is an NCCL failure, whatever the state says.
    {
        CommWatch watch(0, 500ms);
        const CommVerdict v = watch.observe(t0, CommState::Ok, false, {}, "invalid argument");
        CHECK(v.kind == CommVerdict::Kind::Nccl && has(v.message, "rank 0: ncclCommGetAsyncError failed: invalid argument"));
    }
    return checkResult("comm_watch");
}
