#include "gloo_backend.h"

#include "math/adamw.h"
#include "math/waves.h"
#include "memory_unit.h"
#include "rendezvous/gloo_store.h"

#include <gloo/allreduce.h>
#include <gloo/common/error.h>
#include <gloo/math.h>
#include <gloo/rendezvous/context.h>
#include <gloo/rendezvous/prefix_store.h>
#include <gloo/transport/tcp/device.h>

#include <arpa/inet.h>
#include <cstdlib>
#include <cstring>
#include <netdb.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

namespace traindeck::trainer {

namespace {

using Clock = std::chrono::steady_clock;

// The local address that routes to the master: the one the other ranks can reach us
// on (a hostname could resolve to 127.0.1.1 inside a container). GLOO_SOCKET_IFNAME
// overrides it with an interface name, as in PyTorch.
gloo::transport::tcp::attr deviceAttr(const std::string& masterAddr) {
    gloo::transport::tcp::attr attr;
    if (const char* iface = std::getenv("GLOO_SOCKET_IFNAME"); iface && *iface) {
        attr.iface = iface;
        return attr;
    }
    attr.hostname = "127.0.0.1";
    addrinfo hints{};
    hints.ai_socktype = SOCK_DGRAM;
    addrinfo* found = nullptr;
    if (::getaddrinfo(masterAddr.c_str(), "9", &hints, &found) != 0 || !found) return attr;
    const int fd = ::socket(found->ai_family, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (fd >= 0 && ::connect(fd, found->ai_addr, found->ai_addrlen) == 0) {
        sockaddr_storage local{};
        socklen_t len = sizeof local;
        char text[INET6_ADDRSTRLEN] = {};
        if (::getsockname(fd, reinterpret_cast<sockaddr*>(&local), &len) == 0 &&
            ::getnameinfo(reinterpret_cast<sockaddr*>(&local), len, text, sizeof text, nullptr, 0,
                          NI_NUMERICHOST) == 0)
            attr.hostname = text;
    }
    if (fd >= 0) ::close(fd);
    ::freeaddrinfo(found);
    return attr;
}

class GlooBackend : public Backend {
public:
    std::string name() const override { return "gloo"; }
    std::string precision() const override { return "fp32"; }

    void init(const ProcessGroup& group, const ModelShape& shape, uint64_t initSeed) override {
        group_ = group;
        shape_ = shape;
        layout_ = paramLayout(shape);
        params_.assign(layout_.count, 0.0f);
        grads_.assign(layout_.count, 0.0f);
        m_.assign(layout_.count, 0.0f);
        v_.assign(layout_.count, 0.0f);
        decay_ = weightDecayMask(shape);
        initParameters(shape, initSeed, params_.data());
        if (group.worldSize > 1) connect();
    }

    void forwardBackward(const Batch& batch, bool) override {
        const double sum = runForward(batch);
        const size_t elements = size_t(batch.count) * shape_.valuesPerSample();
        backward(layout_, params_.data(), tokens_.data(), acts_, float(1.0 / double(elements)), grads_.data(),
                 scratch_);
        microLosses_.push_back(sum / double(elements));
    }

    ReducedStep allReduceGradients(int microSteps) override {
        ReducedStep out;
        const auto t0 = Clock::now();
        if (group_.worldSize > 1) reduce(grads_.data(), grads_.size(), 1);
        out.commSeconds = std::chrono::duration<double>(Clock::now() - t0).count();
        // Each micro-step added the gradient of its own mean; the step's gradient is
        // their average over ranks and micro-steps.
        const float scale = float(1.0 / (double(group_.worldSize) * double(microSteps)));
        for (float& g : grads_) g *= scale;
        out.microLosses = std::move(microLosses_);
        microLosses_.clear();
        return out;
    }

    std::vector<double> allReduceSum(const std::vector<double>& values) override {
        std::vector<double> out = values;
        if (group_.worldSize > 1 && !out.empty()) reduce(out.data(), out.size(), 2);
        return out;
    }

    double optimizerStep(const OptimizerStep& step) override {
        const double norm = globalNorm(grads_.data(), grads_.size());
        adamwUpdate(AdamW{}, params_.data(), grads_.data(), m_.data(), v_.data(), decay_.data(), params_.size(),
                    step.lr, step.step, clipFactor(norm, step.clipNorm));
        std::fill(grads_.begin(), grads_.end(), 0.0f);
        return norm;
    }

    double evaluate(const Batch& batch) override {
        return runForward(batch) / (double(batch.count) * double(shape_.valuesPerSample()));
    }

    TrainState saveState() const override { return TrainState{params_, m_, v_}; }

    void loadState(const TrainState& state) override {
        if (state.params.size() != params_.size() || state.adamM.size() != m_.size() ||
            state.adamV.size() != v_.size())
            throw std::runtime_error("state has " + std::to_string(state.params.size()) + " parameters, the model " +
                                     std::to_string(params_.size()));
        params_ = state.params;
        m_ = state.adamM;
        v_ = state.adamV;
    }

    std::string device() const override { return "cpu"; }

    double peakMemoryGb() const override {
        rusage usage{};
        ::getrusage(RUSAGE_SELF, &usage);
        return gibFromBytes(double(usage.ru_maxrss) * 1024);  // ru_maxrss is in KiB
    }

private:
    double runForward(const Batch& batch) {
        const size_t perSample = shape_.valuesPerSample();
        tokens_.resize(size_t(batch.count) * perSample);
        for (int i = 0; i < batch.count; ++i)
            makeWavesTokens(batch.dataSeed, batch.firstSample + uint64_t(i), shape_.frames, shape_.height,
                            shape_.widthPx, shape_.patch, tokens_.data() + size_t(i) * perSample);
        return forward(layout_, params_.data(), tokens_.data(), batch.count * shape_.tokensPerSample(), acts_);
    }

    void connect() {
        try {
            GlooStore store(*group_.store, "gloo/", group_.commTimeout);
            auto device = gloo::transport::tcp::CreateDevice(deviceAttr(group_.masterAddr));
            auto context = std::make_shared<gloo::rendezvous::Context>(group_.rank, group_.worldSize);
            context->setTimeout(group_.commTimeout);
            context->connectFullMesh(store, device);
            context_ = context;
        } catch (const std::exception& e) {
            throw CommError(std::string("Gloo could not connect the ranks: ") + e.what());
        }
    }

    // Sum over ranks in place. Gloo's ring all-reduce gives every rank the same bits.
    template <typename T>
    void reduce(T* data, size_t n, uint32_t tag) {
        try {
            gloo::AllreduceOptions opts(context_);
            opts.setOutput(data, n);
            opts.setReduceFunction(static_cast<void (*)(void*, const void*, const void*, size_t)>(&gloo::sum<T>));
            opts.setTag(tag);
            opts.setTimeout(group_.commTimeout);
            gloo::allreduce(opts);
        } catch (const std::exception& e) {
            // Gloo throws one exception type for both; only its text says "Timed out".
            const std::string what = e.what();
            throw CommError(what, what.find("imed out") != std::string::npos);
        }
    }

    ProcessGroup group_;
    ModelShape shape_;
    ParamLayout layout_;
    std::vector<float> params_, grads_, m_, v_, tokens_, scratch_;
    std::vector<uint8_t> decay_;
    std::vector<double> microLosses_;
    Activations acts_;
    std::shared_ptr<gloo::Context> context_;
};

}  // namespace

std::unique_ptr<Backend> makeGlooBackend() { return std::make_unique<GlooBackend>(); }

}  // namespace traindeck::trainer
