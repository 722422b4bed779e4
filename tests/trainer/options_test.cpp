// Flags: values, the benchmark workloads, and one-line errors for bad input.

#include "check.h"
#include "options.h"

#include <string>
#include <vector>

using namespace traindeck::trainer;

static Options parse(std::vector<std::string> args) {
    args.insert(args.begin(), "traindeck-trainer");
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    return parseOptions(int(argv.size()), argv.data());
}

int main() {
    const Options d = parse({});
    CHECK(d.backend == "auto" && d.preset == "tiny" && d.shape.width == 128 && d.shape.layers == 2);

    const Options o = parse({"--backend", "gloo", "--preset=base", "--frames", "2", "--height", "32", "--width=48",
                             "--micro-batch", "3", "--grad-accum", "2", "--steps", "7", "--lr", "3e-4", "--warmup",
                             "0", "--seed", "9", "--metrics-file", "/tmp/m", "--checkpoint-dir", "/tmp/c",
                             "--checkpoint-every", "2", "--resume", "none", "--comm-timeout", "2.5",
                             "--rdzv-timeout", "9", "--nproc-per-node", "4", "--log-every", "3", "--eval-every", "5"});
    CHECK(o.backend == "gloo" && o.shape.width == 1024 && o.shape.layers == 3 && o.shape.frames == 2);
    CHECK(o.shape.height == 32 && o.shape.widthPx == 48 && o.microBatch == 3 && o.gradAccum == 2);
    CHECK(o.steps == 7 && o.lr == 3e-4 && o.warmup == 0 && o.seed == 9 && o.metricsFile == "/tmp/m");
    CHECK(o.checkpointDir == "/tmp/c" && o.checkpointEvery == 2 && o.resume == "none");
    CHECK(o.commTimeoutS == 2.5 && o.rdzvTimeoutS == 9 && o.nprocPerNode == 4 && o.logEvery == 3 && o.evalEvery == 5);

    // The benchmark workloads, and explicit flags beside them win.
    const Options large = parse({"--workload", "bench-large"});
    CHECK(large.preset == "large" && large.shape.width == 4096 && large.shape.frames == 8 &&
          large.shape.height == 256 && large.microBatch == 16);
    const Options small = parse({"--micro-batch", "2", "--workload", "bench-small"});
    CHECK(small.preset == "base" && small.shape.frames == 4 && small.shape.height == 128 && small.microBatch == 2);

    CHECK_THROWS(UsageError, parse({"--bogus"}), "unknown flag '--bogus'");
    CHECK_THROWS(UsageError, parse({"--steps"}), "--steps needs a value");
    CHECK_THROWS(UsageError, parse({"--steps", "ten"}), "--steps expects a number");
    CHECK_THROWS(UsageError, parse({"--steps", "0"}), "--steps must be at least 1");
    CHECK_THROWS(UsageError, parse({"--backend", "mpi"}), "must be nccl, gloo or auto");
    CHECK_THROWS(UsageError, parse({"--preset", "huge"}), "tiny, base or large");
    CHECK_THROWS(UsageError, parse({"--workload", "bench-huge"}), "bench-large or bench-small");
    CHECK_THROWS(UsageError, parse({"--height", "30"}), "multiples of 8");
    CHECK_THROWS(UsageError, parse({"--lr", "-1"}), "--lr must be a positive number");
    CHECK_THROWS(UsageError, parse({"--comm-timeout", "0"}), "positive number of seconds");
    CHECK_THROWS(UsageError, parse({"--checkpoint-every", "5"}), "needs --checkpoint-dir");
    CHECK_THROWS(UsageError, parse({"--help=1"}), "takes no value");
    CHECK_THROWS(UsageError, parse({"--nnodes", "2"}), "add --nproc-per-node");
    CHECK_THROWS(UsageError, parse({"--nproc-per-node", "2", "--nnodes", "2", "--node-rank", "2"}), "is not below --nnodes");
    CHECK(parse({"--help"}).help);

    // The help names every flag and the environment it reads.
    const std::string help = helpText();
    for (const char* flag : {"--backend", "--workload", "--preset", "--frames", "--height", "--width", "--micro-batch",
                             "--grad-accum", "--steps", "--lr", "--warmup", "--seed", "--log-every", "--eval-every",
                             "--metrics-file", "--checkpoint-dir", "--checkpoint-every", "--resume", "--comm-timeout",
                             "--rdzv-timeout", "--nproc-per-node", "--nnodes", "--node-rank", "--check-sync",
                             "MASTER_ADDR", "MASTER_PORT", "RANK", "WORLD_SIZE", "LOCAL_RANK", "SLURM_PROCID",
                             "SLURM_NTASKS", "SLURM_LOCALID", "SLURM_NODEID", "SLURM_NNODES", "JOB_COMPLETION_INDEX",
                             "NNODES", "NODE_RANK", "PET_NODE_RANK", "PET_NNODES", "NPROC_PER_NODE", "SLURM_JOB_NUM_NODES",
                             "GLOO_SOCKET_IFNAME", "fp32"})
        CHECK(help.find(flag) != std::string::npos);

    // The configuration text changes with what changes the numbers, not with reporting.
    Options a = parse({"--lr", "1e-3"}), b = parse({"--lr", "1e-3", "--log-every", "1"}), c = parse({"--lr", "2e-3"});
    CHECK(configText(a, 2) == configText(b, 2));
    CHECK(configText(a, 2) != configText(c, 2));
    CHECK(configText(a, 2) != configText(a, 4));
    CHECK(configDiff(configText(a, 2), "x", configText(c, 2), "y").find("lr=0.001 (x) vs lr=0.002 (y)") != std::string::npos);
    return checkResult("trainer_options_test");
}
