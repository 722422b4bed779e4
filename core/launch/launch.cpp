#include "launch.h"
#include "launch_texts.h"

#include "checkpoint_command.h"
#include "generate/generate.h"
#include "generate/shell_quote.h"
#include "hosts/host_address.h"
#include "plan/plan_analysis.h"
#include "plan/plan_fields.h"
#include "platform/node_env.h"
#include "run_folder.h"
#include "supervisor.h"

#include "metrics/metrics_line.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <map>
#include <csignal>
#include <cstdlib>
#include <ctime>
#include <random>

namespace traindeck::launch {

namespace {

// A node's last line of stderr in one line's message: bash pads its "Killed" report
// to a column (a user's script's "line 12: 4242 Killed                  python3 train.py");
// one space reads the same.
std::string oneSpaced(const std::string& line) {
    std::string out;
    for (char c : line)
        if (c != ' ' || out.empty() || out.back() != ' ') out += c;
    return out;
}

using Clock = std::chrono::steady_clock;
using generate::shellQuote;

std::map<std::string, std::string> keyValues(const std::string& text) {
    std::map<std::string, std::string> kv;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        const std::string line = text.substr(start, end - start);
        if (const auto eq = line.find('='); eq != std::string::npos) kv[line.substr(0, eq)] = line.substr(eq + 1);
        start = end + 1;
    }
    return kv;
}

double unixNow() {
    return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
}

}  // namespace

struct Launch::Node {
    int index = 0;
    std::string host;     // as given
    std::string address;  // the host part, what the other nodes reach it by
    RunFolder::NodeLogs logs;
    std::string partial[2];  // an unfinished line of stdout, stderr
    std::string lastErr;     // the last line it printed on stderr: often why it failed
    bool started = false;    // its command runs (copy, checks), waiting for the verdict
};

std::string workloadProgram(const Plan& plan) {
    if (plan.launch.command.empty()) return "traindeck-trainer";
    std::size_t i = 0;
    const std::string& c = plan.launch.command;
    for (;;) {
        while (i < c.size() && (c[i] == ' ' || c[i] == '\t' || c[i] == '\n')) ++i;
        std::size_t j = i;
        while (j < c.size() && c[j] != ' ' && c[j] != '\t' && c[j] != '\n') ++j;
        std::string word = c.substr(i, j - i);
        if (word.find('=') == std::string::npos || word.empty()) return word;  // skip VAR=value
        i = j;
    }
}

std::string makeRunId(const std::string& jobName) {
    std::string safe;
    for (char c : jobName)
        safe += (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.') ? c : '_';
    if (safe.empty() || safe.front() == '.') safe = "run" + safe;
    if (safe.size() > 40) safe.resize(40);
    char stamp[32];
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&now, &tm);
    std::strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%SZ", &tm);
    std::random_device rd;
    const char* digits = "0123456789abcdefghijklmnopqrstuvwxyz";
    std::string suffix;
    for (int i = 0; i < 4; ++i) suffix += digits[rd() % 36];
    return safe + "-" + stamp + "-" + suffix;
}

std::string defaultRunDir(const std::string& runId) {
    std::string data;
    if (const char* x = std::getenv("XDG_DATA_HOME"); x && *x) data = x;
    else if (const char* h = std::getenv("HOME"); h && *h) data = std::string(h) + "/.local/share";
    else data = ".";
    return data + "/TrainDeck/runs/" + runId;
}

PlanAnalysis analyseForLaunch(const Plan& plan) {
    PlanAnalysis analysis = analyse(plan);
    if (!analysis.valid()) throw LaunchError(analysis.invalid);
    if (const Finding* blocker = analysis.launchBlocker())
        throw LaunchError(Text(TD_TEXT("Launch", "the plan has errors, nothing was started: %1"), {blocker->message}));
    return analysis;
}

