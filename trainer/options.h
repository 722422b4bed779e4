#pragma once
// Command-line flags of traindeck-trainer. Parsing never exits: a bad flag throws
// UsageError with the one line to print (main exits 2).

#include "math/model.h"

#include <cstdint>
#include <stdexcept>
#include <string>

namespace traindeck::trainer {

struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct Options {
    std::string backend = "auto";  // nccl | gloo | auto
    std::string workload;          // "", bench-large, bench-small
    std::string preset = "tiny";
    ModelShape shape;              // preset and clip size applied
    int microBatch = 8, gradAccum = 1;
    long steps = 100, warmup = 10;
    double lr = 1e-3;
    uint64_t seed = 0;
    long logEvery = 10, evalEvery = 0;
    long evalSamples = 0;           // held-out samples per evaluation; 0 = one micro-batch per rank
    std::string metricsFile;        // "" = standard output
    std::string checkpointDir;
    long checkpointEvery = 0;       // 0 = only on SIGTERM
    std::string resume = "auto";    // auto | none | PATH
    double commTimeoutS = 60, rdzvTimeoutS = 300;
    int nprocPerNode = 0;           // 0 = this process is one worker
    int nnodes = 0, nodeRank = -1;  // override the platform's node variables
    bool checkSync = false;         // rank events carry a hash of the weights
    bool help = false;
};

Options parseOptions(int argc, char** argv);
std::string helpText();

// The settings that change the numbers a run produces, one "key=value" per line. Ranks
// must agree on it, and a checkpoint only resumes a run with the same text.
std::string configText(const Options& options, int worldSize);

// The settings that differ: "lr=0.001 (checkpoint) vs lr=0.002 (this run), ...".
std::string configDiff(const std::string& a, const std::string& aName, const std::string& b,
                       const std::string& bName);

uint64_t fnv1a64(const void* data, size_t size, uint64_t hash = 0xcbf29ce484222325ULL);

}  // namespace traindeck::trainer
