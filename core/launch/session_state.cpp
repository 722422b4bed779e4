#include "session_state.h"

#include <nlohmann/json.hpp>

namespace traindeck::launch {

void SessionState::setHosts(const std::vector<std::string>& hosts) {
    rows_.resize(hosts.size());
    for (std::size_t i = 0; i < hosts.size(); ++i) rows_[i].host = hosts[i];
}

void SessionState::setHost(int node, const std::string& host) {
    if (node >= 0 && node < size()) rows_[std::size_t(node)].host = host;
}

void SessionState::clearRun() {
    for (NodeRow& row : rows_) {
        NodeRow fresh;
        fresh.host = row.host;
        row = std::move(fresh);
    }
}

std::vector<std::string> SessionState::hosts() const {
    std::vector<std::string> out;
    for (const NodeRow& row : rows_) out.push_back(row.host);
    return out;
}

bool SessionState::allRunning() const {
    for (const NodeRow& row : rows_)
        if (row.state != NodeState::Running) return false;
    return !rows_.empty();
}

int SessionState::apply(const Event& e) {
    if (e.kind == Event::Kind::End) {
        // The launch is over: a node still connecting, checking or starting never
        // will. Its row says so (its reason, a failed check, stays).
        for (NodeRow& row : rows_)
            if (row.state == NodeState::Connecting || row.state == NodeState::Checking || row.state == NodeState::Starting) {
                row.state.reset();
                row.notStarted = true;
            }
        return -1;
    }
    if (e.node < 0 || e.node >= size()) return -1;
    NodeRow& row = rows_[std::size_t(e.node)];
    switch (e.kind) {
    case Event::Kind::State:
        row.state = e.state;
        row.status = e.status;
        if (e.state == NodeState::Stopping) (e.ownFailure ? row.stoppedForItsFailure : row.stopped) = true;
        if (!e.message.empty()) row.reason = e.message;
        return e.node;
    case Event::Kind::Preflight:
        // The first failed check is the node's reason: the one the launch's end names
        // (a node's later checks may fail for the same cause, in other words).
        if (e.ok || row.checkFailed) return -1;
        row.checkFailed = true;
        row.reason = e.message;
        return e.node;
    case Event::Kind::Metrics:
        if (e.metricsEvent == "checkpoint" && e.step) {
            row.checkpointStep = e.step;
            const nlohmann::json line = nlohmann::json::parse(e.line, nullptr, false);
            const auto path = line.is_object() ? line.find("path") : line.end();
            row.checkpointPath = path != line.end() && path->is_string() ? path->get<std::string>() : std::string();
            return e.node;
        }
        if (e.metricsEvent != "step" || !e.step) return -1;
        row.lastStep = e.step;
        return e.node;
    case Event::Kind::Output:
    case Event::Kind::End:
        break;
    }
    return -1;
}

}  // namespace traindeck::launch
