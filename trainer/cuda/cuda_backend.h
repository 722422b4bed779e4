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
// Environment (for measurements, not for users):
//   TRAINDECK_CUDA_GRAPHS=0   run eagerly, no graph capture
//   TRAINDECK_CUDA_UNFUSED=1  forward: products with the BIAS epilogue + a GELU pass
//                             (=0: always the fused GELU_AUX_BIAS epilogue; unset: the
//                             epilogue for outputs under kUnfusedFromElements values, the
//                             BIAS product + GELU pass above: bench-large unfused,
//                             bench-small fused, as measured fastest on an H200)
//   TRAINDECK_CUDA_BIAS_IN_PASS=1  the unfused forward as it was before 2026-11-24: a plain
//                             product, then bias + GELU in one pass (the pre-activation
//                             rounded to bf16 twice; bench/RESULTS.md, "same weights")
//   TRAINDECK_CUDA_DGELU_EPILOGUE=1  backward: cuBLASLt's DGELU epilogue and a column
//                             sum instead of geluBackwardBias after a plain product
//   TRAINDECK_CUDA_PHASES=1   eager, with events between phases; a per-phase
//                             breakdown of the average step goes to stderr at exit
//   TRAINDECK_CUDA_BUCKET_MB  gradient bucket size in MiB (default kDefaultBucketMb, 16:
//                             bench-small's 18.5 MB of gradients in 2 buckets; see
//                             bucket_plan.h)
//   TRAINDECK_CUDA_AUTOTUNE=1 time cuBLASLt's top candidates per product instead of
//                             taking its first choice (off: on an H200 it picked
//                             slower kernels as often as faster ones)
//   TRAINDECK_CUDA_BGRAD_EPILOGUE=1  backward without elementwise passes: GELU' by the
//                             data-gradient product's DGELU epilogue and each bias
//                             gradient by the weight-gradient product's BGRADA epilogue
//                             (where cuBLASLt has it, and on a step's first micro-step:
//                             the epilogue writes, it cannot accumulate)
//   TRAINDECK_CUDA_OVERLAP=1  backward: each layer's data gradient first, then its weight
//                             gradient while GELU' + bias gradient (and column sums) run
//                             on a side stream beside it
//   TRAINDECK_CUDA_BIAS_COLUMN=1  every layer's input carries a ones column (its rows
//                             padded by 8 values), so the weight-gradient product, one
//                             column wider, writes the bias gradient too (it lands right
//                             after the weight in the flat vector); GELU' by the DGELU
//                             epilogue: no elementwise pass in the backward. bf16, fused
//                             forward only (ignored with TRAINDECK_CUDA_FP32/_UNFUSED)
//   TRAINDECK_CUDA_BF16_WGRAD=1  numerics experiment (issue 15): weight gradients rounded
//                             to bf16 by the product (as PyTorch's autocast makes them),
//                             then added to the fp32 gradient; one more pass per layer
//   TRAINDECK_CUDA_BF16_BGRAD=1  numerics experiment (issue 15): each layer's bias gradient
//                             rounded to bf16 once it is complete (autocast's bias gradient
//                             is bf16; exact for one micro-step a step, as bench-large's)
//   TRAINDECK_CUDA_FP32=1     a reference run outside the workload's precision: fp32
//                             activations, weights and products (no TF32, no bf16), the
//                             exact tanh GELU (no fused forward epilogue). For comparing
//                             bf16 curves against exact maths, not for benchmarks.

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

class CudaBackend : public Backend {
public:
    CudaBackend();
    ~CudaBackend() override;

    std::string name() const override { return "nccl"; }
    std::string precision() const override {
        return fp32_ ? "fp32 matmul (cuBLASLt, no TF32), fp32 activations: reference run (TRAINDECK_CUDA_FP32)"
                     : "bf16 matmul (cuBLASLt), fp32 accumulate, fp32 master/grads/moments";
    }

    void init(const ProcessGroup& group, const ModelShape& shape, uint64_t initSeed) override;
    void forwardBackward(const Batch& batch, bool lastMicroStep) override;
    ReducedStep allReduceGradients(int microSteps) override;
    std::vector<double> allReduceSum(const std::vector<double>& values) override;
    double optimizerStep(const OptimizerStep& step) override;
    double evaluate(const Batch& batch) override;
    TrainState saveState() const override;
    void loadState(const TrainState& state) override;
    double peakMemoryGb() const override;

