#pragma once
// Who this process is, read from the environment by the conventions the planner
// knows (torchrun, srun, PAI, Kubeflow, Kubernetes Indexed Jobs). A missing or
// contradictory environment throws UsageError (exit 2).

#include "options.h"

#include <string>

namespace traindeck::trainer {

struct ProcessEnv {
    int rank = 0, worldSize = 1;
    int localRank = 0, localWorldSize = 1;
    int node = 0, nodes = 1;
    std::string masterAddr = "127.0.0.1";
    int masterPort = 29500;  // 0: any free port (a single process with no MASTER_PORT)
    std::string source;      // which convention supplied it, for messages
};

// A worker: per-process variables (RANK/WORLD_SIZE/LOCAL_RANK or SLURM_PROCID/...),
// or none (one process on 127.0.0.1).
ProcessEnv workerEnv();

// The node launcher (--nproc-per-node): node index and count from flags, then
// NODE_RANK/NNODES (TrainDeck's entrypoint; PET_NODE_RANK/PET_NNODES too), Slurm,
// JOB_COMPLETION_INDEX + NNODES, or node-level WORLD_SIZE/RANK (PAI, Kubeflow).
struct NodeEnv {
    int node = 0, nodes = 1;
    std::string source;
};
NodeEnv nodeEnv(const Options& options);

}  // namespace traindeck::trainer
