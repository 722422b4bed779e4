#include "cuda_backend.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <utility>

#include "check.h"
#include "memory_unit.h"

namespace traindeck::trainer::cuda {

// The per-launch inputs a captured graph cannot hold as constants. Not in the
// anonymous namespace: CudaBackend::Buffers holds them (a member's type must not
// be internal to one file where the class is not).
struct StepInput {
    uint64_t firstSample;
    int slot;  // loss slot: micro-step index, or the evaluation's slot
    int pad;
};

namespace {

constexpr int kMaxMicroSteps = 256;           // loss slots per optimizer step
constexpr int kEvalSlot = kMaxMicroSteps;     // evaluate()'s loss slot
constexpr int kInputRing = 1024;              // pinned per-launch inputs, see setFirstSample
constexpr int kTokenValues = 192;             // one 8×8×3 patch
constexpr const char* kUniqueIdKey = "nccl/unique_id";

// Turns the communicator's failures into the loop's CommError, keeping the kind.
template <class F>
auto commGuard(F&& f) -> decltype(f()) {
    try {
        return f();
    } catch (const CudaError& e) {
        if (e.kind() == "nccl" || e.kind() == "timeout") throw CommError(e.kind() + ": " + e.what(), e.kind() == "timeout");
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
    bf16* shadow = nullptr;  // the products' weights (transposed) and biases
    // Activations for `count` samples.
    int count = 0;
    size_t tokens = 0;
    bf16* input = nullptr;
    float* target = nullptr;
    double* waveParams = nullptr;
    std::vector<bf16*> pre, post;  // per layer; pre only where GELU follows
    bf16 *gradA = nullptr, *gradB = nullptr;
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
CudaBackend::CudaBackend(Paths paths) : paths_(paths) {}

CudaBackend::~CudaBackend() {
    if (compute_) cudaStreamSynchronize(compute_);
    graphs_.clear();
    sumGraphs_.clear();
    optimizerGraph_.reset();
    nccl_.reset();
    gemm_.reset();
    buf_.reset();
    for (cudaEvent_t e : bucketEvents_) cudaEventDestroy(e);
    for (cudaEvent_t e : {joinEvent_, backwardDone_, commDone_, lossReady_, stepDone_}) {
        if (e) cudaEventDestroy(e);
    }
    if (comm_) cudaStreamDestroy(comm_);
    if (compute_) cudaStreamDestroy(compute_);
}

void CudaBackend::init(const ProcessGroup& group, const ModelShape& shape, uint64_t initSeed) {
    group_ = group;
    shape_ = shape;
    layout_ = paramLayout(shape);
    int devices = 0;
    TD_CUDA(cudaGetDeviceCount(&devices));
    if (group.localRank >= devices) {
        throw CudaError("config", "local rank " + std::to_string(group.localRank) + " but only " +
                                      std::to_string(devices) + " GPU(s) visible");
    }
    TD_CUDA(cudaSetDevice(group.localRank));
    cudaDeviceProp properties{};
    TD_CUDA(cudaGetDeviceProperties(&properties, group.localRank));
    deviceName_ = properties.name;
    createStreamsAndEvents();
    gemm_ = std::make_unique<LtGemm>();
    if (group.worldSize > 1) connect();
    allocateParameters(initSeed);
    planGradientBuckets();
    fusedUsable_.assign(layout_.linears.size(), true);
}

void CudaBackend::createStreamsAndEvents() {
    int leastPriority = 0, greatestPriority = 0;
    TD_CUDA(cudaDeviceGetStreamPriorityRange(&leastPriority, &greatestPriority));
    TD_CUDA(cudaStreamCreateWithPriority(&compute_, cudaStreamNonBlocking, leastPriority));
    // Communication gets the higher priority so its kernels are scheduled as soon as
    // their bucket is ready, between the backward's product tiles.
    TD_CUDA(cudaStreamCreateWithPriority(&comm_, cudaStreamNonBlocking, greatestPriority));
    TD_CUDA(cudaEventCreateWithFlags(&joinEvent_, cudaEventDisableTiming));
    TD_CUDA(cudaEventCreate(&backwardDone_));
    TD_CUDA(cudaEventCreate(&commDone_));
    TD_CUDA(cudaEventCreateWithFlags(&lossReady_, cudaEventDisableTiming));
    TD_CUDA(cudaEventCreateWithFlags(&stepDone_, cudaEventDisableTiming));
}

// Rank 0 makes the ncclUniqueId and shares it through the rendezvous store.
void CudaBackend::connect() {
    if (!group_.store) throw CudaError("config", "the nccl backend needs the rendezvous store for ncclUniqueId");
    ncclUniqueId id;
    commGuard([&] {
        if (group_.rank == 0) {
            id = Communicator::newUniqueId();
            group_.store->set(kUniqueIdKey, std::string(id.internal, sizeof(id.internal)));
        } else {
            const std::string bytes = group_.store->get(kUniqueIdKey, group_.commTimeout);
            if (bytes.size() != sizeof(id.internal)) throw CudaError("nccl", "malformed ncclUniqueId in the store");
            std::memcpy(id.internal, bytes.data(), sizeof(id.internal));
        }
        nccl_ = std::make_unique<Communicator>(id, group_.rank, group_.worldSize, group_.commTimeout);
        return 0;
    });
}

void CudaBackend::allocateParameters(uint64_t initSeed) {
    buf_ = std::make_unique<Buffers>();
    Buffers& b = *buf_;
    b.n = layout_.count;
    b.params = b.device<float>(b.n, b.fixed);
    b.grads = b.device<float>(b.n, b.fixed);
    b.m = b.device<float>(b.n, b.fixed);
    b.v = b.device<float>(b.n, b.fixed);
    b.mask = b.device<uint8_t>(b.n, b.fixed);
    b.shadow = b.device<bf16>(b.n, b.fixed);
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
    initParameters(shape_, initSeed, params.data());
    const std::vector<uint8_t> mask = weightDecayMask(shape_);
    TD_CUDA(cudaMemcpy(b.params, params.data(), b.n * sizeof(float), cudaMemcpyHostToDevice));
    TD_CUDA(cudaMemcpy(b.mask, mask.data(), b.n, cudaMemcpyHostToDevice));
    TD_CUDA(cudaMemset(b.m, 0, b.n * sizeof(float)));
    TD_CUDA(cudaMemset(b.v, 0, b.n * sizeof(float)));
    TD_CUDA(cudaMemset(b.grads, 0, b.n * sizeof(float)));
    refreshShadow();
    TD_CUDA(cudaStreamSynchronize(compute_));
}

void CudaBackend::planGradientBuckets() {
    std::vector<LayerRange> ranges;
    for (const auto& lin : layout_.linears) ranges.push_back({lin.weight, lin.bias + size_t(lin.fanOut)});
    buckets_ = planBuckets(ranges, bucketCapElements());
    bucketAfterLayer_ = bucketReadyAfterLayer(buckets_, int(ranges.size()));
    bucketEvents_.resize(buckets_.size());
    for (auto& e : bucketEvents_) TD_CUDA(cudaEventCreateWithFlags(&e, cudaEventDisableTiming));
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
    b.input = b.device<bf16>(T * kTokenValues, b.activations);
    b.target = b.device<float>(T * kTokenValues, b.activations);
    b.waveParams = b.device<double>(size_t(count) * 36, b.activations);
    for (const auto& lin : layout_.linears) {
        b.pre.push_back(lin.gelu ? b.device<bf16>(T * size_t(lin.fanOut), b.activations) : nullptr);
        b.post.push_back(b.device<bf16>(T * size_t(lin.fanOut), b.activations));
    }
    b.gradA = b.device<bf16>(T * layout_.maxWidth, b.activations);
    b.gradB = b.device<bf16>(T * layout_.maxWidth, b.activations);
    b.colPartials = b.device<float>(size_t(columnSumPartials(int(T))) * layout_.maxWidth, b.activations);
}

// The products read bf16 weights stored transposed (fanOut × fanIn) and bf16 biases.
void CudaBackend::refreshShadow() {
    Buffers& b = *buf_;
    for (const LinearLayout& lin : layout_.linears) {
        transposeToBf16(b.params + lin.weight, b.shadow + lin.weight, lin.fanIn, lin.fanOut, compute_);
        toBf16(b.params + lin.bias, b.shadow + lin.bias, size_t(lin.fanOut), compute_);
    }
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

void CudaBackend::runForward(int count) {
    Buffers& b = *buf_;
    const int M = int(size_t(count) * size_t(shape_.tokensPerSample()));
    for (size_t i = 0; i < layout_.linears.size(); ++i) {
        const LinearLayout& lin = layout_.linears[i];
        // Y (tokens × fanOut, row-major) = X · W + b is, column-major, Yᵀ = Wᵀ·Xᵀ. The
        // shadow holds Wᵀ row-major (fanOut × fanIn), i.e. W column-major: op T.
        GemmArgs g = product(CUBLAS_OP_T, CUBLAS_OP_N, lin.fanOut, M, lin.fanIn, b.shadow + lin.weight, lin.fanIn,
                             i == 0 ? b.input : b.post[i - 1], lin.fanIn, b.post[i], lin.fanOut);
        g.bias = b.shadow + lin.bias;
        g.epilogue = Epilogue::Bias;
        if (!lin.gelu) {
            gemm_->run(g, compute_);
            continue;
        }
        if (fusedUsable_[i] && double(M) * double(lin.fanOut) < paths_.unfusedFromElements) {
            GemmArgs fused = g;
            fused.epilogue = Epilogue::GeluAuxBias;
            fused.aux = b.pre[i];
            fused.ldaux = lin.fanOut;
            if (gemm_->supported(fused)) {
                gemm_->run(fused, compute_);
                continue;
            }
            fusedUsable_[i] = false;  // no fused algorithm for this shape: unfused from now on
        }
        // The product adds the bias in its fp32 accumulators (BIAS epilogue) and rounds
        // X·W + b once, as the fused epilogue does; the pass then only applies GELU.
        g.d = b.pre[i];
        gemm_->run(g, compute_);
        gelu(b.pre[i], b.post[i], size_t(M) * size_t(lin.fanOut), compute_);
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
    Buffers& b = *buf_;
    const size_t elements = size_t(count) * size_t(shape_.valuesPerSample());
    wavesTokens(dataSeed_, &b.inputDev->firstSample, count, shape_.frames, shape_.height, shape_.widthPx,
                b.waveParams, b.input, b.target, compute_);
    runForward(count);
    mseLoss(b.post.back(), b.target, elements, 1.0f / float(elements), b.gradA, b.lossPartials, b.lossSums,
            &b.inputDev->slot, compute_);
    // All loss slots so far, so that the last micro-step's copy carries every one.
    TD_CUDA(cudaMemcpyAsync(b.lossHost, b.lossSums, sizeof(double) * (kMaxMicroSteps + 1), cudaMemcpyDeviceToHost,
                            compute_));
    recordVisible(lossReady_, compute_);
    const bool reduce = last && nccl_;
    runBackward(count, first ? 0.0f : 1.0f, reduce);
    recordVisible(backwardDone_, compute_);
    if (reduce) {
        TD_CUDA(cudaEventRecord(joinEvent_, comm_));
        TD_CUDA(cudaStreamWaitEvent(compute_, joinEvent_, 0));
    }
    recordVisible(commDone_, compute_);
}

// From the last layer to the first; the loss gradient is in gradA. beta 0 writes the
// gradients (a step's first micro-step), 1 accumulates. With `reduce`, each bucket's
// all-reduce starts as soon as its layers are done.
void CudaBackend::runBackward(int count, float beta, bool reduce) {
    Buffers& b = *buf_;
    const int M = int(size_t(count) * size_t(shape_.tokensPerSample()));
    // The gradients between layers ping-pong between gradA and gradB.
    bf16* cur = b.gradA;
    bf16* next = b.gradB;
    for (int i = int(layout_.linears.size()) - 1; i >= 0; --i) {
        const LinearLayout& lin = layout_.linears[size_t(i)];
        // The bias gradient of a layer that feeds GELU was made with its GELU backward
        // in the previous iteration; the others' is a column sum of the gradient here.
        if (!lin.gelu) columnSums(cur, M, lin.fanOut, b.colPartials, b.grads + lin.bias, beta, compute_);
        // dW (fanIn × fanOut, row-major) = Xᵀ·G is, column-major, dWᵀ = Gᵀ·X:
        // A = Gᵀ (fanOut × M), B = X as op(Xᵀ); fp32 out, accumulated by beta.
        GemmArgs w = product(CUBLAS_OP_N, CUBLAS_OP_T, lin.fanOut, lin.fanIn, M, cur, lin.fanOut,
                             i == 0 ? b.input : b.post[size_t(i) - 1], lin.fanIn, b.grads + lin.weight, lin.fanOut);
        w.dType = CUDA_R_32F;
        w.beta = beta;
        gemm_->run(w, compute_);
        if (reduce) launchBuckets(i);
        if (i == 0) break;
        // dX (M × fanIn) = G·Wᵀ is, column-major, dXᵀ = W·Gᵀ; the shadow's Wᵀ row-major
        // is W column-major (fanIn × fanOut): op N. Then GELU' and the bias gradient of
        // the layer below in one pass (cuBLASLt's DGELU_BGRAD epilogue made this
        // product 1.6× slower on an H200, bench/RESULTS.md).
        const LinearLayout& prev = layout_.linears[size_t(i) - 1];
        gemm_->run(product(CUBLAS_OP_N, CUBLAS_OP_N, lin.fanIn, M, lin.fanOut, b.shadow + lin.weight, lin.fanIn, cur,
                           lin.fanOut, next, lin.fanIn),
                   compute_);
        if (prev.gelu) {
            geluBackwardBias(next, b.pre[size_t(i) - 1], M, lin.fanIn, b.colPartials, b.grads + prev.bias, beta,
                             compute_);
        }
        std::swap(cur, next);
    }
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
        compute_, paths_.graphs, [&] { runMicroStep(batch.count, first, lastMicroStep); });
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
    sumGraphs_[n].run(compute_, paths_.graphs, body);
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
    optimizerGraph_.run(compute_, paths_.graphs, body);
    TD_CUDA(cudaEventRecord(stepDone_, compute_));
    waitFor(stepDone_);

    if (hadComm_) {
        float ms = 0;
        // Events recorded inside a graph replay may not be timeable on every driver;
        // then the figure stays at its last value rather than failing the step.
        if (cudaEventElapsedTime(&ms, backwardDone_, commDone_) == cudaSuccess) lastCommSeconds_ = ms / 1000.0;
        else (void)cudaGetLastError();
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
    wavesTokens(batch.dataSeed, &b.inputDev->firstSample, batch.count, shape_.frames, shape_.height, shape_.widthPx,
                b.waveParams, b.input, b.target, compute_);
    runForward(batch.count);
    mseLoss(b.post.back(), b.target, elements, 1.0f / float(elements), b.gradA, b.lossPartials, b.lossSums,
            &b.inputDev->slot, compute_);
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
    return gibFromBytes(double(totalBytes - freeBytes));
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
