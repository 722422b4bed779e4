#include "run.h"

#include "generate/generate.h"
#include "generate/host_address.h"
#include "generate/shell_quote.h"
#include "plan/plan_fields.h"
#include "run_folder.h"
#include "supervisor.h"

#include <nlohmann/json.hpp>

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

using Clock = std::chrono::steady_clock;
using generate::shellQuote;

// The command a node's pre-flight looks for: the trainer, or the first word of
// the user's command template.
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

// The protocol's event name when `line` is one of the trainer's metrics lines.
std::string metricsEventOf(const std::string& line) {
    if (line.empty() || line.front() != '{') return {};
    const auto j = nlohmann::json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.is_object() || !j.contains("event") || !j["event"].is_string() || !j.contains("v"))
        return {};
    return j["event"].get<std::string>();
}

}  // namespace

struct Run::Node {
    int index = 0;
    std::string host;     // as given
    std::string address;  // the host part, what the other nodes reach it by
    RunFolder::NodeLogs logs;
    std::string partial[2];  // an unfinished line of stdout, stderr
    bool started = false;
};

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

Run::Run(RunConfig config, Sink sink) : config_(std::move(config)), sink_(std::move(sink)) {
    const Plan& plan = config_.plan;
    if (Text error = validatePlan(plan); !error.empty()) throw LaunchError(error);
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
            const auto a = generate::parseHostAddress(node->host);
            if (!a)
                throw LaunchError(Text(TD_TEXT("Launch", "host '%1' is not a host name or address, [user@]host[:port]"),
                                       {Text::value(generate::printable(node->host))}));
            node->address = a->host;
        }
        masterHosts.push_back(node->address);
        nodes_.push_back(std::move(node));
    }
    // The generated SSH node scripts and entrypoint: the one source of the
    // per-node environment. Node 0's address is the master's.
    generate::GenerateOptions options;
    options.hosts = masterHosts;
    options.checkpointDir = config_.checkpointDir;
    std::vector<generate::GeneratedFile> files;
    try {
        files = generate::generate(plan, generate::Target::Ssh, options);
    } catch (const generate::GenerateError& e) {
        throw LaunchError(Text::value(e.what()));
    }
    files.erase(std::remove_if(files.begin(), files.end(),
                               [](const auto& f) { return f.path == "launch-ssh.sh" || f.path == "hostfile" || f.path == "ds_hostfile"; }),
                files.end());
    files.push_back({kSupervisorFile, supervisorScript(), true});
    std::string error;
    folder_ = std::make_unique<RunFolder>(runDir_, plan, config_.hosts, files, error);
    if (!error.empty()) throw LaunchError(Text(TD_TEXT("Launch", "cannot make the run folder %1: %2"),
                                               {Text::value(runDir_), Text::value(error)}));
    files_ = std::move(files);
    for (auto& n : nodes_) n->logs = folder_->nodeLogs(n->index);
}

Run::~Run() {
    if (!threads_.empty() && !waited_) {
        kill();
        wait();
    }
}

void Run::start() {
    // A node whose pipe has closed must not kill the launcher.
    std::signal(SIGPIPE, SIG_IGN);
    for (int i = 0; i < int(nodes_.size()); ++i) threads_.emplace_back([this, i] { nodeMain(i); });
}

void Run::stop() {
    std::lock_guard lock(mutex_);
    if (!failed_) userStopped_ = true;
    int expected = 0;
    if (!stopLevel_.compare_exchange_strong(expected, 1)) stopLevel_ = 2;
    arrived_.notify_all();
}

void Run::kill() {
    std::lock_guard lock(mutex_);
    if (!failed_) userStopped_ = true;
    stopLevel_ = 2;
    arrived_.notify_all();
}

RunEnd Run::wait() {
    for (auto& t : threads_)
        if (t.joinable()) t.join();
    if (waited_) return end_;
    waited_ = true;
    {
        std::lock_guard lock(mutex_);
        if (failed_) end_.status = EndStatus::Failed;
        else if (userStopped_) end_.status = EndStatus::Interrupted;
        else end_.status = EndStatus::Completed;
    }
    Event e;
    e.kind = Event::Kind::End;
    e.end = end_;
    report(e);
    return end_;
}

void Run::report(Event e) {
    std::lock_guard lock(emitMutex_);
    folder_->record(e, e.node >= 0 && e.node < int(nodes_.size()) ? nodes_[e.node]->host : std::string());
    if (sink_) sink_(e);
}

void Run::recordFailure(FailureKind kind, int node, Text why) {
    std::lock_guard lock(mutex_);
    if (failed_ || (userStopped_ && kind == FailureKind::Node)) return;
    failed_ = true;
    end_.kind = kind;
    end_.node = node;
    end_.why = std::move(why);
    int expected = 0;
    stopLevel_.compare_exchange_strong(expected, 1);  // fail together
    arrived_.notify_all();
}