Launch::Launch(LaunchConfig config, Sink sink) : config_(std::move(config)), sink_(std::move(sink)) {
    config_.plan.launch.command = commandWithCheckpoints(config_.plan);
    const Plan& plan = config_.plan;
    // The one analysis of this launch: its readiness, then its files below.
    const PlanAnalysis analysis = analyseForLaunch(plan);
    if (config_.local) {
        if (plan.cluster.nodes != 1)
            throw LaunchError(Text(TD_TEXT("Launch", "--local runs one node on this machine, but the plan has %1 nodes"),
                                   {Text::value(std::to_string(plan.cluster.nodes))}));
        config_.hosts = {"localhost"};
    } else {
        if (int(config_.hosts.size()) != plan.cluster.nodes)
            throw LaunchError(Text(TD_TEXT("Launch", "the plan has %1 nodes but %2 hosts were given (one per node, node 0 first)"),
                                   {Text::value(std::to_string(plan.cluster.nodes)),
                                    Text::value(std::to_string(config_.hosts.size()))}));
    }
    if (config_.graceSeconds < 0) config_.graceSeconds = 0;
    // A stop ends a connect that is still waiting for its node (stopNow: the
    // user's stop, not another node's failure, as for the pre-flight).
    config_.ssh.stopRequested = [this] { return stopNow(); };
    runId_ = makeRunId(plan.launch.jobName);
    runDir_ = config_.runDir.empty() ? defaultRunDir(runId_) : config_.runDir;
    remoteDir_ = (config_.remoteDir.empty() ? std::string(".traindeck/runs") : config_.remoteDir) + "/" + runId_;

    std::vector<std::string> masterHosts;
    for (int i = 0; i < int(config_.hosts.size()); ++i) {
        auto node = std::make_unique<Node>();
        node->index = i;
        node->host = config_.hosts[i];
        if (config_.local) {
            node->address = "127.0.0.1";
        } else {
            if (node->host.empty())  // an empty host list: say which field to fill, not "host ''"
                throw LaunchError(Text(TD_TEXT("Launch", "node %1 has no host: %2 lists one host per node, node 0 first"),
                                       {Text::value(std::to_string(i)), Text::field("launch.hosts", "--hosts")}));
            const auto a = hosts::parseHostAddress(node->host);
            if (!a)
                throw LaunchError(Text(TD_TEXT("Launch", "host '%1' is not a host name or address, [user@]host[:port]"),
                                       {Text::value(printable(node->host, kWholeValue))}));
            node->address = a->host;
        }
        masterHosts.push_back(node->address);
        nodes_.push_back(std::move(node));
    }
    // The generated SSH node scripts and entrypoint: the one source of the
    // per-node environment. Node 0's address is the master's.
    generate::GenerateOptions options;
    options.hosts = masterHosts;
    std::vector<generate::GeneratedFile> files;
    try {
        files = generate::generate(analysis, generate::Target::Ssh, options);
    } catch (const generate::GenerateError& e) {
        throw LaunchError(e.text());
    }
    files.erase(std::remove_if(files.begin(), files.end(),
                               [](const auto& f) { return f.path == "launch-ssh.sh" || f.path == "hostfile" || f.path == "ds_hostfile"; }),
                files.end());
    files.push_back({kSupervisorFile, supervisorScript(), true});
    std::string error;
    folder_ = std::make_unique<RunFolder>(runDir_, plan, config_.hosts, files, error);
    if (error.empty()) attempt_ = folder_->startAttempt(runId_, config_.dryRun, int(nodes_.size()), error);
    if (!error.empty()) throw LaunchError(Text(TD_TEXT("Launch", "cannot make the run folder %1: %2"),
                                               {Text::value(runDir_), Text::value(error)}));
    files_ = std::move(files);
    for (auto& n : nodes_) n->logs = folder_->nodeLogs(n->index);
}

Launch::~Launch() {
    if (!threads_.empty() && !waited_) {
        kill();
        wait();
    }
}

void Launch::start() {
    // A node whose pipe has closed must not kill the launcher.
    std::signal(SIGPIPE, SIG_IGN);
    for (int i = 0; i < int(nodes_.size()); ++i) threads_.emplace_back([this, i] { nodeMain(i); });
}

