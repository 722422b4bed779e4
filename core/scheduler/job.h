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
    int restarts = 0;    // how often the scheduler started it again (Slurm's requeue after a node failed)
    // When it was submitted and, while it waits, when the scheduler expects to start it
    // (the scheduler's clock, "2026-12-02T01:00:00"); empty: not said.
    std::string submitted, expectedStart;
    // A change of the expected start alone is not a new status (the backfill moves it each pass).
    friend bool operator==(const JobStatus& a, const JobStatus& b) {
        return a.state == b.state && a.name == b.name && a.reason == b.reason && a.nodes == b.nodes &&
               a.exitCode == b.exitCode && a.signal == b.signal && a.restarts == b.restarts;
    }
};

// Whether the job's tasks have ended and the scheduler is releasing its nodes (Slurm's
// COMPLETING): the end is near but not said yet.
bool isCompleting(const JobStatus&);

// One line for a face: "pending: waiting for free resources (Resources)", "running on n[0-1]",
// "FAILED, exit code 3" (translatable).
Text jobStatusText(const JobStatus&);
// The scheduler's reason in words ("Resources" → "waiting for free resources"); a reason
// not known here is its own word, underscores as spaces. Empty for none.
Text jobReasonText(const std::string& reason);

}  // namespace traindeck::scheduler
