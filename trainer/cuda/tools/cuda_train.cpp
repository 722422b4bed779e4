// traindeck-cuda-train: one rank of a data-parallel run of the CUDA backend, driven
// exactly as trainer/training_loop.cpp drives a backend (micro-steps, gradient
// reduction, AdamW, one small all-reduce of the step's statistics), without the TCP
// rendezvous: ranks meet through a directory (FileStore). bench/run_device.sh starts
// one per GPU for the benchmarks, the 1/2/4-GPU agreement check and the lost-rank test.
//
//   traindeck-cuda-train --rank R --world N --store DIR [--preset large] [--frames 8]
//     [--height 256] [--width 256] [--micro-batch 16] [--accum 1] [--steps 120]
//     [--lr 1e-3] [--warmup 20] [--seed 1234] [--log-every 10] [--comm-timeout 30]
//     [--die-at-step K --die-rank R]     (fault injection: that rank exits at step K)
//     [--hang-at-step K --die-rank R]    (fault injection: that rank stops at step K)
//     [--floor-reps K]   after the run: the products floor (CudaBackend::measureProductsFloor,
//                        K replays), K more full steps, the floor again; one FLOOR line
//     [--stop-after K]   end after step K (the schedule stays that of --steps)
//     [--layer-norms-until K]  a LAYERS line for steps 0..K: each layer's weight and bias
//                        gradient norm (averaged gradient, before clipping) and update norm
//     [--dump-steps 0,20,21 --dump-dir D]  at those steps write D/params-N.f32 (fp32, before
//                        the step, model.h's flat layout) and D/grads-N.default.f32 (the
//                        averaged gradient before clipping); rank 0, one process a GPU
//     [--grads-at D --dump-steps ... --tag T]  no training: for each step N, load
//                        D/params-N.f32 and write the gradient of step N's data at those
//                        weights to D/grads-N.T.f32 (the backend variants set by the
//                        environment, at the same weights as the run that dumped them)
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
    int floorReps = 0;
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
        else if (k == "--floor-reps") a.floorReps = std::atoi(v);
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

double psnr(double mse) { return 10.0 * std::log10(1.0 / mse); }

// Diagnostics files (issue 15's same-weights comparison): raw fp32, host order.
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

