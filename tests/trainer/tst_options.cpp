// Flags: values, the benchmark workloads, and one-line errors for bad input.

#include "predicates.h"
#include "options.h"

#include <string>
#include <vector>

#include <QtTest>

using namespace traindeck::trainer;

namespace {

Options parse(std::vector<std::string> args) {
    std::string program = "traindeck-trainer";
    std::vector<char*> argv{program.data()};
    for (auto& a : args) argv.push_back(a.data());
    return parseOptions(int(argv.size()), argv.data());
}

// parse(args) is refused with a message containing `text`.
bool refused(std::vector<std::string> args, const std::string& text) {
    return throwsWith<UsageError>([&] { parse(args); }, text);
}

}  // namespace

class TestOptions : public QObject {
    Q_OBJECT
private slots:
    void defaults() {
        const Options d = parse({});
        QVERIFY(d.backend == "auto" && d.preset == "tiny" && d.shape.width == 128 && d.shape.layers == 2);
    }

    void everyFlagSetsItsValue() {
        const Options o = parse({"--backend", "gloo", "--preset=base", "--frames", "2", "--height", "32", "--width=48",
                                 "--micro-batch", "3", "--grad-accum", "2", "--steps", "7", "--lr", "3e-4", "--warmup",
                                 "0", "--seed", "9", "--metrics-file", "/tmp/m", "--checkpoint-dir", "/tmp/c",
                                 "--checkpoint-every", "2", "--resume", "none", "--comm-timeout", "2.5",
                                 "--rdzv-timeout", "9", "--nproc-per-node", "4", "--log-every", "3", "--eval-every", "5"});
        QVERIFY(o.backend == "gloo" && o.shape.width == 1024 && o.shape.layers == 3 && o.shape.frames == 2);
        QVERIFY(o.shape.height == 32 && o.shape.widthPx == 48 && o.microBatch == 3 && o.gradAccum == 2);
        QVERIFY(o.steps == 7 && o.lr == 3e-4 && o.warmup == 0 && o.seed == 9 && o.metricsFile == "/tmp/m");
        QVERIFY(o.checkpointDir == "/tmp/c" && o.checkpointEvery == 2 && o.resume == "none");
        QVERIFY(o.commTimeoutS == 2.5 && o.rdzvTimeoutS == 9 && o.nprocPerNode == 4 && o.logEvery == 3 && o.evalEvery == 5);
    }

    // The benchmark workloads, and explicit flags beside them win.
    void benchmarkWorkloadsAndExplicitFlags() {
        const Options large = parse({"--workload", "bench-large"});
        QVERIFY(large.preset == "large" && large.shape.width == 4096 && large.shape.frames == 8 &&
                large.shape.height == 256 && large.microBatch == 16);
        const Options small = parse({"--micro-batch", "2", "--workload", "bench-small"});
        QVERIFY(small.preset == "base" && small.shape.frames == 4 && small.shape.height == 128 && small.microBatch == 2);
    }

    void badInputIsOneLine() {
        QVERIFY(refused({"--bogus"}, "unknown flag '--bogus'"));
        QVERIFY(refused({"--steps"}, "--steps needs a value"));
        QVERIFY(refused({"--steps", "ten"}, "--steps expects a number"));
        QVERIFY(refused({"--steps", "0"}, "--steps must be at least 1"));
        QVERIFY(refused({"--backend", "mpi"}, "must be nccl, gloo or auto"));
        QVERIFY(refused({"--preset", "huge"}, "tiny, base or large"));
        QVERIFY(refused({"--workload", "bench-huge"}, "bench-large or bench-small"));
        QVERIFY(refused({"--height", "30"}, "multiples of 8"));
        QVERIFY(refused({"--lr", "-1"}, "--lr must be a positive number"));
        QVERIFY(refused({"--comm-timeout", "0"}, "positive number of seconds"));
        QVERIFY(refused({"--checkpoint-every", "5"}, "needs --checkpoint-dir"));
        QVERIFY(refused({"--help=1"}, "takes no value"));
        QVERIFY(refused({"--nnodes", "2"}, "add --nproc-per-node"));
        QVERIFY(refused({"--nproc-per-node", "2", "--nnodes", "2", "--node-rank", "2"}, "is not below --nnodes"));
        QVERIFY(parse({"--help"}).help);
    }

    // The help names every flag and the environment it reads.
    void helpNamesEveryFlagAndVariable() {
        const std::string help = helpText();
        for (const char* flag : {"--backend", "--workload", "--preset", "--frames", "--height", "--width", "--micro-batch",
                                 "--grad-accum", "--steps", "--lr", "--warmup", "--seed", "--log-every", "--eval-every",
                                 "--eval-samples", "--metrics-file", "--checkpoint-dir", "--checkpoint-every", "--resume", "--comm-timeout",
                                 "--rdzv-timeout", "--nproc-per-node", "--nnodes", "--node-rank", "--check-sync",
                                 "MASTER_ADDR", "MASTER_PORT", "RANK", "WORLD_SIZE", "LOCAL_RANK", "SLURM_PROCID",
                                 "SLURM_NTASKS", "SLURM_LOCALID", "SLURM_NODEID", "SLURM_NNODES", "JOB_COMPLETION_INDEX",
                                 "NNODES", "NODE_RANK", "PET_NODE_RANK", "PET_NNODES", "NPROC_PER_NODE", "SLURM_JOB_NUM_NODES",
                                 "GLOO_SOCKET_IFNAME", "fp32"})
            QVERIFY2(help.find(flag) != std::string::npos, flag);
    }

    // The configuration text changes with what changes the numbers, not with reporting.
    void configTextFollowsTheNumbersOnly() {
        Options a = parse({"--lr", "1e-3"}), b = parse({"--lr", "1e-3", "--log-every", "1"}), c = parse({"--lr", "2e-3"});
        QVERIFY(configText(a, 2) == configText(b, 2));
        // How much an evaluation reads changes no trained number: a run resumes with another.
        const Options e = parse({"--lr", "1e-3", "--eval-samples", "640"});
        QCOMPARE(e.evalSamples, 640L);
        QVERIFY(configText(a, 2) == configText(e, 2));
        QVERIFY(refused({"--eval-samples", "-1"}, "--eval-samples must be at least 0"));
        QVERIFY(configText(a, 2) != configText(c, 2));
        QVERIFY(configText(a, 2) != configText(a, 4));
        QVERIFY(configDiff(configText(a, 2), "x", configText(c, 2), "y").find("lr=0.001 (x) vs lr=0.002 (y)") != std::string::npos);
    }
};

QTEST_APPLESS_MAIN(TestOptions)
#include "tst_options.moc"
