// traindeck-cuda-train: one rank of a data-parallel run of the CUDA backend, each step
// the trainer's own (trainer/train_step.h: micro-steps, gradient reduction, AdamW),
// then one small all-reduce of the step's statistics as trainer/training_loop.cpp
// does, without the TCP rendezvous: ranks meet through a directory (FileStore). bench/run_device.sh starts
// one per GPU for the benchmarks, the 1/2/4-GPU agreement check and the lost-rank test.
//
//   traindeck-cuda-train --rank R --world N --store DIR [--preset large] [--frames 8]
//     [--height 256] [--width 256] [--micro-batch 16] [--accum 1] [--steps 120]
//     [--lr 1e-3] [--warmup 20] [--seed 1234] [--log-every 10] [--comm-timeout 30]
//     [--die-at-step K --die-rank R]     (fault injection: that rank exits at step K)
//     [--hang-at-step K --die-rank R]    (fault injection: that rank stops at step K)
//     [--stop-after K]   end after step K (the schedule stays that of --steps)
//     [--layer-norms-until K]  a LAYERS line for steps 0..K: each layer's weight and bias
//                        gradient norm (averaged gradient, before clipping) and update norm
//     [--dump-steps 0,20,21 --dump-dir D]  at those steps write D/params-N.f32 (fp32, before
//                        the step, model.h's flat layout) and D/grads-N.default.f32 (the
//                        averaged gradient before clipping); rank 0, one process a GPU
//     [--grads-at D --dump-steps ... --tag T]  no training: for each step N, load
//                        D/params-N.f32 and write the gradient of step N's data at those
//                        weights to D/grads-N.T.f32 (bench/ddp_reference.py --grads-at
//                        takes PyTorch's at the same weights)
//
// Rank 0 prints `step` lines and a final `RESULT` line with samples/s over steps
// 20..end (all ranks), the mean step time and the last step's PSNR.

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <stdexcept>
#include <thread>
#include <unistd.h>

#include "check.h"
#include "cuda_backend.h"
#include "file_store.h"
#include "math/waves.h"
#include "schedule/lr_schedule.h"
#include "train_step.h"

using namespace traindeck::trainer;
using Clock = std::chrono::steady_clock;

namespace {

struct Args {
    int rank = 0, world = 1;
    std::string store = "/tmp/traindeck-store";
    std::string preset = "large";
    int frames = 8, height = 256, width = 256, microBatch = 16, accum = 1;
    long steps = 120, warmup = 20, logEvery = 10, timedFrom = 20;
    double lr = 1e-3, commTimeout = 30;
    uint64_t seed = 1234;
    long dieAtStep = -1, hangAtStep = -1;
    int dieRank = -1;
    long allreduceElements = 0;  // > 0: time fp32 all-reduces of this size instead of training
    long stopAfter = -1, layerNormsUntil = -1;
    std::vector<long> dumpSteps;
    std::string dumpDir, gradsAt, tag = "default";
};

std::vector<long> stepList(const char* v) {
    std::vector<long> out;
    for (const char* p = v; *p;) {
        char* end = nullptr;
        out.push_back(std::strtol(p, &end, 10));
        if (end == p) {
            std::fprintf(stderr, "bad step list %s\n", v);
            std::exit(2);
        }
        p = *end == ',' ? end + 1 : end;
    }
    return out;
}

Args parse(int argc, char** argv) {
    Args a;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string k = argv[i];
        const char* v = argv[i + 1];
        if (k == "--rank") a.rank = std::atoi(v);
        else if (k == "--world") a.world = std::atoi(v);
        else if (k == "--store") a.store = v;
        else if (k == "--preset") a.preset = v;
        else if (k == "--frames") a.frames = std::atoi(v);
        else if (k == "--height") a.height = std::atoi(v);
        else if (k == "--width") a.width = std::atoi(v);
        else if (k == "--micro-batch") a.microBatch = std::atoi(v);
        else if (k == "--accum") a.accum = std::atoi(v);
        else if (k == "--steps") a.steps = std::atol(v);
        else if (k == "--warmup") a.warmup = std::atol(v);
        else if (k == "--log-every") a.logEvery = std::atol(v);
        else if (k == "--timed-from") a.timedFrom = std::atol(v);
        else if (k == "--lr") a.lr = std::atof(v);
        else if (k == "--seed") a.seed = std::strtoull(v, nullptr, 10);
        else if (k == "--comm-timeout") a.commTimeout = std::atof(v);
        else if (k == "--die-at-step") a.dieAtStep = std::atol(v);
        else if (k == "--die-rank") a.dieRank = std::atoi(v);
        else if (k == "--hang-at-step") a.hangAtStep = std::atol(v);
        else if (k == "--allreduce-elements") a.allreduceElements = std::atol(v);
        else if (k == "--stop-after") a.stopAfter = std::atol(v);
        else if (k == "--layer-norms-until") a.layerNormsUntil = std::atol(v);
        else if (k == "--dump-steps") a.dumpSteps = stepList(v);
        else if (k == "--dump-dir") a.dumpDir = v;
        else if (k == "--grads-at") a.gradsAt = v;
        else if (k == "--tag") a.tag = v;
        else {
            std::fprintf(stderr, "unknown option %s\n", k.c_str());
            std::exit(2);
        }
    }
    return a;
}


