#include "platform/conventions.h"

#include <stdexcept>

namespace traindeck::platform {

namespace {

ConventionInfo make(Convention convention, std::string key, std::string displayName,
                    std::vector<std::string> nodeRankVars, std::vector<std::string> nodeCountVars,
                    std::string masterAddrVar, std::string masterPortVar, bool rankMeansNode, std::string note) {
    ConventionInfo c;
    c.convention = convention;
    c.key = std::move(key);
    c.displayName = std::move(displayName);
    c.nodeRankVars = std::move(nodeRankVars);
    c.nodeCountVars = std::move(nodeCountVars);
    c.masterAddrVar = std::move(masterAddrVar);
    c.masterPortVar = std::move(masterPortVar);
    c.rankMeansNode = rankMeansNode;
    c.note = std::move(note);
    return c;
}

}  // namespace

const std::vector<ConventionInfo>& conventions() {
    static const std::vector<ConventionInfo> table = [] {
        std::vector<ConventionInfo> t;
        {
            // torchrun reads each of its options from PET_<OPTION> when the flag is
            // absent; plain launch scripts use NODE_RANK / NNODES.
            t.push_back(make(Convention::Torchrun, "torchrun", "torchrun (static rendezvous)",
                             {"PET_NODE_RANK", "NODE_RANK"}, {"PET_NNODES", "NNODES"},
                             "MASTER_ADDR", "MASTER_PORT",
                        false, "node rank and count from PET_NODE_RANK/PET_NNODES (torchrun's own) or NODE_RANK/NNODES"));
        }
        {
            // The training operator sets MASTER_ADDR/MASTER_PORT from the Master's
            // service and RANK = pod index (Master 0, Worker i → i+1), WORLD_SIZE = pod
            // count; newer releases with nprocPerNode also set PET_NODE_RANK/PET_NNODES
            // and then make WORLD_SIZE the process count, so PET_* is read first.
            t.push_back(make(Convention::PyTorchJob, "pytorchjob", "Kubeflow PyTorchJob",
                             {"PET_NODE_RANK", "RANK"}, {"PET_NNODES", "WORLD_SIZE"},
                             "MASTER_ADDR", "MASTER_PORT",
                        true, "the operator sets RANK = pod index and WORLD_SIZE = pod count (PET_NODE_RANK/PET_NNODES when present)"));
        }
        {
            // A batch/v1 Indexed Job gives each pod its completion index; the master
            // is pod 0, reached through the headless Service as <job>-0.<service>.
            t.push_back(make(Convention::IndexedJob, "k8s", "Kubernetes Indexed Job",
                             {"JOB_COMPLETION_INDEX"}, {}, "MASTER_ADDR", "",
                        false, "node rank from JOB_COMPLETION_INDEX; node count from the plan; MASTER_ADDR=<job>-0.<service> set by the Job"));
        }
        {
            // PAI-DLC's PyTorchJob, like Kubeflow's, sets RANK to the node (pod)
            // index and WORLD_SIZE to the number of nodes.
            t.push_back(make(Convention::PaiDlc, "pai", "Alibaba Cloud PAI-DLC",
                             {"RANK"}, {"WORLD_SIZE"}, "MASTER_ADDR", "MASTER_PORT",
                        true, "PAI sets RANK = node index and WORLD_SIZE = node count, not torch's process rank and count"));
        }
        {
            // With one task per node, SLURM_NODEID is the node's index inside the
            // allocation; the batch script derives MASTER_ADDR from the first host.
            t.push_back(make(Convention::Slurm, "slurm", "SLURM (sbatch + srun, one task per node)",
                             {"SLURM_NODEID"}, {"SLURM_JOB_NUM_NODES", "SLURM_NNODES"}, "MASTER_ADDR", "",
                        false, "node rank from SLURM_NODEID inside the step; MASTER_ADDR from scontrol show hostnames"));
        }
        {
            // The deepspeed launcher reads the hostfile on the first host and starts
            // every process itself over pdsh; it sets the per-process variables.
            t.push_back(make(Convention::DeepSpeedHostfile, "deepspeed", "DeepSpeed hostfile (deepspeed launcher)",
                             {}, {}, "MASTER_ADDR", "MASTER_PORT",
                        false, "the deepspeed launcher sets RANK, LOCAL_RANK, WORLD_SIZE per process from 'host slots=N' lines"));
        }
        {
            // TrainDeck's per-node SSH scripts export NODE_RANK / NNODES / MASTER_ADDR.
            t.push_back(make(Convention::Ssh, "ssh", "Plain SSH (one script per node)",
                             {"NODE_RANK"}, {"NNODES"}, "MASTER_ADDR", "MASTER_PORT",
                        false, "each node's script sets NODE_RANK, NNODES and MASTER_ADDR"));
        }
        {
            // SkyPilot sets SKYPILOT_NODE_RANK and SKYPILOT_NUM_NODES on each node and
            // lists the nodes' IPs in SKYPILOT_NODE_IPS, node 0 first: the task's run
            // script exports that first line as MASTER_ADDR.
            t.push_back(make(Convention::SkyPilot, "skypilot", "SkyPilot task",
                             {"SKYPILOT_NODE_RANK"}, {"SKYPILOT_NUM_NODES"}, "MASTER_ADDR", "",
                        false, "node rank from SKYPILOT_NODE_RANK, count from SKYPILOT_NUM_NODES; MASTER_ADDR from the first line of SKYPILOT_NODE_IPS"));
        }
        return t;
    }();
    return table;
}

const ConventionInfo& conventionInfo(Convention c) {
    for (const ConventionInfo& info : conventions())
        if (info.convention == c) return info;
    throw std::logic_error("conventionInfo: convention missing from the table");
}

const ConventionInfo* findConvention(std::string_view key) {
    for (const ConventionInfo& info : conventions())
        if (info.key == key) return &info;
    return nullptr;
}

Convention conventionFor(Platform p) {
    switch (p) {
    case Platform::Kubernetes: return Convention::IndexedJob;
    case Platform::PyTorchJob: return Convention::PyTorchJob;
    case Platform::PaiDlc: return Convention::PaiDlc;
    case Platform::Slurm: return Convention::Slurm;
    case Platform::Ssh: return Convention::Ssh;
    case Platform::Torchrun: return Convention::Torchrun;
    }
    return Convention::Torchrun;
}

}  // namespace traindeck::platform