void Launch::stop() {
    std::lock_guard lock(mutex_);
    if (!failed_) userStopped_ = true;
    int expected = 0;
    if (!stopLevel_.compare_exchange_strong(expected, 1)) stopLevel_ = 2;
    arrived_.notify_all();
}

void Launch::kill() {
    std::lock_guard lock(mutex_);
    if (!failed_) userStopped_ = true;
    stopLevel_ = 2;
    arrived_.notify_all();
}


// Other nodes' trainers report a failure some moments after it happened (a
// collective times out, the watchdog names the rank): what they report within
// this window after the first failure may name an earlier cause.
constexpr double kCauseWindowS = 2.0;

LaunchEnd Launch::decideEnd() {
    LaunchEnd end;
    if (!failures_.empty()) {
        const double first = failures_.front().time;
        const Failure* cause = &failures_.front();
        for (const Failure& f : failures_)
            if (f.time < cause->time && f.time > first - kCauseWindowS) cause = &f;
        // Ranks fail one after another on a job-wide problem that rank 0 decides
        // (resuming, the configuration) and may report it first ("rank 0 could not
        // resume"): the lowest rank's own error is the cause.
        for (const Failure& f : failures_)
            if (cause->rank > 0 && f.rank >= 0 && f.rank < cause->rank) cause = &f;
        end.kind = cause->kind;
        end.node = cause->node;
        end.why = cause->why;
    }
    if (failed_) end.status = EndStatus::Failed;
    else if (userStopped_) end.status = EndStatus::Interrupted;
    else if (config_.dryRun) end.status = EndStatus::DryRun;
    else end.status = EndStatus::Completed;
    return end;
}

LaunchEnd Launch::wait() {
    for (auto& t : threads_)
        if (t.joinable()) t.join();
    if (waited_) return end_;
    waited_ = true;
    {
        std::lock_guard lock(mutex_);
        end_ = decideEnd();
    }
    Event e;
    e.kind = Event::Kind::End;
    e.end = end_;
    report(e);
    return end_;
}

LaunchEnd Launch::abandon() {
    {
        std::lock_guard lock(mutex_);
        if (!failed_) userStopped_ = true;
        stopLevel_ = 2;
        end_ = decideEnd();
    }
    Event e;
    e.kind = Event::Kind::End;
    e.end = end_;
    report(e);
    std::lock_guard lock(emitMutex_);
    abandoned_ = true;  // what the node threads still say is not recorded after the end
    return end_;
}

void Launch::report(Event e) {
    std::lock_guard lock(emitMutex_);
    if (abandoned_) return;
    folder_->record(e, e.node >= 0 && e.node < int(nodes_.size()) ? nodes_[e.node]->host : std::string());
    if (sink_) sink_(e);
}

void Launch::state(int node, NodeState s, int status, Text message) {
    report(stateEvent(node, s, status, std::move(message)));
}

void Launch::preflight(int node, const std::string& check, bool ok, Text message) {
    report(preflightEvent(node, check, ok, std::move(message)));
}

void Launch::recordFailure(FailureKind kind, int node, Text why, double time, int rank) {
    std::lock_guard lock(mutex_);
    if (time <= 0) time = unixNow();
    if (failed_) {
        // A later report may name an earlier cause (see kCauseWindowS); exits and
        // lost connections after the first failure are what the stop caused.
        if (kind == FailureKind::Node && time > 0 && !failures_.empty() &&
            time < failures_.front().time + kCauseWindowS && !why.empty())
            failures_.push_back({kind, node, std::move(why), time, rank});
        return;
    }
    if (userStopped_ && kind == FailureKind::Node) return;
    failed_ = true;
    failures_.push_back({kind, node, std::move(why), time, rank});
    int expected = 0;
    stopLevel_.compare_exchange_strong(expected, 1);  // fail together
    arrived_.notify_all();
}

