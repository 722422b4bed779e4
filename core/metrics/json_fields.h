#pragma once
// The one reader of the metrics protocol's JSON lines (metrics-protocol.md),
// with simdjson's On-Demand API: one pass over an object's fields into a fixed
// table of the keys the protocol names, plus every other numeric key (a user's
// own scalars). Both the dashboard's stream reader (trainer_json.cpp) and the
// public one-line API (metrics_line.h) read through it, so a line means the
// same thing to every part of TrainDeck.
//
// Every number is untrusted: a value is only handed out through the checked
// conversions below, never cast blindly (a `"step": 1e30` would be undefined
// behaviour as an integer). Python's json.dumps writes NaN, Infinity and
// -Infinity as bare tokens; they are read as the non-finite values they say.

#include <simdjson.h>

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

namespace traindeck::metrics::json {

// The numeric keys the protocol names, in one table: values are filled by index.
enum Num : int {
    kV, kTime, kStep, kEpoch, kSamplesSeen, kLoss, kPsnr, kLr, kGradNorm, kStepTime, kSamplesPerS, kCommTime,
    kGpuMem, kRank, kNode, kWorldSize, kNodes, kGpusPerNode, kEffectiveBatch, kMicroBatch, kGradAccum,
    kWarmupSteps, kTotalSteps, kResumedFrom, kSeconds, kIndex, kAttempt, kTokensPerSample, kZeroStage, kParams,
    kNumCount
};
inline constexpr std::array<std::string_view, kNumCount> kNumKeys = {
    "v", "time", "step", "epoch", "samples_seen", "loss", "psnr", "lr", "grad_norm", "step_time_s", "samples_per_s",
    "comm_time_s", "gpu_mem_gb", "rank", "node", "world_size", "nodes", "gpus_per_node", "effective_batch",
    "micro_batch", "grad_accum", "warmup_steps", "total_steps", "resumed_from_step", "seconds", "index", "attempt",
    "tokens_per_sample", "zero_stage", "params"};
static_assert(kNumCount <= 32, "Fields keeps one bit per numeric key in a 32-bit mask");
int numIndex(std::string_view key);

// The largest step or count taken from a file: 2^53, where doubles stop being exact integers.
inline constexpr double kMaxInteger = 9007199254740992.0;
// The most ranks or nodes a line may name (a bound on what one line can make us allocate).
inline constexpr int kMaxRank = 1 << 16;
// The most entries of a "nonfinite" list that are looked at.
inline constexpr std::size_t kMaxListed = 64;

struct Fields {
    std::array<double, kNumCount> num{};
    std::uint32_t present = 0;    // bit i: num[i] was a number (finite, or a NaN/Infinity token)
    std::uint32_t nulls = 0;      // bit i: num[i] was null
    std::uint32_t nonfinite = 0;  // bit i: listed in "nonfinite"
    std::string_view event, status, kind, message, runId, backend, precision, device, model, state, host, check;
    std::string_view checkpointing, fsdp, modelType;  // the start event's workload (metrics-protocol.md)
    double modelParameters = 0;  // the start event's model.parameters; 0: not said
    std::string_view firstFailure;  // its message
    double firstFailureNode = -1;
    bool ok = true;  // a preflight result's "ok"
    // Numeric keys the protocol does not name: a user's own scalars.
    std::vector<std::pair<std::string_view, double>> extra;
    std::vector<std::string_view> extraNulls;      // null values of such keys
    std::vector<std::string_view> extraNonfinite;  // such keys listed in "nonfinite"

    void clear();
    bool has(Num n) const { return present & (1u << n); }
    double get(Num n, double fallback = 0) const { return has(n) ? num[n] : fallback; }
    // A series value: a number, or NaN where null and listed as non-finite.
    bool value(Num n, double& out) const;
    // The user's scalars with their non-finite nulls resolved, in the line's order.
    void extraValues(std::vector<std::pair<std::string_view, double>>& out) const;

    // Checked conversions: false (and `out` untouched) when absent or out of range.
    bool integer(Num n, double lo, double hi, std::int64_t& out) const;
    bool step(std::int64_t& out) const { return integer(kStep, 0, kMaxInteger, out); }
    // The event's time: absent is 0 (unknown); false for a negative or non-finite time.
    bool time(double& out) const;
};

class Reader {
public:
    // Reads one line into `f` (cleared first). `readable`: bytes readable from
    // `line` on (at least length + 64: simdjson's padding). False: not a JSON object.
    bool read(const char* line, std::size_t length, std::size_t readable, Fields& f);

private:
    bool readOnce(const char* line, std::size_t length, std::size_t readable, Fields& f, bool tokens);
    simdjson::ondemand::parser parser_;
    std::string quoted_;  // the line with NaN/Infinity tokens quoted, when it had any
};

}  // namespace traindeck::metrics::json
