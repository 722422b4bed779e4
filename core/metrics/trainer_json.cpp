// The trainer's metrics protocol into a run's series: each line read by the one
// protocol reader (json_fields.h), then its event applied. Unknown events are
// ignored; numeric keys the protocol does not name are the user's own scalars
// and get their own series; a line that is not a JSON object of the protocol is
// reported as not ours (the caller counts it); a line whose numbers are out of
// range (a step of 1e30, a negative time) is rejected and counted.
#include "metrics/json_fields.h"
#include "metrics/line_parsers.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <utility>

namespace traindeck::metrics {
namespace {

using namespace json;

// The `step` event's series, in the order they are cached.
constexpr std::array<Num, 9> kStepSeries = {kLoss, kPsnr, kLr, kGradNorm, kStepTime, kSamplesPerS, kCommTime, kGpuMem, kEpoch};
constexpr std::array<Num, 3> kRankSeries = {kStepTime, kCommTime, kGpuMem};

int clampedInt(const Fields& f, Num n, int hi) {
    std::int64_t v = 0;
    return f.integer(n, 0, hi, v) ? int(v) : 0;
}

}  // namespace

struct TrainerJsonParser::Impl {
    explicit Impl(Run& r) : run(r) {}
    // A user's scalars by name, for one rank (or the job): a few keys, looked up linearly.
    struct NamedSeries {
        std::vector<std::pair<std::string, Series*>> byName;
        Series& get(Run& run, std::string_view name, int rank) {
            for (auto& [n, s] : byName)
                if (n == name)
                    return *s;
            byName.emplace_back(std::string(name), &run.series(std::string(name), rank));
            return *byName.back().second;
        }
    };

    Run& run;
    Reader reader;
    Fields f;
    std::vector<std::pair<std::string_view, double>> extras;
    std::array<Series*, kStepSeries.size()> stepSeries{};
    std::vector<std::array<Series*, kRankSeries.size()>> rankSeries;
    NamedSeries userSeries;                 // the job's own scalars
    std::vector<NamedSeries> userRankSeries;
    Series* evalLoss = nullptr;
    Series* evalPsnr = nullptr;
    std::vector<int> preflightFailed;  // nodes whose pre-flight failed: their end is not a lost node
    std::string node;  // where the lines come from, when a prefixed stream said

