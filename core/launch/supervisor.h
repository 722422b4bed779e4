#pragma once
// The few lines each node runs around the generated node script: the node
// script in a session of its own (setsid), stopped by commands on stdin
// (`term`: SIGTERM to its process group, which the entrypoint forwards to the
// workload; `kill`: SIGKILL to every process of the session), and stopped the
// same way when stdin closes, which is what happens when the launcher's
// connection drops or the launcher dies: nothing keeps running without it.

#include <string>
#include <vector>

namespace traindeck::launch {

inline constexpr const char* kSupervisorFile = "supervise.sh";

std::string supervisorScript();

// The pre-flight probe: prints key=value lines (gpus, workload, master_port, files).
std::string preflightScript(const std::string& workload, int masterPort, bool checkPort,
                            const std::vector<std::string>& files);

}  // namespace traindeck::launch
