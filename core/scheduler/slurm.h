#pragma once
// Slurm: sbatch submits, `scontrol show job` follows (while the controller keeps
// the job; `sacct` after, where accounting is on), scancel signals and cancels,
// sinfo checks the partition. The parsers are free functions, tested on real
// commands' output (tests/scheduler).

#include "command_runner.h"
#include "scheduler.h"

#include <functional>
#include <optional>

namespace traindeck::scheduler {

// `scontrol show job -o ID`: one line of Key=Value words; nullopt when it names no job.
std::optional<JobStatus> parseScontrolJob(const std::string& text);
// `sacct -n -P -X -j ID -o State,ExitCode,NodeList,Reason`: nullopt when it has no line.
std::optional<JobStatus> parseSacct(const std::string& text);
// A Slurm state word ("PENDING", "CANCELLED by 0", "NODE_FAIL") as a JobState.
JobState slurmJobState(const std::string& word);
// `sbatch --parsable`'s answer ("12" or "12;cluster"); empty when it is not a job id.
std::string parseSbatchJobId(const std::string& text);

// One partition as `sinfo -h -o '%P|%D|%G|%a'` tells it.
struct SlurmPartition {
    std::string name;
    bool isDefault = false;  // sinfo marks it with '*'
    bool up = true;
    int nodes = 0;
    int maxGpusPerNode = 0;  // the most GPUs (gres gpu, of any type) one of its nodes has
};
std::vector<SlurmPartition> parseSinfoPartitions(const std::string& text);
// "gpu:h100:8(S:0-1),shard:4" → 8: GPUs in one GRES list.
int gresGpuCount(const std::string& gres);

// The first task srun says failed ("srun: error: n1: task 1: Exited with exit code 3"):
// its node, task and what happened. nullopt when no such line.
struct TaskFailure {
    std::string node, task, what;
};
std::optional<TaskFailure> parseSrunFailure(const std::string& errOutput);

// `sinfo -h -N -n NODES -o '%N|%T|%E'`: the nodes Slurm marks as failing (down, drained,
// failing, or not answering: a state with '*'), each with its state and Slurm's reason.
struct NodeProblem {
    std::string node, state, reason;
    bool notResponding = false;
};
std::vector<NodeProblem> parseSinfoNodeProblems(const std::string& text);

// What stops Slurm's commands before they ask anything: SLURM_CONF naming a file that is
// not there (they would retry reading it for a minute). `slurmConf`: SLURM_CONF's value,
// null when unset; `exists` says whether a file exists. Empty: nothing.
Text slurmConfigProblem(const char* slurmConf, const std::function<bool(const std::string&)>& exists);

class SlurmScheduler : public Scheduler {
public:
    explicit SlurmScheduler(CommandRunner& runner, double commandTimeoutS = 30) : runner_(runner), timeoutS_(commandTimeoutS) {}
    const char* name() const override { return "slurm"; }
    Text check(const Plan& plan) override;
    std::vector<std::string> submitCommand(const JobRequest& request) const override;
    std::string submit(const JobRequest& request, Text& error) override;
    JobStatus query(const std::string& jobId, Text& error) override;
    Text signalTasks(const std::string& jobId) override;
    Text cancel(const std::string& jobId) override;
    Text firstFailure(const std::string& errOutput) const override;
    Text nodeProblems(const std::string& nodes) override;
    std::vector<std::string> hostNames(const std::string& nodes) override;

private:
    CommandResult run(const std::vector<std::string>& argv, const std::string& workDir = {}) {
        return runner_.run(argv, workDir, timeoutS_);
    }
    CommandRunner& runner_;
    double timeoutS_;
};

}  // namespace traindeck::scheduler
