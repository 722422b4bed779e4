#pragma once
// The run folder (docs/run-folder.md): plan.yaml, hosts, each node's
// stdout and stderr whole (node-<i>.out/.err, appended as they arrive) and the
// launcher's own events (launch.jsonl). Written here only; the dashboard reads it.

#include "events.h"
#include "generate/generate.h"
#include "plan/plan.h"
#include "scheduler/job.h"

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

namespace traindeck::launch {

class RunFolder {
public:
    // Creates `dir` (and parents), writes plan.yaml, hosts and the node files
    // under files/. `error` says why not, empty on success.
    RunFolder(std::string dir, const Plan& plan, const std::vector<std::string>& hosts,
              const std::vector<generate::GeneratedFile>& files, std::string& error);
    // A folder a launch made before: to go on following its job (`traindeck launch --attach`).
    explicit RunFolder(std::string dir) : dir_(std::move(dir)) {}
    ~RunFolder();

    // Appends to node-<i>.out (stream 0) or .err (1), flushed at once.
    class NodeLogs {
    public:
        void append(int stream, const std::string& chunk);
        std::shared_ptr<std::FILE> files[2];
    };
    NodeLogs nodeLogs(int node);

    // Opens launch.jsonl and records a new attempt in it: 1, or one more than
    // the attempts an earlier launch into this folder recorded. From the second
    // on, each node file gets a line where this attempt's part begins.
    int startAttempt(const std::string& runId, bool dryRun, int nodes, std::string& error);

    // Opens launch.jsonl to go on with its latest attempt (after --attach); 0 when it has none.
    int continueAttempt(std::string& error);

    // A scheduler's job: `submitted` once, then a `job` line for each new status (run-folder.md).
    void recordSubmitted(const std::string& scheduler, const std::string& jobId);
    void recordJob(const std::string& jobId, const scheduler::JobStatus& status);

    // One line of launch.jsonl for a state, pre-flight or end event (others are in the node logs).
    void record(const Event& e, const std::string& host);
    bool writeFailed() const { return writeFailed_; }  // a line of launch.jsonl could not be written

    const std::string& dir() const { return dir_; }
    std::string filesDir() const { return dir_ + "/files"; }

private:
    void writeLine(const std::string& line);

    std::string dir_;
    std::FILE* events_ = nullptr;
    int attempt_ = 1;
    bool writeFailed_ = false;
};

}  // namespace traindeck::launch
