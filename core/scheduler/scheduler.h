#pragma once
// A cluster's scheduler as the launcher uses it: check a job can be asked for,
// submit it, ask how it is, signal or cancel it. Slurm (slurm.h) is the first;
// Kubernetes (kubectl apply / get / logs / delete) and PAI-DLC (dlc submit / get /
// logs / stop) take the same shape. Every call runs the scheduler's own commands
// through a CommandRunner and returns at once; JobFollower (follower.h) decides
// when to call.

#include "job.h"
#include "plan/plan.h"
#include "text/text.h"

#include <memory>
#include <string>
#include <vector>

namespace traindeck::scheduler {

class CommandRunner;

// What is submitted: the job's script in its folder, and where the job writes its
// output (files the launcher can read: a filesystem shared with the nodes).
struct JobRequest {
    std::string script;   // the batch script, in `workDir`
    std::string workDir;  // where it is submitted from (its generated files are there; Slurm's SLURM_SUBMIT_DIR)
    std::string outPath, errPath;
    std::vector<std::string> options;  // more of the scheduler's submit options ("--no-requeue")
};

class Scheduler {
public:
    virtual ~Scheduler() = default;
    virtual const char* name() const = 0;  // "slurm": the run folder's job.json
    // What can be checked before anything is submitted: the scheduler's tools are
    // there, the controller answers, the plan fits the cluster. One line, empty: fine.
    virtual Text check(const Plan& plan) = 0;
    // The command that submits `request`, run in its workDir (what --dry-run shows).
    virtual std::vector<std::string> submitCommand(const JobRequest& request) const = 0;
    // Submits; returns the job's id, or empty with `error` set (nothing was submitted).
    virtual std::string submit(const JobRequest& request, Text& error) = 0;
    // The job's status now; `error` is set when the scheduler could not be asked (ask again later).
    virtual JobStatus query(const std::string& jobId, Text& error) = 0;
    // SIGTERM to the job's tasks (the workload's chance to checkpoint), not yet the scheduler's kill.
    virtual Text signalTasks(const std::string& jobId) = 0;
    // The scheduler's own cancel: its signal, its grace, its kill.
    virtual Text cancel(const std::string& jobId) = 0;
    // Where the job failed first, from its error output where the scheduler says it; empty: not said.
    virtual Text firstFailure(const std::string& errOutput) const = 0;
    // What the scheduler says is wrong with the job's nodes (`nodes` in its notation): down,
    // not answering, drained; empty: nothing, or it cannot be asked now.
    virtual Text nodeProblems(const std::string& nodes) = 0;
    // The job's nodes one host name each ("n[0-1]" → n0, n1); empty when it cannot say.
    virtual std::vector<std::string> hostNames(const std::string& nodes) = 0;
};

// The scheduler of that name ("slurm", as job.json records it); null for a name not known.
std::unique_ptr<Scheduler> makeScheduler(const std::string& name, CommandRunner& runner);
// The name of the scheduler that runs a platform's jobs; null where traindeck submits to none.
const char* schedulerOf(Platform platform);

}  // namespace traindeck::scheduler
