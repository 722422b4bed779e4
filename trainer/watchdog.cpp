#include "watchdog.h"

#include <algorithm>
#include <cstdlib>
#include <optional>

namespace traindeck::trainer {

namespace {

using Clock = std::chrono::steady_clock;

int64_t nowMs() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now().time_since_epoch()).count();
}

// What a rank that gives up tells the others through the store: the rank it lost,
// how, and the line, one per line.
std::string formatReport(const LostRank& lost) {
    return std::to_string(lost.rank) + "\n" + errorKind(lost.how) + "\n" + lost.message;
}

std::optional<LostRank> parseReport(const std::string& report) {
    const size_t first = report.find('\n');
    const size_t second = first == std::string::npos ? first : report.find('\n', first + 1);
    if (second == std::string::npos) return std::nullopt;
    LostRank lost;
    lost.rank = std::atoi(report.c_str());
    if (lost.rank < 0) return std::nullopt;
    lost.how = report.compare(first + 1, second - first - 1, errorKind(Loss::Died)) == 0 ? Loss::Died : Loss::Hung;
    lost.message = report.substr(second + 1);
    return lost;
}

// Rank 0 serves the store: when the store is gone or silent, so is rank 0.
LostRank storeLost(const RendezvousError& e) {
    if (e.silent) return {0, Loss::Hung, "lost rank 0: no answer from the rendezvous store it serves (hung or stopped)"};
    return {0, Loss::Died, std::string("lost rank 0: its process died (") + e.what() + ")"};
}

}  // namespace

const char* errorKind(Loss how) { return how == Loss::Died ? "rank_died" : "timeout"; }

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

LostRank Watchdog::findLost(const std::vector<RankLiveness>& live) {
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
                if (std::optional<LostRank> root = parseReport(
                        client_->get("failed/" + std::to_string(r.rank), std::chrono::milliseconds(0)))) {
                    // It may be us that it gave up on (our main thread is stuck).
                    root->message += " (reported by rank " + std::to_string(r.rank) + ")";
                    return *root;
                }
            } catch (const RendezvousError&) {
            }
            return {r.rank, Loss::Died, "lost rank " + std::to_string(r.rank) + ": its process died (its connection closed)"};
        }
        if (r.connected && r.idleMs > staleAfter_.count())
            return {r.rank, Loss::Hung,
                    "lost rank " + std::to_string(r.rank) + ": no heartbeat for " + std::to_string(r.idleMs / 1000) +
                        " s (hung or stopped)"};
    }
    return {};
}

void Watchdog::reportFailure(const LostRank& lost) {
    try {
        client_->set("failed/" + std::to_string(rank_), formatReport(lost));
    } catch (const RendezvousError&) {
        // The store is gone too: nobody is left to tell.
    }
}

LostRank Watchdog::findLaggard() {
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
    if (laggard < 0) return {};
    return {laggard, Loss::Hung,
            "lost rank " + std::to_string(laggard) + ": it never reached collective #" + std::to_string(mine) +
                " (its process is alive but stuck, e.g. in compute or a device hang)"};
}

LostRank Watchdog::identifyLost(bool timedOut) {
    // The backend's timeout is 3/4 of --comm-timeout; name the rank within the rest.
    const auto deadline = Clock::now() + std::min<std::chrono::milliseconds>(staleAfter_, commTimeout_ / 5);
    while (true) {
        try {
            LostRank lost = findLost(client_->liveness());
            if (lost.rank < 0 && timedOut) lost = findLaggard();
            if (lost.rank >= 0) return lost;
        } catch (const RendezvousError& e) {
            if (rank_ == 0) return {};
            return storeLost(e);
        }
        if (Clock::now() >= deadline) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
    return {};
}

void Watchdog::run() {
    while (!stop_) {
        std::this_thread::sleep_for(std::chrono::milliseconds(500));
        if (stop_) return;
        LostRank lost;
        try {
            if (const int64_t entered = collectivesEntered_; entered != published_) {
                client_->set("progress/" + std::to_string(rank_), std::to_string(entered));
                published_ = entered;
            }
            lost = findLost(client_->liveness());  // the request is our heartbeat
        } catch (const RendezvousError& e) {
            if (stop_) return;
            lost = storeLost(e);
        }
        if (stop_) return;
        if (lost.rank >= 0) onLost_(lost);
        const int64_t since = collectiveSinceMs_;
        // The backend's own timeout (3/4 of ours) should fire first; this is the backstop.
        if (since >= 0 && nowMs() - since > commTimeout_.count())
            onLost_({-1, Loss::Hung,
                     "a collective made no progress for " + std::to_string((nowMs() - since) / 1000) +
                         " s (--comm-timeout " + std::to_string(commTimeout_.count() / 1000) + " s)"});
    }
}

}  // namespace traindeck::trainer
