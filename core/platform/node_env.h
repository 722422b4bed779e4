#pragma once
// The environment every node of a job runs its workload in: one builder, used
// by the entrypoint generator (which bakes the job-wide part into the script and
// computes the per-node part at run time) and by the GUI and tests (which show or
// check the whole of it for one node).
//
// Only variables a library really reads: NCCL has no NCCL_TIMEOUT; the
// collective timeout belongs to the framework (torch's init_process_group
// timeout=, DeepSpeed's DEEPSPEED_TIMEOUT, the trainer's --comm-timeout).

#include "plan/plan.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace traindeck::platform {

struct EnvVar {
    std::string name;
    std::string value;
    std::string why;   // one line: who reads it and why it has this value
};

// Variables with the same value on every node: node count, processes per node,
// process count, and the timeout and NCCL settings that depend on
// the job's size. Then the plan's extra environment (plan.launch.env).
std::vector<EnvVar> jobEnvironment(const Plan& plan);

// The job environment plus what the node learns from its platform: NODE_RANK,
// MASTER_ADDR, MASTER_PORT and their torchrun forms, and CUDA_VISIBLE_DEVICES.
// `masterAddr` is node 0's address as the platform resolves it; `masterPort` the
// platform's port where it chooses one (PAI-DLC), else the plan's.
std::vector<EnvVar> nodeEnvironment(const Plan& plan, int nodeRank, const std::string& masterAddr,
                                    std::optional<int> masterPort = std::nullopt);

// "0,1,...,gpus-1": the GPUs one node's processes use.
std::string cudaVisibleDevices(int gpus);
// The plan's own: the GPUs it chooses on each node it starts over SSH (launch.visible_gpus,
// "4,5,6,7"; a scheduler's platform chooses its own), else all of a node's, 0 to gpusPerNode-1.
std::string cudaVisibleDevices(const Plan& plan);

// A POSIX environment variable name: [A-Za-z_][A-Za-z0-9_]*.
bool isEnvName(std::string_view name);

// Names that usually hold credentials (…TOKEN, …SECRET, …PASSWORD, …API_KEY):
// such values must come from a secret reference, never from a generated file.
bool looksLikeSecret(std::string_view name);

// Variables the entrypoint sets itself; extra environment may not override them,
// or the ranks the entrypoint computed would be silently replaced.
bool isReservedName(std::string_view name);

}  // namespace traindeck::platform
