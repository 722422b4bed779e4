#include "training_loop.h"

#include "backend_registry.h"
#include "checkpoint.h"
#include "math/waves.h"
#include "metrics_writer.h"
#include "process_env.h"
#include "rendezvous/rendezvous.h"
#include "schedule/lr_schedule.h"
#include "train_step.h"
#include "watchdog.h"

#include <atomic>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <thread>
#include <unistd.h>

namespace traindeck::trainer {

namespace {

using Clock = std::chrono::steady_clock;

// Set by SIGTERM/SIGINT; the ranks agree on it at the end of each step.
std::atomic<bool> g_stopRequested{false};

void onStopSignal(int) { g_stopRequested = true; }

// From the first step on, SIGTERM/SIGINT mean "checkpoint and stop"; before it (while
// waiting for the other ranks) they keep their default and end the process at once.
void installStopHandlers() {
    struct sigaction sa{};
    sa.sa_handler = onStopSignal;
    sa.sa_flags = SA_RESTART;  // do not disturb Gloo's blocking calls
    sigemptyset(&sa.sa_mask);
    sigaction(SIGTERM, &sa, nullptr);
    sigaction(SIGINT, &sa, nullptr);
}

double seconds(Clock::time_point since) { return std::chrono::duration<double>(Clock::now() - since).count(); }


// The waves source is endless; the dashboard's `epoch` counts units of 2^20 samples.
constexpr double kEpochSamples = 1048576.0;

// One worker's run: the state that the error path needs from any thread.
class Worker {
public:
    Worker(const Options& o, const ProcessEnv& env, MetricsWriter& metrics)
        : o_(o), env_(env), metrics_(metrics), started_(Clock::now()) {}

    int run();

    // Writes the error event (and, on rank 0, the end event) once, then exits the
    // process: other threads may be blocked in a collective that will never return.
    [[noreturn]] void fail(const std::string& kind, const std::string& message, int lostRank = -1, int code = 1) {
        static std::mutex once;
        once.lock();  // never unlocked: a second failure waits for the first's exit
        JsonLine err("error");
        err.integer("rank", env_.rank).integer("node", env_.node).str("kind", kind).str("message", message);
        if (lostRank >= 0) err.integer("lost_rank", lostRank);
        metrics_.write(err);
        // The others name the rank we lost, as we do, rather than us when our connection closes.
        if (watchdog_ && env_.rank != 0)
            watchdog_->reportFailure({lostRank, kind == errorKind(Loss::Died) ? Loss::Died : Loss::Hung, message});
        std::fprintf(stderr, "traindeck-trainer: rank %d: error: %s\n", env_.rank, message.c_str());
        std::fflush(stderr);
        // Rank 0 serves the store: keep it up a moment so that the other ranks can still
        // find out which rank was lost instead of blaming rank 0 (and report before our end).
        if (env_.rank == 0 && env_.worldSize > 1 && rv_.server)
            std::this_thread::sleep_for(std::min<std::chrono::milliseconds>(
                std::chrono::seconds(2), std::chrono::milliseconds(long(o_.commTimeoutS * 1000 / 8))));
        if (env_.rank == 0) writeEnd("failed");
        ::_exit(code);
    }

private:
    void writeEnd(const std::string& status) {
        JsonLine end("end");
        end.integer("step", lastStep_).str("status", status).num("seconds", seconds(started_));
        metrics_.write(end);
    }

    // A failed collective: name the lost rank when the watchdog can tell.
    [[noreturn]] void commFailed(const std::string& what, bool timedOut) {
        const LostRank lost = watchdog_ ? watchdog_->identifyLost(timedOut) : LostRank{};
        if (lost.rank >= 0) fail(lost, " (" + what + ")");
        fail(timedOut ? "timeout" : backend_->name(), what);
    }

    // The watchdog's verdict as the error event; `detail` is appended to its line.
    [[noreturn]] void fail(const LostRank& lost, const std::string& detail = {}) {
        fail(errorKind(lost.how), lost.message + detail, lost.rank);
    }

