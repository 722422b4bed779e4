// traindeck launch: starts a plan's nodes over SSH (or the one node here with
// --local), prints what each node prints prefixed by its index, state changes as
// they happen and one line per node at the end. Ctrl-C (or SIGTERM) stops the
// run gracefully; a second one kills it.

#include "cli/commands.h"
#include "cli/launch_printer.h"
#include "cli/plan_arguments.h"
#include "cli/scheduled_launch.h"
#include "cli/stop_signals.h"
#include "launch/clean_nodes.h"
#include "launch/launch.h"
#include "cli/terminal_text.h"
#include "localized.h"
#include "plan/plan_analysis.h"
#include "text/exit_status.h"

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace traindeck::cli {

namespace {

using namespace traindeck::launch;


// A number from `low` to `high`, or the one-line error.
std::string readNumber(const std::string& v, const char* flag, double low, double high, double& into) {
    try {
        std::size_t used = 0;
        const double d = std::stod(v, &used);
        if (used == v.size() && d >= low && d <= high) {
            into = d;
            return {};
        }
    } catch (...) {
    }
    return app::localized(TD_TEXT("LaunchCommand", "%1 needs a number from %2 to %3, got '%4'"),
                          {Text::value(flag), Text::value(std::to_string(int(low))), Text::value(std::to_string(int(high))),
                           Text::value(v)});
}

// The launch command's own options, filling `config` (and `scheduled`: a Slurm job's).
std::vector<Option> launchOptions(LaunchConfig& config, ScheduledLaunchOptions& scheduled, bool& help, bool& clean) {
    return {
        {"--attach", true, Text(TD_TEXT("CliOptions", "follow the Slurm job of an earlier launch again (its run folder), e.g. after the launcher was closed")),
         [&](const std::string& v) { scheduled.attachDir = v; return std::string(); }},
        {"--follow", false, Text(TD_TEXT("CliOptions", "Slurm: print the job's output as it grows (it is in the run folder either way)")),
         [&](const std::string&) { scheduled.follow = true; return std::string(); }},
        {"--poll-interval", true, Text(TD_TEXT("CliOptions", "Slurm: seconds between two questions to the controller while it answers promptly (default 3; longer while it is slow)")),
         [&](const std::string& v) { return readNumber(v, "--poll-interval", 1, 600, scheduled.poll.intervalS); }},
        {"--pending-timeout", true, Text(TD_TEXT("CliOptions", "Slurm: cancel the job when it has waited this many seconds in the queue (default 0: wait as long as it takes)")),
         [&](const std::string& v) { return readNumber(v, "--pending-timeout", 0, 30 * 24 * 3600, scheduled.poll.pendingTimeoutS); }},
        {"--no-requeue", false, Text(TD_TEXT("CliOptions", "Slurm: the job fails when a node fails, instead of Slurm starting it again (sbatch --no-requeue)")),
         [&](const std::string&) { scheduled.noRequeue = true; return std::string(); }},
        {"--clean-nodes", false, Text(TD_TEXT("CliOptions", "remove what earlier launches left in the remote folder of each host (not a running launch's), then exit")),
         [&](const std::string&) { clean = true; return std::string(); }},
        {"--local", false, Text(TD_TEXT("CliOptions", "run the single node of a 1xN plan on this machine")),
         [&](const std::string&) { config.local = true; return std::string(); }},
        {"--run-dir", true, Text(TD_TEXT("CliOptions", "the run folder (default ~/.local/share/TrainDeck/runs/RUN_ID)")),
         [&](const std::string& v) { config.runDir = v; return std::string(); }},
        {"--remote-dir", true, Text(TD_TEXT("CliOptions", "where each host gets the run's files, DIR/RUN_ID (relative: to the home; default .traindeck/runs)")),
         [&](const std::string& v) { config.remoteDir = v; return std::string(); }},
        {"--identity", true, Text(TD_TEXT("CliOptions", "private key to try first (then the agent and ~/.ssh/config's)")),
         [&](const std::string& v) { config.ssh.identityFile = v; return std::string(); }},
        {"--known-hosts", true, Text(TD_TEXT("CliOptions", "known_hosts file (default ~/.ssh/known_hosts)")),
         [&](const std::string& v) { config.ssh.knownHostsFile = v; return std::string(); }},
        {"--ssh-config", true, Text(TD_TEXT("CliOptions", "ssh configuration file (default ~/.ssh/config)")),
         [&](const std::string& v) { config.ssh.configFile = v; return std::string(); }},
        {"--accept-new-host-keys", false, Text(TD_TEXT("CliOptions", "record the keys of hosts not yet in known_hosts (a changed key is always refused)")),
         [&](const std::string&) { config.ssh.acceptNewHostKeys = true; return std::string(); }},
        {"--dry-run", false, Text(TD_TEXT("CliOptions", "run the pre-flight checks only; start nothing")),
         [&](const std::string&) { config.dryRun = true; return std::string(); }},
        {"--grace", true, Text(TD_TEXT("CliOptions", "seconds between SIGTERM and SIGKILL when stopping (default 30)")),
         [&](const std::string& v) { return readNumber(v, "--grace", 0, 3600, config.graceSeconds); }},
        {"--keepalive", true, Text(TD_TEXT("CliOptions", "seconds between SSH keepalives to a silent node, like ssh's ServerAliveInterval (default 5; 0: off)")),
         [&](const std::string& v) { return readNumber(v, "--keepalive", 0, 3600, config.ssh.keepaliveIntervalS); }},
        {"--keepalive-count", true, Text(TD_TEXT("CliOptions", "unanswered keepalives before a node counts as lost, like ssh's ServerAliveCountMax (default 3)")),
         [&](const std::string& v) {
             double count = 0;
             std::string error = readNumber(v, "--keepalive-count", 1, 100, count);
             config.ssh.keepaliveCountMax = int(count);
             return error;
         }},
        {"--help", false, Text(TD_TEXT("CliOptions", "show this help")), [&](const std::string&) { help = true; return std::string(); }},
    };
}

void printLaunchHelp(const std::vector<Option>& own) {
    printHelpOpening(
        app::localized(TD_TEXT("LaunchCommand",
                               "Usage: traindeck launch [PLAN.yaml] (--hosts H1,H2,... | --local | --platform slurm) [OPTIONS]\n"
                               "       traindeck launch --attach RUN_FOLDER")),
        {app::localized(TD_TEXT("LaunchCommand", "Starts every node of a plan over SSH (or the one node of a 1xN "
                                                 "plan here), after checking each node; prints each node's lines "
                                                 "prefixed by its index; stops all nodes together when one fails or "
                                                 "on Ctrl-C (a second Ctrl-C kills).")),
         app::localized(TD_TEXT("LaunchCommand", "With --platform slurm (or the plan's launch.platform) the plan's Slurm "
                                                 "files are written into the run folder and submitted with sbatch "
                                                 "(partition, account, QOS, time limit and more #SBATCH lines are plan "
                                                 "fields); the job is followed (pending and why, running and where, how "
                                                 "it ended) and its output copied into the run folder as it grows "
                                                 "(traindeck watch RUN shows it live; --follow prints it). Ctrl-C sends "
                                                 "SIGTERM to the job's tasks, scancels it after --grace and waits until "
                                                 "Slurm says it ended; a second Ctrl-C leaves at once and names the "
                                                 "job.")),
         app::localized(TD_TEXT("LaunchCommand", "Stopping: SIGTERM to every process the node started, SIGKILL "
                                                 "after --grace; the same when the launcher's connection drops, "
                                                 "goes silent (SSH keepalive, --keepalive) or the launcher is "
                                                 "killed. A second Ctrl-C ends the launcher at once. Each node's "
                                                 "files are removed from it when its part ends (--dry-run writes "
                                                 "nothing there).")),
         app::localized(TD_TEXT("LaunchCommand", "--command is a template run by each node's bash: plan values "
                                                 "({nodes}, {lr}, ...) are inserted quoted, as data; anything "
                                                 "else, $(...) and $VAR included, is the node shell's to expand, "
                                                 "on the node.")),
         app::localized(exitStatusHelp(Text(TD_TEXT("LaunchCommand", "0 every node succeeded, or the Slurm job "
                                                                     "completed (or, with --dry-run, passed the "
                                                                     "checks); 1 the run or the job failed; 2 bad "
                                                                     "input, nothing submitted; 3 a host key was unknown or changed, or "
                                                                     "authentication failed (nothing started); 130/143 "
                                                                     "stopped by SIGINT/SIGTERM."))))});
    std::putchar('\n');
    printOptions(stdout, own);
    std::putchar('\n');
    printPlanFlags(stdout);
}

// Runs until every node has ended. The first Ctrl-C (or SIGTERM) stops the
// nodes gracefully; a second one kills them and ends the launcher at once,
// whatever the nodes do: a frozen node must not hold it.
int runUntilEnd(Launch& run, LaunchPrinter& printer) {
    StopSignals& stops = catchStopSignals();

    std::atomic<bool> finished{false};
    LaunchEnd end;
    run.start();
    std::thread waiter([&] {
        end = run.wait();
        finished = true;
    });
    using Clock = std::chrono::steady_clock;
    // A terminal's Ctrl-C reaches every process of its foreground group: a wrapper that
    // passes it on as well (a script, a process manager) makes one Ctrl-C two signals,
    // and a second stop kills. Signals within this time of the first are that one stop.
    constexpr auto kOneStop = std::chrono::milliseconds(1000);
    Clock::time_point stoppedAt{}, killedAt{};
    int handled = 0;
    while (!finished) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        const int seen = stops.count;
        if (seen > handled) {
            if (handled == 0) {
                std::fprintf(stderr, "traindeck launch: %s\n",
                             app::localized(TD_TEXT("LaunchCommand", "stopping every node (again to kill)")).c_str());
                run.stop();
                stoppedAt = Clock::now();
            } else if (killedAt == Clock::time_point{} && Clock::now() - stoppedAt >= kOneStop) {
                run.kill();
                killedAt = Clock::now();
            }
            handled = seen;
        }
        // The nodes had a moment to pass the kill on; what they have not said by
        // now is not waited for. Each node's supervisor stops what is left when
        // the connection closes with this process.
        if (killedAt != Clock::time_point{} && !finished && Clock::now() - killedAt > std::chrono::milliseconds(500)) {
            const LaunchEnd abandoned = run.abandon();
            std::fflush(stdout);
            std::_Exit(printer.finish(abandoned, stops.last));
        }
    }
    waiter.join();
    return printer.finish(end, stops.last);
}

// --clean-nodes: one line per host; 0 when every host was cleaned.
int cleanRemoteFolders(const LaunchConfig& config) {
    bool allOk = true;
    cleanNodes(config.hosts, config.remoteDir, config.ssh, [&](const CleanResult& r) {
        allOk = allOk && r.ok;
        std::fprintf(stderr, "traindeck launch: %s\n",
                     (r.ok ? app::localized(TD_TEXT("LaunchCommand", "%1: removed %2 run folders left by earlier launches (%3 in use kept)"),
                                            {Text::value(r.host), Text::value(std::to_string(r.removed)),
                                             Text::value(std::to_string(r.inUse))})
                           : app::localized(TD_TEXT("LaunchCommand", "%1: not cleaned: %2"), {Text::value(r.host), r.why}))
                         .c_str());
    });
    return allOk ? 0 : 1;
}

}  // namespace

