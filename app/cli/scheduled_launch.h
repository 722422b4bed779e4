#pragma once
// `traindeck launch` for a plan whose platform has a scheduler (Slurm): submit,
// follow, stop; and `--attach RUN` for a job submitted earlier.

#include "cli/launch_printer.h"
#include "launch/launch.h"
#include "launch/scheduled_job.h"
#include "scheduler/follower.h"

#include <string>

namespace traindeck::cli {

struct ScheduledLaunchOptions {
    std::string attachDir;  // --attach RUN: follow the job of that run folder
    bool follow = false;    // --follow: print the job's output as it grows
    bool noRequeue = false; // --no-requeue: Slurm must not start the job again after a node failed
    scheduler::PollPolicy poll;
};

// What a job's event prints: its state and notices on stderr (core's words, the Slurm
// panel's too), its output with `follow`.
void printJobEvent(const launch::JobEvent& e, bool follow, const LineWriter& write = standardStreams());
// The job's end in one line; returns the command's exit status (`signal`: the stop's).
int printJobEnd(const launch::LaunchEnd& end, const std::string& jobId, const std::string& runDir, int signal,
                const LineWriter& write = standardStreams());

// Returns the exit status: 0 completed (or --dry-run checked), 1 the job failed, 2
// nothing submitted, 130/143 stopped by SIGINT/SIGTERM (the job cancelled).
int runScheduledLaunch(const launch::LaunchConfig& config, const ScheduledLaunchOptions& options);

}  // namespace traindeck::cli