bool Launch::failedItself(int node) {
    std::lock_guard lock(mutex_);
    return std::any_of(failures_.begin(), failures_.end(), [&](const Failure& f) { return f.node == node; });
}

bool Launch::stopNow() {
    if (stopLevel_ >= 2) return true;
    std::lock_guard lock(mutex_);
    return userStopLocked();
}

bool Launch::arriveAndWaitAll(bool ok) {
    std::unique_lock lock(mutex_);
    if (!ok) allReady_ = false;
    ++arrivedCount_;
    arrived_.notify_all();
    // Every node's checks end before any node is told anything, a failure elsewhere
    // notwithstanding (only the user's stop cuts the wait short): nodes may share the
    // run's folder (one filesystem, or hosts on one machine), and one that took its
    // files away while another was still copying made that one fail its copy.
    // Nothing is lost by waiting: the launch ends with its last node's checks anyway.
    arrived_.wait(lock, [&] { return arrivedCount_ == int(nodes_.size()) || userStopLocked(); });
    return allReady_ && !failed_ && stopLevel_ == 0 && arrivedCount_ == int(nodes_.size());
}

void Launch::nodeMain(int index) {
    Node& node = *nodes_[index];
    state(index, NodeState::Connecting);
    std::unique_ptr<NodeSession> session =
        config_.local ? makeLocalSession() : makeSshSession(index, node.host, config_.ssh);
    const NodeSession::Opened opened = session->open();
    if (opened.stopped) {  // the user stopped the run while this node was being reached
        arriveAndWaitAll(false);
        return;
    }
    if (!opened.ok) {
        preflight(index, "connection", false, opened.why);
        recordFailure(opened.kind, index, opened.why);
        arriveAndWaitAll(false);
        return;
    }
    preflight(index, "connection", true, Text(TD_TEXT("Launch", "connected and authenticated")));
    state(index, NodeState::Checking);
    const bool ready = !stopNow() && preflightNode(node, *session);
    if (!arriveAndWaitAll(ready) || config_.dryRun) {
        // Nothing starts: the node ends its checks and takes its copied files away.
        if (node.started) finishUnstarted(node, *session);
        return;
    }
    state(index, NodeState::Starting);
    session->write("go\n");
    state(index, NodeState::Running);
    streamNode(node, *session);
}

// The node is told not to start: what it says until its command ends goes to
// its logs; a second stop or a lost connection ends the wait.
void Launch::finishUnstarted(Node& node, NodeSession& session) {
    session.write("stop\n");
    for (;;) {
        std::string out, err;
        const NodeSession::Pumped p = session.pump(out, err, 50);
        if (!out.empty()) node.logs.append(0, out);
        if (!err.empty()) node.logs.append(1, err);
        if (p == NodeSession::Pumped::Ended || p == NodeSession::Pumped::Lost || stopLevel_ >= 2) return;
    }
}

// What the node's checks printed, up to kPreflightEnd. `done`: they got there;
// `stopped`: the run was stopped first.
Launch::Probe Launch::readProbe(NodeSession& session) {
    Probe probe;
    const std::string end = std::string(kPreflightEnd) + "\n";
    for (;;) {
        if (stopNow()) {
            probe.stopped = true;
            return probe;
        }
        const NodeSession::Pumped p = session.pump(probe.out, probe.err, 50);
        if (const auto at = probe.out.find(end); at != std::string::npos) {
            probe.out.resize(at);
            probe.done = true;
            return probe;
        }
        if (p == NodeSession::Pumped::Lost) {
            probe.lost = session.lostReason();
            return probe;
        }
        if (p == NodeSession::Pumped::Ended) {
            probe.status = session.exitStatus();
            return probe;
        }
    }
}

