// traindeck launch --platform slurm: the job's states on stderr as they change, its
// output on stdout/stderr with --follow, the end in one line. The first Ctrl-C (or
// SIGTERM) stops the job (SIGTERM to its tasks, scancel after --grace) and waits
// until Slurm says it ended; a second one leaves at once, naming the job to cancel.

#include "cli/scheduled_launch.h"
#include "cli/stop_signals.h"

#include "launch/launch_texts.h"
#include "launch/scheduled_job.h"
#include "localized.h"
#include "scheduler/command_runner.h"

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <thread>

namespace traindeck::cli {

namespace {

using namespace traindeck::launch;


void tell(const std::string& line) {
    std::fprintf(stderr, "traindeck launch: %s\n", line.c_str());
    std::fflush(stderr);
}

}  // namespace

void printJobEvent(const JobEvent& e, bool follow, const LineWriter& write) {
    const auto say = [&](const Text& text) { write(Stream::Err, "traindeck launch: " + app::localized(text)); };
    switch (e.kind) {
    case JobEvent::Kind::Submitted: say(jobSubmittedText(e.jobId)); break;
    case JobEvent::Kind::Status:
        // How the job ended is the end line's (the stop or the cause first, Slurm's word after).
        if (!scheduler::isFinal(e.status.state))
            say(Text(TD_TEXT("LaunchCommand", "job %1: %2"), {Text::value(e.jobId), scheduler::jobStatusText(e.status)}));
        break;
    case JobEvent::Kind::Output:
        // One file holds every node's lines: a trainer's metrics line says its node.
        if (follow) write(e.stream, e.node >= 0 ? "[node " + std::to_string(e.node) + "] " + e.line : e.line);
        break;
    case JobEvent::Kind::Notice: say(e.message); break;
    case JobEvent::Kind::End: break;
    }
}

int printJobEnd(const LaunchEnd& end, const std::string& jobId, const std::string& runDir, int signal, const LineWriter& write) {
    write(Stream::Err, "traindeck launch: " + app::localized(jobEndText(end, jobId, runDir)));
    switch (end.status) {
    case EndStatus::Completed:
    case EndStatus::DryRun: return 0;
    case EndStatus::Interrupted: return signal == SIGTERM ? 143 : 130;
    case EndStatus::Failed: return end.kind == FailureKind::Preflight ? 2 : 1;
    }
    return 1;
}

int runScheduledLaunch(const LaunchConfig& config, const ScheduledLaunchOptions& options) {
    scheduler::ProcessRunner runner;
    std::string schedulerName;
    if (!options.attachDir.empty()) {
        JobRecord record;
        Text error;
        if (!readJobRecord(options.attachDir, record, error)) {
            tell(app::localized(error));
            return 2;
        }
        schedulerName = record.scheduler;
    } else if (const char* name = scheduler::schedulerOf(config.plan.launch.platform)) {
        schedulerName = name;
    }
    const std::unique_ptr<scheduler::Scheduler> scheduler = scheduler::makeScheduler(schedulerName, runner);
    if (!scheduler) {
        tell(app::localized(TD_TEXT("LaunchCommand", "no scheduler named '%1'"), {Text::value(schedulerName)}));
        return 2;
    }
    scheduler::PollPolicy poll = options.poll;
    poll.graceS = config.graceSeconds;
    const bool follow = options.follow;
    std::unique_ptr<ScheduledJob> run;
    try {
        if (!options.attachDir.empty()) {
            run = std::make_unique<ScheduledJob>(options.attachDir, *scheduler, poll,
                                                 [follow](const JobEvent& e) { printJobEvent(e, follow); });
        } else {
            ScheduledJobConfig c;
            c.plan = config.plan;
            c.runDir = config.runDir;
            c.dryRun = config.dryRun;
            c.noRequeue = options.noRequeue;
            c.poll = poll;
            run = std::make_unique<ScheduledJob>(std::move(c), *scheduler, [follow](const JobEvent& e) { printJobEvent(e, follow); });
        }
    } catch (const LaunchError& e) {
        tell(app::localized(e.text));
        return 2;
    }
    tell(options.attachDir.empty() ? app::localized(TD_TEXT("LaunchCommand", "run folder %1"), {Text::value(run->runDir())})
                                   : app::localized(jobAttachedText(run->jobId(), run->runDir())));
    if (config.dryRun) {
        // What would be submitted, and the files it would run: nothing is.
        std::printf("%s\n", scheduler::commandLine({"cd", run->runDir() + "/files"}).c_str());
        std::printf("%s\n", scheduler::commandLine(run->submitCommand()).c_str());
        for (const auto& f : run->files()) std::printf("%s/files/%s\n", run->runDir().c_str(), f.path.c_str());
        return printJobEnd(run->run(), run->jobId(), run->runDir(), 0);
    }

    StopSignals& stops = catchStopSignals();
    std::atomic<bool> finished{false};
    LaunchEnd end;
    std::thread follower([&] {
        end = run->run();
        finished = true;
    });
    int handled = 0;
    while (!finished) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        const int seen = stops.count;
        if (seen == handled) continue;
        if (run->readOnly()) {
            // Another launcher follows the job and stops it; this one only leaves.
            tell(app::localized(TD_TEXT("LaunchCommand", "left job %1; it goes on, followed by %2"),
                                {Text::value(run->jobId()), Text::value(run->follower())}));
            std::fflush(stdout);
            std::_Exit(stops.last == SIGTERM ? 143 : 130);
        }
        if (handled == 0 && seen == 1) {
            const std::string id = run->jobId();
            tell(app::localized(TD_TEXT("LaunchCommand", "%1 (again to leave at once)"),
                                {jobStoppingText(id, config.graceSeconds)}));
            run->stop();
        } else {
            // The user leaves: the job is the scheduler's now. Say how to end it.
            const std::string id = run->jobId();
            if (!id.empty())
                tell(app::localized(TD_TEXT("LaunchCommand", "left at once; job %1 may still run: scancel %1 cancels it, "
                                                            "traindeck launch --attach %2 follows it"),
                                   {Text::value(id), Text::value(run->runDir())}));
            std::fflush(stdout);
            std::_Exit(stops.last == SIGTERM ? 143 : 130);
        }
        handled = seen;
    }
    follower.join();
    return printJobEnd(end, run->jobId(), run->runDir(), stops.last);
}

}  // namespace traindeck::cli
