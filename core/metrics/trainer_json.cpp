// The trainer's metrics protocol, read with simdjson On-Demand: one pass over
// each object's fields into a fixed table of the keys we know, then the event
// is applied. Unknown keys and events are ignored; a line that is not a JSON
// object of the protocol is reported as not ours (the caller counts it).
#include "metrics/line_parsers.h"

#include <simdjson.h>

#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>

namespace traindeck::metrics {
namespace {

// The numeric keys of every event, in one table: the parser fills values by index.
enum Num : int {
    kV, kTime, kStep, kEpoch, kSamplesSeen, kLoss, kPsnr, kLr, kGradNorm, kStepTime, kSamplesPerS, kCommTime,
    kGpuMem, kRank, kNode, kWorldSize, kNodes, kGpusPerNode, kEffectiveBatch, kMicroBatch, kTotalSteps,
    kResumedFrom, kSeconds, kIndex, kNumCount
};
constexpr std::array<std::string_view, kNumCount> kNumKeys = {
    "v", "time", "step", "epoch", "samples_seen", "loss", "psnr", "lr", "grad_norm", "step_time_s", "samples_per_s",
    "comm_time_s", "gpu_mem_gb", "rank", "node", "world_size", "nodes", "gpus_per_node", "effective_batch",
    "micro_batch", "total_steps", "resumed_from_step", "seconds", "index"};

// The `step` event's series, in the order they are cached.
constexpr std::array<Num, 9> kStepSeries = {kLoss, kPsnr, kLr, kGradNorm, kStepTime, kSamplesPerS, kCommTime, kGpuMem, kEpoch};
constexpr std::array<Num, 3> kRankSeries = {kStepTime, kCommTime, kGpuMem};

int numIndex(std::string_view key) {
    for (int i = 0; i < kNumCount; ++i)
        if (kNumKeys[std::size_t(i)] == key)
            return i;
    return -1;
}

struct Fields {
    std::array<double, kNumCount> num{};
    std::uint32_t present = 0;  // bit i: num[i] was a number
    std::uint32_t nulls = 0;    // bit i: num[i] was null
    std::uint32_t nonfinite = 0;  // bit i: listed in "nonfinite"
    std::string_view event, status, kind, message, runId, backend, precision, model, state, host, lostRank, firstFailure;

    bool has(Num n) const { return present & (1u << n); }
    double get(Num n, double fallback = 0) const { return has(n) ? num[n] : fallback; }
    // The value of a series key: a number, NaN where null and listed as non-finite, else absent.
    bool value(Num n, double& out) const {
        if (has(n)) {
            out = num[n];
            return true;
        }
        if ((nulls & nonfinite) & (1u << n)) {
            out = std::numeric_limits<double>::quiet_NaN();
            return true;
        }
        return false;
    }
};

}  // namespace

struct TrainerJsonParser::Impl {
    explicit Impl(Run& r) : run(r) {}
    Run& run;
    simdjson::ondemand::parser parser;
    std::array<Series*, kStepSeries.size()> stepSeries{};
    std::vector<std::array<Series*, kRankSeries.size()>> rankSeries;
    Series* evalLoss = nullptr;
    Series* evalPsnr = nullptr;
    std::string scratch;  // strings outlive the document only while an event is applied

