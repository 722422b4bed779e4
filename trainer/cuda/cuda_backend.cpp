#include "cuda_backend.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "check.h"

namespace traindeck::trainer::cuda {

namespace {

constexpr int kMaxMicroSteps = 256;           // loss slots per optimizer step
constexpr int kEvalSlot = kMaxMicroSteps;     // evaluate()'s loss slot
constexpr int kInputRing = 1024;              // pinned per-launch inputs, see setFirstSample
constexpr const char* kUniqueIdKey = "nccl/unique_id";
// A GELU layer's output of at least this many values (tokens × width) is made by a
// product with the BIAS epilogue and a GELU pass instead of the GELU_AUX_BIAS epilogue.
// Measured on an H200 in trained runs (then with the bias added in the pass) at
// bench-large's 131072 × 4096 (5.4e8: unfused faster) and bench-small's 8192 × 1024 (8.4e6:
// fused faster); the threshold between them is not measured, and at learning rate 0 (the
// same values on both sides) the fused form was the faster one on an H100 (RESULTS.md).
constexpr double kUnfusedFromElements = double(1 << 26);

enum Phase { kPhaseStart, kPhaseData, kPhaseForward, kPhaseLoss, kPhaseBackward, kPhaseComm, kPhaseOptStart,
             kPhaseOptimizer, kPhaseCount };
const char* const kPhaseNames[] = {"", "data", "forward", "loss", "backward", "comm (not hidden)", "host gap",
                                   "optimizer"};

bool envFlag(const char* name, bool fallback) {
    const char* v = std::getenv(name);
    if (!v || !*v) return fallback;
    return std::strcmp(v, "0") != 0;
}

// The per-launch inputs a captured graph cannot hold as constants.
struct StepInput {
    uint64_t firstSample;
    int slot;  // loss slot: micro-step index, or kEvalSlot
    int pad;
};

// Turns the communicator's failures into the loop's CommError, keeping the kind.
template <class F>
auto commGuard(F&& f) -> decltype(f()) {
    try {
        return f();
    } catch (const CudaError& e) {
        if (e.kind() == "nccl" || e.kind() == "timeout") throw CommError(e.kind() + ": " + e.what());
        throw;
    }
}

// Records `event` so that the host can wait on it and time it also when the record is
// part of a captured graph: inside a capture it must be an external event node (a
// plain record there only orders work within the graph), outside one that flag is
// refused.
void recordVisible(cudaEvent_t event, cudaStream_t stream) {
    cudaStreamCaptureStatus capturing = cudaStreamCaptureStatusNone;
    TD_CUDA(cudaStreamIsCapturing(stream, &capturing));
    if (capturing == cudaStreamCaptureStatusActive) {
        TD_CUDA(cudaEventRecordWithFlags(event, stream, cudaEventRecordExternal));
    } else {
        TD_CUDA(cudaEventRecord(event, stream));
    }
}

}  // namespace

struct CudaBackend::Buffers {
    size_t n = 0;
    float *params = nullptr, *grads = nullptr, *m = nullptr, *v = nullptr;
    uint8_t* mask = nullptr;
    // The products' operands are bf16 (fp32 in the TRAINDECK_CUDA_FP32 run): `elem`
    // bytes a value; the kernels get typed pointers by static_cast in the T-templated steps.
    size_t elem = 2;
    void* shadow = nullptr;
    // Activations for `count` samples.
    int count = 0;
    size_t tokens = 0;
    void* input = nullptr;
    float* target = nullptr;
    double* waveParams = nullptr;
    std::vector<void*> pre, post;  // per layer; pre only where GELU follows
    void *gradA = nullptr, *gradB = nullptr;
    float* colPartials = nullptr;
    // Scratch and scalars.
    double *lossPartials = nullptr, *lossSums = nullptr, *normPartials = nullptr, *norm = nullptr, *sumDev = nullptr;
    float* coef = nullptr;
    StepInput* inputDev = nullptr;
    AdamWParams* hyperDev = nullptr;
    // Pinned host mirrors.
    StepInput* inputHost = nullptr;
    double *lossHost = nullptr, *normHost = nullptr, *sumHost = nullptr;
    AdamWParams* hyperHost = nullptr;

    std::vector<void*> fixed, activations, pinned;

