#pragma once
// What a run reports while it goes: node states, each line a node prints (the
// trainer's metrics JSON lines recognised as such), pre-flight results and the
// end. Events come from the run's node threads, one at a time (the run
// serialises them), in the order they happened; a face marshals them to its
// own thread (the GUI with a queued connection) or prints them (the CLI).

#include "text/text.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>

namespace traindeck::launch {

enum class NodeState { Connecting, Checking, Starting, Running, Stopping, Exited, Lost };
// The run folder's name of a state: "connecting", ... (run-folder.md).
const char* stateName(NodeState);
// The same as the faces show it, translatable (context "Launch").
Text stateText(NodeState);

enum class Stream { Out, Err };

// How a run ended, and why: which part failed decides the CLI's exit status.
// DryRun: the pre-flight passed and nothing was started or written to the nodes.
enum class EndStatus { Completed, Failed, Interrupted, DryRun };
enum class FailureKind {
    None,
    Access,     // a host key unknown or changed, or authentication failed: nothing started
    Preflight,  // a node is unreachable or does not fit the plan: nothing started
    Node,       // a node exited non-zero or its connection dropped while running
};
const char* endStatusName(EndStatus);
// How an exit status reads: "exited with status 1", "killed (SIGKILL)" (translatable).
Text exitText(int status);

struct LaunchEnd {
    EndStatus status = EndStatus::Completed;
    FailureKind kind = FailureKind::None;
    int node = -1;  // the node that failed first; -1 when none did
    Text why;       // why it failed (exit status, the connection's error, the check)
};

struct Event {
    enum class Kind { State, Output, Metrics, Preflight, End };
    Kind kind = Kind::State;
    int node = -1;
    // State: the new state; `status` for Exited, `message` for Lost.
    NodeState state = NodeState::Connecting;
    int status = -1;
    Text message;  // State (Lost, Stopping's reason), Preflight (the result or the fix)
    // Stopping: the node's own failure is why the launcher stops it (a rank killed from
    // outside, its trainer's error): its row reads as failed, not as stopped by the launcher.
    bool ownFailure = false;
    // Output / Metrics: one line as the node printed it, without its newline.
    Stream stream = Stream::Out;
    std::string line;
    std::string metricsEvent;  // Metrics: the protocol's "event" ("step", "rank", ...)
    std::optional<std::int64_t> step;  // Metrics: the line's step, when it has one
    // Preflight: what was checked ("connection", "gpus", "workload", "master_port", "files").
    std::string check;
    bool ok = true;
    // End
    LaunchEnd end;
};

// A node's new state (`status` for Exited, `message` for Lost or a stop's reason).
inline Event stateEvent(int node, NodeState state, int status = -1, Text message = {}) {
    Event e;
    e.kind = Event::Kind::State;
    e.node = node;
    e.state = state;
    e.status = status;
    e.message = std::move(message);
    return e;
}

// The launcher stops a node: for the user or another node's failure, or for its own.
inline Event stoppingEvent(int node, bool ownFailure) {
    Event e = stateEvent(node, NodeState::Stopping);
    e.ownFailure = ownFailure;
    return e;
}

inline Event preflightEvent(int node, std::string check, bool ok, Text message) {
    Event e;
    e.kind = Event::Kind::Preflight;
    e.node = node;
    e.check = std::move(check);
    e.ok = ok;
    e.message = std::move(message);
    return e;
}

}  // namespace traindeck::launch
