#pragma once
// A run: one plan, one host per node (node 0 first) or this machine, and a run
// folder. start() returns at once; node threads connect in parallel, check,
// start every node together, stream, and report through the event callback.
// stop() asks every node to stop (SIGTERM to every process of its session,
// SIGKILL after the grace period); a second stop() kills at once; abandon()
// records the end at once without waiting for the nodes. When a node fails (it
// exits non-zero, its connection drops or goes silent, or a trainer reports it
// lost), every other node is stopped the same way and the run ends failed,
// naming the node that failed first: the earliest cause, not the first exit.

#include "events.h"
#include "generate/generate.h"
#include "node_session.h"
#include "run_folder.h"
#include "plan/plan.h"
#include "plan/plan_analysis.h"
#include "text/text.h"

#include <atomic>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace traindeck::metrics {
struct MetricsLine;
}

namespace traindeck::launch {

// Bad input: hosts that do not match the plan, a plan that cannot be generated.
class LaunchError : public std::runtime_error {
public:
    explicit LaunchError(Text message) : std::runtime_error(message.english()), text(std::move(message)) {}
    Text text;
};

struct LaunchConfig {
    Plan plan;
    std::vector<std::string> hosts;  // [user@]host[:port], one per node; ignored with `local`
    bool local = false;              // the single node of a 1×N plan, on this machine
    std::string runDir;              // empty: defaultRunDir()
    std::string remoteDir;           // where each host gets the run's files (<remoteDir>/<run_id>); relative
                                     // to the remote home; empty: .traindeck/runs
    traindeck::ssh::Settings ssh;  // qualified: the member's name is the namespace's
    bool dryRun = false;             // pre-flight only: nothing is written to the nodes
    double graceSeconds = 30;        // SIGTERM → SIGKILL
};

// The one analysis of a launch, over SSH, here or through a scheduler: throws
// LaunchError when the plan is invalid or has an error on its own layout
// (PlanAnalysis::launchBlocker; a compared layout's errors do not stop it). Every
// face launches through Launch or ScheduledJob, which ask this: none can start a plan
// that another refuses.
PlanAnalysis analyseForLaunch(const Plan& plan);

// The program a node's pre-flight looks for: the trainer, or the first word of the
// plan's command template (VAR=value words before it skipped).
std::string workloadProgram(const Plan& plan);

// <data>/TrainDeck/runs/<run_id> (XDG_DATA_HOME or ~/.local/share).
std::string defaultRunDir(const std::string& runId);
// The plan's job name (made safe for a path), a UTC timestamp and a random suffix.
std::string makeRunId(const std::string& jobName);

class Launch {
public:
    using Sink = std::function<void(const Event&)>;
    // Throws LaunchError on bad input; creates the run folder.
    Launch(LaunchConfig config, Sink sink);
    ~Launch();  // stops and waits
    Launch(const Launch&) = delete;
    Launch& operator=(const Launch&) = delete;

    void start();
    void stop();  // first: graceful; second: kill
    void kill();
    LaunchEnd wait();  // blocks until every node thread has ended
    // Records the end (interrupted, or the failure seen so far) with what is known
    // now and reports nothing more: for a launcher that must exit at once. The
    // node threads are left to the process's exit.
    LaunchEnd abandon();
    int attempt() const { return attempt_; }  // 1, or more when the run folder held earlier attempts
    const std::string& runDir() const { return runDir_; }
    const std::string& runId() const { return runId_; }

private:
    struct Node;
    struct Failure {
        FailureKind kind = FailureKind::None;
        int node = -1;
        Text why;
        double time = 0;  // when it happened (Unix seconds): the trainer's own time for its error events
        int rank = -1;    // a trainer's error about itself (no lost rank): the rank that wrote it
    };
    struct Probe {
        std::string out, err;
        Text lost;
        int status = -1;  // its command ended before the checks did
        bool done = false, stopped = false;
    };
    void nodeMain(int index);
    bool preflightNode(Node& node, NodeSession& session);
    Probe readProbe(NodeSession& session);
    void finishUnstarted(Node& node, NodeSession& session);
    void streamNode(Node& node, NodeSession& session);
    void handleOutput(Node& node, int stream, const std::string& chunk);
    void trainerError(const Node& node, const metrics::MetricsLine& line);
    void state(int node, NodeState s, int status = -1, Text message = {});
    void preflight(int node, const std::string& check, bool ok, Text message);
    void report(Event e);  // not emit: Qt defines that word as a macro
    void recordFailure(FailureKind kind, int node, Text why, double time = 0, int rank = -1);
    LaunchEnd decideEnd();
    // A failure names this node (its exit, its lost connection, a trainer's report
    // blaming it): the run stops it because of itself, not of the user or another node.
    bool failedItself(int node);
    bool arriveAndWaitAll(bool ok);
    // The user stopped the run (or a second stop): pre-flight checks end at once.
    // Another node's failed check does not end them: every node's problems are shown together.
    bool stopNow();
    // The same, with mutex_ held (a second stop kills, whoever asked the first).
    bool userStopLocked() const { return stopLevel_ >= 2 || (stopLevel_ > 0 && userStopped_); }

    LaunchConfig config_;
    Sink sink_;
    std::string runId_, runDir_, remoteDir_;
    std::vector<std::unique_ptr<Node>> nodes_;
    std::unique_ptr<RunFolder> folder_;
    std::vector<generate::GeneratedFile> files_;  // what every node needs (each its own node-<i>.sh)
    std::vector<std::thread> threads_;

    std::mutex emitMutex_;  // one event at a time, to the sink and launch.jsonl
    std::mutex mutex_;      // what follows
    std::condition_variable arrived_;
    int arrivedCount_ = 0;
    bool allReady_ = true;
    LaunchEnd end_;
    bool failed_ = false;
    std::vector<Failure> failures_;  // the first, and what other nodes' trainers reported soon after
    bool abandoned_ = false;         // guarded by emitMutex_
    int attempt_ = 1;
    std::atomic<int> stopLevel_{0};  // 0 running, 1 stop gracefully, 2 kill
    bool userStopped_ = false;
    bool waited_ = false;
};

}  // namespace traindeck::launch
