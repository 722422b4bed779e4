#include "watchdog.h"

#include <algorithm>
#include <cstdlib>

namespace traindeck::trainer {

namespace {

using Clock = std::chrono::steady_clock;

int64_t nowMs() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now().time_since_epoch()).count();
}

}  // namespace

Watchdog::Watchdog(const std::string& host, int port, int rank, int worldSize, std::chrono::milliseconds commTimeout,
                   OnLost onLost)
    : rank_(rank), worldSize_(worldSize), commTimeout_(commTimeout),
      staleAfter_(std::max<std::chrono::milliseconds>(commTimeout / 2, std::chrono::milliseconds(1500))),
      onLost_(std::move(onLost)) {
    client_ = std::make_unique<KvClient>(host, port, std::chrono::seconds(10));
    // A store that does not answer within the stale time is as lost as a silent rank.
    client_->setIoTimeout(staleAfter_);
    client_->hello(rank_);
    thread_ = std::thread([this] { run(); });
}

Watchdog::~Watchdog() {
    stop();
    if (thread_.joinable()) thread_.join();
}

void Watchdog::collectiveBegin() {
    ++collectivesEntered_;
    collectiveSinceMs_ = nowMs();
}
void Watchdog::collectiveEnd() { collectiveSinceMs_ = -1; }
void Watchdog::stop() { stop_ = true; }

int Watchdog::findLost(const std::vector<RankLiveness>& live, std::string* message) {
    for (const RankLiveness& r : live) {
        if (r.rank == rank_ || r.rank >= worldSize_) continue;
        // A rank that finished its run and left is not lost.
        auto finished = [&] {
            try {
                client_->get("finished/" + std::to_string(r.rank), std::chrono::milliseconds(0));
                return true;
            } catch (const RendezvousError&) {
                return false;
            }
        };
        if (!r.connected && !finished()) {
            // A rank that left because it lost another one points at the root cause.
            try {
                const std::string report = client_->get("failed/" + std::to_string(r.rank), std::chrono::milliseconds(0));
                const int root = std::atoi(report.c_str());
                const size_t eol = report.find('\n');
                if (root >= 0 && eol != std::string::npos) {
                    // It may be us that it gave up on (our main thread is stuck).
                    *message = report.substr(eol + 1) + " (reported by rank " + std::to_string(r.rank) + ")";
                    return root;
                }
            } catch (const RendezvousError&) {
            }
            *message = "lost rank " + std::to_string(r.rank) + ": its process died (its connection closed)";
            return r.rank;
        }
        if (r.connected && r.idleMs > staleAfter_.count()) {
            *message = "lost rank " + std::to_string(r.rank) + ": no heartbeat for " + std::to_string(r.idleMs / 1000) +
                       " s (hung or stopped)";
            return r.rank;
        }
    }
    return -1;
}

void Watchdog::reportFailure(int lostRank, const std::string& message) {
    try {
        client_->set("failed/" + std::to_string(rank_), std::to_string(lostRank) + "\n" + message);
    } catch (const RendezvousError&) {
        // The store is gone too: nobody is left to tell.
    }
}

int Watchdog::findLaggard(std::string* message) {
    const int64_t mine = collectivesEntered_;
    int laggard = -1;
    int64_t least = mine;
    for (int r = 0; r < worldSize_; ++r) {
        if (r == rank_) continue;
        int64_t theirs = 0;
        try {
            theirs = std::atoll(client_->get("progress/" + std::to_string(r), std::chrono::milliseconds(0)).c_str());
        } catch (const RendezvousError&) {
            // Not published yet: it has entered none.
        }
        if (theirs < least) {
            least = theirs;
            laggard = r;
        }
    }
    if (laggard >= 0)
        *message = "lost rank " + std::to_string(laggard) + ": it never reached collective #" + std::to_string(mine) +
                   " (its process is alive but stuck, e.g. in compute or a device hang)";
    return laggard;
}

int Watchdog::identifyLost(bool timedOut, std::string* message) {
    // The backend's timeout is 3/4 of --comm-timeout; name the rank within the rest.
    const auto deadline = Clock::now() + std::min<std::chrono::milliseconds>(staleAfter_, commTimeout_ / 5);
    while (true) {
        try {
            int lost = findLost(client_->liveness(), message);
            if (lost < 0 && timedOut) lost = findLaggard(message);
            if (lost >= 0) return lost;
        } catch (const RendezvousError&) {
            if (rank_ == 0) return -1;
            *message = "lost rank 0: its process died (the rendezvous store it serves is gone)";
            return 0;
        }
        if (Clock::now() >= deadline) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
    message->clear();
    return -1;
}

void Watchdog::run() {
    while (!stop_) {
        std::this_thread::sleep_for(std::chrono::milliseconds(500));
        if (stop_) return;
        std::string message;
        int lost = -1;
        try {
            if (const int64_t entered = collectivesEntered_; entered != published_) {
                client_->set("progress/" + std::to_string(rank_), std::to_string(entered));
                published_ = entered;
            }
            lost = findLost(client_->liveness(), &message);  // the request is our heartbeat
        } catch (const RendezvousError& e) {
            if (stop_) return;
            lost = 0;
            const std::string what = e.what();
            message = what.find("stopped answering") != std::string::npos
                          ? "lost rank 0: no answer from the rendezvous store it serves (hung or stopped)"
                          : "lost rank 0: its process died (" + what + ")";
        }
        if (stop_) return;
        if (lost >= 0) onLost_(lost, message);
        const int64_t since = collectiveSinceMs_;
        // The backend's own timeout (3/4 of ours) should fire first; this is the backstop.
        if (since >= 0 && nowMs() - since > commTimeout_.count())
            onLost_(-1, "a collective made no progress for " + std::to_string((nowMs() - since) / 1000) +
                            " s (--comm-timeout " + std::to_string(commTimeout_.count() / 1000) + " s)");
    }
}

}  // namespace traindeck::trainer
