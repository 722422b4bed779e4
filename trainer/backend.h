#pragma once
// The contract between the training loop and a compute backend (Gloo/CPU here,
// CUDA/NCCL in trainer/cuda/). The loop owns the schedule, the data order, metrics,
// checkpoints and fault handling; a backend owns parameters, gradients, optimizer
// state and the communication between ranks.
//
// How a backend registers itself: backend_registry.cpp keeps a table of
// {name, usable(), make()} entries. The Gloo entry is always there. The "nccl" entry
// loads trainer/cuda/'s module (backend_module.h), which defines the two functions
// declared at the end of this file; without CUDA in the build, `--backend nccl` fails
// with "this build has no CUDA backend". `--backend auto` takes the first usable
// entry, nccl before gloo.
//
// Every call is made by every rank in the same order (collective semantics); a
// communication failure or timeout is reported by throwing CommError.

#include "math/model.h"
#include "rendezvous/kv_store.h"

#include <chrono>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace traindeck::trainer {

// Who this process is and how it reaches the others.
struct ProcessGroup {
    int rank = 0, worldSize = 1;
    int localRank = 0, localWorldSize = 1;  // the device index is localRank
    int node = 0, nodes = 1;
    KvStore* store = nullptr;  // rendezvous store (rank 0 serves it); carries ncclUniqueId, Gloo addresses
    std::string masterAddr = "127.0.0.1";  // MASTER_ADDR: picks the interface that reaches the others
    // A collective that cannot complete must throw CommError within this; it is 3/4 of
    // --comm-timeout (the loop uses the rest to name the lost rank and report).
    std::chrono::milliseconds commTimeout{std::chrono::seconds(60)};
};

// A micro-batch of `count` waves samples with ids firstSample, firstSample+1, ...
// Backends make the clips themselves (on the device) from (dataSeed, sample id).
struct Batch {
    uint64_t dataSeed = 0;
    uint64_t firstSample = 0;
    int count = 0;
};

struct OptimizerStep {
    long step = 0;        // optimizer step n from 0 (AdamW bias correction uses n+1)
    double lr = 0;        // from the shared schedule (core/schedule)
    double clipNorm = 1;  // global-norm clip, applied after the all-reduce
};

// What the gradient reduction of one optimizer step reports.
struct ReducedStep {
    std::vector<double> microLosses;  // this rank's MSE of each micro-step, in order
    double commSeconds = 0;           // time spent in (non-overlapped) communication
};

// Full training state in a portable form: identical for every backend, so a
// checkpoint written by one backend resumes on another.
struct TrainState {
    std::vector<float> params, adamM, adamV;  // flat, in model.h's layout
};

// Thrown on any communication failure (a peer died, timed out, closed its socket).
// `timedOut`: the collective ran out of time (a peer that never arrived is then to
// blame) rather than losing a connection; set where the failure is caught, from
// what the library says, so that nothing later reads it back out of the message.
struct CommError : std::runtime_error {
    explicit CommError(const std::string& message, bool timedOut = false)
        : std::runtime_error(message), timedOut(timedOut) {}
    bool timedOut;
};

class Backend {
public:
    virtual ~Backend() = default;
    virtual std::string name() const = 0;       // "gloo", "nccl"
    virtual std::string precision() const = 0;  // e.g. "fp32", "bf16 matmul, fp32 accumulate"

    // Joins the other ranks and allocates parameters, gradients and optimizer state;
    // parameters start as initParameters(shape, initSeed) on every rank.
    virtual void init(const ProcessGroup& group, const ModelShape& shape, uint64_t initSeed) = 0;

    // Forward and backward of one micro-batch, adding the gradient of its MSE into the
    // gradients. `lastMicroStep` marks the last micro-step of the optimizer step: a
    // backend may start reducing gradient buckets as backward produces them.
    virtual void forwardBackward(const Batch& batch, bool lastMicroStep) = 0;

    // Completes the gradient average over all ranks and the `microSteps` micro-steps,
    // and returns this rank's micro-step losses (kept on the device until now).
    virtual ReducedStep allReduceGradients(int microSteps) = 0;

    // Sums a few doubles over ranks (loss reporting, stop flags, per-rank stats).
    virtual std::vector<double> allReduceSum(const std::vector<double>& values) = 0;

    // Clips the reduced gradients to global norm clipNorm, applies AdamW (β 0.9/0.95,
    // ε 1e-8, weight decay 0.01 on weight matrices), zeroes gradients. Returns the
    // global gradient norm before clipping.
    virtual double optimizerStep(const OptimizerStep& step) = 0;

    // MSE of a held-out micro-batch; no gradients.
    virtual double evaluate(const Batch& batch) = 0;

    virtual TrainState saveState() const = 0;
    virtual void loadState(const TrainState& state) = 0;

    // Peak device memory in GiB (2^30 bytes: gpu_mem_gb, docs/metrics-protocol.md); the CPU backend reports its peak RSS.
    virtual double peakMemoryGb() const = 0;

    // What computes (the start event's `device`): the GPU's name ("NVIDIA H200") or "cpu".
    // Valid after init.
    virtual std::string device() const = 0;
};

// Defined by trainer/cuda/ (its module and tools), never by the trainer itself.
std::unique_ptr<Backend> makeNcclBackend();
// True when this process can run the NCCL backend (a GPU is visible); else `why` says why not.
bool ncclBackendUsable(std::string* why);

}  // namespace traindeck::trainer