    template <class T>
    T* device(size_t count, std::vector<void*>& owner) {
        void* p = nullptr;
        TD_CUDA(cudaMalloc(&p, std::max<size_t>(count, 1) * sizeof(T)));
        owner.push_back(p);
        return static_cast<T*>(p);
    }
    void* values(size_t count, std::vector<void*>& owner) {
        void* p = nullptr;
        TD_CUDA(cudaMalloc(&p, std::max<size_t>(count, 1) * elem));
        owner.push_back(p);
        return p;
    }
    template <class T>
    T* host(size_t count) {
        void* p = nullptr;
        TD_CUDA(cudaMallocHost(&p, std::max<size_t>(count, 1) * sizeof(T)));
        pinned.push_back(p);
        return static_cast<T*>(p);
    }
    void freeActivations() {
        for (void* p : activations) cudaFree(p);
        activations.clear();
        pre.clear();
        post.clear();
        count = 0;
    }
    ~Buffers() {
        freeActivations();
        for (void* p : fixed) cudaFree(p);
        for (void* p : pinned) cudaFreeHost(p);
    }
};

CudaBackend::CudaBackend() = default;

CudaBackend::~CudaBackend() {
    if (phases_ && phaseSteps_ > 0 && group_.rank == 0) {
        std::fprintf(stderr, "[nccl backend] per-phase time of the average optimizer step over %ld steps (ms):",
                     phaseSteps_);
        double total = 0;
        for (int p = 1; p < kPhaseCount; ++p) total += phaseMs_[size_t(p)] / double(phaseSteps_);
        for (int p = 1; p < kPhaseCount; ++p) {
            std::fprintf(stderr, " %s %.3f;", kPhaseNames[p], phaseMs_[size_t(p)] / double(phaseSteps_));
        }
        std::fprintf(stderr, " total %.3f\n", total);
    }
    if (compute_) cudaStreamSynchronize(compute_);
    graphs_.clear();
    sumGraphs_.clear();
    optimizerGraph_.reset();
    nccl_.reset();
    gemm_.reset();
    buf_.reset();
    for (cudaEvent_t e : bucketEvents_) cudaEventDestroy(e);
    for (cudaEvent_t e : phaseEvents_) cudaEventDestroy(e);
    for (cudaEvent_t e : {forkEvent_, joinEvent_, backwardDone_, commDone_, lossReady_, stepDone_, sideFork_, sideDone_}) {
        if (e) cudaEventDestroy(e);
    }
    if (side_) cudaStreamDestroy(side_);
    if (comm_) cudaStreamDestroy(comm_);
    if (compute_) cudaStreamDestroy(compute_);
}

void CudaBackend::init(const ProcessGroup& group, const ModelShape& shape, uint64_t initSeed) {
    group_ = group;
    shape_ = shape;
    layout_ = paramLayout(shape);
    phases_ = envFlag("TRAINDECK_CUDA_PHASES", false);
    useGraphs_ = envFlag("TRAINDECK_CUDA_GRAPHS", true) && !phases_;
    {
        const char* v = std::getenv("TRAINDECK_CUDA_UNFUSED");
        fusedMode_ = !v || !*v ? -1 : std::strcmp(v, "0") == 0 ? 1 : 0;  // unset: by size
    }
    fused_ = fusedMode_ != 0;
    // Measured on an H200 (bench/RESULTS.md): the DGELU epilogue + a column sum is as
    // fast as geluBackwardBias on bench-large and 6% slower on bench-small.
    dgeluEpilogue_ = envFlag("TRAINDECK_CUDA_DGELU_EPILOGUE", false);
    bgradEpilogue_ = envFlag("TRAINDECK_CUDA_BGRAD_EPILOGUE", false);
    overlap_ = envFlag("TRAINDECK_CUDA_OVERLAP", false);
    // The bias gradients then come from the weight-gradient products, so GELU' must
    // be applied by the data-gradient products' epilogue.
    if (bgradEpilogue_) dgeluEpilogue_ = true;
    fp32_ = envFlag("TRAINDECK_CUDA_FP32", false);
    // The reference run uses the exact tanh GELU of activations.cu, not cuBLASLt's.
    if (fp32_) fused_ = false;
    biasColumn_ = envFlag("TRAINDECK_CUDA_BIAS_COLUMN", false) && fused_ && !fp32_;
    for (const LinearLayout& lin : layout_.linears) {
        if (lin.bias != lin.weight + size_t(lin.fanIn) * size_t(lin.fanOut)) biasColumn_ = false;
    }
    if (biasColumn_) {
        fusedMode_ = 1;  // the unfused forward writes packed rows
        bgradEpilogue_ = false;
        dgeluEpilogue_ = true;
    }
    bf16Wgrad_ = envFlag("TRAINDECK_CUDA_BF16_WGRAD", false) && !fp32_ && !biasColumn_;
    bf16Bgrad_ = envFlag("TRAINDECK_CUDA_BF16_BGRAD", false) && !fp32_;
    biasInPass_ = envFlag("TRAINDECK_CUDA_BIAS_IN_PASS", false);
    inLd_.clear();
    for (const LinearLayout& lin : layout_.linears) inLd_.push_back(lin.fanIn + (biasColumn_ ? 8 : 0));
    try {
        bucketElements_ = bucketCapElements(std::getenv("TRAINDECK_CUDA_BUCKET_MB"));
    } catch (const std::invalid_argument& e) {
        throw CudaError("config", e.what());
    }

    int devices = 0;
    TD_CUDA(cudaGetDeviceCount(&devices));
    if (group.localRank >= devices) {
        throw CudaError("config", "local rank " + std::to_string(group.localRank) + " but only " +
                                      std::to_string(devices) + " GPU(s) visible");
    }
    device_ = group.localRank;
    TD_CUDA(cudaSetDevice(device_));
    int leastPriority = 0, greatestPriority = 0;
    TD_CUDA(cudaDeviceGetStreamPriorityRange(&leastPriority, &greatestPriority));
    TD_CUDA(cudaStreamCreateWithPriority(&compute_, cudaStreamNonBlocking, leastPriority));
    // Communication gets the higher priority so its kernels are scheduled as soon as
    // their bucket is ready, between the backward's product tiles.
    TD_CUDA(cudaStreamCreateWithPriority(&comm_, cudaStreamNonBlocking, greatestPriority));
    // The backward's memory-bound passes beside the products (TRAINDECK_CUDA_OVERLAP):
    // high priority, so that their blocks are scheduled as the product's tiles finish.
    TD_CUDA(cudaStreamCreateWithPriority(&side_, cudaStreamNonBlocking, greatestPriority));
    gemm_ = std::make_unique<LtGemm>();
    gemm_->setAutotune(envFlag("TRAINDECK_CUDA_AUTOTUNE", false));

    if (group.worldSize > 1) {
        if (!group.store) throw CudaError("config", "the nccl backend needs the rendezvous store for ncclUniqueId");
        ncclUniqueId id;
        commGuard([&] {
            if (group.rank == 0) {
                id = Communicator::newUniqueId();
                group.store->set(kUniqueIdKey, std::string(id.internal, sizeof(id.internal)));
            } else {
                const std::string bytes = group.store->get(kUniqueIdKey, group.commTimeout);
                if (bytes.size() != sizeof(id.internal)) throw CudaError("nccl", "malformed ncclUniqueId in the store");
                std::memcpy(id.internal, bytes.data(), sizeof(id.internal));
            }
            nccl_ = std::make_unique<Communicator>(id, group.rank, group.worldSize, group.commTimeout);
            return 0;
        });
    }

    buf_ = std::make_unique<Buffers>();
    Buffers& b = *buf_;
    b.n = layout_.count;
    b.params = b.device<float>(b.n, b.fixed);
    b.grads = b.device<float>(b.n, b.fixed);
    b.m = b.device<float>(b.n, b.fixed);
    b.v = b.device<float>(b.n, b.fixed);
    b.mask = b.device<uint8_t>(b.n, b.fixed);
    b.elem = fp32_ ? sizeof(float) : sizeof(bf16);
    b.shadow = b.values(b.n, b.fixed);
    b.lossPartials = b.device<double>(size_t(lossPartials()), b.fixed);
    b.lossSums = b.device<double>(kMaxMicroSteps + 1, b.fixed);
    b.normPartials = b.device<double>(size_t(normPartials()), b.fixed);
    b.norm = b.device<double>(1, b.fixed);
    b.sumDev = b.device<double>(64, b.fixed);
    b.coef = b.device<float>(1, b.fixed);
    b.inputDev = b.device<StepInput>(1, b.fixed);
    b.hyperDev = b.device<AdamWParams>(1, b.fixed);
    b.inputHost = b.host<StepInput>(kInputRing);
    b.lossHost = b.host<double>(kMaxMicroSteps + 1);
    b.normHost = b.host<double>(1);
    b.sumHost = b.host<double>(64);
    b.hyperHost = b.host<AdamWParams>(1);

    std::vector<float> params(b.n);
    initParameters(shape, initSeed, params.data());
    const std::vector<uint8_t> mask = weightDecayMask(shape);
    TD_CUDA(cudaMemcpy(b.params, params.data(), b.n * sizeof(float), cudaMemcpyHostToDevice));
    TD_CUDA(cudaMemcpy(b.mask, mask.data(), b.n, cudaMemcpyHostToDevice));
    TD_CUDA(cudaMemset(b.m, 0, b.n * sizeof(float)));
    TD_CUDA(cudaMemset(b.v, 0, b.n * sizeof(float)));
    TD_CUDA(cudaMemset(b.grads, 0, b.n * sizeof(float)));
    refreshShadow();
    TD_CUDA(cudaStreamSynchronize(compute_));

    std::vector<LayerRange> ranges;
    for (const auto& lin : layout_.linears) ranges.push_back({lin.weight, lin.bias + size_t(lin.fanOut)});
    buckets_ = planBuckets(ranges, bucketElements_);
    bucketAfterLayer_ = bucketReadyAfterLayer(buckets_, int(ranges.size()));
    bucketEvents_.resize(buckets_.size());
    for (auto& e : bucketEvents_) TD_CUDA(cudaEventCreateWithFlags(&e, cudaEventDisableTiming));
    TD_CUDA(cudaEventCreateWithFlags(&forkEvent_, cudaEventDisableTiming));
    TD_CUDA(cudaEventCreateWithFlags(&joinEvent_, cudaEventDisableTiming));
    TD_CUDA(cudaEventCreateWithFlags(&sideFork_, cudaEventDisableTiming));
    TD_CUDA(cudaEventCreateWithFlags(&sideDone_, cudaEventDisableTiming));
    TD_CUDA(cudaEventCreate(&backwardDone_));
    TD_CUDA(cudaEventCreate(&commDone_));
    TD_CUDA(cudaEventCreateWithFlags(&lossReady_, cudaEventDisableTiming));
    TD_CUDA(cudaEventCreateWithFlags(&stepDone_, cudaEventDisableTiming));
    if (phases_) {
        phaseEvents_.resize(kPhaseCount);
        for (auto& e : phaseEvents_) TD_CUDA(cudaEventCreate(&e));
        phaseMs_.assign(kPhaseCount, 0.0);
    }
    forwardFused_.assign(layout_.linears.size(), fused_);
    bgradUsable_.assign(layout_.linears.size(), bgradEpilogue_ && !bf16Wgrad_);
    if (bf16Wgrad_) {
        size_t largest = 0;
        for (const LinearLayout& lin : layout_.linears) largest = std::max(largest, size_t(lin.fanIn) * size_t(lin.fanOut));
        wgradScratch_ = b.values(largest, b.fixed);
    }
}

void CudaBackend::ensureBuffers(int count) {
    Buffers& b = *buf_;
    if (count <= b.count) return;
    // Graphs hold the old addresses: drop them (the next runs re-capture).
    TD_CUDA(cudaStreamSynchronize(compute_));
    graphs_.clear();
    b.freeActivations();
    b.count = count;
    b.tokens = size_t(count) * size_t(shape_.tokensPerSample());
    const size_t T = b.tokens;
    b.input = b.values(T * size_t(inLd_[0]), b.activations);
    b.target = b.device<float>(T * 192, b.activations);
    b.waveParams = b.device<double>(size_t(count) * 36, b.activations);
    for (const auto& lin : layout_.linears) {
        b.pre.push_back(lin.gelu ? b.values(T * size_t(lin.fanOut), b.activations) : nullptr);
        b.post.push_back(b.values(T * size_t(outLd(b.post.size())), b.activations));
    }
    if (biasColumn_) {
        // The ones columns; no kernel writes these places afterwards.
        setOnesColumn(static_cast<bf16*>(b.input), T, inLd_[0], 192, compute_);
        for (size_t i = 0; i + 1 < layout_.linears.size(); ++i) {
            setOnesColumn(static_cast<bf16*>(b.post[i]), T, outLd(i), layout_.linears[i].fanOut, compute_);
        }
        TD_CUDA(cudaStreamSynchronize(compute_));
    }
    b.gradA = b.values(T * layout_.maxWidth, b.activations);
    b.gradB = b.values(T * layout_.maxWidth, b.activations);
    b.colPartials = b.device<float>(size_t(columnSumPartials(int(T))) * layout_.maxWidth, b.activations);
}

// The products read bf16 weights stored transposed (fanOut × fanIn) and bf16 biases
// (fp32 ones in the TRAINDECK_CUDA_FP32 run).
void CudaBackend::refreshShadow() {
    Buffers& b = *buf_;
    for (const LinearLayout& lin : layout_.linears) {
        if (fp32_) {
            float* shadow = static_cast<float*>(b.shadow);
            transposeToFloat(b.params + lin.weight, shadow + lin.weight, lin.fanIn, lin.fanOut, compute_);
            TD_CUDA(cudaMemcpyAsync(shadow + lin.bias, b.params + lin.bias, sizeof(float) * size_t(lin.fanOut),
                                    cudaMemcpyDeviceToDevice, compute_));
        } else {
            bf16* shadow = static_cast<bf16*>(b.shadow);
            transposeToBf16(b.params + lin.weight, shadow + lin.weight, lin.fanIn, lin.fanOut, compute_);
            toBf16(b.params + lin.bias, shadow + lin.bias, size_t(lin.fanOut), compute_);
        }
    }
}

void CudaBackend::phase(int index) {
    if (phases_) TD_CUDA(cudaEventRecord(phaseEvents_[size_t(index)], compute_));
}

// The per-launch inputs travel through a ring of pinned slots copied in stream order
// before each launch: the host may run ahead of the GPU by a few micro-steps, and a
// slot is rewritten only kInputRing launches later (the optimizer step waits for the
// GPU every step, far sooner than that).
void CudaBackend::setFirstSample(uint64_t firstSample) {
    StepInput& slot = buf_->inputHost[microCounter_++ % kInputRing];
    slot.firstSample = firstSample;
    slot.slot = microIndex_;
    TD_CUDA(cudaMemcpyAsync(buf_->inputDev, &slot, sizeof(StepInput), cudaMemcpyHostToDevice, compute_));
}

void CudaBackend::waitFor(cudaEvent_t event) {
    if (nccl_) {
        commGuard([&] {
            nccl_->wait(event);
            return 0;
        });
    } else {
        TD_CUDA(cudaEventSynchronize(event));
    }
}

void CudaBackend::gemm(const GemmArgs& g) {
    gemm_->run(g, compute_);
    ++countedProducts_;
    countedFlop_ += 2.0 * double(g.m) * double(g.n) * double(g.k);
}

void CudaBackend::runForward(int count) {
    if (fp32_) runForwardT<float>(count);
    else runForwardT<bf16>(count);
}

template <class T>
void CudaBackend::runForwardT(int count) {
    Buffers& b = *buf_;
    const T* shadow = static_cast<const T*>(b.shadow);
    const cudaDataType_t type = fp32_ ? CUDA_R_32F : CUDA_R_16BF;
    const int M = int(size_t(count) * size_t(shape_.tokensPerSample()));
    for (size_t i = 0; i < layout_.linears.size(); ++i) {
        const LinearLayout& lin = layout_.linears[i];
        // Y (tokens × fanOut, row-major) = X · W + b is, column-major, Yᵀ = Wᵀ·Xᵀ. The
        // shadow holds Wᵀ row-major (fanOut × fanIn), i.e. W column-major: op T.
        GemmArgs g = product(CUBLAS_OP_T, CUBLAS_OP_N, lin.fanOut, M, lin.fanIn, shadow + lin.weight, lin.fanIn,
                             i == 0 ? b.input : b.post[i - 1], inLd_[i], b.post[i], outLd(i));
        g.abType = g.dType = g.biasType = type;
        g.bias = const_cast<T*>(shadow + lin.bias);
        if (!lin.gelu) {
            g.epilogue = Epilogue::Bias;
            gemm(g);
            continue;
        }
        // The fused epilogue where it pays: on an H200 the unfused form made bench-large's
        // step 3–4% faster (130.5 vs 135.6 ms) and bench-small's 15% slower (0.864 vs
        // 0.751 ms), bench/RESULTS.md; by size, unless TRAINDECK_CUDA_UNFUSED says.
        const bool fuse = fusedMode_ == 1 ||
                          (fusedMode_ == -1 && double(M) * double(lin.fanOut) < kUnfusedFromElements);
        if (forwardFused_[i] && fuse) {
            g.epilogue = Epilogue::GeluAuxBias;
            g.aux = b.pre[i];
            g.ldaux = lin.fanOut;
            if (gemm_->supported(g, compute_)) {
                gemm(g);
                continue;
            }
            if (biasColumn_) throw CudaError("config", "TRAINDECK_CUDA_BIAS_COLUMN needs the fused GELU epilogue");
            forwardFused_[i] = false;  // no fused algorithm for this shape: fall through
        }
        // The product adds the bias in its fp32 accumulators (BIAS epilogue) and rounds
        // X·W + b once; the pass then only applies GELU: 2 GiB of traffic instead of 3 on
        // bench-large, and the pre-activation as exact as the fused epilogue's.
        g.epilogue = biasInPass_ ? Epilogue::None : Epilogue::Bias;
        if (biasInPass_) g.bias = nullptr;
        g.aux = nullptr;
        g.d = b.pre[i];
        gemm(g);
        if (productsOnly_) continue;
        if (biasInPass_) {
            biasGelu(static_cast<T*>(b.pre[i]), shadow + lin.bias, static_cast<T*>(b.post[i]), M, lin.fanOut, compute_);
        } else {
            gelu(static_cast<const T*>(b.pre[i]), static_cast<T*>(b.post[i]), size_t(M) * size_t(lin.fanOut), compute_);
        }
    }
}

void CudaBackend::launchBuckets(int layer) {
    const int bucket = bucketAfterLayer_[size_t(layer)];
    if (bucket < 0) return;
    const GradBucket& gb = buckets_[size_t(bucket)];
    TD_CUDA(cudaEventRecord(bucketEvents_[size_t(bucket)], compute_));
    TD_CUDA(cudaStreamWaitEvent(comm_, bucketEvents_[size_t(bucket)], 0));
    commGuard([&] {
        nccl_->allReduceSum(buf_->grads + gb.offset, gb.count, comm_);
        return 0;
    });
}

void CudaBackend::runMicroStep(int count, bool first, bool last) {
    if (fp32_) runMicroStepT<float>(count, first, last);
    else runMicroStepT<bf16>(count, first, last);
}

template <class T>
void CudaBackend::runMicroStepT(int count, bool first, bool last) {
    Buffers& b = *buf_;
    const T* shadow = static_cast<const T*>(b.shadow);
    const cudaDataType_t type = fp32_ ? CUDA_R_32F : CUDA_R_16BF;
    const int M = int(size_t(count) * size_t(shape_.tokensPerSample()));
    const size_t elements = size_t(M) * 192;
    const float beta = first ? 0.0f : 1.0f;
    const bool reduce = last && nccl_ && !productsOnly_;
    // In measureProductsFloor only the products are enqueued (and only one half of them
    // when productsPart_ says so); everything else below is skipped.
    const bool all = !productsOnly_;

    if (all) {
        phase(kPhaseStart);
        wavesTokens(dataSeed_, &b.inputDev->firstSample, count, shape_.frames, shape_.height, shape_.widthPx,
                    b.waveParams, static_cast<T*>(b.input), b.target, compute_, inLd_[0]);
        phase(kPhaseData);
    }
    if (all || productsPart_ != 2) runForward(count);
    if (all) {
        phase(kPhaseForward);
        mseLoss(static_cast<const T*>(b.post.back()), b.target, elements, 1.0f / float(elements),
                static_cast<T*>(layerGrads_.empty() ? b.gradA : layerGrads_.back()), b.lossPartials, b.lossSums,
                &b.inputDev->slot, compute_);
        // All loss slots so far, so that the last micro-step's copy carries every one.
        TD_CUDA(cudaMemcpyAsync(b.lossHost, b.lossSums, sizeof(double) * (kMaxMicroSteps + 1),
                                cudaMemcpyDeviceToHost, compute_));
        recordVisible(lossReady_, compute_);
        phase(kPhaseLoss);
    }
    if (productsOnly_ && productsPart_ == 1) return;

    // The gradients between layers ping-pong between gradA and gradB; for
    // measureProductsFloor each layer's gradient has its own buffer (layerGrads_), so that
    // a replay of the products alone reads the values a real step made, every time.
    T* cur = static_cast<T*>(layerGrads_.empty() ? b.gradA : layerGrads_.back());
    T* other = static_cast<T*>(b.gradB);
    const int layers = int(layout_.linears.size());
    for (int i = layers - 1; i >= 0; --i) {
        const LinearLayout& lin = layout_.linears[size_t(i)];
        const void* x = i == 0 ? b.input : b.post[size_t(i) - 1];

        // dW (fanIn × fanOut, row-major) = Xᵀ·G is, column-major, dWᵀ = Gᵀ·X:
        // A = Gᵀ (fanOut × M), B = X as op(Xᵀ); fp32 out, accumulated by beta.
        // With the ones column, one more column of Xᵀ: dWᵀ's column fanIn is Gᵀ·1, the bias
        // gradient, which lands at lin.bias, right after the weight.
        GemmArgs w = product(CUBLAS_OP_N, CUBLAS_OP_T, lin.fanOut, lin.fanIn + (biasColumn_ ? 1 : 0), M, cur,
                             lin.fanOut, x, inLd_[size_t(i)], b.grads + lin.weight, lin.fanOut);
        w.abType = type;
        w.dType = CUDA_R_32F;
        w.beta = beta;
        // The bias gradient (the column sums of G) by the same product's BGRADA epilogue,
        // which sums op(A) = Gᵀ over k (the tokens), where usable.
        bool biasDone = biasColumn_;
        if (bgradUsable_[size_t(i)] && beta == 0.0f) {
            GemmArgs wb = w;
            wb.epilogue = Epilogue::BgradA;
            wb.bias = b.grads + lin.bias;
            wb.biasType = CUDA_R_32F;
            if (gemm_->supported(wb, compute_)) {
                w = wb;
                biasDone = true;
            } else {
                bgradUsable_[size_t(i)] = false;
                std::fprintf(stderr, "[nccl backend] layer %d (%d -> %d): no BGRADA algorithm, column sums instead\n", i,
                             lin.fanIn, lin.fanOut);
            }
        }
        // Otherwise: the bias gradient of a layer that feeds GELU was made with its GELU
        // backward in the previous iteration; the others' is a column sum here.
        const bool columnSum = all && !biasDone && (!lin.gelu || dgeluEpilogue_);

        // The weight-gradient product; with TRAINDECK_CUDA_BF16_WGRAD its output is bf16,
        // then added to the fp32 gradient.
        auto weightGradient = [&](GemmArgs wg) {
            if (!bf16Wgrad_) {
                gemm(wg);
                return;
            }
            const float accumulate = wg.beta;
            wg.d = wgradScratch_;
            wg.dType = CUDA_R_16BF;
            wg.beta = 0.0f;
            gemm(wg);
            if (all) {
                accumulateBf16(static_cast<const bf16*>(wgradScratch_), b.grads + lin.weight,
                               size_t(lin.fanIn) * size_t(lin.fanOut), accumulate, compute_);
            }
        };

        // TRAINDECK_CUDA_BF16_BGRAD: layer i's bias gradient is complete here (made by
        // this iteration's column sum or BGRADA, or by the previous one's GELU backward);
        // rounded to bf16 before its bucket goes, as autocast's bf16 bias gradient is.
        auto roundBiasGradient = [&] {
            if (bf16Bgrad_ && all && !productsOnly_) roundToBf16(b.grads + lin.bias, size_t(lin.fanOut), compute_);
        };

        // dX (M × fanIn) = G·Wᵀ is, column-major, dXᵀ = W·Gᵀ; the shadow's Wᵀ row-major
        // is W column-major (fanIn × fanOut): op N. GELU' is applied by the DGELU
        // epilogue (bias gradient: a column sum or the BGRADA epilogue in the next
        // iteration) or by one pass of geluBackwardBias. cuBLASLt's DGELU_BGRAD is not
        // used: it made this product 1.6× slower on an H200 (bench/RESULTS.md).
        T* next = other;
        auto dataGradient = [&](cudaStream_t passStream) {
            const LinearLayout& prev = layout_.linears[size_t(i) - 1];
            if (!layerGrads_.empty()) next = static_cast<T*>(productsOnly_ ? b.gradB : layerGrads_[size_t(i) - 1]);
            GemmArgs d = product(CUBLAS_OP_N, CUBLAS_OP_N, lin.fanIn, M, lin.fanOut, shadow + lin.weight, lin.fanIn,
                                 cur, lin.fanOut, next, lin.fanIn);
            d.abType = d.dType = type;
            if (prev.gelu && dgeluEpilogue_) {
                d.epilogue = Epilogue::DGelu;
                d.aux = b.pre[size_t(i) - 1];
                d.ldaux = lin.fanIn;
            }
            gemm(d);
            if (all && prev.gelu && !dgeluEpilogue_) {
                if (passStream != compute_) {
                    TD_CUDA(cudaEventRecord(sideFork_, compute_));
                    TD_CUDA(cudaStreamWaitEvent(passStream, sideFork_, 0));
                }
                geluBackwardBias(next, static_cast<const T*>(b.pre[size_t(i) - 1]), M, lin.fanIn, b.colPartials,
                                 b.grads + prev.bias, beta, passStream);
            }
        };
        if (overlap_ && all) {
            // The data gradient first, then the weight gradient, while the memory-bound
            // passes (this layer's column sum, GELU' and the bias gradient of the layer
            // below) run on the side stream beside it; joined before the bucket goes.
            TD_CUDA(cudaEventRecord(sideFork_, compute_));
            TD_CUDA(cudaStreamWaitEvent(side_, sideFork_, 0));
            if (columnSum) columnSums(cur, M, lin.fanOut, b.colPartials, b.grads + lin.bias, beta, side_);
            if (i > 0) dataGradient(side_);
            weightGradient(w);
            TD_CUDA(cudaEventRecord(sideDone_, side_));
            TD_CUDA(cudaStreamWaitEvent(compute_, sideDone_, 0));
            roundBiasGradient();
            if (reduce) launchBuckets(i);
            if (i == 0) break;
        } else {
            if (columnSum) columnSums(cur, M, lin.fanOut, b.colPartials, b.grads + lin.bias, beta, compute_);
            weightGradient(w);
            roundBiasGradient();
            if (reduce) launchBuckets(i);
            if (i == 0) break;
            dataGradient(compute_);
        }
        if (layerGrads_.empty()) std::swap(cur, other);
        else cur = static_cast<T*>(layerGrads_[size_t(i) - 1]);
    }
    if (!all) return;
    recordVisible(backwardDone_, compute_);
    phase(kPhaseBackward);
    if (reduce) {
        TD_CUDA(cudaEventRecord(joinEvent_, comm_));
        TD_CUDA(cudaStreamWaitEvent(compute_, joinEvent_, 0));
    }
    recordVisible(commDone_, compute_);
    phase(kPhaseComm);
}

CudaBackend::ProductsFloor CudaBackend::measureProductsFloor(int count, int reps) {
    ensureBuffers(count);
    Buffers& b = *buf_;
    TD_CUDA(cudaStreamSynchronize(compute_));
    ProductsFloor out;
    // One real micro-step (eager) with a gradient buffer per layer, so that the products'
    // operands below are the values of a real step (timing on other data, zeros say,
    // would flatter the matrix units under the power cap); freed at the end.
    const size_t tokens = size_t(count) * size_t(shape_.tokensPerSample());
    std::vector<void*> owned;
    for (const LinearLayout& lin : layout_.linears) layerGrads_.push_back(b.values(tokens * size_t(lin.fanOut), owned));
    auto release = [&] {
        cudaStreamSynchronize(compute_);
        for (void* p : owned) cudaFree(p);
        layerGrads_.clear();
        productsOnly_ = false;
        productsPart_ = 0;
    };
    auto timeReplays = [&](int part) {
        productsPart_ = part;
        GraphedWork work;
        countedProducts_ = 0;
        countedFlop_ = 0;
        const auto body = [&] { runMicroStep(count, true, false); };
        // Eager (plans), captured and launched, one replay: none of them timed.
        for (int w = 0; w < 3; ++w) work.run(compute_, true, body);
        if (part == 0) out.products = countedProducts_ / 2, out.flop = countedFlop_ / 2;  // eager + captured
        std::vector<cudaEvent_t> events(size_t(reps) + 1);
        for (auto& e : events) TD_CUDA(cudaEventCreate(&e));
        TD_CUDA(cudaEventRecord(events[0], compute_));
        for (int r = 0; r < reps; ++r) {
            work.run(compute_, true, body);
            TD_CUDA(cudaEventRecord(events[size_t(r) + 1], compute_));
        }
        TD_CUDA(cudaEventSynchronize(events.back()));
        std::vector<float> ms(static_cast<size_t>(reps), 0.0f);
        for (int r = 0; r < reps; ++r) TD_CUDA(cudaEventElapsedTime(&ms[size_t(r)], events[size_t(r)], events[size_t(r) + 1]));
        for (auto& e : events) cudaEventDestroy(e);
        return ms;
    };
    try {
        const bool wasPhases = phases_;
        phases_ = false;
        runMicroStep(count, true, false);  // the real step whose operands the products reuse
        phases_ = wasPhases;
        productsOnly_ = true;
        out.stepMs = timeReplays(0);
        out.forwardMs = timeReplays(1);
        out.backwardMs = timeReplays(2);
    } catch (...) {
        release();
        throw;
    }
    release();
    return out;
}

void CudaBackend::forwardBackward(const Batch& batch, bool lastMicroStep) {
    if (batch.dataSeed != dataSeed_) {
        // The seed is a constant of the captured graphs: a new one needs new graphs.
        TD_CUDA(cudaStreamSynchronize(compute_));
        graphs_.clear();
        dataSeed_ = batch.dataSeed;
    }
    if (microIndex_ >= kMaxMicroSteps) {
        throw CudaError("config", "more than " + std::to_string(kMaxMicroSteps) + " micro-steps per optimizer step");
    }
    ensureBuffers(batch.count);
    const bool first = microIndex_ == 0;
    setFirstSample(batch.firstSample);
    graphs_[std::make_tuple(batch.count, first, lastMicroStep)].run(
        compute_, useGraphs_, [&] { runMicroStep(batch.count, first, lastMicroStep); });
    hadComm_ = lastMicroStep && nccl_;
    microElements_[size_t(microIndex_)] = double(batch.count) * double(shape_.valuesPerSample());
    ++microIndex_;
}

ReducedStep CudaBackend::allReduceGradients(int microSteps) {
    // The reduction itself was enqueued by the last micro-step, bucket by bucket; the
    // optimizer step is stream-ordered after it. Here only the losses are needed, so
    // wait for the last micro-step's forward, not for its backward.
    waitFor(lossReady_);
    microStepsInStep_ = microSteps;
    ReducedStep out;
    for (int a = 0; a < microSteps && a < microIndex_; ++a) {
        out.microLosses.push_back(buf_->lossHost[a] / microElements_[size_t(a)]);
    }
    // Exposed communication (backward's end to the last bucket's end) of the most
    // recent step that has finished: this step's is not known without waiting for it.
    out.commSeconds = lastCommSeconds_;
    return out;
}

std::vector<double> CudaBackend::allReduceSum(const std::vector<double>& values) {
    if (!nccl_ || values.empty()) return values;
    if (values.size() > 63) throw CudaError("config", "allReduceSum takes at most 63 values");
    Buffers& b = *buf_;
    // One more value: this call's number, the same on every rank, so the sum must be
    // world·number. A rank that is gone or stuck has been seen to leave NCCL's
    // reductions completing with stale data instead of hanging (bench/RESULTS.md); this
    // turns that into an error instead of silently wrong training.
    ++sumCalls_;
    const size_t n = values.size() + 1;
    std::memcpy(b.sumHost, values.data(), values.size() * sizeof(double));
    b.sumHost[values.size()] = double(sumCalls_);
    // The loop calls this every step; replaying a captured copy-reduce-copy saves the
    // host the enqueue work of three operations (the pinned buffers are read at replay).
    auto body = [&] {
        TD_CUDA(cudaMemcpyAsync(b.sumDev, b.sumHost, n * sizeof(double), cudaMemcpyHostToDevice, compute_));
        commGuard([&] {
            nccl_->allReduceSum(b.sumDev, n, compute_);
            return 0;
        });
        TD_CUDA(cudaMemcpyAsync(b.sumHost, b.sumDev, n * sizeof(double), cudaMemcpyDeviceToHost, compute_));
    };
    sumGraphs_[n].run(compute_, useGraphs_, body);
    TD_CUDA(cudaEventRecord(stepDone_, compute_));
    waitFor(stepDone_);
    const double expected = double(sumCalls_) * double(group_.worldSize);
    if (b.sumHost[n - 1] != expected) {
        const std::string message = "rank " + std::to_string(group_.rank) + ": an all-reduce came back without every "
                                    "rank's contribution (check value " + std::to_string(b.sumHost[n - 1]) +
                                    ", expected " + std::to_string(expected) + "): a peer is lost or stuck";
        nccl_->fail("nccl", message);
        throw CommError("nccl: " + message);
    }
    return std::vector<double>(b.sumHost, b.sumHost + n - 1);
}

double CudaBackend::optimizerStep(const OptimizerStep& step) {
    Buffers& b = *buf_;
    const double t = double(step.step + 1);
    AdamWParams& h = *b.hyperHost;
    h = AdamWParams{};
    h.lr = float(step.lr);
    h.gradScale = float(1.0 / (double(group_.worldSize) * double(std::max(1, microStepsInStep_))));
    h.clip = float(step.clipNorm);
    h.c1 = float(1.0 / (1.0 - std::pow(0.9, t)));
    h.c2 = float(1.0 / (1.0 - std::pow(0.95, t)));

    auto body = [&] {
        TD_CUDA(cudaMemcpyAsync(b.hyperDev, b.hyperHost, sizeof(AdamWParams), cudaMemcpyHostToDevice, compute_));
        gradNorm(b.grads, b.n, b.hyperDev, b.normPartials, b.norm, b.coef, compute_);
        adamw(b.params, b.grads, b.m, b.v, b.mask, b.n, b.hyperDev, b.coef, compute_);
        refreshShadow();
        TD_CUDA(cudaMemcpyAsync(b.normHost, b.norm, sizeof(double), cudaMemcpyDeviceToHost, compute_));
    };
    phase(kPhaseOptStart);
    optimizerGraph_.run(compute_, useGraphs_, body);
    phase(kPhaseOptimizer);
    TD_CUDA(cudaEventRecord(stepDone_, compute_));
    waitFor(stepDone_);

    if (hadComm_) {
        float ms = 0;
        // Events recorded inside a graph replay may not be timeable on every driver;
        // then the figure stays at its last value rather than failing the step.
        if (cudaEventElapsedTime(&ms, backwardDone_, commDone_) == cudaSuccess) lastCommSeconds_ = ms / 1000.0;
        else (void)cudaGetLastError();
    }
    // The first steps build the product plans and capture the graphs: leave them out.
    if (phases_ && ++phaseSeen_ > 2) {
        for (int p = 1; p < kPhaseCount; ++p) {
            float ms = 0;
            TD_CUDA(cudaEventElapsedTime(&ms, phaseEvents_[size_t(p) - 1], phaseEvents_[size_t(p)]));
            phaseMs_[size_t(p)] += ms;
        }
        ++phaseSteps_;
    }
    microIndex_ = 0;
    return *b.normHost;
}

double CudaBackend::evaluate(const Batch& batch) {
    ensureBuffers(batch.count);
    Buffers& b = *buf_;
    StepInput& slot = b.inputHost[microCounter_++ % kInputRing];
    slot.firstSample = batch.firstSample;
    slot.slot = kEvalSlot;
    TD_CUDA(cudaMemcpyAsync(b.inputDev, &slot, sizeof(StepInput), cudaMemcpyHostToDevice, compute_));
    const size_t elements = size_t(batch.count) * shape_.valuesPerSample();
    if (fp32_) {
        wavesTokens(batch.dataSeed, &b.inputDev->firstSample, batch.count, shape_.frames, shape_.height,
                    shape_.widthPx, b.waveParams, static_cast<float*>(b.input), b.target, compute_);
        runForward(batch.count);
        mseLoss(static_cast<const float*>(b.post.back()), b.target, elements, 1.0f / float(elements),
                static_cast<float*>(b.gradA), b.lossPartials, b.lossSums, &b.inputDev->slot, compute_);
    } else {
        wavesTokens(batch.dataSeed, &b.inputDev->firstSample, batch.count, shape_.frames, shape_.height,
                    shape_.widthPx, b.waveParams, static_cast<bf16*>(b.input), b.target, compute_, inLd_[0]);
        runForward(batch.count);
        mseLoss(static_cast<const bf16*>(b.post.back()), b.target, elements, 1.0f / float(elements),
                static_cast<bf16*>(b.gradA), b.lossPartials, b.lossSums, &b.inputDev->slot, compute_);
    }
    TD_CUDA(cudaMemcpyAsync(b.lossHost, b.lossSums, sizeof(double) * (kMaxMicroSteps + 1), cudaMemcpyDeviceToHost,
                            compute_));
    TD_CUDA(cudaEventRecord(stepDone_, compute_));
    waitFor(stepDone_);
    return b.lossHost[kEvalSlot] / double(elements);
}

TrainState CudaBackend::saveState() const {
    TrainState s;
    const Buffers& b = *buf_;
    s.params.resize(b.n);
    s.adamM.resize(b.n);
    s.adamV.resize(b.n);
    TD_CUDA(cudaStreamSynchronize(compute_));
    TD_CUDA(cudaMemcpy(s.params.data(), b.params, b.n * sizeof(float), cudaMemcpyDeviceToHost));
    TD_CUDA(cudaMemcpy(s.adamM.data(), b.m, b.n * sizeof(float), cudaMemcpyDeviceToHost));
    TD_CUDA(cudaMemcpy(s.adamV.data(), b.v, b.n * sizeof(float), cudaMemcpyDeviceToHost));
    return s;
}

void CudaBackend::loadState(const TrainState& s) {
    Buffers& b = *buf_;
    if (s.params.size() != b.n || s.adamM.size() != b.n || s.adamV.size() != b.n) {
        throw CudaError("config", "checkpoint holds " + std::to_string(s.params.size()) + " parameters, model has " +
                                      std::to_string(b.n));
    }
    TD_CUDA(cudaStreamSynchronize(compute_));
    TD_CUDA(cudaMemcpy(b.params, s.params.data(), b.n * sizeof(float), cudaMemcpyHostToDevice));
    TD_CUDA(cudaMemcpy(b.m, s.adamM.data(), b.n * sizeof(float), cudaMemcpyHostToDevice));
    TD_CUDA(cudaMemcpy(b.v, s.adamV.data(), b.n * sizeof(float), cudaMemcpyHostToDevice));
    refreshShadow();
    TD_CUDA(cudaStreamSynchronize(compute_));
}

std::vector<float> CudaBackend::gradients() const {
    std::vector<float> g(buf_->n);
    TD_CUDA(cudaStreamSynchronize(compute_));
    TD_CUDA(cudaMemcpy(g.data(), buf_->grads, g.size() * sizeof(float), cudaMemcpyDeviceToHost));
    return g;
}

double CudaBackend::peakMemoryGb() const {
    size_t freeBytes = 0, totalBytes = 0;
    TD_CUDA(cudaMemGetInfo(&freeBytes, &totalBytes));
    return double(totalBytes - freeBytes) / double(1u << 30);
}

}  // namespace traindeck::trainer::cuda

namespace traindeck::trainer {

std::unique_ptr<Backend> makeNcclBackend() { return std::make_unique<cuda::CudaBackend>(); }

bool ncclBackendUsable(std::string* why) {
    int devices = 0;
    const cudaError_t status = cudaGetDeviceCount(&devices);
    if (status != cudaSuccess || devices == 0) {
        if (why) *why = status != cudaSuccess ? std::string("no usable CUDA device: ") + cudaGetErrorString(status)
                                              : std::string("no CUDA device visible");
        return false;
    }
    return true;
}

}  // namespace traindeck::trainer