struct Stats {
    double median = 0, mean = 0, min = 0;
};
Stats stats(std::vector<float> v) {
    Stats s;
    if (v.empty()) return s;
    std::sort(v.begin(), v.end());
    s.median = v.size() % 2 ? v[v.size() / 2] : 0.5 * (v[v.size() / 2 - 1] + v[v.size() / 2]);
    for (float x : v) s.mean += x;
    s.mean /= double(v.size());
    s.min = v.front();
    return s;
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
        const traindeck::LrSchedule schedule{a.lr, a.warmup, a.steps, 0.1};
        const int R = a.world, A = a.accum, B = a.microBatch;
        const ParamLayout layout = paramLayout(shape);
        // gradients() holds the sum over ranks and micro-steps; the optimizer averages.
        auto averaged = [&](std::vector<float> g) {
            for (float& x : g) x = float(double(x) / (double(R) * A));
            return g;
        };
        if (!a.gradsAt.empty()) {
            // The gradient of step N's data at the weights another run had before step N.
            for (long k : a.dumpSteps) {
                TrainState state;
                state.params = readFloats(a.gradsAt + "/params-" + std::to_string(k) + ".f32", layout.count);
                state.adamM.assign(layout.count, 0.0f);
                state.adamV.assign(layout.count, 0.0f);
                backend.loadState(state);
                for (int m = 0; m < A; ++m) {
                    backend.forwardBackward(Batch{a.seed, sampleId(uint64_t(k), A, m, R, a.rank, B, 0), B}, m == A - 1);
                }
                backend.allReduceGradients(A);
                const std::vector<float> g = averaged(backend.gradients());
                if (a.rank == 0) {
                    writeFloats(a.gradsAt + "/grads-" + std::to_string(k) + "." + a.tag + ".f32", g);
                    std::printf("GRADS step %ld tag %s norm %.6e\n", k, a.tag.c_str(), norm(g.data(), g.size()));
                    std::fflush(stdout);
                }
                backend.optimizerStep(OptimizerStep{k, 0.0, 1.0});  // closes the step; the weights are reloaded
            }
            return 0;
        }
        const double effectiveBatch = double(R) * A * B;
        Clock::time_point timedStart;
        double stepTimeSum = 0, lastPsnr = 0;
        // One optimizer step; returns its wall time (seconds) and the step's loss and PSNR.
        struct StepOut {
            double seconds, loss, psnr, norm, lr, commSeconds;
        };
        auto step = [&](long k) {
            const auto t0 = Clock::now();
            for (int m = 0; m < A; ++m) {
                backend.forwardBackward(Batch{a.seed, sampleId(uint64_t(k), A, m, R, a.rank, B, 0), B}, m == A - 1);
            }
            const ReducedStep reduced = backend.allReduceGradients(A);
            const double lr = traindeck::learningRate(schedule, k);
            // Diagnostics (rank 0, off the timed path only when asked for).
            const bool dump = a.rank == 0 && std::find(a.dumpSteps.begin(), a.dumpSteps.end(), k) != a.dumpSteps.end() &&
                              !a.dumpDir.empty();
            const bool layerNorms = a.rank == 0 && k <= a.layerNormsUntil;
            std::vector<float> before, grads;
            if (dump || layerNorms) {
                before = backend.saveState().params;
                grads = averaged(backend.gradients());
            }
            if (dump) {
                writeFloats(a.dumpDir + "/params-" + std::to_string(k) + ".f32", before);
                writeFloats(a.dumpDir + "/grads-" + std::to_string(k) + ".default.f32", grads);
            }
            const double norm = backend.optimizerStep(OptimizerStep{k, lr, 1.0});
            if (layerNorms) printLayerNorms(k, layout, grads, before, backend.saveState().params);
            std::vector<double> st{0, 0, 0};
            for (double mse : reduced.microLosses) st[0] += mse, st[1] += psnr(mse);
            st = backend.allReduceSum(st);
            const double seconds = std::chrono::duration<double>(Clock::now() - t0).count();
            return StepOut{seconds, st[0] / (R * A), st[1] / (R * A), norm, lr, reduced.commSeconds};
        };
        for (n = 0; n < a.steps && (a.stopAfter < 0 || n <= a.stopAfter); ++n) {
            if (n == a.dieAtStep && a.rank == a.dieRank) {
                std::fprintf(stderr, "rank %d: exiting at step %ld (fault injection)\n", a.rank, n);
                std::fflush(stderr);
                ::_exit(9);
            }
            if (n == a.hangAtStep && a.rank == a.dieRank) {
                std::fprintf(stderr, "rank %d: stops answering at step %ld (fault injection)\n", a.rank, n);
                std::fflush(stderr);
                for (;;) std::this_thread::sleep_for(std::chrono::seconds(1));
            }
            if (n == a.timedFrom) timedStart = Clock::now();
            const StepOut s = step(n);
            if (n >= a.timedFrom) stepTimeSum += s.seconds;
            lastPsnr = s.psnr;
            if (a.rank == 0 && (n % a.logEvery == 0 || n == a.steps - 1)) {
                std::printf("step %ld loss %.7f psnr %.4f grad_norm %.5f lr %.3e step_ms %.3f comm_ms %.3f mem_gb %.1f\n",
                            n, s.loss, s.psnr, s.norm, s.lr, s.seconds * 1e3, s.commSeconds * 1e3,
                            backend.peakMemoryGb());
                std::fflush(stdout);
            }
        }
        if (n < a.steps) {
            if (a.rank == 0) std::printf("STOPPED after step %ld (--stop-after)\n", n - 1);
            return 0;
        }
        const double elapsed = std::chrono::duration<double>(Clock::now() - timedStart).count();
        const long timed = a.steps - a.timedFrom;
        if (a.rank == 0) {
            std::printf("RESULT preset %s gpus %d micro_batch %d accum %d samples_per_s %.3f step_ms %.3f "
                        "psnr_last %.4f steps %ld\n",
                        a.preset.c_str(), R, B, A, effectiveBatch * double(timed) / elapsed, 1e3 * stepTimeSum / double(timed),
                        lastPsnr, a.steps);
            std::fflush(stdout);
        }
        if (a.floorReps > 0) {
            // The step's products alone (CUDA graph, back to back), then as many full
            // steps as replays, then the floor again: the same process, the same power
            // state as the timed steps above (the card is at its cap by then).
            const auto first = backend.measureProductsFloor(B, a.floorReps);
            std::vector<float> between;
            for (int k = 0; k < a.floorReps; ++k) between.push_back(float(step(a.steps + k).seconds * 1e3));
            const auto second = backend.measureProductsFloor(B, a.floorReps);
            const Stats f1 = stats(first.stepMs), f2 = stats(second.stepMs), fw = stats(first.forwardMs),
                        bw = stats(first.backwardMs), fw2 = stats(second.forwardMs), bw2 = stats(second.backwardMs),
                        st = stats(between);
            const double mainStep = 1e3 * stepTimeSum / double(timed) / A;  // per micro-step
            if (a.rank == 0) {
                std::printf("FLOOR products %d per micro-step, %.2f TFLOP; floor ms median %.3f mean %.3f min %.3f "
                            "(forward %.3f + backward %.3f); again after %d full steps: median %.3f mean %.3f "
                            "(forward %.3f + backward %.3f)\n",
                            first.products, first.flop / 1e12, f1.median, f1.mean, f1.min, fw.median, bw.median,
                            a.floorReps, f2.median, f2.mean, fw2.median, bw2.median);
                std::printf("FLOOR step_ms %.3f (steps %ld..%ld, per micro-step) full steps between the floors: "
                            "median %.3f mean %.3f (whole steps); ratio step/floor %.4f (main window / first floor median), "
                            "%.4f (steps between / mean of the two floor medians); floor TFLOP/s %.1f\n",
                            mainStep, a.timedFrom, a.steps - 1, st.median, st.mean, mainStep / f1.median,
                            st.median / A / (0.5 * (f1.median + f2.median)),
                            first.flop / (f1.median * 1e-3) / 1e12);
                std::fflush(stdout);
            }
        }
    } catch (const CommError& e) {
        std::printf("{\"v\":1,\"event\":\"error\",\"rank\":%d,\"kind\":\"%s\",\"step\":%ld,\"message\":\"%s\"}\n", a.rank,
                    std::strncmp(e.what(), "timeout", 7) == 0 ? "timeout" : "nccl", n, e.what());
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
