#pragma once
// `traindeck launch` for a plan whose platform has a scheduler (Slurm): submit,
// follow, stop; and `--attach RUN` for a job submitted earlier.

#include "launch/launch.h"
#include "scheduler/follower.h"

#include <string>

namespace traindeck::cli {

struct ScheduledLaunchOptions {
    std::string attachDir;  // --attach RUN: follow the job of that run folder
    bool follow = false;    // --follow: print the job's output as it grows
    scheduler::PollPolicy poll;
};

// Returns the exit status: 0 completed (or --dry-run checked), 1 the job failed, 2
// nothing submitted, 130/143 stopped by SIGINT/SIGTERM (the job cancelled).
int runScheduledLaunch(const launch::LaunchConfig& config, const ScheduledLaunchOptions& options);

}  // namespace traindeck::cli
