#include "nccl_comm.h"

#include <cstdlib>

#include "check.h"

namespace traindeck::trainer::cuda {

namespace {

using Clock = std::chrono::steady_clock;
constexpr auto kPollInterval = std::chrono::milliseconds(5);

long long ticksFromNow(std::chrono::milliseconds d) { return (Clock::now() + d).time_since_epoch().count(); }

}  // namespace

ncclUniqueId Communicator::newUniqueId() {
    ncclUniqueId id;
    TD_NCCL(ncclGetUniqueId(&id));
    return id;
}

Communicator::Communicator(const ncclUniqueId& id, int rank, int world, std::chrono::milliseconds timeout)
    : rank_(rank), world_(world), timeout_(timeout) {
    ncclConfig_t config = NCCL_CONFIG_INITIALIZER;
    config.blocking = 0;
    // Measurement knobs: how many SMs (CTAs) a collective may take from the backward it
    // overlaps, and a blocking communicator to compare enqueue costs.
    if (const char* v = std::getenv("TRAINDECK_NCCL_MAX_CTAS"); v && *v) config.maxCTAs = std::atoi(v);
    if (const char* v = std::getenv("TRAINDECK_NCCL_BLOCKING"); v && *v && std::string(v) != "0") config.blocking = 1;
    ncclUniqueId idCopy = id;
    TD_NCCL(ncclCommInitRankConfig(&comm_, world, idCopy, rank, &config));
    // Non-blocking creation: poll until the communicator is ready, under the deadline,
    // so that a peer that never arrives ends this rank with a timeout, not a hang.
    const auto deadline = Clock::now() + timeout_;
    for (;;) {
        ncclResult_t state = ncclSuccess;
        TD_NCCL(ncclCommGetAsyncError(comm_, &state));
        if (state == ncclSuccess) break;
        if (state != ncclInProgress) {
            ncclCommAbort(comm_);
            comm_ = nullptr;
            throw CudaError("nccl", std::string(__FILE__) + ":" + std::to_string(__LINE__) +
                                        ": ncclCommInitRankConfig failed: " + ncclGetErrorString(state));
        }
        if (Clock::now() > deadline) {
            ncclCommAbort(comm_);
            comm_ = nullptr;
            throw CudaError("timeout", "NCCL communicator of rank " + std::to_string(rank) + " not ready after " +
                                           std::to_string(timeout_.count()) + " ms (a peer did not join)");
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    watchdog_ = std::thread([this] { watch(); });
}

Communicator::~Communicator() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        stop_ = true;
    }
    wake_.notify_all();
    if (watchdog_.joinable()) watchdog_.join();
    if (comm_) {
        if (failed_) {
            ncclCommAbort(comm_);  // already aborted by the watchdog; releases the handle
        } else {
            // Destroy only after pending work: a healthy rank finishes its collectives.
            ncclCommFinalize(comm_);
            ncclResult_t state = ncclInProgress;
            const auto deadline = Clock::now() + timeout_;
            while (state == ncclInProgress && Clock::now() < deadline) {
                if (ncclCommGetAsyncError(comm_, &state) != ncclSuccess) break;
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
            }
            if (state == ncclSuccess) ncclCommDestroy(comm_);
            else ncclCommAbort(comm_);
        }
    }
}

void Communicator::watch() {
    std::unique_lock<std::mutex> lock(mutex_);
    while (!stop_) {
        wake_.wait_for(lock, kPollInterval);
        if (stop_ || failed_) continue;
        lock.unlock();
        ncclResult_t state = ncclSuccess;
        const ncclResult_t polled = ncclCommGetAsyncError(comm_, &state);
        const long long deadline = deadline_.load();
        if (polled != ncclSuccess) {
            abortWith("nccl", std::string("ncclCommGetAsyncError failed: ") + ncclGetErrorString(polled));
        } else if (state != ncclSuccess && state != ncclInProgress) {
            abortWith("nccl", std::string("NCCL asynchronous error: ") + ncclGetErrorString(state) +
                                  (ncclGetLastError(comm_) ? std::string(" (") + ncclGetLastError(comm_) + ")" : ""));
        } else if (deadline != 0 && Clock::now().time_since_epoch().count() > deadline) {
            abortWith("timeout", "rank " + std::to_string(rank_) + ": communication did not complete within " +
                                     std::to_string(timeout_.count()) + " ms (--comm-timeout); a peer is lost or stuck");
        }
        lock.lock();
    }
}

void Communicator::abortWith(const std::string& kind, const std::string& message) {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        if (failed_) return;
        failureKind_ = kind;
        failureMessage_ = message;
    }
    // Abort first, then publish: a waiter that sees failed_ may tear everything down.
    ncclCommAbort(comm_);
    failed_ = true;
}

std::string Communicator::failure() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return failureMessage_;
}

void Communicator::throwFailure() {
    std::lock_guard<std::mutex> lock(mutex_);
    throw CudaError(failureKind_, failureMessage_);
}

void Communicator::enqueued(ncclResult_t result, const char* call, int line) {
    checkNccl(result, call, __FILE__, line);
    if (result != ncclInProgress) return;
    // A non-blocking communicator may still be enqueuing; NCCL asks for the state to
    // leave ncclInProgress before the next call.
    const auto deadline = Clock::now() + timeout_;
    ncclResult_t state = ncclInProgress;
    while (state == ncclInProgress) {
        if (failed_) throwFailure();
        TD_NCCL(ncclCommGetAsyncError(comm_, &state));
        if (Clock::now() > deadline) {
            abortWith("timeout", std::string(call) + " still in progress after the comm timeout");
            throwFailure();
        }
    }
    checkNccl(state, call, __FILE__, line);
}

void Communicator::allReduceSum(float* data, size_t count, cudaStream_t stream) {
    if (failed_) throwFailure();
    enqueued(ncclAllReduce(data, data, count, ncclFloat32, ncclSum, comm_, stream), "ncclAllReduce", __LINE__);
}

void Communicator::allReduceSum(double* data, size_t count, cudaStream_t stream) {
    if (failed_) throwFailure();
    enqueued(ncclAllReduce(data, data, count, ncclFloat64, ncclSum, comm_, stream), "ncclAllReduce", __LINE__);
}

void Communicator::wait(cudaEvent_t event) {
    deadline_ = ticksFromNow(timeout_);
    // Spin briefly (steps of the small benchmark are sub-millisecond), then back off.
    int spins = 0;
    for (;;) {
        const cudaError_t status = cudaEventQuery(event);
        if (status == cudaSuccess) break;
        if (status != cudaErrorNotReady) {
            deadline_ = 0;
            checkCuda(status, "cudaEventQuery", __FILE__, __LINE__);
        }
        if (failed_) {
            deadline_ = 0;
            throwFailure();
        }
        if (++spins > 2000) std::this_thread::sleep_for(std::chrono::microseconds(50));
    }
    deadline_ = 0;
    if (failed_) throwFailure();
}

}  // namespace traindeck::trainer::cuda
