#pragma once
// A piece of stream work that runs from a CUDA graph after its first run.
//
// The first run is eager, so that what libraries do once (cuBLASLt plans and their
// autotuning, NCCL's connection setup) happens outside capture; the second run is
// captured and launched; later runs replay the graph. A replay costs one launch instead
// of one per kernel and copy, which is most of bench-small's step, and moves NCCL's
// host-side enqueue work to capture time.

#include <utility>

#include <cuda_runtime.h>

#include "check.h"

namespace traindeck::trainer::cuda {

class GraphedWork {
public:
    GraphedWork() = default;
    ~GraphedWork() { reset(); }
    GraphedWork(const GraphedWork&) = delete;
    GraphedWork& operator=(const GraphedWork&) = delete;

    // Enqueues `body` (which must only enqueue work on `stream` and streams joined to
    // it) eagerly, or its graph. With graphs off it always runs eagerly.
    template <class Body>
    void run(cudaStream_t stream, bool useGraphs, Body&& body) {
        if (exec_) {
            TD_CUDA(cudaGraphLaunch(exec_, stream));
            return;
        }
        if (!useGraphs || eagerRuns_ == 0) {
            std::forward<Body>(body)();
            ++eagerRuns_;
            return;
        }
        cudaGraph_t graph = nullptr;
        TD_CUDA(cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal));
        try {
            body();
        } catch (...) {
            cudaStreamEndCapture(stream, &graph);
            if (graph) cudaGraphDestroy(graph);
            throw;
        }
        TD_CUDA(cudaStreamEndCapture(stream, &graph));
        const cudaError_t made = cudaGraphInstantiate(&exec_, graph, 0);
        cudaGraphDestroy(graph);
        TD_CUDA(made);
        TD_CUDA(cudaGraphLaunch(exec_, stream));
    }

    // Forgets the graph (its buffers or constants changed); the next run is eager.
    void reset() {
        if (exec_) cudaGraphExecDestroy(exec_);
        exec_ = nullptr;
        eagerRuns_ = 0;
    }

private:
    cudaGraphExec_t exec_ = nullptr;
    int eagerRuns_ = 0;
};

}  // namespace traindeck::trainer::cuda
