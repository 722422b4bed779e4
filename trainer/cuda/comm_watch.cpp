#include "comm_watch.h"

namespace traindeck::trainer::cuda {

CommVerdict CommWatch::observe(Clock::time_point now, CommState state, bool waitDeadlinePassed,
                               const std::string& detail, const std::string& pollError) {
    const std::string rank = "rank " + std::to_string(rank_);
    const std::string limit = std::to_string(timeout_.count()) + " ms (--comm-timeout)";
    if (!pollError.empty()) return {CommVerdict::Kind::Nccl, rank + ": ncclCommGetAsyncError failed: " + pollError};
    if (state == CommState::InProgress && !inProgress_) inProgressSince_ = now;
    inProgress_ = state == CommState::InProgress;
    if (inProgress_ && now - inProgressSince_ > timeout_) {
        return {CommVerdict::Kind::Timeout, rank + ": NCCL operation in progress for more than " + limit};
    }
    if (state == CommState::Failed) return {CommVerdict::Kind::Nccl, rank + ": NCCL asynchronous error: " + detail};
    if (waitDeadlinePassed) {
        return {CommVerdict::Kind::Timeout,
                rank + ": communication did not complete within " + limit + "; a peer is lost or stuck"};
    }
    return {};
}

}  // namespace traindeck::trainer::cuda
