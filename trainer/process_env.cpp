#include "process_env.h"

#include <charconv>
#include <cstdlib>

namespace traindeck::trainer {

namespace {

bool has(const char* name) {
    const char* v = std::getenv(name);
    return v && *v;
}

int envInt(const char* name, int minimum) {
    const char* v = std::getenv(name);
    const std::string text = v ? v : "";
    int value = 0;
    const auto res = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || res.ec != std::errc() || res.ptr != text.data() + text.size())
        throw UsageError(std::string(name) + " must be an integer, got '" + text + "'");
    if (value < minimum)
        throw UsageError(std::string(name) + " must be at least " + std::to_string(minimum) + ", got " + text);
    return value;
}

void requirePair(const char* a, const char* b) {
    if (has(a) != has(b))
        throw UsageError(std::string(has(a) ? a : b) + " is set but " + (has(a) ? b : a) + " is not");
}

}  // namespace

ProcessEnv workerEnv() {
    ProcessEnv e;
    if (has("RANK") || has("WORLD_SIZE")) {
        requirePair("RANK", "WORLD_SIZE");
        e.source = "RANK/WORLD_SIZE";
        e.rank = envInt("RANK", 0);
        e.worldSize = envInt("WORLD_SIZE", 1);
        e.localRank = has("LOCAL_RANK") ? envInt("LOCAL_RANK", 0) : 0;
        e.localWorldSize = has("LOCAL_WORLD_SIZE") ? envInt("LOCAL_WORLD_SIZE", 1) : e.worldSize;
    } else if (has("SLURM_PROCID") || has("SLURM_NTASKS")) {
        requirePair("SLURM_PROCID", "SLURM_NTASKS");
        e.source = "SLURM_PROCID/SLURM_NTASKS";
        e.rank = envInt("SLURM_PROCID", 0);
        e.worldSize = envInt("SLURM_NTASKS", 1);
        e.localRank = has("SLURM_LOCALID") ? envInt("SLURM_LOCALID", 0) : 0;
        const int nnodes = has("SLURM_NNODES") ? envInt("SLURM_NNODES", 1) : 1;
        e.localWorldSize = std::max(1, e.worldSize / nnodes);
    } else {
        e.source = "single process";
        if (!has("MASTER_PORT")) e.masterPort = 0;
    }
    if (e.rank >= e.worldSize)
        throw UsageError("rank " + std::to_string(e.rank) + " is not below the world size " +
                         std::to_string(e.worldSize) + " (" + e.source + ")");
    if (e.localRank >= e.localWorldSize) e.localWorldSize = e.localRank + 1;

    // The node index: Slurm says it, torchrun says GROUP_RANK, our launcher says
    // TRAINDECK_NODE_RANK; else ranks fill nodes in order.
    if (has("TRAINDECK_NODE_RANK")) e.node = envInt("TRAINDECK_NODE_RANK", 0);
    else if (has("SLURM_NODEID") && e.source.rfind("SLURM", 0) == 0) e.node = envInt("SLURM_NODEID", 0);
    else if (has("GROUP_RANK")) e.node = envInt("GROUP_RANK", 0);
    else if (has("NODE_RANK")) e.node = envInt("NODE_RANK", 0);
    else e.node = e.rank / e.localWorldSize;
    e.nodes = std::max(1, (e.worldSize + e.localWorldSize - 1) / e.localWorldSize);

    if (has("MASTER_ADDR")) e.masterAddr = std::getenv("MASTER_ADDR");
    if (has("MASTER_PORT")) e.masterPort = envInt("MASTER_PORT", 1);
    if (e.masterPort > 65535) throw UsageError("MASTER_PORT must be below 65536, got " + std::to_string(e.masterPort));
    return e;
}

NodeEnv nodeEnv(const Options& o) {
    NodeEnv n;
    // The explicit node variables first: TrainDeck's entrypoint and SSH scripts export
    // NODE_RANK/NNODES (and torchrun's PET_ forms) whatever the platform; there
    // WORLD_SIZE is already the process count and RANK is unset.
    const char* rankVar = has("NODE_RANK") ? "NODE_RANK" : has("PET_NODE_RANK") ? "PET_NODE_RANK" : nullptr;
    const char* countVar = has("NNODES") ? "NNODES" : has("PET_NNODES") ? "PET_NNODES" : nullptr;
    const char* slurmCount = has("SLURM_NNODES") ? "SLURM_NNODES" : "SLURM_JOB_NUM_NODES";
    if (rankVar && (countVar || o.nnodes > 0)) {
        n.node = envInt(rankVar, 0);
        n.nodes = countVar ? envInt(countVar, 1) : o.nnodes;
        n.source = std::string(rankVar) + "/" + (countVar ? countVar : "--nnodes");
        if (has("WORLD_SIZE") && envInt("WORLD_SIZE", 1) != n.nodes * o.nprocPerNode)
            throw UsageError("WORLD_SIZE=" + std::string(std::getenv("WORLD_SIZE")) + " disagrees with " + n.source +
                             " (" + std::to_string(n.nodes) + " nodes) x --nproc-per-node " +
                             std::to_string(o.nprocPerNode));
    } else if (rankVar) {
        throw UsageError(std::string(rankVar) + " is set but the node count is not: set NNODES or --nnodes");
    } else if (has("SLURM_NODEID")) {
        if (!has(slurmCount)) throw UsageError("SLURM_NODEID is set but SLURM_NNODES is not");
        n = {envInt("SLURM_NODEID", 0), envInt(slurmCount, 1), std::string("SLURM_NODEID/") + slurmCount};
    } else if (has("JOB_COMPLETION_INDEX")) {
        n.node = envInt("JOB_COMPLETION_INDEX", 0);
        n.source = "JOB_COMPLETION_INDEX";
        if (o.nnodes > 0) n.nodes = o.nnodes;
        else if (countVar) n.nodes = envInt(countVar, 1);
        else throw UsageError("JOB_COMPLETION_INDEX is set but the node count is not: set NNODES or --nnodes");
    } else if (has("RANK") || has("WORLD_SIZE")) {
        // PAI and Kubeflow's PyTorchJob count nodes (pods) with these when each pod runs one launcher.
        requirePair("RANK", "WORLD_SIZE");
        n = {envInt("RANK", 0), envInt("WORLD_SIZE", 1), "node-level RANK/WORLD_SIZE"};
    } else {
        n.source = "single node";
    }
    if (o.nnodes > 0) n.nodes = o.nnodes;
    if (o.nodeRank >= 0) n.node = o.nodeRank;
    if (n.node >= n.nodes)
        throw UsageError("node index " + std::to_string(n.node) + " is not below the node count " +
                         std::to_string(n.nodes) + " (" + n.source + ")");
    if (has("NPROC_PER_NODE") && envInt("NPROC_PER_NODE", 1) != o.nprocPerNode)
        throw UsageError("NPROC_PER_NODE=" + std::string(std::getenv("NPROC_PER_NODE")) +
                         " disagrees with --nproc-per-node " + std::to_string(o.nprocPerNode));
    return n;
}

}  // namespace traindeck::trainer
