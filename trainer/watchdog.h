#pragma once
// The watchdog: a thread with its own connection to the rendezvous store that
// heartbeats twice a second and watches every other rank's heartbeat. A rank whose
// connection closed died; a rank silent for longer than half of --comm-timeout hangs
// (stopped, swapped out, deadlocked). It also bounds the main thread's time inside a
// collective, in case Gloo's own timeout does not fire. Either way it calls `onLost`
// (which writes the error event and exits), so that no rank waits forever.
//
// A rank can also hang with its heartbeat alive (main thread stuck in compute or in a
// device kernel). To name it, every rank publishes how many collectives it has
// entered; when a collective times out, the rank that has not reached it is the one.

#include "rendezvous/kv_store.h"

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <thread>

namespace traindeck::trainer {

// How a rank was lost. A value, so that the error event's kind (docs/metrics-protocol.md)
// never depends on the wording of a message.
enum class Loss {
    Died,  // its process is gone: its connection closed
    Hung,  // it is there but silent, stuck before a collective, or a collective made no progress
};

// The error event's `kind` for a loss: "rank_died" or "timeout".
const char* errorKind(Loss how);

// A lost rank (-1: none found, or not one rank's fault) and the line that says why.
struct LostRank {
    int rank = -1;
    Loss how = Loss::Hung;
    std::string message;
};

class Watchdog {
public:
    // Called from the watchdog thread with what it found; must not return.
    using OnLost = std::function<void(const LostRank&)>;
    Watchdog(const std::string& host, int port, int rank, int worldSize, std::chrono::milliseconds commTimeout,
             OnLost onLost);
    ~Watchdog();

    // The main thread brackets its collectives with these. Every rank must make the
    // same sequence of bracketed collectives.
    void collectiveBegin();
    void collectiveEnd();

    // After the last collective: a rank that finishes and leaves is no failure.
    void stop();

    // Before this rank exits on a failure: tell the others which rank it lost, so that
    // they name that rank rather than this one when our connection closes.
    void reportFailure(const LostRank& lost);

    // After a failed collective: which rank is gone (polls liveness for a few seconds);
    // rank -1 with an empty message when no rank looks lost.
    // `timedOut`: the collective timed out (rather than losing a connection), which is
    // when a rank that never arrived is to blame; progress counts are published every
    // half second, so they only mean something after a timeout.
    LostRank identifyLost(bool timedOut);

private:
    void run();
    // The first rank that is gone or silent; rank -1 when all are well.
    LostRank findLost(const std::vector<RankLiveness>& live);
    // The rank furthest behind in collectives entered, if any is behind us.
    LostRank findLaggard();

    int rank_, worldSize_;
    std::chrono::milliseconds commTimeout_, staleAfter_;
    OnLost onLost_;
    std::unique_ptr<KvClient> client_;
    std::atomic<bool> stop_{false};
    std::atomic<int64_t> collectiveSinceMs_{-1};
    std::atomic<int64_t> collectivesEntered_{0};
    int64_t published_ = -1;  // the count last written to progress/<rank>
    std::thread thread_;
};

}  // namespace traindeck::trainer
