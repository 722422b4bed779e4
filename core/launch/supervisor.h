#pragma once
// The few lines each node runs around the generated node script: the node
// script in a session of its own (setsid), and every process of that session
// owned by the supervisor: stopped (SIGTERM to each, SIGKILL to what is left
// after the grace) when the launcher says so on stdin (`term`; `kill` skips the
// grace), when stdin closes (the launcher's connection dropped or the launcher
// died), when the launcher falls silent (its heartbeat lines stop: a frozen
// connection), and when the node script ends (nothing it started outlives it).
// Then the run's files are removed from the node.

#include <string>
#include <vector>

namespace traindeck::launch {

inline constexpr const char* kSupervisorFile = "supervise.sh";
// The list of the files the launcher copied for node `node`, which it removes when its part ends.
std::string manifestFile(int node);

std::string supervisorScript();

// The command that starts the supervisor in `dir`: the node script, the grace
// (SIGTERM → SIGKILL) and how long the launcher may be silent (0: forever).
std::string supervisorCommand(const std::string& dir, const std::string& nodeScript, double graceS, double silenceS);

// Removes what the launcher copied into `dir` (as the manifest lists it) and
// the folder when nothing else is in it: what the workload wrote stays.
std::string cleanupScript(const std::string& dir, int node);

// The pre-flight probe: prints key=value lines (gpus, workload, master_port,
// files; with `dryRun` writable instead of files: nothing was copied).
std::string preflightScript(const std::string& workload, int masterPort, bool checkPort,
                            const std::vector<std::string>& files, bool dryRun, const std::string& dir);

}  // namespace traindeck::launch
