#pragma once
// How each launch platform tells a node who it is. Platforms disagree on which
// variable carries the node's index and the number of nodes, and two of them
// (Kubeflow PyTorchJob, PAI-DLC) reuse torch's own names RANK and WORLD_SIZE for
// the pod's index and the pod count, which a torch program would misread as the
// process rank and process count. This table is the single place those facts
// live: the entrypoint generator reads its variable names from here, and the
// GUI shows it.

#include "plan/plan.h"

#include <string>
#include <string_view>
#include <vector>

namespace traindeck::platform {

enum class Convention { Torchrun, PyTorchJob, IndexedJob, PaiDlc, Slurm, DeepSpeedHostfile, Ssh, SkyPilot };

struct ConventionInfo {
    Convention convention = Convention::Torchrun;
    std::string key;              // "pai": the entrypoint's TRAINDECK_PLATFORM value
    std::string displayName;      // "Alibaba Cloud PAI-DLC"
    // Variables the platform sets on each node, in order of preference; empty: none.
    std::vector<std::string> nodeRankVars;
    std::vector<std::string> nodeCountVars;
    std::string masterAddrVar;    // where node 0's address is found on the node
    std::string masterPortVar;    // empty: the plan's port
    // Variables the per-process launcher (torchrun, deepspeed) sets for each
    // process; the same for every convention that ends in torch.
    std::string processRankVar = "RANK";
    std::string localRankVar = "LOCAL_RANK";
    std::string processCountVar = "WORLD_SIZE";
    // True where the platform's RANK / WORLD_SIZE mean the pod's index and the
    // pod count (PAI-DLC, Kubeflow): the entrypoint must not pass them on.
    bool rankMeansNode = false;
    std::string note;             // one line for a user: where the values come from
};

const std::vector<ConventionInfo>& conventions();
const ConventionInfo& conventionInfo(Convention);
const ConventionInfo* findConvention(std::string_view key);

// The convention a plan's platform runs under.
Convention conventionFor(Platform);

}  // namespace traindeck::platform
