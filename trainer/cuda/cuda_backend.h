#pragma once
// The CUDA/NCCL backend of traindeck-trainer (registered as "nccl").
//
// One process per GPU. Per micro-step, on one compute stream: the `waves` clips are
// made on the GPU, the forward runs as cuBLASLt products with bias+GELU fused into the
// epilogue (the pre-activation kept as the epilogue's aux output; for large outputs, as
// bench-large's, a product with the bias epilogue and one GELU pass instead, faster
// there), the loss kernel writes the MSE and its gradient, and the backward runs
// weight-gradient products (fp32 out, accumulated across micro-steps by beta = 1) and
// data-gradient products followed by one pass that applies GELU' and sums the bias
// gradient. On the last
// micro-step, each gradient bucket is all-reduced on a separate high-priority stream
// as soon as backward has finished it, so communication overlaps the rest of
// backward. Clipping and AdamW are two passes over fp32 state, then the bf16 shadow of
// the weights is refreshed.
//
// After the first (eager) run of each kind of micro-step, the whole micro-step is
// captured into a CUDA graph and replayed (GraphedWork), and so are the optimizer step
// and the loop's small all-reduce: the small benchmark is launch-bound, and a replay
// costs one launch instead of ~60.
//
// This is the fastest of the variants measured in bench/RESULTS.md that stays as exact
// as PyTorch's bf16 autocast; the variants that lost (other epilogues, side streams,
// bf16-rounded gradients, an fp32 run, ...) are described there, not kept here.

#include <array>
#include <map>
#include <memory>
#include <tuple>
#include <vector>

#include "backend.h"
#include "bucket_plan.h"
#include "cublaslt_gemm.h"
#include "graphed_work.h"
#include "kernels.h"
#include "nccl_comm.h"

namespace traindeck::trainer::cuda {

// A GELU layer's output of at least this many values (tokens × width) is made by a
// product with the BIAS epilogue and one GELU pass instead of the GELU_AUX_BIAS
// epilogue. Measured on an H200 in trained runs: bench-large's 131072 × 4096 (5.4e8
// values) 3–4% faster a step unfused, bench-small's 8192 × 1024 (8.4e6) 15% slower;
// the best threshold between the two sizes is not measured (bench/RESULTS.md).
constexpr double kUnfusedFromElements = double(1 << 26);

class CudaBackend : public Backend {
public:
    // What the correctness harness varies to reach every path of the product on a tiny
    // model; the trainer uses the defaults.
    struct Paths {
        bool graphs = true;                                // replay captured graphs
        double unfusedFromElements = kUnfusedFromElements;  // 0: every GELU layer unfused
    };
    CudaBackend();
    explicit CudaBackend(Paths paths);
    ~CudaBackend() override;

    std::string name() const override { return "nccl"; }
    std::string precision() const override { return "bf16 matmul (cuBLASLt), fp32 accumulate, fp32 master/grads/moments"; }

    void init(const ProcessGroup& group, const ModelShape& shape, uint64_t initSeed) override;
    void forwardBackward(const Batch& batch, bool lastMicroStep) override;
    ReducedStep allReduceGradients(int microSteps) override;
    std::vector<double> allReduceSum(const std::vector<double>& values) override;
    double optimizerStep(const OptimizerStep& step) override;
    double evaluate(const Batch& batch) override;
    TrainState saveState() const override;
    void loadState(const TrainState& state) override;
    double peakMemoryGb() const override;
    std::string device() const override { return deviceName_; }

    // The summed gradients of the micro-steps so far (before averaging), for the
    // correctness check against the CPU reference.
    std::vector<float> gradients() const;

private:
    struct Buffers;

    void createStreamsAndEvents();
    void connect();
    void allocateParameters(uint64_t initSeed);
    void planGradientBuckets();
    void ensureBuffers(int count);
    void runForward(int count);
    void runMicroStep(int count, bool first, bool last);
    void runBackward(int count, float beta, bool reduce);
    void launchBuckets(int layer);
    void setFirstSample(uint64_t firstSample);
    void waitFor(cudaEvent_t event);
    void refreshShadow();

    Paths paths_;
    ProcessGroup group_;
    std::string deviceName_;
    ModelShape shape_;
    ParamLayout layout_;

    cudaStream_t compute_ = nullptr, comm_ = nullptr;
    std::unique_ptr<LtGemm> gemm_;
    std::unique_ptr<Communicator> nccl_;
    std::unique_ptr<Buffers> buf_;

    std::vector<GradBucket> buckets_;
    std::vector<int> bucketAfterLayer_;
    std::vector<cudaEvent_t> bucketEvents_;
    cudaEvent_t joinEvent_ = nullptr, backwardDone_ = nullptr, commDone_ = nullptr;
    cudaEvent_t lossReady_ = nullptr, stepDone_ = nullptr;

    std::vector<bool> fusedUsable_;  // per layer: cuBLASLt has a GELU_AUX_BIAS algorithm

    // One micro-step, by (count, first micro-step, last micro-step); allReduceSum by
    // value count; the optimizer step.
    std::map<std::tuple<int, bool, bool>, GraphedWork> graphs_;
    std::map<size_t, GraphedWork> sumGraphs_;
    GraphedWork optimizerGraph_;
    uint64_t sumCalls_ = 0;

    uint64_t dataSeed_ = 0;
    int microIndex_ = 0;       // micro-steps since the last optimizer step
    int microStepsInStep_ = 1;
    std::array<double, 257> microElements_{};  // values per micro-step, for the MSE
    bool hadComm_ = false;
    uint64_t microCounter_ = 0;
    double lastCommSeconds_ = 0;
};

}  // namespace traindeck::trainer::cuda