// Diagnostics files (gradients of two implementations at the same weights): raw fp32,
// host order.
void writeFloats(const std::string& path, const std::vector<float>& v) {
    FILE* f = std::fopen(path.c_str(), "wb");
    const bool ok = f && std::fwrite(v.data(), sizeof(float), v.size(), f) == v.size();
    if (!f || std::fclose(f) != 0 || !ok) throw std::runtime_error("cannot write " + path);
}
std::vector<float> readFloats(const std::string& path, size_t n) {
    std::vector<float> v(n);
    FILE* f = std::fopen(path.c_str(), "rb");
    const bool ok = f && std::fread(v.data(), sizeof(float), n, f) == n && std::fgetc(f) == EOF;
    if (f) std::fclose(f);
    if (!ok) throw std::runtime_error("cannot read " + std::to_string(n) + " floats from " + path);
    return v;
}
double norm(const float* x, size_t n, const float* minus = nullptr) {
    double s = 0;
    for (size_t i = 0; i < n; ++i) {
        const double d = double(x[i]) - (minus ? double(minus[i]) : 0.0);
        s += d * d;
    }
    return std::sqrt(s);
}
// "LAYERS step N grad w0 b0 w1 b1 ... update w0 b0 ...": the per-layer norms of one
// step's averaged gradient (before clipping) and of its update (after − before).
void printLayerNorms(long step, const ParamLayout& layout, const std::vector<float>& grads,
                     const std::vector<float>& before, const std::vector<float>& after) {
    std::printf("LAYERS step %ld grad", step);
    for (const LinearLayout& l : layout.linears) {
        std::printf(" %.6e %.6e", norm(&grads[l.weight], size_t(l.fanIn) * l.fanOut), norm(&grads[l.bias], l.fanOut));
    }
    std::printf(" update");
    for (const LinearLayout& l : layout.linears) {
        std::printf(" %.6e %.6e", norm(&after[l.weight], size_t(l.fanIn) * l.fanOut, &before[l.weight]),
                    norm(&after[l.bias], l.fanOut, &before[l.bias]));
    }
    std::printf("\n");
}

// The all-reduce of the backend's communicator (in place, fp32, on a high-priority
// stream) at one size: median of 20 after 5 warm-ups, as nccl-tests reports it:
// algbw = bytes / time, busbw = algbw · 2(n−1)/n.
int allreduceBench(const Args& a, KvStore& store) {
    TD_CUDA(cudaSetDevice(a.rank));
    ncclUniqueId id;
    if (a.rank == 0) {
        id = cuda::Communicator::newUniqueId();
        store.set("nccl/bench_id", std::string(id.internal, sizeof(id.internal)));
    } else {
        const std::string bytes = store.get("nccl/bench_id", std::chrono::seconds(60));
        std::memcpy(id.internal, bytes.data(), sizeof(id.internal));
    }
    cuda::Communicator comm(id, a.rank, a.world, std::chrono::milliseconds(long(a.commTimeout * 1000)));
    int version = 0;
    TD_NCCL(ncclGetVersion(&version));
    if (a.rank == 0) std::printf("NCCL version %d\n", version);
    float* buf = nullptr;
    TD_CUDA(cudaMalloc(&buf, size_t(a.allreduceElements) * sizeof(float)));
    TD_CUDA(cudaMemset(buf, 0, size_t(a.allreduceElements) * sizeof(float)));
    int least = 0, greatest = 0;
    TD_CUDA(cudaDeviceGetStreamPriorityRange(&least, &greatest));
    cudaStream_t stream;
    TD_CUDA(cudaStreamCreateWithPriority(&stream, cudaStreamNonBlocking, greatest));
    cudaEvent_t start, stop;
    TD_CUDA(cudaEventCreate(&start));
    TD_CUDA(cudaEventCreate(&stop));
    std::vector<float> times;
    for (int i = 0; i < 25; ++i) {
        TD_CUDA(cudaEventRecord(start, stream));
        comm.allReduceSum(buf, size_t(a.allreduceElements), stream);
        TD_CUDA(cudaEventRecord(stop, stream));
        comm.wait(stop);
        float ms = 0;
        TD_CUDA(cudaEventElapsedTime(&ms, start, stop));
        if (i >= 5) times.push_back(ms);
    }
    std::sort(times.begin(), times.end());
    const double sec = times[times.size() / 2] / 1e3, bytes = double(a.allreduceElements) * 4.0;
    const double algbw = bytes / sec / 1e9, busbw = algbw * 2.0 * (a.world - 1) / a.world;
    if (a.rank == 0) {
        std::printf("ALLREDUCE impl traindeck gpus %d bytes %.0f time_us %.1f algbw_GBps %.1f busbw_GBps %.1f\n", a.world,
                    bytes, sec * 1e6, algbw, busbw);
    }
    cudaFree(buf);
    return 0;
}