// Starts the node's one command (copy, checks, then the verdict: see
// nodeCommand) and reads the checks' results; reports each check. False when
// the node cannot run its part or the run was stopped meanwhile.
bool Launch::preflightNode(Node& node, NodeSession& session) {
    const int index = node.index;
    auto check = [&, ok = true](const std::string& name, bool good, Text message) mutable {
        preflight(index, name, good, message);
        if (!good && ok) recordFailure(FailureKind::Preflight, index, message);
        ok = ok && good;
        return ok;
    };
    NodeCommand command;
    command.dir = config_.local ? folder_->filesDir() : remoteDir_;
    command.node = index;
    command.nodeScript = "node-" + std::to_string(index) + ".sh";
    // A dry run writes nothing to the node; this machine's run folder has the files already.
    if (!config_.local && !config_.dryRun)
        for (const auto& f : files_)
            if (!f.path.starts_with("node-") || f.path == command.nodeScript) command.files.push_back(f);
    const std::string program = workloadProgram(config_.plan);
    command.workload = program;
    command.masterPort = config_.plan.launch.masterPort;
    command.checkPort = index == 0;
    command.dryRun = config_.dryRun;
    command.graceS = config_.graceSeconds;
    command.silenceS = config_.ssh.silenceBoundS();
    const std::string& dir = command.dir;
    Text why;
    if (!session.start(nodeCommand(command), why))
        return check("checks", false, Text(TD_TEXT("Launch", "the pre-flight checks could not run on %1: %2"),
                                           {Text::value(node.host), why}));
    node.started = true;
    const Probe probe = readProbe(session);
    if (probe.stopped) return false;
    const Text failure = !probe.lost.empty()     ? probe.lost
                         : !probe.err.empty()    ? Text::value(printable(probe.err, kWholeValue))
                         : probe.status >= 0     ? exitText(probe.status)
                                                 : Text();
    if (!probe.done) {
        node.started = false;  // its command has ended, or cannot be reached
        return check("checks", false, Text(TD_TEXT("Launch", "the pre-flight checks could not run on %1: %2"),
                                           {Text::value(node.host), failure}));
    }
    if (!command.files.empty() && probe.out.find("copied=yes") == std::string::npos)
        return check("files", false, Text(TD_TEXT("Launch", "cannot copy the run's files to %1 on %2: %3"),
                                          {Text::value(dir), Text::value(node.host), failure}));
    auto kv = keyValues(probe.out);
    const Text nodeText = Text::value(std::to_string(index)), host = Text::value(node.host);
    const int planGpus = config_.plan.cluster.gpusPerNode;
    bool ok = true;
    if (kv["gpus"] == "none")
        // A machine without GPUs (a first run on a laptop): the way to run the plan's processes on its CPU.
        ok = check("gpus", false, Text(TD_TEXT("Launch", "node %1 (%2): nvidia-smi not found, so its GPUs cannot be checked against the plan's %3 per node; on a machine without GPUs, CUDA_VISIBLE_DEVICES=%4 runs the plan's %3 processes per node on its CPU (Gloo)"),
                                       {nodeText, host, Text::value(std::to_string(planGpus)),
                                        Text::value(platform::cudaVisibleDevices(planGpus))}));
    else if (const std::vector<int>& chosen = config_.plan.launch.visibleGpus; !chosen.empty()) {
        // The node script sets CUDA_VISIBLE_DEVICES to the plan's choice: each must exist here.
        const int highest = *std::max_element(chosen.begin(), chosen.end());
        const std::string visible = platform::cudaVisibleDevices(config_.plan);
        if (std::atoi(kv["gpus"].c_str()) <= highest)
            ok = check("gpus", false, Text(TD_TEXT("Launch", "node %1 (%2) has %3 GPUs, so it has no GPU %4 of the plan's CUDA_VISIBLE_DEVICES=%5 (%6)"),
                                           {nodeText, host, Text::value(kv["gpus"]), Text::value(std::to_string(highest)), Text::value(visible),
                                            Text::field("launch.visible_gpus", "--visible-gpus")}));
        else
            ok = check("gpus", true, Text(TD_TEXT("Launch", "%1 GPUs; the plan uses %2 of them: CUDA_VISIBLE_DEVICES=%3"),
                                          {Text::value(kv["gpus"]), Text::value(std::to_string(planGpus)), Text::value(visible)}));
    } else if (kv["gpus"] != std::to_string(planGpus) && std::atoi(kv["gpus"].c_str()) > planGpus)
        ok = check("gpus", false, Text(TD_TEXT("Launch", "node %1 (%2) has %3 GPUs but the plan runs %4 per node: choose %4 of them with CUDA_VISIBLE_DEVICES (%6 %5), change the plan's GPUs per node, or use another host"),
                                       {nodeText, host, Text::value(kv["gpus"]), Text::value(std::to_string(planGpus)),
                                        Text::value(platform::cudaVisibleDevices(planGpus)), Text::field("launch.visible_gpus", "--visible-gpus")}));
    else if (kv["gpus"] != std::to_string(planGpus))
        ok = check("gpus", false, Text(TD_TEXT("Launch", "node %1 (%2) has %3 GPUs but the plan runs %4 per node: change the plan's GPUs per node or use another host"),
                                       {nodeText, host, Text::value(kv["gpus"]), Text::value(std::to_string(planGpus))}));
    else
        ok = check("gpus", true, Text(TD_TEXT("Launch", "%1 GPUs, as the plan says"), {Text::value(kv["gpus"])}));
    if (kv["workload"] == "yes")
        ok = check("workload", true, Text(TD_TEXT("Launch", "%1 found"), {Text::value(program)}));
    else
        ok = check("workload", false, Text(TD_TEXT("Launch", "node %1 (%2): %3 is not on the PATH of a non-interactive shell: install it or name it by its full path"),
                                           {nodeText, host, Text::value(program)}));
    if (index == 0) {
        const Text port = Text::value(std::to_string(config_.plan.launch.masterPort));
        if (kv["master_port"] == "free")
            ok = check("master_port", true, Text(TD_TEXT("Launch", "port %1 is free"), {port}));
        else
            ok = check("master_port", false, Text(TD_TEXT("Launch", "node 0 (%1): the master port %2 is in use: choose another (%3) or stop what holds it"),
                                                  {host, port, Text::field("launch.master_port", "--master-port")}));
    }
    if (config_.dryRun && kv["writable"] == "yes")
        ok = check("files", true, Text(TD_TEXT("Launch", "%1 can be made (nothing was copied: %2)"), {Text::value(dir), dryRunField()}));
    else if (config_.dryRun)
        ok = check("files", false, Text(TD_TEXT("Launch", "node %1 (%2): %3 cannot be made: the folder above it is not writable"),
                                        {nodeText, host, Text::value(dir)}));
    else if (kv["files"] == "yes")
        ok = check("files", true, Text(TD_TEXT("Launch", "the node's files are in %1"), {Text::value(dir)}));
    else
        ok = check("files", false, Text(TD_TEXT("Launch", "node %1 (%2): the node's files are missing from %3"),
                                        {nodeText, host, Text::value(dir)}));
    return ok;
}

