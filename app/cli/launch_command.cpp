// traindeck launch: starts a plan's nodes over SSH (or the one node here with
// --local), prints what each node prints prefixed by its index, state changes as
// they happen and one line per node at the end. Ctrl-C (or SIGTERM) stops the
// run gracefully; a second one kills it.

#include "cli/commands.h"
#include "cli/exit_status.h"
#include "cli/plan_arguments.h"
#include "launch/run.h"
#include "cli/terminal_text.h"
#include "localized.h"
#include "plan/findings.h"

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace traindeck::cli {

namespace {

using namespace traindeck::launch;

std::atomic<int> gSignal{0};
std::atomic<int> gSignals{0};
extern "C" void onSignal(int sig) {
    gSignal = sig;
    ++gSignals;
}

struct NodeSummary {
    std::string host;
    NodeState state = NodeState::Connecting;
    int status = -1;
    std::string message;
};

}  // namespace

int runLaunch(int argc, char** argv) {
    RunConfig config;
    bool help = false;
    const std::vector<Option> own = {
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
         [&](const std::string& v) {
             try {
                 std::size_t used = 0;
                 config.graceSeconds = std::stod(v, &used);
                 if (used == v.size() && config.graceSeconds >= 0 && config.graceSeconds <= 3600) return std::string();
             } catch (...) {
             }
             return "--grace needs seconds from 0 to 3600, got '" + v + "'";
         }},
        {"--checkpoint-dir", true, Text(TD_TEXT("CliOptions", "traindeck-trainer --checkpoint-dir on every node (to resume after a stop)")),
         [&](const std::string& v) { config.checkpointDir = v; return std::string(); }},
        {"--help", false, Text(TD_TEXT("CliOptions", "show this help")), [&](const std::string&) { help = true; return std::string(); }},
    };
    std::string file;
    const std::string error = readPlanArguments(argc, argv, own, config.plan, file);
    if (help) {
        printHelpOpening(
            app::localized(TD_TEXT("LaunchCommand",
                                   "Usage: traindeck launch [PLAN.yaml] (--hosts H1,H2,... | --local) [OPTIONS]")),
            {app::localized(TD_TEXT("LaunchCommand", "Starts every node of a plan over SSH (or the one node of a 1xN "
                                                     "plan here), after checking each node; prints each node's lines "
                                                     "prefixed by its index; stops all nodes together when one fails or "
                                                     "on Ctrl-C (a second Ctrl-C kills).")),
             exitStatusRule(),
             app::localized(TD_TEXT("LaunchCommand", "Exit status: 0 every node succeeded; 1 the run failed; 2 bad "
                                                     "input; 3 a host key was unknown or changed, or authentication "
                                                     "failed (nothing started); 130/143 stopped by SIGINT/SIGTERM."))});
        std::putchar('\n');
        printOptions(stdout, own);
        std::putchar('\n');
        printPlanFlags(stdout);
        return 0;
    }
    auto fail = [](const std::string& message, int code) {
        std::fprintf(stderr, "traindeck launch: %s\n", message.c_str());
        return code;
    };
    if (!error.empty()) return fail(error, 2);
    // The hosts are the plan's (launch.hosts: a plan file's list, or --hosts).
    const bool hostsGiven = !config.plan.launch.hosts.empty();
    if (!config.local) config.hosts = config.plan.launch.hosts;
    // --local wins over the plan's hosts: the same plan file can be tried here first.
    if (!config.local && !hostsGiven)
        return fail(app::localized(TD_TEXT("LaunchCommand", "give the hosts (--hosts H1,H2,..., one per node, or the "
                                                            "plan's launch.hosts) or --local")),
                    2);
    // The nodes run the plan's own layout: a compared layout's errors do not stop them.
    const Layout planLayout = config.plan.cluster.layout();
    for (const Finding& f : findings(config.plan))
        if (f.severity == Severity::Error && (!f.layout || *f.layout == planLayout))
            return fail(app::localized(Text(TD_TEXT("LaunchCommand", "the plan has errors, nothing started: %1 (run "
                                                                     "'traindeck plan' for all findings)"),
                                            {f.message})),
                        2);

    std::map<int, NodeSummary> nodes;
    std::mutex printMutex;
    auto sink = [&](const Event& e) {
        std::lock_guard lock(printMutex);
        switch (e.kind) {
        case Event::Kind::Output:
        case Event::Kind::Metrics:
            std::fprintf(e.stream == Stream::Err ? stderr : stdout, "[node %d] %s\n", e.node, e.line.c_str());
            std::fflush(e.stream == Stream::Err ? stderr : stdout);
            break;
        case Event::Kind::State: {
            NodeSummary& n = nodes[e.node];
            n.state = e.state;
            n.status = e.status;
            if (!e.message.empty()) n.message = app::localized(e.message);
            const Text node = Text::value(std::to_string(e.node)), state = stateText(e.state);
            std::string line =
                e.state == NodeState::Exited
                    ? app::localized(TD_TEXT("LaunchCommand", "node %1: %2 (status %3)"),
                                     {node, state, Text::value(std::to_string(e.status))})
                    : app::localized(TD_TEXT("LaunchCommand", "node %1: %2"), {node, state});
            if (!e.message.empty()) line = app::localized(TD_TEXT("LaunchCommand", "%1: %2"), {Text::value(line), e.message});
            std::fprintf(stderr, "traindeck launch: %s\n", line.c_str());
            break;
        }
        case Event::Kind::Preflight:
            std::fprintf(stderr, "traindeck launch: %s\n",
                         app::localized(e.ok ? TD_TEXT("LaunchCommand", "node %1 ok   %2: %3")
                                             : TD_TEXT("LaunchCommand", "node %1 FAIL %2: %3"),
                                        {Text::value(std::to_string(e.node)), Text::value(e.check), e.message})
                             .c_str());
            break;
        case Event::Kind::End:
            break;
        }
    };

    std::unique_ptr<Run> run;
    try {
        run = std::make_unique<Run>(config, sink);
    } catch (const LaunchError& e) {
        return fail(app::localized(e.text), 2);
    }
    for (std::size_t i = 0; i < (config.local ? 1 : config.hosts.size()); ++i)
        nodes[int(i)].host = config.local ? "localhost" : config.hosts[i];
    std::fprintf(stderr, "traindeck launch: %s\n",
                 app::localized(TD_TEXT("LaunchCommand", "run folder %1"), {Text::value(run->runDir())}).c_str());

    struct sigaction sa {};
    sa.sa_handler = onSignal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, nullptr);
    sigaction(SIGTERM, &sa, nullptr);

    std::atomic<bool> finished{false};
    RunEnd end;
    run->start();
    std::thread waiter([&] {
        end = run->wait();
        finished = true;
    });
    int handled = 0;
    while (!finished) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        const int seen = gSignals;
        if (seen > handled) {
            if (handled == 0 && seen == 1) {
                std::fprintf(stderr, "traindeck launch: %s\n",
                             app::localized(TD_TEXT("LaunchCommand", "stopping every node (again to kill)")).c_str());
                run->stop();
            } else {
                run->kill();
            }
            handled = seen;
        }
    }
    waiter.join();

    for (const auto& [index, n] : nodes) {
        std::string what = app::localized(stateText(n.state));
        if (n.state == NodeState::Exited) what += " " + std::to_string(n.status);
        if (n.state == NodeState::Lost && !n.message.empty()) what += ": " + n.message;
        std::fprintf(stderr, "traindeck launch: %s\n",
                     app::localized(TD_TEXT("LaunchCommand", "node %1 %2: %3"),
                                    {Text::value(std::to_string(index)), Text::value(n.host), Text::value(what)})
                         .c_str());
    }
    const std::string status = endStatusName(end.status);
    switch (end.status) {
    case EndStatus::Completed:
        std::fprintf(stderr, "traindeck launch: %s\n",
                     app::localized(config.dryRun ? TD_TEXT("LaunchCommand", "pre-flight passed, nothing started (--dry-run)")
                                                  : TD_TEXT("LaunchCommand", "completed"))
                         .c_str());
        return 0;
    case EndStatus::Interrupted:
        std::fprintf(stderr, "traindeck launch: %s\n", app::localized(TD_TEXT("LaunchCommand", "interrupted")).c_str());
        return gSignal == SIGTERM ? 143 : 130;
    case EndStatus::Failed:
        std::fprintf(stderr, "traindeck launch: %s\n",
                     app::localized(TD_TEXT("LaunchCommand", "failed: %1"), {end.why}).c_str());
        return end.kind == FailureKind::Access ? 3 : 1;
    }
    return 1;
}

}  // namespace traindeck::cli