    // Runs a collective under the watchdog, turning failures into the error event.
    // `timed`: the watchdog also bounds its duration (not for compute that may
    // start communication, such as an overlapped backward).
    template <typename F>
    auto collective(F&& f, bool timed = true) {
        if (timed) watchdog_->collectiveBegin();
        try {
            auto result = f();
            if (timed) watchdog_->collectiveEnd();
            return result;
        } catch (const CommError& e) {
            commFailed(e.what(), e.timedOut);
        } catch (const RendezvousError& e) {
            commFailed(e.what(), e.silent);
        }
    }

    // What one step reports.
    struct StepFigures {
        double lr = 0, gradNorm = 0, loss = 0, psnr = 0;
    };
    static constexpr int kSlot = 6;  // per-rank values gathered on logged steps

    void join();
    bool trainStep(long n);
    void fillRankSlot(double* slot, double stepTime, double commSeconds);
    void writeStepEvents(long n, const StepFigures& f, const std::vector<double>& stats);
    [[noreturn]] void stopNonFinite(long n, const StepFigures& f, bool logged);
    void evaluate(long n);
    void leaveTogether(bool interrupted);
    long resume();
    void startEvent(long resumedFrom);
    void writeCheckpoint(long step);
    bool logStep(long n) const { return o_.logEvery > 0 ? n % o_.logEvery == 0 || n == o_.steps - 1 : n == o_.steps - 1; }

