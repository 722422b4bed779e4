#include "options.h"

#include <charconv>
#include <cmath>
#include <functional>
#include <map>
#include <sstream>

namespace traindeck::trainer {

std::string helpText() {
    return R"(traindeck-trainer: data-parallel training of TrainDeck's reference workload
(tae-mlp patch autoencoder on the built-in `waves` clips), one process per device.

Usage: traindeck-trainer [flags]
       traindeck-trainer --nproc-per-node N [flags]    (be the node's launcher)

Backend
  --backend nccl|gloo|auto  compute backend (default auto: nccl when this build has
                            the CUDA backend and a GPU is visible, else gloo). The
                            gloo backend computes on the CPU in fp32 (the GPU backend
                            uses bf16 matrix products with fp32 accumulation), so its
                            losses match the GPU's only to bf16 precision.
Workload
  --workload NAME           bench-large (large, 8x256x256, micro-batch 16) or
                            bench-small (base, 4x128x128, micro-batch 8); flags given
                            beside it override its values
  --preset tiny|base|large  model size: D=128 L=2 | D=1024 L=3 | D=4096 L=4 (default tiny)
  --frames F                frames per clip (default 4)
  --height H --width W      clip size in pixels, multiples of 8 (default 64 x 64)
  --micro-batch B           clips per rank per micro-step (default 8)
  --grad-accum A            micro-steps per optimizer step (default 1)
  --steps N                 optimizer steps in the run (default 100)
  --lr X                    peak learning rate (default 1e-3)
  --warmup N                linear warmup steps, then cosine to 0.1*peak (default 10)
  --seed S                  data and initialisation seed (default 0)
Reporting (JSON lines, see metrics-protocol.md)
  --log-every N             step and rank events every N steps (default 10; 0 = only the last)
  --eval-every N            eval on held-out clips every N steps (default 0 = never)
  --eval-samples N          held-out clips one eval reads, shared by the ranks in
                            micro-batches (default 0 = one micro-batch per rank)
  --metrics-file PATH       append the metrics stream to PATH (default standard output)
  --check-sync              rank events carry param_hash, a hash of the rank's weights
Checkpoints
  --checkpoint-dir DIR      where checkpoints go; must be shared by the nodes to resume
  --checkpoint-every N      checkpoint every N steps (default 0: only on SIGTERM/SIGINT)
  --resume auto|none|PATH   auto (default): newest valid checkpoint in DIR, skipping
                            corrupt ones; refuses one from another configuration
Faults
  --comm-timeout SEC        a rank that dies or hangs stops the others within this
                            time, each writing an `error` event naming it (default 60;
                            the backend's own timeout is 3/4 of it, the rest names the rank)
  --rdzv-timeout SEC        how long to wait for the master and every rank (default 300)
Launcher
  --nproc-per-node N        start N workers on this node, supervise them, stop all
                            when one fails and exit non-zero naming it
  --nnodes N --node-rank R  node count and index (default: from the environment)
  --help                    this text
  --version                 the version and whether this build has the CUDA backend

Environment
  MASTER_ADDR, MASTER_PORT  rendezvous: rank 0 serves a TCP store there
                            (default 127.0.0.1:29500; one process alone uses any free port)
  Per process (an outside launcher started us):
    RANK, WORLD_SIZE, LOCAL_RANK, LOCAL_WORLD_SIZE     torchrun
    SLURM_PROCID, SLURM_NTASKS, SLURM_LOCALID, SLURM_NODEID, SLURM_NNODES   srun
    GROUP_RANK, NODE_RANK or TRAINDECK_NODE_RANK      node index when not derivable
  Per node (with --nproc-per-node), the first that is set:
    NODE_RANK, NNODES (or PET_NODE_RANK, PET_NNODES)   TrainDeck's entrypoint, SSH scripts;
                                                       WORLD_SIZE, if set, must be NNODES x N
                                                       and NPROC_PER_NODE, if set, N
    SLURM_NODEID, SLURM_NNODES (or SLURM_JOB_NUM_NODES)  Slurm
    JOB_COMPLETION_INDEX with NNODES (or --nnodes)     Kubernetes Indexed Job
    WORLD_SIZE, RANK (node count and node index)       PAI, Kubeflow PyTorchJob
  With none of these set, it runs as one process on 127.0.0.1.
  GLOO_SOCKET_IFNAME        network interface for Gloo (default: the one routing to MASTER_ADDR)
  TRAINDECK_RUN_ID          run_id of the start event (default: generated)
  TRAINDECK_WORKER          set by --nproc-per-node for its workers (they then ignore it)

Exit status: 0 done, 1 failed (error event written), 2 bad flags or environment,
143 stopped by SIGTERM/SIGINT after checkpointing.
)";
}

namespace {

template <typename T>
T parseNumber(const std::string& flag, const std::string& text) {
    T value{};
    const char* end = text.data() + text.size();
    const std::from_chars_result res = std::from_chars(text.data(), end, value);  // locale-free
    if (text.empty() || res.ec != std::errc() || res.ptr != end)
        throw UsageError(flag + " expects a number, got '" + text + "'");
    return value;
}

long positive(const std::string& flag, const std::string& text, long minimum) {
    const long v = parseNumber<long>(flag, text);
    if (v < minimum) throw UsageError(flag + " must be at least " + std::to_string(minimum) + ", got " + text);
    return v;
}

double positiveSeconds(const std::string& flag, const std::string& text) {
    const double v = parseNumber<double>(flag, text);
    if (!(v > 0) || !std::isfinite(v)) throw UsageError(flag + " must be a positive number of seconds, got " + text);
    return v;
}

}  // namespace

Options parseOptions(int argc, char** argv) {
    Options o;
    // Values the user gave explicitly; a workload fills in only the others.
    std::map<std::string, std::string> given;
    const std::map<std::string, bool> known = {
        {"--backend", true}, {"--workload", true}, {"--preset", true}, {"--frames", true},
        {"--height", true}, {"--width", true}, {"--micro-batch", true}, {"--grad-accum", true},
        {"--steps", true}, {"--lr", true}, {"--warmup", true}, {"--seed", true},
        {"--log-every", true}, {"--eval-every", true}, {"--eval-samples", true}, {"--metrics-file", true},
        {"--checkpoint-dir", true}, {"--checkpoint-every", true}, {"--resume", true},
        {"--comm-timeout", true}, {"--rdzv-timeout", true}, {"--nproc-per-node", true},
        {"--nnodes", true}, {"--node-rank", true}, {"--check-sync", false}, {"--help", false},
        {"-h", false}};
    for (int i = 1; i < argc; ++i) {
        std::string arg = argv[i], value;
        const size_t eq = arg.find('=');
        const bool inlineValue = arg.rfind("--", 0) == 0 && eq != std::string::npos;
        if (inlineValue) {
            value = arg.substr(eq + 1);
            arg = arg.substr(0, eq);
        }
        const auto it = known.find(arg);
        if (it == known.end()) throw UsageError("unknown flag '" + arg + "' (see --help)");
        if (it->second && !inlineValue) {
            if (i + 1 >= argc) throw UsageError(arg + " needs a value");
            value = argv[++i];
        } else if (!it->second && inlineValue) {
            throw UsageError(arg + " takes no value");
        }
        given[arg] = value;
    }
    if (given.count("--help") || given.count("-h")) {
        o.help = true;
        return o;
    }

    if (given.count("--workload")) {
        o.workload = given["--workload"];
        // The benchmark workloads of trainer-workload.md.
        std::map<std::string, std::string> preset;
        if (o.workload == "bench-large")
            preset = {{"--preset", "large"}, {"--frames", "8"}, {"--height", "256"}, {"--width", "256"}, {"--micro-batch", "16"}};
        else if (o.workload == "bench-small")
            preset = {{"--preset", "base"}, {"--frames", "4"}, {"--height", "128"}, {"--width", "128"}, {"--micro-batch", "8"}};
        else
            throw UsageError("--workload must be bench-large or bench-small, got '" + o.workload + "'");
        for (auto& [k, v] : preset) given.emplace(k, v);  // explicit flags win
    }

    using Setter = std::function<void(const std::string&, const std::string&)>;
    const std::map<std::string, Setter> set = {
        {"--backend", [&](auto& f, auto& v) {
             if (v != "nccl" && v != "gloo" && v != "auto") throw UsageError(f + " must be nccl, gloo or auto, got '" + v + "'");
             o.backend = v; }},
        {"--workload", [](auto&, auto&) {}},
        {"--preset", [&](auto& f, auto& v) {
             if (!applyPreset(v, o.shape)) throw UsageError(f + " must be tiny, base or large, got '" + v + "'");
             o.preset = v; }},
        {"--frames", [&](auto& f, auto& v) { o.shape.frames = int(positive(f, v, 1)); }},
        {"--height", [&](auto& f, auto& v) { o.shape.height = int(positive(f, v, 8)); }},
        {"--width", [&](auto& f, auto& v) { o.shape.widthPx = int(positive(f, v, 8)); }},
        {"--micro-batch", [&](auto& f, auto& v) { o.microBatch = int(positive(f, v, 1)); }},
        {"--grad-accum", [&](auto& f, auto& v) { o.gradAccum = int(positive(f, v, 1)); }},
        {"--steps", [&](auto& f, auto& v) { o.steps = positive(f, v, 1); }},
        {"--lr", [&](auto& f, auto& v) {
             o.lr = parseNumber<double>(f, v);
             if (!(o.lr > 0) || !std::isfinite(o.lr)) throw UsageError(f + " must be a positive number, got " + v); }},
        {"--warmup", [&](auto& f, auto& v) { o.warmup = positive(f, v, 0); }},
        {"--seed", [&](auto& f, auto& v) { o.seed = parseNumber<uint64_t>(f, v); }},
        {"--log-every", [&](auto& f, auto& v) { o.logEvery = positive(f, v, 0); }},
        {"--eval-every", [&](auto& f, auto& v) { o.evalEvery = positive(f, v, 0); }},
        {"--eval-samples", [&](auto& f, auto& v) { o.evalSamples = positive(f, v, 0); }},
        {"--metrics-file", [&](auto& f, auto& v) {
             if (v.empty()) throw UsageError(f + " needs a path");
             o.metricsFile = v; }},
        {"--checkpoint-dir", [&](auto& f, auto& v) {
             if (v.empty()) throw UsageError(f + " needs a path");
             o.checkpointDir = v; }},
        {"--checkpoint-every", [&](auto& f, auto& v) { o.checkpointEvery = positive(f, v, 0); }},
        {"--resume", [&](auto& f, auto& v) {
             if (v.empty()) throw UsageError(f + " must be auto, none or a path");
             o.resume = v; }},
        {"--comm-timeout", [&](auto& f, auto& v) { o.commTimeoutS = positiveSeconds(f, v); }},
        {"--rdzv-timeout", [&](auto& f, auto& v) { o.rdzvTimeoutS = positiveSeconds(f, v); }},
        {"--nproc-per-node", [&](auto& f, auto& v) { o.nprocPerNode = int(positive(f, v, 1)); }},
        {"--nnodes", [&](auto& f, auto& v) { o.nnodes = int(positive(f, v, 1)); }},
        {"--node-rank", [&](auto& f, auto& v) { o.nodeRank = int(positive(f, v, 0)); }},
        {"--check-sync", [&](auto&, auto&) { o.checkSync = true; }},
    };
    // The preset first, so that it cannot undo anything else.
    if (given.count("--preset")) set.at("--preset")("--preset", given["--preset"]);
    for (auto& [flag, value] : given)
        if (flag != "--preset") set.at(flag)(flag, value);

    const int p = o.shape.patch;
    if (o.shape.height % p || o.shape.widthPx % p)
        throw UsageError("--height and --width must be multiples of " + std::to_string(p) + ", got " +
                         std::to_string(o.shape.height) + " x " + std::to_string(o.shape.widthPx));
    if (o.checkpointEvery > 0 && o.checkpointDir.empty())
        throw UsageError("--checkpoint-every needs --checkpoint-dir");
    if ((o.nnodes > 0 || o.nodeRank >= 0) && o.nprocPerNode == 0)
        throw UsageError("--nnodes and --node-rank belong to the node launcher: add --nproc-per-node");
    if (o.nodeRank >= 0 && o.nnodes > 0 && o.nodeRank >= o.nnodes)
        throw UsageError("--node-rank " + std::to_string(o.nodeRank) + " is not below --nnodes " + std::to_string(o.nnodes));
    return o;
}

std::string configText(const Options& o, int worldSize) {
    std::ostringstream s;
    char lr[32];
    std::snprintf(lr, sizeof lr, "%.17g", o.lr);
    s << "model=tae-mlp\npreset=" << o.preset << "\nwidth=" << o.shape.width << "\nlayers=" << o.shape.layers
      << "\nframes=" << o.shape.frames << "\nheight=" << o.shape.height << "\nwidth_px=" << o.shape.widthPx
      << "\nmicro_batch=" << o.microBatch << "\ngrad_accum=" << o.gradAccum << "\nworld_size=" << worldSize
      << "\nsteps=" << o.steps << "\nwarmup=" << o.warmup << "\nlr=" << lr << "\nseed=" << o.seed << "\n";
    return s.str();
}

std::string configDiff(const std::string& a, const std::string& aName, const std::string& b,
                       const std::string& bName) {
    std::istringstream sa(a), sb(b);
    std::string la, lb, diff;
    for (;;) {
        const bool ga = bool(std::getline(sa, la)), gb = bool(std::getline(sb, lb));
        if (!ga && !gb) break;
        if (!ga) la = "?";
        if (!gb) lb = "?";
        if (la != lb) diff += (diff.empty() ? "" : ", ") + la + " (" + aName + ") vs " + lb + " (" + bName + ")";
    }
    return diff;
}

uint64_t fnv1a64(const void* data, size_t size, uint64_t hash) {
    const auto* p = static_cast<const unsigned char*>(data);
    for (size_t i = 0; i < size; ++i) {
        hash ^= p[i];
        hash *= 0x100000001b3ULL;
    }
    return hash;
}

}  // namespace traindeck::trainer