    // The summed gradients of the micro-steps so far (before averaging), for the
    // correctness check against the CPU reference.
    std::vector<float> gradients() const;

    // The floor of a micro-step of `count` samples: its matrix products alone (same
    // shapes, operand types, epilogues and beta as the step issues them, and no other
    // kernel), captured back to back into a CUDA graph and replayed `reps` times after
    // two untimed replays, each replay timed by CUDA events with nothing between them.
    // The operands are those of one real micro-step run just before (each layer's
    // gradient kept in its own buffer for it), the same values at every replay.
    // Also the forward's and the backward's products alone. Leaves parameters, moments
    // and loss slots untouched; it overwrites activations and gradients, which the next
    // micro-step remakes (its first micro-step writes the gradients with beta 0).
    struct ProductsFloor {
        std::vector<float> stepMs, forwardMs, backwardMs;  // one per replay
        int products = 0;                                  // products per micro-step
        double flop = 0;                                   // their 2·m·n·k, summed
    };
    ProductsFloor measureProductsFloor(int count, int reps);

private:
    struct Buffers;

    void ensureBuffers(int count);
    void runForward(int count);
    void runMicroStep(int count, bool first, bool last);
    template <class T>
    void runForwardT(int count);
    template <class T>
    void runMicroStepT(int count, bool first, bool last);
    void gemm(const GemmArgs& g);
    void launchBuckets(int layer);
    void setFirstSample(uint64_t firstSample);
    void waitFor(cudaEvent_t event);
    void phase(int index);
    void refreshShadow();

    ProcessGroup group_;
    ModelShape shape_;
    ParamLayout layout_;
    int device_ = 0;
    bool useGraphs_ = true, fused_ = true, phases_ = false, dgeluEpilogue_ = false, bgradEpilogue_ = false;
    bool fp32_ = false, overlap_ = false, biasColumn_ = false, bf16Wgrad_ = false, bf16Bgrad_ = false;
    bool biasInPass_ = false;
    int fusedMode_ = -1;  // forward GELU epilogue: 1 always, 0 never, -1 by the layer's size
    void* wgradScratch_ = nullptr;  // TRAINDECK_CUDA_BF16_WGRAD: one weight gradient in bf16
    // Leading dimension of layer i's input (its previous layer's output, or the tokens):
    // the width, or the width + 8 with TRAINDECK_CUDA_BIAS_COLUMN (a ones column + 7 zeros).
    std::vector<int> inLd_;
    int outLd(size_t layer) const {
        return layer + 1 < inLd_.size() ? inLd_[layer + 1] : layout_.linears[layer].fanOut;
    }
    // measureProductsFloor: enqueue only the products (part 0: all, 1: forward, 2: backward).
    bool productsOnly_ = false;
    int productsPart_ = 0;
    int countedProducts_ = 0;
    std::vector<void*> layerGrads_;  // measureProductsFloor: each layer's output gradient
    double countedFlop_ = 0;
    size_t bucketElements_ = 0;

    cudaStream_t compute_ = nullptr, comm_ = nullptr, side_ = nullptr;
    std::unique_ptr<LtGemm> gemm_;
    std::unique_ptr<Communicator> nccl_;
    std::unique_ptr<Buffers> buf_;

    std::vector<GradBucket> buckets_;
    std::vector<int> bucketAfterLayer_;
    std::vector<cudaEvent_t> bucketEvents_;
    cudaEvent_t forkEvent_ = nullptr, joinEvent_ = nullptr, backwardDone_ = nullptr, commDone_ = nullptr;
    cudaEvent_t lossReady_ = nullptr, stepDone_ = nullptr, sideFork_ = nullptr, sideDone_ = nullptr;

    std::vector<bool> forwardFused_;    // per layer: GELU_AUX_BIAS epilogue usable
    std::vector<bool> bgradUsable_;     // per layer: BGRADA epilogue usable
    bool modesChosen_ = false;

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

    std::vector<cudaEvent_t> phaseEvents_;
    std::vector<double> phaseMs_;
    long phaseSteps_ = 0, phaseSeen_ = 0;
};

}  // namespace traindeck::trainer::cuda
