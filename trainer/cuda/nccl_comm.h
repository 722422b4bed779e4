#pragma once
// The NCCL communicator of one rank, and the watchdog that keeps a lost peer from
// hanging the job.
//
// The communicator is created non-blocking (ncclConfig_t.blocking = 0), so that even
// its creation can be given up on when a peer never arrives. A watchdog thread polls
// ncclCommGetAsyncError every few milliseconds, and, while the rank waits for
// communication, a deadline (--comm-timeout); on an asynchronous NCCL error or a
// passed deadline it calls ncclCommAbort, which also releases NCCL kernels spinning
// on the GPU. The rank's own waits poll instead of blocking, so they see the failure
// and throw CudaError ("nccl" or "timeout") for the loop to report as an `error` event.
// When to give up is comm_watch.h's rule; the watchdog prints nothing until it does.

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

#include <cuda_runtime.h>
#include <nccl.h>

namespace traindeck::trainer::cuda {

class Communicator {
public:
    // Collective over all ranks: each passes the same id (made by rank 0 with
    // newUniqueId() and shared through the rendezvous).
    Communicator(const ncclUniqueId& id, int rank, int world, std::chrono::milliseconds timeout);
    ~Communicator();
    Communicator(const Communicator&) = delete;
    Communicator& operator=(const Communicator&) = delete;

    static ncclUniqueId newUniqueId();

    int rank() const { return rank_; }
    int world() const { return world_; }

    // In-place sums; enqueued on `stream` (capturable into a CUDA graph).
    void allReduceSum(float* data, size_t count, cudaStream_t stream);
    void allReduceSum(double* data, size_t count, cudaStream_t stream);

    // Waits until `event` has completed, under the deadline. Throws CudaError on an
    // NCCL error, or after aborting the communicator when the deadline passes.
    void wait(cudaEvent_t event);

    // Why the watchdog aborted, empty while healthy (for tests and logs).
    std::string failure() const;

    // Aborts the communicator for a failure found by the caller (a reduction that came
    // back without every rank's contribution); later calls throw it.
    void fail(const std::string& kind, const std::string& message);

private:
    using Clock = std::chrono::steady_clock;
    void awaitReady(ncclComm_t comm, const char* what, Clock::time_point deadline);
    void enqueued(ncclResult_t result, const char* call, int line);
    void watch();
    void abortWith(const std::string& kind, const std::string& message);
    [[noreturn]] void throwFailure();

    ncclComm_t comm_ = nullptr;
    int rank_ = 0, world_ = 1;
    std::chrono::milliseconds timeout_;

    mutable std::mutex mutex_;
    std::condition_variable wake_;
    bool stop_ = false;
    // Deadline of the wait in progress, in steady-clock ticks; 0 when not waiting.
    std::atomic<long long> deadline_{0};
    std::atomic<bool> failed_{false};
    std::string failureKind_, failureMessage_;
    std::thread watchdog_;
};

}  // namespace traindeck::trainer::cuda