// One run of the backend, driven as trainer/training_loop.cpp drives it.
class Driver {
public:
    Driver(const Args& a, const ModelShape& shape, cuda::CudaBackend& backend)
        : a_(a), backend_(backend), layout_(paramLayout(shape)),
          step_{a.seed, a.microBatch, a.accum, a.rank, a.world, traindeck::LrSchedule{a.lr, a.warmup, a.steps, 0.1}} {}

    // The gradient of step N's data at the weights another run had before step N.
    void gradientsAtDumpedWeights() {
        for (long k : a_.dumpSteps) {
            TrainState state;
            state.params = readFloats(a_.gradsAt + "/params-" + std::to_string(k) + ".f32", layout_.count);
            state.adamM.assign(layout_.count, 0.0f);
            state.adamV.assign(layout_.count, 0.0f);
            backend_.loadState(state);
            accumulateGradients(backend_, step_, k, direct, [](StepPoint) {});
            const std::vector<float> g = averaged(backend_.gradients());
            if (a_.rank == 0) {
                writeFloats(a_.gradsAt + "/grads-" + std::to_string(k) + "." + a_.tag + ".f32", g);
                std::printf("GRADS step %ld tag %s norm %.6e\n", k, a_.tag.c_str(), norm(g.data(), g.size()));
                std::fflush(stdout);
            }
            backend_.optimizerStep(OptimizerStep{k, 0.0, 1.0});  // closes the step; the weights are reloaded
        }
    }

    // The timed run; `n` is the step in progress (for an error event).
    void train(long& n) {
        Clock::time_point timedStart;
        double stepTimeSum = 0, lastPsnr = 0;
        for (n = 0; n < a_.steps && (a_.stopAfter < 0 || n <= a_.stopAfter); ++n) {
            injectFault(n);
            if (n == a_.timedFrom) timedStart = Clock::now();
            const StepOut s = step(n);
            if (n >= a_.timedFrom) stepTimeSum += s.seconds;
            lastPsnr = s.psnr;
            if (a_.rank == 0 && (n % a_.logEvery == 0 || n == a_.steps - 1)) {
                std::printf("step %ld loss %.7f psnr %.4f grad_norm %.5f lr %.3e step_ms %.3f comm_ms %.3f mem_gb %.1f\n",
                            n, s.loss, s.psnr, s.norm, s.lr, s.seconds * 1e3, s.commSeconds * 1e3,
                            backend_.peakMemoryGb());
                std::fflush(stdout);
            }
        }
        if (n < a_.steps) {
            if (a_.rank == 0) std::printf("STOPPED after step %ld (--stop-after)\n", n - 1);
            return;
        }
        const double elapsed = std::chrono::duration<double>(Clock::now() - timedStart).count();
        const long timed = a_.steps - a_.timedFrom;
        if (a_.rank == 0) {
            const double effectiveBatch = double(a_.world) * a_.accum * a_.microBatch;
            std::printf("RESULT preset %s gpus %d micro_batch %d accum %d samples_per_s %.3f step_ms %.3f "
                        "psnr_last %.4f steps %ld\n",
                        a_.preset.c_str(), a_.world, a_.microBatch, a_.accum, effectiveBatch * double(timed) / elapsed,
                        1e3 * stepTimeSum / double(timed), lastPsnr, a_.steps);
            std::fflush(stdout);
        }
    }

private:
    struct StepOut {
        double seconds, loss, psnr, norm, lr, commSeconds;
    };