bool Run::arriveAndWaitAll(bool ok) {
    std::unique_lock lock(mutex_);
    if (!ok) allReady_ = false;
    ++arrivedCount_;
    arrived_.notify_all();
    arrived_.wait(lock, [&] { return arrivedCount_ == int(nodes_.size()) || failed_ || stopLevel_ > 0; });
    return allReady_ && !failed_ && stopLevel_ == 0 && arrivedCount_ == int(nodes_.size());
}

void Run::nodeMain(int index) {
    Node& node = *nodes_[index];
    auto state = [&](NodeState s, int status = -1, Text message = {}) {
        Event e;
        e.kind = Event::Kind::State;
        e.node = index;
        e.state = s;
        e.status = status;
        e.message = std::move(message);
        report(std::move(e));
    };
    auto preflight = [&](const std::string& check, bool ok, Text message) {
        Event e;
        e.kind = Event::Kind::Preflight;
        e.node = index;
        e.check = check;
        e.ok = ok;
        e.message = std::move(message);
        report(std::move(e));
    };

    state(NodeState::Connecting);
    std::unique_ptr<NodeSession> session =
        config_.local ? makeLocalSession() : makeSshSession(index, node.host, config_.ssh);
    const NodeSession::Opened opened = session->open();
    if (!opened.ok) {
        preflight("connection", false, opened.why);
        recordFailure(opened.kind, index, opened.why);
        arriveAndWaitAll(false);
        return;
    }
    preflight("connection", true, Text(TD_TEXT("Launch", "connected and authenticated")));

    state(NodeState::Checking);
    const std::string dir = config_.local ? folder_->filesDir() : remoteDir_;
    bool ok = true;
    // The node's files are copied into the run's folder on the node (here: the
    // local run folder's files/ has them already), written by the node's shell
    // from quoted text, and checked by the same command: one round trip, not two.
    const std::string nodeScript = "node-" + std::to_string(index) + ".sh";
    const std::string program = workloadProgram(config_.plan);
    const std::string checks = preflightScript(program, config_.plan.launch.masterPort, index == 0,
                                               {dir + "/" + nodeScript, dir + "/entrypoint.sh", dir + "/" + kSupervisorFile});
    std::string probeCommand = checks;
    if (!config_.local) {
        std::string copy = "umask 077 && mkdir -p " + shellQuote(dir) + " && cd " + shellQuote(dir);
        for (const auto& f : files_) {
            if (f.path.starts_with("node-") && f.path != nodeScript) continue;
            copy += " && printf '%s' " + shellQuote(f.content) + " > " + shellQuote(f.path);
            if (f.executable) copy += " && chmod 700 " + shellQuote(f.path);
        }
        // `copied=yes` tells a failed copy from checks that could not run.
        probeCommand = "(" + copy + ") && echo copied=yes && " + checks;
    }
    const CommandResult probe = session->run(probeCommand);
    if (!config_.local && probe.status != 0 && probe.out.find("copied=yes") == std::string::npos) {
        const Text why(TD_TEXT("Launch", "cannot copy the run's files to %1 on %2: %3"),
                       {Text::value(dir), Text::value(node.host),
                        probe.error.empty() ? Text::value(generate::printable(probe.err)) : probe.error});
        preflight("files", false, why);
        recordFailure(FailureKind::Preflight, index, why);
        arriveAndWaitAll(false);
        return;
    }
    if (probe.status != 0) {
        const Text why(TD_TEXT("Launch", "the pre-flight checks could not run on %1: %2"),
                       {Text::value(node.host), probe.error.empty() ? Text::value(generate::printable(probe.err)) : probe.error});
        preflight("checks", false, why);
        recordFailure(FailureKind::Preflight, index, why);
        arriveAndWaitAll(false);
        return;
    }
    auto kv = keyValues(probe.out);
    const int planGpus = config_.plan.cluster.gpusPerNode;
    Text firstProblem;
    auto check = [&](const std::string& name, bool good, Text message) {
        preflight(name, good, message);
        if (!good && ok) {
            ok = false;
            firstProblem = message;
        }
    };
    if (kv["gpus"] == "none")
        check("gpus", false, Text(TD_TEXT("Launch", "node %1 (%2): nvidia-smi not found, so its GPUs cannot be checked against the plan's %3 per node"),
                                  {Text::value(std::to_string(index)), Text::value(node.host), Text::value(std::to_string(planGpus))}));
    else if (kv["gpus"] != std::to_string(planGpus))
        check("gpus", false, Text(TD_TEXT("Launch", "node %1 (%2) has %3 GPUs but the plan runs %4 per node: change the plan's GPUs per node or use another host"),
                                  {Text::value(std::to_string(index)), Text::value(node.host), Text::value(kv["gpus"]),
                                   Text::value(std::to_string(planGpus))}));
    else
        check("gpus", true, Text(TD_TEXT("Launch", "%1 GPUs, as the plan says"), {Text::value(kv["gpus"])}));
    if (kv["workload"] == "yes")
        check("workload", true, Text(TD_TEXT("Launch", "%1 found"), {Text::value(program)}));
    else
        check("workload", false, Text(TD_TEXT("Launch", "node %1 (%2): %3 is not on the PATH of a non-interactive shell: install it or name it by its full path"),
                                      {Text::value(std::to_string(index)), Text::value(node.host), Text::value(program)}));
    if (index == 0) {
        if (kv["master_port"] == "free")
            check("master_port", true, Text(TD_TEXT("Launch", "port %1 is free"), {Text::value(std::to_string(config_.plan.launch.masterPort))}));
        else
            check("master_port", false, Text(TD_TEXT("Launch", "node 0 (%1): the master port %2 is in use: choose another (--master-port) or stop what holds it"),
                                             {Text::value(node.host), Text::value(std::to_string(config_.plan.launch.masterPort))}));
    }
    if (kv["files"] == "yes")
        check("files", true, Text(TD_TEXT("Launch", "the node's files are in %1"), {Text::value(dir)}));
    else
        check("files", false, Text(TD_TEXT("Launch", "node %1 (%2): the node's files are missing from %3"),
                                   {Text::value(std::to_string(index)), Text::value(node.host), Text::value(dir)}));
    if (!ok) recordFailure(FailureKind::Preflight, index, firstProblem);
    if (!arriveAndWaitAll(ok) || config_.dryRun) return;

    state(NodeState::Starting);
    Text why;
    const std::string command = "cd " + shellQuote(dir) + " && exec bash " + kSupervisorFile + " " + nodeScript + " " +
                                std::to_string(int(config_.graceSeconds + 0.5));
    if (!session->start(command, why)) {
        state(NodeState::Lost, -1, why);
        recordFailure(FailureKind::Node, index, why);
        return;
    }
    node.started = true;
    state(NodeState::Running);

    int sentLevel = 0;
    Clock::time_point termSent;
    const auto grace = std::chrono::milliseconds(int(config_.graceSeconds * 1000));
    auto handle = [&](int stream, const std::string& chunk) {
        node.logs.append(stream, chunk);
        std::string& partial = node.partial[stream];
        partial += chunk;
        std::size_t nl;
        while ((nl = partial.find('\n')) != std::string::npos) {
            std::string line = partial.substr(0, nl);
            partial.erase(0, nl + 1);
            if (!line.empty() && line.back() == '\r') line.pop_back();
            Event e;
            e.node = index;
            e.stream = stream ? Stream::Err : Stream::Out;
            e.metricsEvent = stream ? std::string() : metricsEventOf(line);
            e.kind = e.metricsEvent.empty() ? Event::Kind::Output : Event::Kind::Metrics;
            e.line = std::move(line);
            report(std::move(e));
        }
    };
    for (;;) {
        const int level = stopLevel_;
        if (level > sentLevel) {
            if (sentLevel == 0) {
                state(NodeState::Stopping);
                termSent = Clock::now();
            }
            session->write(level >= 2 ? "kill\n" : "term\n");
            sentLevel = level;
        }
        if (sentLevel == 1 && Clock::now() - termSent > grace) {
            session->write("kill\n");
            sentLevel = 2;
        }
        std::string out, err;
        const NodeSession::Pumped p = session->pump(out, err, 50);
        if (!out.empty()) handle(0, out);
        if (!err.empty()) handle(1, err);
        if (p == NodeSession::Pumped::Ended) {
            for (int s : {0, 1})
                if (!node.partial[s].empty()) handle(s, "\n");
            const int status = session->exitStatus();
            state(NodeState::Exited, status);
            if (status != 0)
                recordFailure(FailureKind::Node, index,
                              Text(TD_TEXT("Launch", "node %1 (%2) exited with status %3"),
                                   {Text::value(std::to_string(index)), Text::value(node.host),
                                    Text::value(std::to_string(status))}));
            return;
        }
        if (p == NodeSession::Pumped::Lost) {
            const Text lostWhy = session->lostReason();
            state(NodeState::Lost, -1, lostWhy);
            recordFailure(FailureKind::Node, index,
                          Text(TD_TEXT("Launch", "node %1 (%2): %3"),
                               {Text::value(std::to_string(index)), Text::value(node.host), lostWhy}));
            return;
        }
    }
}

}  // namespace traindeck::launch
