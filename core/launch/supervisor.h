#pragma once
// The few lines each node runs around the generated node script: the node
// script in a session of its own (setsid), and every process of that session
// owned by the supervisor: stopped (SIGTERM to each, SIGKILL to what is left
// after the grace) when the launcher says so on stdin (`term`; `kill` skips the
// grace), when stdin closes (the launcher's connection dropped or the launcher
// died), when the launcher falls silent (its heartbeat lines stop: a frozen
// connection), and when the node script ends (nothing it started outlives it).
// Then the run's files are removed from the node.

#include "generate/generate.h"

#include <string>
#include <vector>

namespace traindeck::launch {

inline constexpr const char* kSupervisorFile = "supervise.sh";
// The list of the files the launcher copied for node `node`, which it removes when its part ends.
std::string manifestFile(int node);

std::string supervisorScript();

// The one command a node runs for its whole part, on one SSH channel (one
// connection, one channel, one login shell per node): it copies the node's
// files (none: nothing is copied, as for a dry run or this machine), runs the
// pre-flight checks, which print key=value lines (gpus, workload, master_port
// for node 0, files, or writable for a dry run) and then kPreflightEnd, and
// waits for the launcher's verdict on stdin. `go` starts the supervisor with
// the node script, the grace (SIGTERM → SIGKILL) and how long the launcher may
// be silent (0: forever); any other line, or the end of stdin (the launcher
// stopped or vanished), ends what still runs of the checks, removes the copied
// files and exits 0.
inline constexpr const char* kPreflightEnd = "traindeck-preflight-end";
struct NodeCommand {
    std::string dir;  // the run's folder on the node (relative: to the home folder)
    int node = 0;
    std::string nodeScript;  // node-<i>.sh
    std::vector<generate::GeneratedFile> files;  // what to copy into `dir`
    std::string workload;  // the program the checks look for on PATH
    int masterPort = 0;
    bool checkPort = false;  // node 0: the master port must be free
    bool dryRun = false;
    double graceS = 30, silenceS = 0;
};
std::string nodeCommand(const NodeCommand& command);

}  // namespace traindeck::launch