    bool read(const char* line, std::size_t length, std::size_t readable, Fields& f);
    void apply(const Fields& f, double seenAt);
};

TrainerJsonParser::TrainerJsonParser(Run& run) : impl_(std::make_unique<Impl>(run)) {}
TrainerJsonParser::~TrainerJsonParser() = default;

bool TrainerJsonParser::parse(const char* line, std::size_t length, std::size_t readable, double seenAt) {
    Fields f;
    if (!impl_->read(line, length, readable, f))
        return false;
    if (f.event.empty() || !f.has(kV))
        return false;  // a JSON object, but not one of the protocol's
    impl_->apply(f, seenAt);
    return true;
}

bool TrainerJsonParser::Impl::read(const char* line, std::size_t length, std::size_t readable, Fields& f) {
    using namespace simdjson;
    ondemand::document doc;
    if (parser.iterate(padded_string_view(line, length, readable)).get(doc))
        return false;
    ondemand::object obj;
    if (doc.get_object().get(obj))
        return false;
    for (auto field : obj) {
        std::string_view key;
        if (field.unescaped_key().get(key))
            return false;
        ondemand::value val;
        if (field.value().get(val))
            return false;
        ondemand::json_type type;
        if (val.type().get(type))
            return false;
        switch (type) {
        case ondemand::json_type::number: {
            const int i = numIndex(key);
            if (i < 0)
                break;
            double d;
            if (val.get_double().get(d))
                return false;
            f.num[std::size_t(i)] = d;
            f.present |= 1u << i;
            break;
        }
        case ondemand::json_type::null: {
            const int i = numIndex(key);
            if (i >= 0)
                f.nulls |= 1u << i;
            break;
        }
        case ondemand::json_type::string: {
            std::string_view s;
            if (val.get_string().get(s))
                return false;
            if (key == "event") f.event = s;
            else if (key == "status") f.status = s;
            else if (key == "kind") f.kind = s;
            else if (key == "message") f.message = s;
            else if (key == "run_id") f.runId = s;
            else if (key == "backend") f.backend = s;
            else if (key == "precision") f.precision = s;
            else if (key == "state") f.state = s;
            else if (key == "host") f.host = s;
            else if (key == "first_failure") f.firstFailure = s;
            break;
        }
        case ondemand::json_type::array: {
            if (key != "nonfinite")
                break;
            ondemand::array arr;
            if (val.get_array().get(arr))
                return false;
            for (auto el : arr) {
                std::string_view name;
                if (el.get_string().get(name))
                    continue;
                const int i = numIndex(name);
                if (i >= 0)
                    f.nonfinite |= 1u << i;
            }
            break;
        }
        case ondemand::json_type::object: {
            if (key == "model") {
                ondemand::object m;
                if (val.get_object().get(m))
                    return false;
                std::string_view preset;
                if (!m["preset"].get_string().get(preset))
                    f.model = preset;
            } else if (key == "first_failure") {  // {"node": i, "message": "…"}: the message says it
                ondemand::object ff;
                if (val.get_object().get(ff))
                    return false;
                std::string_view message;
                if (!ff["message"].get_string().get(message))
                    f.firstFailure = message;
            }
            break;
        }
        default:
            break;  // booleans and unknown shapes: On-Demand skips them
        }
    }
    return true;
}

void TrainerJsonParser::Impl::apply(const Fields& f, double seenAt) {
    const double time = f.get(kTime);
    const auto step = std::int64_t(f.get(kStep, double(std::max<std::int64_t>(run.lastStep(), 0))));
    if (f.event == "step") {
        for (std::size_t i = 0; i < kStepSeries.size(); ++i) {
            double v;
            if (!f.value(kStepSeries[i], v))
                continue;
            if (!stepSeries[i])
                stepSeries[i] = &run.series(std::string(kNumKeys[kStepSeries[i]]));
            run.append(*stepSeries[i], {step, time, v}, seenAt);
        }
    } else if (f.event == "rank") {
        const int rank = int(f.get(kRank, -1));
        if (rank < 0 || rank > 1 << 20)
            return;
        if (rankSeries.size() <= std::size_t(rank))
            rankSeries.resize(std::size_t(rank) + 1);
        auto& cache = rankSeries[std::size_t(rank)];
        for (std::size_t i = 0; i < kRankSeries.size(); ++i) {
            double v;
            if (!f.value(kRankSeries[i], v))
                continue;
            if (!cache[i])
                cache[i] = &run.series(std::string(kNumKeys[kRankSeries[i]]), rank);
            // Per-rank points do not move the run's step: the job-wide `step` event does.
            cache[i]->append({step, time, v});
            run.touch();
        }
    } else if (f.event == "eval") {
        double v;
        if (f.value(kLoss, v)) {
            if (!evalLoss)
                evalLoss = &run.series("eval_loss");
            run.append(*evalLoss, {step, time, v}, seenAt);
        }
        if (f.value(kPsnr, v)) {
            if (!evalPsnr)
                evalPsnr = &run.series("eval_psnr");
            run.append(*evalPsnr, {step, time, v}, seenAt);
        }
    } else if (f.event == "start") {
        RunInfo& i = run.info;
        i.runId = std::string(f.runId);
        i.worldSize = int(f.get(kWorldSize));
        i.nodes = int(f.get(kNodes));
        i.gpusPerNode = int(f.get(kGpusPerNode));
        i.backend = std::string(f.backend);
        i.precision = std::string(f.precision);
        i.model = std::string(f.model);
        i.effectiveBatch = f.get(kEffectiveBatch);
        i.microBatch = f.get(kMicroBatch);
        i.totalSteps = std::int64_t(f.get(kTotalSteps));
        i.resumedFromStep = std::int64_t(f.get(kResumedFrom, -1));
        i.startTime = time;
        run.touch();
    } else if (f.event == "error") {
        std::string detail(f.kind);
        if (!f.message.empty())
            detail += (detail.empty() ? "" : ": ") + std::string(f.message);
        run.raise({AlarmKind::RankError, run.lastStep(), time, int(f.get(kRank, -1)), {}, detail});
    } else if (f.event == "end") {
        // The trainer's end, or the launcher's (launch.jsonl): the first one wins.
        const std::string status = f.status.empty() ? "completed" : std::string(f.status);
        run.setEnd({status, std::int64_t(f.get(kStep, double(run.lastStep()))), f.get(kSeconds)}, time);
        if (status == "failed" && !f.firstFailure.empty())
            run.raise({AlarmKind::NodeLost, run.lastStep(), time, -1, {}, std::string(f.firstFailure)});
    } else if (f.event == "node") {
        // The launcher's node states: a lost node, or one that exited with a failure, is an alarm.
        const bool failedExit = f.state == "exited" && !f.status.empty() && f.status != "completed" && f.status != "0";
        if (f.state == "lost" || failedExit) {
            std::string detail(f.host);
            const std::string_view why = !f.message.empty() ? f.message : f.status;
            if (!why.empty())
                detail += (detail.empty() ? "" : ": ") + std::string(why);
            run.raise({AlarmKind::NodeLost, run.lastStep(), time, int(f.get(kIndex, f.get(kNode, -1))), {}, detail});
        }
    }
    // checkpoint, preflight and events of later versions: nothing to plot.
}

}  // namespace traindeck::metrics