    // gradients() holds the sum over ranks and micro-steps; the optimizer averages.
    std::vector<float> averaged(std::vector<float> g) const {
        for (float& x : g) x = float(double(x) / (double(a_.world) * a_.accum));
        return g;
    }

    // Each collective call of the step, made directly (no watchdog here: a lost rank
    // is found by the backend's own timeout, which the lost-rank benchmark measures).
    static constexpr auto direct = [](auto&& call, bool) { return call(); };

    void injectFault(long n) const {
        if (n == a_.dieAtStep && a_.rank == a_.dieRank) {
            std::fprintf(stderr, "rank %d: exiting at step %ld (fault injection)\n", a_.rank, n);
            std::fflush(stderr);
            ::_exit(9);
        }
        if (n == a_.hangAtStep && a_.rank == a_.dieRank) {
            std::fprintf(stderr, "rank %d: stops answering at step %ld (fault injection)\n", a_.rank, n);
            std::fflush(stderr);
            for (;;) std::this_thread::sleep_for(std::chrono::seconds(1));
        }
    }

    // One optimizer step: its wall time (seconds), loss, PSNR, gradient norm.
    StepOut step(long k) {
        const auto t0 = Clock::now();
        // Diagnostics (rank 0, and only when asked for: they copy the state to the host).
        const bool dump = a_.rank == 0 && !a_.dumpDir.empty() &&
                          std::find(a_.dumpSteps.begin(), a_.dumpSteps.end(), k) != a_.dumpSteps.end();
        const bool layerNorms = a_.rank == 0 && k <= a_.layerNormsUntil;
        std::vector<float> before, grads;
        const StepDone done = runStep(backend_, step_, k, direct, [&](StepPoint at) {
            if (at != StepPoint::GradientsReduced || !(dump || layerNorms)) return;
            before = backend_.saveState().params;
            grads = averaged(backend_.gradients());
            if (dump) {
                writeFloats(a_.dumpDir + "/params-" + std::to_string(k) + ".f32", before);
                writeFloats(a_.dumpDir + "/grads-" + std::to_string(k) + ".default.f32", grads);
            }
        });
        if (layerNorms) printLayerNorms(k, layout_, grads, before, backend_.saveState().params);
        const std::vector<double> st = backend_.allReduceSum(lossSums(done.reduced));
        const double seconds = std::chrono::duration<double>(Clock::now() - t0).count();
        const double count = double(a_.world) * a_.accum;
        return StepOut{seconds, st[0] / count, st[1] / count, done.gradNorm, done.lr, done.reduced.commSeconds};
    }

    const Args& a_;
    cuda::CudaBackend& backend_;
    const ParamLayout layout_;
    const StepShape step_;
};

}  // namespace

int main(int argc, char** argv) {
    const Args a = parse(argc, argv);
    ModelShape shape;
    if (!applyPreset(a.preset, shape)) {
        std::fprintf(stderr, "unknown preset %s\n", a.preset.c_str());
        return 2;
    }
    shape.frames = a.frames, shape.height = a.height, shape.widthPx = a.width;
    cuda::FileStore store(a.store);
    ProcessGroup group;
    group.rank = a.rank, group.worldSize = a.world, group.localRank = a.rank, group.localWorldSize = a.world;
    group.store = &store;
    group.commTimeout = std::chrono::milliseconds(long(a.commTimeout * 1000));

    if (a.allreduceElements > 0) return allreduceBench(a, store);

    cuda::CudaBackend backend;
    long n = 0;
    try {
        backend.init(group, shape, a.seed);
        Driver driver(a, shape, backend);
        if (!a.gradsAt.empty()) driver.gradientsAtDumpedWeights();
        else driver.train(n);
    } catch (const CommError& e) {
        std::printf("{\"v\":1,\"event\":\"error\",\"rank\":%d,\"kind\":\"%s\",\"step\":%ld,\"message\":\"%s\"}\n", a.rank,
                    e.timedOut ? "timeout" : "nccl", n, e.what());
        std::fflush(stdout);
        ::_exit(3);  // the communicator is aborted; skip destructors that would touch it
    } catch (const std::exception& e) {
        std::printf("{\"v\":1,\"event\":\"error\",\"rank\":%d,\"kind\":\"cuda\",\"step\":%ld,\"message\":\"%s\"}\n", a.rank,
                    n, e.what());
        std::fflush(stdout);
        ::_exit(4);
    }
    return 0;
}