    const Options& o_;
    const ProcessEnv& env_;
    MetricsWriter& metrics_;
    Clock::time_point started_;
    std::string config_;
    Rendezvous rv_;
    std::unique_ptr<Backend> backend_;
    std::unique_ptr<Watchdog> watchdog_;
    // TRAINDECK_TEST_STALL=rank:step (tests only): that rank's main thread stops before
    // the step's all-reduce while its heartbeat goes on, like a hung kernel.
    long stallStep_ = -1;
    [[noreturn]] static void stallForever() {
        for (;;) std::this_thread::sleep_for(std::chrono::hours(1));
    }
    std::atomic<long> lastStep_{-1};  // the last completed optimizer step (read by the watchdog's fail)
};

// Rank 0 picks the checkpoint and tells the others which file to load (the
// checkpoint folder must be shared). Returns the first step to run.
long Worker::resume() {
    auto warn = [&](const std::string& w) { std::fprintf(stderr, "traindeck-trainer: warning: %s\n", w.c_str()); };
    std::optional<Checkpoint> ckpt;
    std::string path;
    if (env_.rank == 0) {
        try {
            if (o_.resume == "auto" && !o_.checkpointDir.empty()) {
                ckpt = newestCheckpoint(o_.checkpointDir, config_, warn);
                if (ckpt) path = checkpointPath(o_.checkpointDir, ckpt->step);
            } else if (o_.resume != "auto" && o_.resume != "none") {
                path = o_.resume;
                ckpt = readCheckpoint(path);
                requireSameConfig(path, ckpt->config, config_);
            }
        } catch (const CheckpointMismatch& e) {
            rv_.client->set("resume", "\nfailed");
            fail("config", e.what(), -1, 2);
        } catch (const CheckpointError& e) {
            rv_.client->set("resume", "\nfailed");
            fail("io", e.what(), -1, 2);
        }
        rv_.client->set("resume", path);
    } else {
        try {
            path = rv_.client->get("resume", std::chrono::milliseconds(long(o_.rdzvTimeoutS * 1000)));
        } catch (const RendezvousError& e) {
            fail("rendezvous", std::string("waiting for rank 0 to pick a checkpoint: ") + e.what(), 0);
        }
        if (path == "\nfailed") fail("config", "rank 0 could not resume (see its error)", -1, 2);
        if (!path.empty()) {
            try {
                ckpt = readCheckpoint(path);
                requireSameConfig(path, ckpt->config, config_);
            } catch (const std::exception& e) {
                fail("io", std::string(e.what()) + " (every node must see --checkpoint-dir)");
            }
        }
    }
    if (!ckpt) return 0;
    try {
        backend_->loadState(ckpt->state);
    } catch (const std::exception& e) {
        fail("config", path + ": " + e.what(), -1, 2);
    }
    return ckpt->step;
}

void Worker::startEvent(long resumedFrom) {
    if (env_.rank != 0) return;
    const ModelShape& s = o_.shape;
    JsonLine start("start");
    start.str("run_id", rv_.runId)
        .integer("world_size", env_.worldSize)
        .integer("nodes", env_.nodes)
        .integer("gpus_per_node", env_.localWorldSize)
        .str("backend", backend_->name())
        .str("precision", backend_->precision())
        .raw("model", "{\"name\":\"tae-mlp\",\"preset\":" + jsonString(o_.preset) + ",\"parameters\":" +
                          std::to_string(paramLayout(s).count) + "}")
        .raw("data", "{\"source\":\"waves\",\"frames\":" + std::to_string(s.frames) + ",\"height\":" +
                         std::to_string(s.height) + ",\"width\":" + std::to_string(s.widthPx) + ",\"seed\":" +
                         std::to_string(o_.seed) + "}")
        .integer("effective_batch", int64_t(env_.worldSize) * o_.gradAccum * o_.microBatch)
        .integer("micro_batch", o_.microBatch)
        .integer("grad_accum", o_.gradAccum)
        .num("lr_peak", o_.lr)
        .integer("warmup_steps", o_.warmup)
        .integer("total_steps", o_.steps)
        // The workload a calibration keeps (metrics-protocol.md): a token is one P×P patch of a frame.
        .integer("tokens_per_sample", s.tokensPerSample())
        .str("activation_checkpointing", "none")
        .integer("zero_stage", 0)
        .str("fsdp", "none")
        .integer("params", int64_t(paramLayout(s).count))
        .str("device", backend_->device());
    if (resumedFrom > 0) start.integer("resumed_from_step", resumedFrom);
    else start.null("resumed_from_step");
    metrics_.write(start);
}

void Worker::writeCheckpoint(long step) {
    if (env_.rank != 0 || o_.checkpointDir.empty()) return;
    const auto t0 = Clock::now();
    Checkpoint c;
    c.step = step + 1;
    c.samplesSeen = uint64_t(step + 1) * uint64_t(env_.worldSize) * uint64_t(o_.gradAccum) * uint64_t(o_.microBatch);
    c.config = config_;
    c.state = backend_->saveState();
    const std::string path = checkpointPath(o_.checkpointDir, c.step);
    uint64_t bytes = 0;
    try {
        bytes = trainer::writeCheckpoint(path, c);
        pruneCheckpoints(o_.checkpointDir, 3);
    } catch (const std::exception& e) {
        fail("io", e.what());
    }
    JsonLine ev("checkpoint");
    ev.integer("step", step).str("path", path).integer("bytes", int64_t(bytes)).num("seconds", seconds(t0));
    metrics_.write(ev);
}

int Worker::run() {
    config_ = configText(o_, env_.worldSize);
    backend_ = makeBackend(o_.backend);  // UsageError: exit 2 before anyone waits for us
    join();
    const long first = resume();
    lastStep_ = first - 1;
    startEvent(first);
    installStopHandlers();
    bool interrupted = false;
    for (long n = first; n < o_.steps && !interrupted; ++n) interrupted = trainStep(n);
    leaveTogether(interrupted);
    return interrupted ? 143 : 0;
}

// Rendezvous, watchdog, and the backend's own connection.
void Worker::join() {
    const auto rdzvTimeout = std::chrono::milliseconds(long(o_.rdzvTimeoutS * 1000));
    const auto commTimeout = std::chrono::milliseconds(long(o_.commTimeoutS * 1000));
    try {
        rv_ = rendezvous(env_, config_, rdzvTimeout);
    } catch (const RendezvousMismatch& e) {
        fail("config", e.what(), -1, 2);
    } catch (const RendezvousError& e) {
        fail("rendezvous", e.what());
    }
    try {
        watchdog_ = std::make_unique<Watchdog>(rv_.host, rv_.port, env_.rank, env_.worldSize, commTimeout,
                                               [this](const LostRank& lost) { fail(lost); });
    } catch (const RendezvousError& e) {
        fail("rendezvous", e.what());
    }

    ProcessGroup group;
    group.rank = env_.rank;
    group.worldSize = env_.worldSize;
    group.localRank = env_.localRank;
    group.localWorldSize = env_.localWorldSize;
    group.node = env_.node;
    group.nodes = env_.nodes;
    group.store = rv_.client.get();
    group.masterAddr = env_.masterAddr;
    // The backend gives up after 3/4 of --comm-timeout; the rest names the lost rank.
    group.commTimeout = commTimeout * 3 / 4;
    collective([&] {
        backend_->init(group, o_.shape, o_.seed);
        return 0;
    });

    if (const char* stall = std::getenv("TRAINDECK_TEST_STALL")) {
        int rank = -1;
        long step = -1;
        if (std::sscanf(stall, "%d:%ld", &rank, &step) == 2 && rank == env_.rank) stallStep_ = step;
    }
}

// One optimizer step with its events, evaluation and checkpoint; true when a stop was
// requested on any rank (every rank sees the same flag, so all stop together).
bool Worker::trainStep(long n) {
    const int R = env_.worldSize, A = o_.gradAccum;
    const auto t0 = Clock::now();
    const StepShape shape{o_.seed, o_.microBatch, A, env_.rank, R, LrSchedule{o_.lr, o_.warmup, o_.steps, 0.1}};
    const StepDone step = runStep(
        *backend_, shape, n, [&](auto&& call, bool timed) { return collective(call, timed); },
        [&](StepPoint at) {
            if (at == StepPoint::GradientsAccumulated && n == stallStep_) stallForever();
        });
    StepFigures f;
    f.lr = step.lr;
    f.gradNorm = step.gradNorm;
    const double stepTime = seconds(t0);

    // One small all-reduce per step: the loss, the stop flag, and on logged steps
    // every rank's timings (each rank fills its own slot, the sum gathers them).
    const bool logged = logStep(n);
    std::vector<double> stats = lossSums(step.reduced);
    stats.push_back(g_stopRequested ? 1.0 : 0.0);
    stats.resize(3 + (logged ? size_t(R) * kSlot : 0), 0.0);
    if (logged) fillRankSlot(stats.data() + 3 + size_t(env_.rank) * kSlot, stepTime, step.reduced.commSeconds);
    stats = collective([&] { return backend_->allReduceSum(stats); });
    lastStep_ = n;
    f.loss = stats[0] / (R * A);
    f.psnr = stats[1] / (R * A);

    if (logged && env_.rank == 0) writeStepEvents(n, f, stats);
    if (!std::isfinite(f.loss) || !std::isfinite(f.gradNorm)) stopNonFinite(n, f, logged);
    if (o_.evalEvery > 0 && (n + 1) % o_.evalEvery == 0) evaluate(n);

    const bool interrupted = stats[2] > 0;
    if (interrupted || (o_.checkpointEvery > 0 && (n + 1) % o_.checkpointEvery == 0)) writeCheckpoint(n);
    return interrupted;
}

// This rank's values for the step and rank events: step time, exposed communication,
// memory, node, and with --check-sync a hash of its parameters.
void Worker::fillRankSlot(double* slot, double stepTime, double commSeconds) {
    slot[0] = stepTime;
    slot[1] = commSeconds;
    slot[2] = backend_->peakMemoryGb();
    slot[3] = env_.node;
    if (o_.checkSync) {
        const std::vector<float> p = backend_->saveState().params;
        const uint64_t h = fnv1a64(p.data(), p.size() * sizeof(float));
        slot[4] = double(h & 0xffffffffu);
        slot[5] = double(h >> 32);
    }
}

// Rank 0: the step event (slowest rank's times) and one rank event per rank.
void Worker::writeStepEvents(long n, const StepFigures& f, const std::vector<double>& stats) {
    const int R = env_.worldSize;
    const int64_t effectiveBatch = int64_t(R) * o_.gradAccum * o_.microBatch;
    double maxTime = 0, maxComm = 0, maxMem = 0;
    for (int r = 0; r < R; ++r) {
        const double* slot = stats.data() + 3 + size_t(r) * kSlot;
        maxTime = std::max(maxTime, slot[0]);
        maxComm = std::max(maxComm, slot[1]);
        maxMem = std::max(maxMem, slot[2]);
    }
    const int64_t seen = (n + 1) * effectiveBatch;
    JsonLine ev("step");
    ev.integer("step", n).num("epoch", double(seen) / kEpochSamples).integer("samples_seen", seen)
        .num("loss", f.loss).num("psnr", f.psnr).num("lr", f.lr).num("grad_norm", f.gradNorm)
        .num("step_time_s", maxTime).num("samples_per_s", double(effectiveBatch) / maxTime)
        .num("comm_time_s", maxComm).num("gpu_mem_gb", maxMem);
    metrics_.write(ev);
    for (int r = 0; r < R; ++r) {
        const double* slot = stats.data() + 3 + size_t(r) * kSlot;
        JsonLine re("rank");
        re.integer("rank", r).integer("node", int64_t(slot[3])).integer("step", n)
            .num("step_time_s", slot[0]).num("comm_time_s", slot[1]).num("gpu_mem_gb", slot[2]);
        if (o_.checkSync) {
            char hex[17];
            std::snprintf(hex, sizeof hex, "%016llx",
                          (unsigned long long)((uint64_t(slot[5]) << 32) | uint64_t(slot[4])));
            re.str("param_hash", hex);
        }
        metrics_.write(re);
    }
}

// Every rank sees the same reduced loss, so all stop here together; rank 0 reports.
void Worker::stopNonFinite(long n, const StepFigures& f, bool logged) {
    if (env_.rank != 0) {
        std::fprintf(stderr, "traindeck-trainer: rank %d: stopping: non-finite loss at step %ld\n", env_.rank, n);
        ::_exit(1);
    }
    if (!logged) {
        JsonLine ev("step");
        ev.integer("step", n).num("loss", f.loss).num("psnr", f.psnr).num("lr", f.lr).num("grad_norm", f.gradNorm);
        metrics_.write(ev);
    }
    fail("nonfinite", "loss or gradient norm is not finite at step " + std::to_string(n));
}

// The held-out samples (ids from kEvalSampleBase, --eval-samples of them, else one
// micro-batch per rank), shared by the ranks in contiguous runs and read in micro-batches.
// Loss and PSNR are averages over the samples (a micro-batch's PSNR weighs as its samples).
void Worker::evaluate(long n) {
    const auto t0 = Clock::now();
    const EvalShare share = evalShare(o_.evalSamples, o_.microBatch, env_.rank, env_.worldSize);
    double mseSum = 0, psnrSum = 0;
    for (uint64_t done = 0; done < share.count;) {
        const int k = int(std::min<uint64_t>(uint64_t(o_.microBatch), share.count - done));
        const double mse = backend_->evaluate({o_.seed, kEvalSampleBase + share.first + done, k});
        mseSum += mse * k;
        psnrSum += psnr(mse) * k;
        done += uint64_t(k);
    }
    const auto sum = collective([&] { return backend_->allReduceSum({mseSum, psnrSum}); });
    if (env_.rank == 0) {
        const double total = double(share.total);
        JsonLine ev("eval");
        ev.integer("step", n).num("loss", sum[0] / total).num("psnr", sum[1] / total)
            .integer("samples", int64_t(share.total)).num("seconds", seconds(t0));
        metrics_.write(ev);
    }
}

// Leave together: say we are done so that nobody mistakes our exit for a death,
// and rank 0 keeps serving the store until every rank has said so.
void Worker::leaveTogether(bool interrupted) {
    watchdog_->stop();
    rv_.client->set("finished/" + std::to_string(env_.rank), "1");
    rv_.client->add("finished", 1);
    if (env_.rank == 0) {
        const auto deadline = Clock::now() + std::chrono::milliseconds(long(o_.commTimeoutS * 1000));
        while (rv_.client->add("finished", 0) < env_.worldSize && Clock::now() < deadline)
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        if (interrupted && o_.checkpointDir.empty())
            std::fprintf(stderr, "traindeck-trainer: warning: interrupted without --checkpoint-dir: nothing saved\n");
        writeEnd(interrupted ? "interrupted" : "completed");
    }
}

}  // namespace

int runWorker(const Options& options) {
    const ProcessEnv env = workerEnv();  // UsageError → exit 2
    std::unique_ptr<MetricsWriter> metrics;
    try {
        metrics = std::make_unique<MetricsWriter>(options.metricsFile);
    } catch (const std::runtime_error& e) {
        throw UsageError(e.what());
    }
    // Gloo writes to peers with writev(2): a peer that died must surface as an error
    // from the collective, not as a silent death by SIGPIPE.
    signal(SIGPIPE, SIG_IGN);
    Worker worker(options, env, *metrics);
    return worker.run();
}

}  // namespace traindeck::trainer
