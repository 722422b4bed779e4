#pragma once
// A run: what one training job reported, as series of points, plus what the
// dashboard must call out (alarms) and what the trainer said about itself.

#include "metrics/alarm.h"
#include "metrics/series.h"

#include <algorithm>

#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace traindeck::metrics {

// The trainer's `start` event (metrics-protocol.md); zero where the source did not say.
struct RunInfo {
    std::string runId;
    int worldSize = 0;
    int nodes = 0;
    int gpusPerNode = 0;
    std::string backend;
    std::string precision;
    std::string device;  // "cpu" or the GPU's name, where the writer says it
    std::string model;
    double parameters = 0;  // the model's, where the writer says it
    double effectiveBatch = 0;
    double microBatch = 0;
    int gradAccum = 0;
    // The workload it ran (a calibration point keeps it): empty, 0 or -1 where not said.
    double tokensPerSample = 0;
    std::string checkpointing;  // none, selective, full
    int zeroStage = -1;
    std::string fsdp;           // none, full_shard, shard_grad_op, hybrid_shard
    std::string modelType;      // Hugging Face model_type
    std::int64_t warmupSteps = 0;  // the LR warm-up's steps (the trainer's start event)
    std::int64_t totalSteps = 0;
    std::int64_t resumedFromStep = -1;
    double startTime = 0;
    int starts = 0;  // start events seen (a resumed run starts again)
    // What the run's evaluations and checkpoint writes took (metrics-protocol.md `eval`
    // samples and seconds, `checkpoint` bytes and seconds), each as the event said it.
    struct Timed {
        double amount = 0;  // samples evaluated, bytes written; 0: not said
        double seconds = 0;
    };
    std::vector<Timed> evaluations, checkpointWrites;
};

struct RunEnd {
    std::string status;  // completed, failed, interrupted
    std::int64_t step = -1;
    double seconds = 0;
};

// The run begun again into the same folder or stream after it had ended: a new
// launch attempt (run-folder.md) or a `start` after an `end` (metrics-protocol.md).
struct Restart {
    int attempt = 2;
    std::int64_t afterStep = -1;  // the last step before it (-1: none)
    double time = 0;
    std::string previousEnd;      // how the attempt before ended; empty: it did not say
};

class Run {
public:
    explicit Run(std::string name, std::size_t seriesCapacity = Series::kDefaultCapacity);

    const std::string& name() const { return name_; }

    // The series of a metric (rank -1: job-wide), created on first use. The
    // reference stays valid for the run's life.
    Series& series(const std::string& metric, int rank = -1);
    const Series* find(const std::string& metric, int rank = -1) const;
    const std::map<std::pair<std::string, int>, std::unique_ptr<Series>>& allSeries() const { return series_; }

    // Appends to a series and raises what the point means: a non-finite loss, a restart.
    // `seenAt`: when the point was read (for stall detection), in the caller's clock.
    // A point that cannot be true (see accept()) is counted in rejectedValues instead.
    void append(Series& s, const Point& p, double seenAt);
    // Whether a point from a file can be true: a step in [0, 2^53], a finite
    // non-negative time. Every reader's points pass here; false counts it rejected.
    bool accept(const Point& p);

    void raise(Alarm alarm);
    const std::vector<Alarm>& alarms() const { return alarms_; }
    bool failing() const;  // a failing alarm in the current attempt
    // What is wrong with the run now: the current attempt's failing and stalled
    // alarms (an attempt that failed and was followed by another is history, not
    // a problem). The window's banner and `traindeck watch` both show these.
    std::vector<Alarm> problems() const;
    std::size_t currentAttemptAlarms() const { return attemptAlarms_; }  // alarms()[this…]: the current attempt's

    // Raises a Stalled alarm (once until steps resume) when no step came for
    // `factor` times the median interval between steps (and at least `minimumS`).
    void checkStall(double now, double factor = 5, double minimumS = 10);
    double medianStepInterval() const;  // seconds of the events' clock between new steps; 0: unknown

    RunInfo info;
    std::optional<RunEnd> end;  // the current attempt's
    void setEnd(RunEnd e, double time);

    // Attempt `attempt` began: the run is running again (its end cleared, a
    // Relaunched alarm at the step it came after). Nothing when that attempt is known.
    void restart(int attempt, double time);
    // How an attempt before the current one ended, read after the next had begun
    // (a run folder's launch.jsonl is read after its nodes' files).
    void earlierAttemptEnded(int attempt, const std::string& how);
    int attempt() const { return restarts_.empty() ? 1 : restarts_.back().attempt; }
    const std::vector<Restart>& restarts() const { return restarts_; }

    std::int64_t lastStep() const { return lastStep_; }  // the last step logged
    // The run's final step as far as known: the end event's (the step the run
    // reached, which may come after the last one logged), else the last logged.
    std::int64_t finalStep() const { return end ? std::max(end->step, lastStep_) : lastStep_; }
    double lastStepTime() const { return lastStepTime_; }
    std::size_t skippedLines = 0;          // lines that were not a known format
    std::size_t rejectedValues = 0;        // points and events whose numbers were out of range
    std::vector<Text> readProblems;  // corrupt records, unreadable files: reported, not fatal
    // The nodes whose lines came prefixed in one stream (kubectl logs --prefix), in the order seen.
    struct NodeStream {
        std::string name;
        std::size_t lines = 0;
    };
    std::vector<NodeStream> nodeStreams;
    std::uint64_t generation() const { return generation_; }  // grows on every change
    void touch() { ++generation_; }
    std::size_t bytes() const;

private:
    std::string name_;
    std::size_t capacity_;
    std::map<std::pair<std::string, int>, std::unique_ptr<Series>> series_;
    std::vector<Alarm> alarms_;
    std::size_t attemptAlarms_ = 0;  // alarms_[attemptAlarms_…]: the current attempt's
    std::vector<Restart> restarts_;
    std::int64_t lastStep_ = -1;
    double lastStepTime_ = 0;   // the event's own time of the last new step
    double lastStepSeenAt_ = 0; // when it was read, in the caller's clock
    std::deque<double> intervals_;
    bool stalled_ = false;
    bool nonFiniteRaised_ = false;
    std::uint64_t generation_ = 0;
};

// Every run a watch has found, in the order found.
class Store {
public:
    Run& run(const std::string& name);  // created on first use
    Run* find(const std::string& name);
    const std::vector<std::unique_ptr<Run>>& runs() const { return runs_; }
    // What the store holds over all runs: points of every series, and bytes (Run::bytes).
    std::size_t pointsHeld() const;
    std::size_t bytesHeld() const;
    std::size_t seriesCapacity = Series::kDefaultCapacity;

private:
    std::vector<std::unique_ptr<Run>> runs_;
};

}  // namespace traindeck::metrics
