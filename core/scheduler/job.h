#pragma once
// A scheduler's job as the launcher follows it: its state in the scheduler's own
// words reduced to a few that every scheduler has (Slurm's PENDING, Kubernetes'
// Pending pods, PAI-DLC's Queuing are all Pending), the reason it waits, where it
// runs and how it ended.

#include "text/text.h"

#include <string>

namespace traindeck::scheduler {

enum class JobState {
    Pending,    // queued: `reason` says why (Resources, Priority, QOSMaxGRESPerUser, ...)
    Running,    // on `nodes` (also while it completes or is being signalled)
    Completed,  // ended with exit code 0
    Failed,     // ended non-zero, or the scheduler ended it: `name` says how (TIMEOUT, NODE_FAIL, OUT_OF_MEMORY, ...)
    Cancelled,  // cancelled (by the launcher's stop, or by someone with scancel)
    Gone,       // the scheduler no longer knows the job and keeps no record of how it ended
};

bool isFinal(JobState);
// "pending", "running", ...: the run folder's name of a state (docs/run-folder.md).
const char* jobStateName(JobState);
// The same as the faces show it, translatable (context "Scheduler").
Text jobStateText(JobState);

struct JobStatus {
    JobState state = JobState::Pending;
    std::string name;    // the scheduler's own word: "PENDING", "NODE_FAIL", "OUT_OF_MEMORY"
    std::string reason;  // why it waits or why it ended, the scheduler's word ("Resources"); empty: none
    std::string nodes;   // where it runs or ran, the scheduler's notation ("n[0-1]")
    int exitCode = 0;    // the batch script's exit status
    int signal = 0;      // the signal that ended it, 0: none
    friend bool operator==(const JobStatus&, const JobStatus&) = default;
};

// One line for a face: "pending (Resources)", "running on n[0-1]", "FAILED, exit code 3" (translatable).
Text jobStatusText(const JobStatus&);

}  // namespace traindeck::scheduler
