#include "run_folder.h"

#include "files/write_whole.h"
#include "plan/plan_yaml.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <system_error>

namespace traindeck::launch {

namespace fs = std::filesystem;

namespace {

double unixTime() {
    return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
}

// One line of launch.jsonl: the event with the protocol's v, its time and the attempt.
std::string eventLine(nlohmann::json j, int attempt) {
    j["v"] = 1;
    if (!j.contains("time")) j["time"] = unixTime();
    j["attempt"] = attempt;
    return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

}  // namespace

Text stateText(NodeState s) {
    switch (s) {
    case NodeState::Connecting: return Text(TD_TEXT("Launch", "connecting"));
    case NodeState::Checking: return Text(TD_TEXT("Launch", "checking"));
    case NodeState::Starting: return Text(TD_TEXT("Launch", "starting"));
    case NodeState::Running: return Text(TD_TEXT("Launch", "running"));
    case NodeState::Stopping: return Text(TD_TEXT("Launch", "stopping"));
    case NodeState::Exited: return Text(TD_TEXT("Launch", "exited"));
    case NodeState::Lost: return Text(TD_TEXT("Launch", "lost"));
    }
    return Text::value("?");
}

const char* stateName(NodeState s) {
    switch (s) {
    case NodeState::Connecting: return "connecting";
    case NodeState::Checking: return "checking";
    case NodeState::Starting: return "starting";
    case NodeState::Running: return "running";
    case NodeState::Stopping: return "stopping";
    case NodeState::Exited: return "exited";
    case NodeState::Lost: return "lost";
    }
    return "?";
}

const char* endStatusName(EndStatus s) {
    switch (s) {
    case EndStatus::Completed: return "completed";
    case EndStatus::Failed: return "failed";
    case EndStatus::Interrupted: return "interrupted";
    case EndStatus::DryRun: return "dry_run";
    }
    return "?";
}

Text exitText(int status) {
    // SSH reports no exit status when the process on the node was killed outright.
    if (status < 0) return Text(TD_TEXT("Launch", "ended without an exit status (killed)"));
    // 128 + N: the shell's way of saying that signal N ended the process.
    if (status > 128 && status < 128 + 65) {
        const char* name = sigabbrev_np(status - 128);
        if (name)
            return Text(TD_TEXT("Launch", "killed (SIG%1)"), {Text::value(name)});
    }
    return Text(TD_TEXT("Launch", "exited with status %1"), {Text::value(std::to_string(status))});
}

RunFolder::RunFolder(std::string dir, const Plan& plan, const std::vector<std::string>& hosts,
                     const std::vector<generate::GeneratedFile>& files, std::string& error)
    : dir_(std::move(dir)) {
    std::error_code ec;
    fs::create_directories(fs::path(dir_) / "files", ec);
    if (ec) {
        error = ec.message();
        return;
    }
    std::string hostLines;
    for (const std::string& h : hosts) hostLines += h + "\n";
    // Written whole or not at all; RunFolder's errors are strings (the reason in English).
    error = writeWhole((fs::path(dir_) / "plan.yaml").string(), planToYaml(plan)).english();
    if (error.empty()) error = writeWhole((fs::path(dir_) / "hosts").string(), hostLines).english();
    for (const auto& f : files)
        if (error.empty()) error = writeWhole((fs::path(dir_) / "files" / f.path).string(), f.content, f.executable).english();
    if (!error.empty()) return;
}

namespace {

// The attempts an earlier launch into this folder recorded: each wrote an
// `attempt` line (or, before attempts were numbered, at least its `end`).
int recordedAttempts(const fs::path& events) {
    int attempts = 0, ends = 0;
    std::ifstream in(events);
    for (std::string line; std::getline(in, line);) {
        attempts += line.find("\"event\":\"attempt\"") != std::string::npos;
        ends += line.find("\"event\":\"end\"") != std::string::npos;
    }
    return std::max(attempts, ends);
}

}  // namespace

int RunFolder::continueAttempt(std::string& error) {
    const fs::path events = fs::path(dir_) / "launch.jsonl";
    attempt_ = recordedAttempts(events);
    events_ = std::fopen(events.c_str(), "a");
    if (!events_) error = "cannot open launch.jsonl";
    return attempt_;
}

void RunFolder::recordSubmitted(const std::string& scheduler, const std::string& jobId) {
    if (events_) writeLine(eventLine({{"event", "submitted"}, {"scheduler", scheduler}, {"job_id", jobId}}, attempt_));
}

void RunFolder::recordJob(const std::string& jobId, const scheduler::JobStatus& s) {
    if (!events_) return;
    nlohmann::json j = {{"event", "job"}, {"job_id", jobId}, {"state", scheduler::jobStateName(s.state)}, {"name", s.name}};
    if (!s.reason.empty()) j["reason"] = s.reason;
    if (!s.nodes.empty()) j["nodes"] = s.nodes;
    if (scheduler::isFinal(s.state)) {
        j["exit_code"] = s.exitCode;
        if (s.signal) j["signal"] = s.signal;
    }
    writeLine(eventLine(std::move(j), attempt_));
}

int RunFolder::startAttempt(const std::string& runId, bool dryRun, int nodes, std::string& error) {
    const fs::path events = fs::path(dir_) / "launch.jsonl";
    attempt_ = recordedAttempts(events) + 1;
    events_ = std::fopen(events.c_str(), "a");
    if (!events_) {
        error = "cannot open launch.jsonl";
        return attempt_;
    }
    writeLine(eventLine({{"event", "attempt"}, {"run_id", runId}, {"dry_run", dryRun}}, attempt_));
    // The nodes' own files continue where the earlier attempt's ended: a marker
    // line tells where this attempt begins (a JSON line in .out, as the metrics
    // protocol's readers skip events they do not know).
    if (attempt_ > 1)
        for (int i = 0; i < nodes; ++i) {
            NodeLogs logs = nodeLogs(i);
            nlohmann::json marker = {{"v", 1}, {"event", "attempt"}, {"time", unixTime()}, {"attempt", attempt_}};
            logs.append(0, marker.dump() + "\n");
            logs.append(1, "traindeck launch: attempt " + std::to_string(attempt_) + " of run " + runId + "\n");
        }
    return attempt_;
}

RunFolder::~RunFolder() {
    if (events_) std::fclose(events_);
}

RunFolder::NodeLogs RunFolder::nodeLogs(int node) {
    NodeLogs logs;
    const char* ext[2] = {".out", ".err"};
    for (int s : {0, 1}) {
        const fs::path p = fs::path(dir_) / ("node-" + std::to_string(node) + ext[s]);
        std::FILE* f = std::fopen(p.c_str(), "a");
        if (f) logs.files[s] = std::shared_ptr<std::FILE>(f, [](std::FILE* x) { std::fclose(x); });
    }
    return logs;
}

void RunFolder::NodeLogs::append(int stream, const std::string& chunk) {
    if (std::FILE* f = files[stream].get()) {
        std::fwrite(chunk.data(), 1, chunk.size(), f);
        std::fflush(f);
    }
}

void RunFolder::record(const Event& e, const std::string& host) {
    if (!events_) return;
    nlohmann::json j = {{"time", unixTime()}};
    switch (e.kind) {
    case Event::Kind::State:
        j["event"] = "node";
        j["node"] = e.node;
        j["host"] = host;
        j["state"] = stateName(e.state);
        if (e.state == NodeState::Exited) j["status"] = e.status;
        if (!e.message.empty()) j["message"] = e.message.english();
        break;
    case Event::Kind::Preflight:
        j["event"] = "preflight";
        j["node"] = e.node;
        j["host"] = host;
        j["check"] = e.check;
        j["ok"] = e.ok;
        j["message"] = e.message.english();
        break;
    case Event::Kind::End:
        j["event"] = "end";
        j["status"] = endStatusName(e.end.status);
        if (e.end.node >= 0) j["first_failure"] = {{"node", e.end.node}, {"message", e.end.why.english()}};
        else if (!e.end.why.empty()) j["first_failure"] = {{"message", e.end.why.english()}};
        break;
    default:
        return;
    }
    writeLine(eventLine(std::move(j), attempt_));
}

void RunFolder::writeLine(const std::string& line) {
    if (std::fwrite(line.data(), 1, line.size(), events_) != line.size() || std::fflush(events_) != 0)
        writeFailed_ = true;
}

}  // namespace traindeck::launch
