#pragma once
// A run that a cluster's scheduler runs (`traindeck launch --platform slurm`): the
// plan's files for the scheduler go into the run folder's files/, are checked
// against the cluster and submitted from there; the job is followed to its end
// (scheduler/follower.h), its output copied into node-0.out/.err as it grows (so
// Watch sees the run live), its states recorded in launch.jsonl and its id in
// job.json (docs/run-folder.md). Nothing of ours runs on the nodes but the job.
// A launcher that was closed attaches again to the folder's job.

#include "events.h"
#include "launch.h"
#include "run_folder.h"
#include "scheduler/follower.h"
#include "scheduler/scheduler.h"

#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace traindeck::launch {

struct JobEvent {
    enum class Kind { Submitted, Status, Output, Notice, End };
    Kind kind = Kind::Status;
    std::string jobId;
    scheduler::JobStatus status;  // Status
    Stream stream = Stream::Out;  // Output: one line of the job's output, without its newline
    std::string line;
    std::string metricsEvent;     // Output: the metrics protocol's "event" when the line is a trainer's metrics line
    int node = -1;                // Output: the node a trainer's metrics line says it is from; -1: not said
    Text message;                 // Notice
    LaunchEnd end;                   // End
};

struct ScheduledJobConfig {
    Plan plan;
    std::string runDir;  // empty: defaultRunDir()
    bool dryRun = false;  // check and write the run folder; submit nothing
    bool noRequeue = false;  // the scheduler must not start the job again after a node failed (sbatch --no-requeue)
    scheduler::PollPolicy poll;
};

// The run folder's record of a submitted job (job.json).
struct JobRecord {
    std::string scheduler, jobId;
    std::string outPath, errPath;  // where the job writes its output
    // How long node-0.out/.err were when the job was submitted: what they hold beyond
    // that was copied from the job's output (an attached launcher goes on from there).
    std::uint64_t outStart = 0, errStart = 0;
};
std::string jobRecordPath(const std::string& runDir);
// The lock the one launcher that follows a folder's job holds (flock), and its pid, host and start.
std::string followerLockPath(const std::string& runDir);
// Reads job.json; `error` says why not.
bool readJobRecord(const std::string& runDir, JobRecord& record, Text& error);

class ScheduledJob {
public:
    using Sink = std::function<void(const JobEvent&)>;
    // A new run: generates the files, checks them against the cluster, makes the
    // run folder. Throws LaunchError (one line; nothing submitted).
    ScheduledJob(ScheduledJobConfig config, scheduler::Scheduler& scheduler, Sink sink);
    // The job of an earlier launch into `runDir` (job.json). Throws LaunchError. Where
    // another launcher follows it already, this one only reads (readOnly()).
    ScheduledJob(const std::string& runDir, scheduler::Scheduler& scheduler, scheduler::PollPolicy poll, Sink sink);

    // Submits (a new run), follows the job to its end and records it. Blocks.
    LaunchEnd run();
    void stop();   // the user's stop: SIGTERM to the tasks, the scheduler's cancel after the grace (read-only: leave)
    void leave();  // stop following at once; the job is left to the scheduler

    // Another launcher follows this job (it copies its output and records it): this one
    // shows the job and its output, writes nothing into the run folder and does not stop
    // the job. `follower()` says who follows it ("pid 12 on login1 since …").
    bool readOnly() const { return readOnly_; }
    const std::string& follower() const { return holder_; }
    const std::string& runDir() const { return runDir_; }
    std::string jobId() const;
    int attempt() const { return attempt_; }
    // What a new run submits: the command and the files (--dry-run shows them).
    std::vector<std::string> submitCommand() const { return scheduler_.submitCommand(request_); }
    const std::vector<generate::GeneratedFile>& files() const { return files_; }

private:
    void report(JobEvent e);
    void notice(const Text& message);
    // `fromJob`: read from the job's file (false: a newline that ends a line the job left unended).
    void output(int stream, const std::string& chunk, bool fromJob = true);
    void saveCopied();
    void restarted(int stream, const Text& what);
    void writeHosts(const std::string& nodes);
    void takeFollowerLock();
    LaunchEnd ended(const LaunchEnd& end);
    LaunchEnd finish(const scheduler::JobStatus& last);

    ScheduledJobConfig config_;
    scheduler::Scheduler& scheduler_;
    Sink sink_;
    std::string runDir_;
    std::unique_ptr<RunFolder> folder_;
    RunFolder::NodeLogs logs_;
    scheduler::JobRequest request_;
    std::vector<generate::GeneratedFile> files_;
    JobRecord record_;
    bool attached_ = false;
    bool readOnly_ = false;
    // job.lock's descriptor, held while this launcher follows the job (closed with it, also
    // when a constructor throws).
    struct HeldLock {
        int fd = -1;
        HeldLock() = default;
        HeldLock(const HeldLock&) = delete;
        HeldLock& operator=(const HeldLock&) = delete;
        ~HeldLock() { release(); }
        void release();
    } lock_;
    std::string holder_;          // read-only: who follows the job
    std::string hostsOf_;         // the node list the hosts file was written for
    bool trainerErrorSaid_ = false;
    int attempt_ = 1;
    std::string partial_[2];      // a line not yet ended, per stream
    std::uint64_t copied_[2] = {0, 0};  // how far into the job's output files the copy has read
    Text firstFailure_;           // where the job failed first, as the scheduler says
    mutable std::mutex mutex_;    // what follows, and one event at a time
    std::unique_ptr<scheduler::JobFollower> follower_;
    bool stopped_ = false, left_ = false;
};

}  // namespace traindeck::launch