int runLaunch(int argc, char** argv) {
    LaunchConfig config;
    ScheduledLaunchOptions scheduled;
    bool help = false, clean = false;
    const std::vector<Option> own = launchOptions(config, scheduled, help, clean);
    std::string file;
    const std::string error = readPlanArguments(argc, argv, own, config.plan, file);
    if (help) {
        printLaunchHelp(own);
        return 0;
    }
    auto fail = [](const std::string& message, int code) {
        std::fprintf(stderr, "traindeck launch: %s\n", message.c_str());
        return code;
    };
    if (!error.empty()) return fail(error, 2);
    // A platform with a scheduler (Slurm) runs the job; --local still runs here. A plan
    // with errors is refused by the launch itself (launch::analyseForLaunch), either way.
    if (!scheduled.attachDir.empty() || (!config.local && scheduler::schedulerOf(config.plan.launch.platform)))
        return runScheduledLaunch(config, scheduled);
    // The hosts are the plan's (launch.hosts: a plan file's list, or --hosts).
    const bool hostsGiven = !config.plan.launch.hosts.empty();
    if (!config.local) config.hosts = config.plan.launch.hosts;
    // --local wins over the plan's hosts: the same plan file can be tried here first.
    if (!config.local && !hostsGiven)
        return fail(app::localized(TD_TEXT("LaunchCommand", "give the hosts (--hosts H1,H2,..., one per node, or the "
                                                            "plan's launch.hosts) or --local")),
                    2);
    if (clean) return cleanRemoteFolders(config);
    // A plan with errors is refused by launch::Launch itself (its LaunchError below).

    LaunchPrinter printer;
    std::unique_ptr<Launch> run;
    try {
        run = std::make_unique<Launch>(config, [&printer](const Event& e) { printer(e); });
    } catch (const LaunchError& e) {
        return fail(app::localized(e.text), 2);
    }
    printer.setHosts(config.local ? std::vector<std::string>{"localhost"} : config.hosts);
    std::fprintf(stderr, "traindeck launch: %s\n",
                 (run->attempt() > 1 ? app::localized(TD_TEXT("LaunchCommand", "run folder %1 (attempt %2)"),
                                                      {Text::value(run->runDir()), Text::value(std::to_string(run->attempt()))})
                                     : app::localized(TD_TEXT("LaunchCommand", "run folder %1"), {Text::value(run->runDir())}))
                     .c_str());
    return runUntilEnd(*run, printer);
}

}  // namespace traindeck::cli