// Streams the node's output until its supervisor exits or the connection is
// lost; passes the run's stop on (term, then kill after the grace) and a
// heartbeat line, whose silence tells the node that the launcher has gone.
void Launch::streamNode(Node& node, NodeSession& session) {
    const int index = node.index;
    int sentLevel = 0;
    Clock::time_point termSent, lastBeat = Clock::now();
    const auto grace = std::chrono::milliseconds(long(config_.graceSeconds * 1000));
    const auto beat = std::chrono::milliseconds(long(config_.ssh.keepaliveIntervalS * 1000));
    for (;;) {
        const int level = stopLevel_;
        if (level > sentLevel) {
            if (sentLevel == 0) {
                report(stoppingEvent(index, failedItself(index)));
                termSent = Clock::now();
            }
            session.write(level >= 2 ? "kill\n" : "term\n");
            sentLevel = level;
        }
        if (sentLevel == 1 && Clock::now() - termSent > grace) {
            session.write("kill\n");
            sentLevel = 2;
        }
        if (beat.count() > 0 && Clock::now() - lastBeat >= beat) {
            session.write("alive\n");
            lastBeat = Clock::now();
        }
        std::string out, err;
        const NodeSession::Pumped p = session.pump(out, err, 50);
        if (!out.empty()) handleOutput(node, 0, out);
        if (!err.empty()) handleOutput(node, 1, err);
        if (p == NodeSession::Pumped::Ended) {
            for (int s : {0, 1})
                if (!node.partial[s].empty()) handleOutput(node, s, "\n");
            const int status = session.exitStatus();
            state(index, NodeState::Exited, status);
            if (status != 0) {
                Text why(TD_TEXT("Launch", "node %1 (%2) %3"),
                         {Text::value(std::to_string(index)), Text::value(node.host), exitText(status)});
                if (!node.lastErr.empty())
                    why = Text(TD_TEXT("Launch", "%1: %2"), {why, Text::value(oneSpaced(printable(node.lastErr, kWholeValue)))});
                recordFailure(FailureKind::Node, index, why);
            }
            return;
        }
        if (p == NodeSession::Pumped::Lost) {
            const Text lostWhy = session.lostReason();
            state(index, NodeState::Lost, -1, lostWhy);
            recordFailure(FailureKind::Node, index,
                          Text(TD_TEXT("Launch", "node %1 (%2): %3"),
                               {Text::value(std::to_string(index)), Text::value(node.host), lostWhy}));
            return;
        }
    }
}

