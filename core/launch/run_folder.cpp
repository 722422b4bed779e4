#include "run_folder.h"

#include "plan/plan_yaml.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <system_error>

namespace traindeck::launch {

namespace fs = std::filesystem;

namespace {

// Written once, whole, then renamed: a reader never sees half a file.
std::string writeAtomically(const fs::path& path, const std::string& content, bool executable) {
    const fs::path tmp = path.string() + ".tmp";
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        out << content;
        out.close();
        if (!out) return "cannot write " + tmp.string();
    }
    std::error_code ec;
    if (executable) fs::permissions(tmp, fs::perms::owner_exec, fs::perm_options::add, ec);
    fs::rename(tmp, path, ec);
    return ec ? ec.message() : std::string();
}

double unixTime() {
    return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
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
    }
    return "?";
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
    error = writeAtomically(fs::path(dir_) / "plan.yaml", planToYaml(plan), false);
    if (error.empty()) error = writeAtomically(fs::path(dir_) / "hosts", hostLines, false);
    for (const auto& f : files)
        if (error.empty()) error = writeAtomically(fs::path(dir_) / "files" / f.path, f.content, f.executable);
    if (!error.empty()) return;
    events_ = std::fopen((fs::path(dir_) / "launch.jsonl").c_str(), "a");
    if (!events_) error = "cannot open launch.jsonl";
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
    nlohmann::json j = {{"v", 1}, {"time", unixTime()}};
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
    const std::string line = j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
    std::fwrite(line.data(), 1, line.size(), events_);
    std::fflush(events_);
}

}  // namespace traindeck::launch