    bool apply(double seenAt);
    void applyStep(std::int64_t step, double time, double seenAt);
    bool applyRank(std::int64_t step, double time);
    void applyEval(std::int64_t step, double time, double seenAt);
    void applyCheckpoint();
    void applyStart(double time);
    void applyLauncher(double time);
};

TrainerJsonParser::TrainerJsonParser(Run& run) : impl_(std::make_unique<Impl>(run)) {}
TrainerJsonParser::~TrainerJsonParser() = default;
void TrainerJsonParser::setNode(const std::string& node) { impl_->node = node; }

bool TrainerJsonParser::parse(const char* line, std::size_t length, std::size_t readable, double seenAt) {
    Fields& f = impl_->f;
    if (!impl_->reader.read(line, length, readable, f))
        return false;
    if (f.event.empty() || !f.has(kV))
        return false;  // a JSON object, but not one of the protocol's
    if (!impl_->apply(seenAt)) {
        ++impl_->run.rejectedValues;  // ours, but its numbers cannot be true
        impl_->run.touch();
    }
    return true;
}

bool TrainerJsonParser::Impl::apply(double seenAt) {
    double time;
    if (!f.time(time))
        return false;
    std::int64_t step = std::max<std::int64_t>(run.lastStep(), 0);
    if (f.has(kStep) && !f.step(step))
        return false;
    if (f.event == "step")
        applyStep(step, time, seenAt);
    else if (f.event == "rank")
        return applyRank(step, time);
    else if (f.event == "eval")
        applyEval(step, time, seenAt);
    else if (f.event == "start")
        applyStart(time);
    else if (f.event == "checkpoint")
        applyCheckpoint();
    else if (f.event == "error") {
        std::string detail = node.empty() ? std::string(f.kind) : "[" + node + "] " + std::string(f.kind);
        if (!f.message.empty())
            detail += (detail.empty() ? "" : ": ") + std::string(f.message);
        std::int64_t rank = -1;
        f.integer(kRank, 0, kMaxRank, rank);
        run.raise({AlarmKind::RankError, run.lastStep(), time, int(rank), {}, detail});
    } else
        applyLauncher(time);
    // Events of later versions: nothing to plot.
    return true;
}

void TrainerJsonParser::Impl::applyStep(std::int64_t step, double time, double seenAt) {
    for (std::size_t i = 0; i < kStepSeries.size(); ++i) {
        double v;
        if (!f.value(kStepSeries[i], v))
            continue;
        if (!stepSeries[i])
            stepSeries[i] = &run.series(std::string(kNumKeys[kStepSeries[i]]));
        run.append(*stepSeries[i], {step, time, v}, seenAt);
    }
    if (f.extra.empty() && f.extraNulls.empty())
        return;
    f.extraValues(extras);
    for (const auto& [name, v] : extras)
        run.append(userSeries.get(run, name, -1), {step, time, v}, seenAt);
}

bool TrainerJsonParser::Impl::applyRank(std::int64_t step, double time) {
    std::int64_t rank;
    if (!f.integer(kRank, 0, kMaxRank, rank))
        return false;
    if (rankSeries.size() <= std::size_t(rank)) {
        rankSeries.resize(std::size_t(rank) + 1);
        userRankSeries.resize(std::size_t(rank) + 1);
    }
    auto& cache = rankSeries[std::size_t(rank)];
    // Per-rank points do not move the run's step: the job-wide `step` event does.
    auto add = [&](Series& s, double v) {
        if (run.accept({step, time, v})) {
            s.append({step, time, v});
            run.touch();
        }
    };
    for (std::size_t i = 0; i < kRankSeries.size(); ++i) {
        double v;
        if (!f.value(kRankSeries[i], v))
            continue;
        if (!cache[i])
            cache[i] = &run.series(std::string(kNumKeys[kRankSeries[i]]), int(rank));
        add(*cache[i], v);
    }
    if (!f.extra.empty() || !f.extraNulls.empty()) {
        f.extraValues(extras);
        for (const auto& [name, v] : extras)
            add(userRankSeries[std::size_t(rank)].get(run, name, int(rank)), v);
    }
    return true;
}

void TrainerJsonParser::Impl::applyEval(std::int64_t step, double time, double seenAt) {
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
    f.extraValues(extras);
    RunInfo::Timed took{0, f.get(kSeconds, -1)};
    for (const auto& [name, value] : extras) {
        if (name == "samples") {  // the protocol's, how many it read: a duration's, not a metric
            took.amount = std::isfinite(value) && value > 0 ? value : 0;
            continue;
        }
        const std::string metric = name.starts_with("eval_") ? std::string(name) : "eval_" + std::string(name);
        run.append(userSeries.get(run, metric, -1), {step, time, value}, seenAt);
    }
    if (std::isfinite(took.seconds) && took.seconds >= 0)
        run.info.evaluations.push_back(took);
}

void TrainerJsonParser::Impl::applyCheckpoint() {
    const double seconds = f.get(kSeconds, -1);
    if (!std::isfinite(seconds) || seconds < 0)
        return;
    double bytes = 0;
    for (const auto& [name, value] : f.extra)
        if (name == "bytes" && std::isfinite(value) && value > 0)
            bytes = value;
    run.info.checkpointWrites.push_back({bytes, seconds});
}

void TrainerJsonParser::Impl::applyStart(double time) {
    if (run.end)
        run.restart(run.attempt() + 1, time);  // started again after its end: the next attempt
    RunInfo& i = run.info;
    i.runId = std::string(f.runId);
    i.worldSize = clampedInt(f, kWorldSize, kMaxRank);
    i.nodes = clampedInt(f, kNodes, kMaxRank);
    i.gpusPerNode = clampedInt(f, kGpusPerNode, kMaxRank);
    i.backend = std::string(f.backend);
    i.precision = std::string(f.precision);
    i.device = std::string(f.device);
    i.model = std::string(f.model);
    i.parameters = f.modelParameters;
    if (const double params = f.get(kParams); std::isfinite(params) && params > 0 && params <= kMaxInteger)
        i.parameters = params;  // the top-level params (metrics-protocol.md) over model.parameters
    const double tokens = f.get(kTokensPerSample);
    i.tokensPerSample = std::isfinite(tokens) && tokens > 0 && tokens <= 1e9 ? tokens : 0;
    i.checkpointing = std::string(f.checkpointing);
    std::int64_t zero = -1;
    i.zeroStage = f.integer(kZeroStage, 0, 3, zero) ? int(zero) : -1;
    i.fsdp = std::string(f.fsdp);
    i.modelType = std::string(f.modelType);
    const double batch = f.get(kEffectiveBatch), micro = f.get(kMicroBatch);
    i.effectiveBatch = std::isfinite(batch) && batch > 0 ? batch : 0;
    i.microBatch = std::isfinite(micro) && micro > 0 ? micro : 0;
    i.gradAccum = clampedInt(f, kGradAccum, 1 << 30);
    i.warmupSteps = 0;
    f.integer(kWarmupSteps, 0, kMaxInteger, i.warmupSteps);
    i.totalSteps = 0;
    f.integer(kTotalSteps, 0, kMaxInteger, i.totalSteps);
    i.resumedFromStep = -1;
    f.integer(kResumedFrom, 0, kMaxInteger, i.resumedFromStep);
    i.startTime = time;
    ++i.starts;
    run.touch();
}

// The launcher's launch.jsonl (run-folder.md): node states, pre-flight results, its end.
void TrainerJsonParser::Impl::applyLauncher(double time) {
    std::int64_t node = -1;
    if (!f.integer(kIndex, 0, kMaxRank, node))
        f.integer(kNode, 0, kMaxRank, node);
    const auto detailOf = [&](std::string_view why) {
        std::string detail(f.host);
        if (!why.empty())
            detail += (detail.empty() ? "" : ": ") + std::string(why);
        return detail;
    };
    // The launcher numbers its attempts (each line, and a marker in the nodes'
    // files): a later one is a restart; an earlier one's lines, read after the
    // next had begun, are history, but for how it ended.
    std::int64_t attempt = 0;
    f.integer(kAttempt, 1, kMaxRank, attempt);
    if (attempt > run.attempt())
        run.restart(int(attempt), time);
    if (attempt > 0 && attempt < run.attempt()) {
        if (f.event == "end")
            run.earlierAttemptEnded(int(attempt), f.firstFailure.empty() ? std::string(f.status)
                                                                         : std::string(f.status) + ": " + std::string(f.firstFailure));
        return;
    }
    if (f.event == "end") {
        // The trainer's end, or the launcher's: the first one wins.
        const std::string status = f.status.empty() ? "completed" : std::string(f.status);
        std::int64_t step = run.lastStep();
        f.integer(kStep, 0, kMaxInteger, step);
        const double seconds = f.get(kSeconds);
        run.setEnd({status, step, std::isfinite(seconds) && seconds >= 0 ? seconds : 0}, time);
        const int failed = f.firstFailureNode >= 0 && f.firstFailureNode <= kMaxRank ? int(f.firstFailureNode) : -1;
        const bool preflight = std::find(preflightFailed.begin(), preflightFailed.end(), failed) != preflightFailed.end();
        if (status == "failed" && !f.firstFailure.empty() && !preflight)
            run.raise({AlarmKind::NodeLost, run.lastStep(), time, failed, {}, std::string(f.firstFailure)});
    } else if (f.event == "preflight" && !f.ok) {
        // A node that did not pass its checks never started: nothing was lost.
        preflightFailed.push_back(int(node));
        // The launcher's message names the node and its host already.
        run.raise({AlarmKind::PreflightFailed, -1, time, int(node), std::string(f.check),
                   f.message.empty() ? std::string(f.host) : std::string(f.message)});
    } else if (f.event == "node") {
        // A lost node, or one that exited with a failure, is an alarm.
        // The launcher writes an exit status as a number, other writers as text.
        std::string status(f.status);
        for (const auto& [key, v] : f.extra)
            if (key == "status" && v >= -1e9 && v <= 1e9)
                status = std::to_string(std::int64_t(v));
        const bool failedExit = f.state == "exited" && !status.empty() && status != "completed" && status != "0";
        const bool preflight = std::find(preflightFailed.begin(), preflightFailed.end(), int(node)) != preflightFailed.end();
        if ((f.state == "lost" || failedExit) && !preflight)
            run.raise({AlarmKind::NodeLost, run.lastStep(), time, int(node), {}, detailOf(!f.message.empty() ? f.message : std::string_view(status))});
    }
}

}  // namespace traindeck::metrics