void Launch::handleOutput(Node& node, int stream, const std::string& chunk) {
    node.logs.append(stream, chunk);
    std::string& partial = node.partial[stream];
    partial += chunk;
    std::size_t nl;
    while ((nl = partial.find('\n')) != std::string::npos) {
        std::string line = partial.substr(0, nl);
        partial.erase(0, nl + 1);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (stream == 1 && !line.empty()) node.lastErr = line;
        Event e;
        e.node = node.index;
        e.stream = stream ? Stream::Err : Stream::Out;
        if (stream == 0 && !line.empty() && line.front() == '{')
            if (const auto metrics = metrics::readMetricsLine(line)) {
                e.metricsEvent = metrics->event;
                e.step = metrics->step;
                if (metrics->event == "error") trainerError(node, *metrics);
            }
        e.kind = e.metricsEvent.empty() ? Event::Kind::Output : Event::Kind::Metrics;
        e.line = std::move(line);
        report(std::move(e));
    }
}

// A trainer's `error` event (metrics-protocol.md): the failing node is the one
// it names, the lost rank's node when another rank was lost, with the trainer's
// own reason and time.
void Launch::trainerError(const Node& node, const metrics::MetricsLine& line) {
    const int gpus = std::max(1, config_.plan.cluster.gpusPerNode);
    const int rank = line.rank.value_or(-1);
    const std::optional<double> lost = line.value("lost_rank");
    const int lostRank = lost && *lost >= 0 && *lost < 65536 ? int(*lost) : -1;
    int failed = lostRank >= 0 ? lostRank / gpus : line.node.value_or(node.index);
    if (failed < 0 || failed >= int(nodes_.size())) failed = node.index;
    const Text reason = Text::value(printable(line.message.empty() ? line.kind : line.message, kWholeValue));
    const Text failedText = Text::value(std::to_string(failed)), host = Text::value(nodes_[failed]->host);
    const Text why = failed == node.index
                         ? Text(TD_TEXT("Launch", "node %1 (%2): %3"), {failedText, host, reason})
                         : Text(TD_TEXT("Launch", "node %1 (%2): %3 (reported by rank %4 on node %5)"),
                                {failedText, host, reason, Text::value(std::to_string(rank)),
                                 Text::value(std::to_string(node.index))});
    recordFailure(FailureKind::Node, failed, why, line.time, lostRank >= 0 ? -1 : rank);
}

}  // namespace traindeck::launch
