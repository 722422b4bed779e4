#include "platform/node_env.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace traindeck::platform {

namespace {

// NCCL's InfiniBand/RoCE retransmit timeout is 4.096 µs × 2^NCCL_IB_TIMEOUT.
// NCCL's default (20, about 4.3 s) suits a few racks; on fabrics of many nodes a
// congested or rerouting link stalls longer, and a timed-out queue pair kills the
// job, so large jobs raise it by two (about 17 s).
constexpr int kLargeJobNodes = 16;
constexpr int kLargeJobIbTimeout = 22;

bool usesIbVerbs(const std::string& network) {
    return network.rfind("ib", 0) == 0 || network.rfind("roce", 0) == 0;
}

std::string upper(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return out;
}

}  // namespace

std::vector<EnvVar> jobEnvironment(const Plan& plan) {
    const int nodes = plan.cluster.nodes;
    const int gpus = plan.cluster.gpusPerNode;
    std::vector<EnvVar> env = {
        {"NNODES", std::to_string(nodes), "node count, for launch scripts and the trainer"},
        {"NPROC_PER_NODE", std::to_string(gpus), "processes per node: one per GPU"},
        {"WORLD_SIZE", std::to_string(nodes * gpus),
         "torch's process count (nodes × GPUs), never the node count some platforms put here"},
        // torchrun takes every option it is not given as a flag from PET_<OPTION>,
        // so a bare `torchrun train.py` in a user template launches correctly.
        {"PET_NNODES", std::to_string(nodes), "torchrun --nnodes"},
        {"PET_NPROC_PER_NODE", std::to_string(gpus), "torchrun --nproc-per-node"},
        // Without it a collective stuck on a dead peer hangs the job forever; with
        // it torch aborts the communicator after the process group's timeout and
        // the process exits, so the platform can restart the job.
        {"TORCH_NCCL_ASYNC_ERROR_HANDLING", "1", "torch: abort and exit on a collective timeout"},
        // DeepSpeed reads its default process-group timeout, in minutes, from here.
        {"DEEPSPEED_TIMEOUT", std::to_string((plan.launch.commTimeoutS + 59) / 60),
         "DeepSpeed's collective timeout in minutes (plan comm timeout, rounded up)"},
        {"NCCL_DEBUG", "WARN", "NCCL prints the cause when a communicator fails"},
    };
    if (nodes >= kLargeJobNodes && usesIbVerbs(plan.cluster.network))
        env.push_back({"NCCL_IB_TIMEOUT", std::to_string(kLargeJobIbTimeout),
                       "NCCL: longer InfiniBand retransmit timeout for a job of " + std::to_string(nodes) + " nodes"});
    for (const auto& [name, value] : plan.launch.env)
        env.push_back({name, value, "the plan's extra environment"});
    return env;
}

std::vector<EnvVar> nodeEnvironment(const Plan& plan, int nodeRank, const std::string& masterAddr,
                                    std::optional<int> masterPort) {
    std::vector<EnvVar> env = jobEnvironment(plan);
    const std::string rank = std::to_string(nodeRank);
    const std::string port = std::to_string(masterPort.value_or(plan.launch.masterPort));
    const std::vector<EnvVar> perNode = {
        {"NODE_RANK", rank, "this node's index, 0 on the master"},
        {"PET_NODE_RANK", rank, "torchrun --node-rank"},
        {"MASTER_ADDR", masterAddr, "node 0's address, torch's rendezvous host"},
        {"PET_MASTER_ADDR", masterAddr, "torchrun --master-addr"},
        {"MASTER_PORT", port, "torch's rendezvous port on node 0"},
        {"PET_MASTER_PORT", port, "torchrun --master-port"},
        {"CUDA_VISIBLE_DEVICES", cudaVisibleDevices(plan),
         "the GPUs this node's processes use"},
    };
    // Per-node values go before the extra environment so the order reads
    // "who am I" first; the extra environment never holds reserved names.
    const std::size_t firstExtra = env.size() - plan.launch.env.size();
    env.insert(env.begin() + static_cast<std::ptrdiff_t>(firstExtra), perNode.begin(), perNode.end());
    return env;
}

std::string cudaVisibleDevices(int gpus) {
    std::string out;
    for (int i = 0; i < gpus; ++i) {
        if (i) out += ',';
        out += std::to_string(i);
    }
    return out;
}

std::string cudaVisibleDevices(const Plan& plan) {
    if (plan.launch.visibleGpus.empty())
        return cudaVisibleDevices(plan.cluster.gpusPerNode);
    std::string out;
    for (int gpu : plan.launch.visibleGpus) {
        if (!out.empty()) out += ',';
        out += std::to_string(gpu);
    }
    return out;
}

bool isEnvName(std::string_view name) {
    if (name.empty()) return false;
    auto first = static_cast<unsigned char>(name.front());
    if (!(std::isalpha(first) || first == '_')) return false;
    return std::all_of(name.begin(), name.end(), [](char ch) {
        auto c = static_cast<unsigned char>(ch);
        return c < 0x80 && (std::isalnum(c) || c == '_');
    });
}

bool looksLikeSecret(std::string_view name) {
    static const std::array<std::string_view, 7> parts = {"TOKEN", "SECRET", "PASSWORD", "PASSWD",
                                                          "API_KEY", "ACCESS_KEY", "PRIVATE_KEY"};
    const std::string n = upper(name);
    return std::any_of(parts.begin(), parts.end(),
                       [&](std::string_view p) { return n.find(p) != std::string::npos; });
}

bool isReservedName(std::string_view name) {
    static const std::array<std::string_view, 17> reserved = {
        "NODE_RANK", "NNODES", "NPROC_PER_NODE", "WORLD_SIZE", "RANK", "LOCAL_RANK",
        "MASTER_ADDR", "MASTER_PORT", "CUDA_VISIBLE_DEVICES", "PET_NODE_RANK", "PET_NNODES",
        "PET_NPROC_PER_NODE", "PET_MASTER_ADDR", "PET_MASTER_PORT", "TRAINDECK_PLATFORM",
        "TRAINDECK_CONFIG_DIR", "JOB_COMPLETION_INDEX"};
    return std::find(reserved.begin(), reserved.end(), name) != reserved.end();
}

}  // namespace traindeck::platform
