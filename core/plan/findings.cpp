#include "plan/findings.h"

#include "plan/estimate.h"
#include "plan/hardware.h"
#include "plan/model_findings.h"
#include "plan/plan_fields.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace traindeck {
namespace {

std::string num(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4g", v);
    return buf;
}

// Environment variables people set that nothing reads, and what does the job.
struct UnreadVariable { const char* name; const char* why; const char* fix; };
constexpr UnreadVariable kUnreadVariables[] = {
    {"NCCL_TIMEOUT", "NCCL reads no NCCL_TIMEOUT; the collective timeout belongs to the framework",
     "remove it and set launch.comm_timeout_s, which TrainDeck passes to the framework "
     "(torch.distributed.init_process_group(timeout=...), DeepSpeed's timeout)"},
    {"NCCL_ASYNC_ERROR_HANDLING", "PyTorch renamed it TORCH_NCCL_ASYNC_ERROR_HANDLING (2.2); the old name is ignored",
     "rename it to TORCH_NCCL_ASYNC_ERROR_HANDLING"},
    {"NCCL_BLOCKING_WAIT", "PyTorch renamed it TORCH_NCCL_BLOCKING_WAIT (2.2); the old name is ignored",
     "rename it to TORCH_NCCL_BLOCKING_WAIT"},
    {"TORCH_DISTRIBUTED_TIMEOUT", "PyTorch reads no such variable", "set launch.comm_timeout_s instead"},
};

bool usesDeepSpeed(const Plan& p) { return p.recipe.zeroStage > 0 || p.recipe.offloadOptimizer; }

Finding make(Severity s, std::string code, std::string field, std::optional<Layout> layout, std::string message,
             std::string fix, std::vector<FieldEdit> edits = {}) {
    return {s, std::move(code), std::move(field), layout, std::move(message), std::move(fix), std::move(edits)};
}

// Micro-batch/accumulation pairs that keep `batch` on `layout` and fit the card, largest micro first.
std::vector<std::pair<int, int>> fittingSplits(const Plan& plan, const Layout& layout, long batch) {
    std::vector<std::pair<int, int>> out;
    const long perGpu = batch / layout.worldSize();
    if (perGpu * layout.worldSize() != batch)
        return out;
    for (long micro = std::min<long>(perGpu, plan.recipe.microBatch); micro >= 1; --micro) {
        if (perGpu % micro)
            continue;
        Plan p = plan;
        p.recipe.microBatch = int(micro);
        p.recipe.gradAccum = int(perGpu / micro);
        p.recipe.globalBatch = plan.recipe.globalBatch > 0 ? batch : 0;
        const Estimate e = estimate(p, layout);
        if (e.memoryPerGpuGb.value <= e.gpuMemoryGb)
            out.emplace_back(int(micro), int(perGpu / micro));
    }
    return out;
}

void checkLayout(const Plan& plan, const Layout& layout, bool own, std::vector<Finding>& out) {
    const GpuModel& gpu = *findGpu(plan.cluster.gpu);
    const Recipe& r = plan.recipe;
    const std::string where = layoutText(layout) + ": ";
    const auto here = std::optional<Layout>(layout);

    if (layout.gpusPerNode > gpu.gpusPerNode) {
        std::vector<FieldEdit> edits;
        std::string fix = "use at most " + std::to_string(gpu.gpusPerNode) + " GPUs per node";
        if (layout.worldSize() % gpu.gpusPerNode == 0) {
            const int nodes = layout.worldSize() / gpu.gpusPerNode;
            fix = "use " + std::to_string(nodes) + " nodes × " + std::to_string(gpu.gpusPerNode) + " GPUs (the same " +
                  std::to_string(layout.worldSize()) + " GPUs)";
            if (own)
                edits = {{"cluster.nodes", std::to_string(nodes)},
                         {"cluster.gpus_per_node", std::to_string(gpu.gpusPerNode)}};
        }
        out.push_back(make(Severity::Error, "gpus_per_node_exceeds_node", "cluster.gpus_per_node", here,
                           where + std::to_string(layout.gpusPerNode) + " GPUs per node, but " + gpu.name +
                               " nodes have " + std::to_string(gpu.gpusPerNode) + ": local ranks " +
                               std::to_string(gpu.gpusPerNode) + "–" + std::to_string(layout.gpusPerNode - 1) +
                               " would ask for CUDA devices that do not exist ('invalid device ordinal')",
                           fix, std::move(edits)));
        return;  // every other figure of this layout is meaningless
    }

    const Estimate e = estimate(plan, layout);
    const long batch = long(e.effectiveBatch.value);

    if (r.globalBatch > 0 && batch != r.globalBatch) {
        const long step = long(r.microBatch) * layout.worldSize();
        std::string fix = "set the global batch to " + std::to_string(batch) + " (accumulation " +
                          std::to_string(e.gradAccum) + ")";
        std::vector<FieldEdit> edits;
        if (own)
            edits = {{"recipe.global_batch", std::to_string(batch)}};
        // A micro-batch that reaches the target exactly keeps the user's batch.
        for (int micro = r.microBatch; micro >= 1; --micro)
            if (r.globalBatch % (long(micro) * layout.worldSize()) == 0) {
                fix = "use micro-batch " + std::to_string(micro) + " with accumulation " +
                      std::to_string(r.globalBatch / (long(micro) * layout.worldSize())) + " to keep batch " +
                      std::to_string(r.globalBatch) + ", or " + fix;
                if (own)
                    edits = {{"recipe.micro_batch", std::to_string(micro)}};
                break;
            }
        const bool deepspeed = usesDeepSpeed(plan);
        out.push_back(make(deepspeed ? Severity::Error : Severity::Warning, "batch_not_reachable",
                           "recipe.global_batch", here,
                           where + "the global batch " + std::to_string(r.globalBatch) +
                               " is not a multiple of micro × world = " + std::to_string(step) + "; the run would use " +
                               std::to_string(batch) +
                               (deepspeed ? ", and DeepSpeed refuses to start unless train_batch_size = micro × "
                                            "accumulation × world"
                                          : ""),
                           fix, std::move(edits)));
    }

    if (e.memoryPerGpuGb.value > e.gpuMemoryGb) {
        std::string fix;
        std::vector<FieldEdit> edits;
        const auto splits = fittingSplits(plan, layout, batch);
        for (size_t i = 0; i < std::min<size_t>(splits.size(), 3); ++i)
            fix += std::string(fix.empty() ? "use " : ", or ") + "micro-batch " + std::to_string(splits[i].first) +
                   " × accumulation " + std::to_string(splits[i].second);
        if (!splits.empty()) {
            fix += " (keeps batch " + std::to_string(batch) + ")";
            if (own) {
                edits.push_back({"recipe.micro_batch", std::to_string(splits[0].first)});
                if (r.globalBatch == 0)
                    edits.push_back({"recipe.grad_accum", std::to_string(splits[0].second)});
            }
        }
        for (int stage = r.zeroStage + 1; stage <= 3; ++stage) {
            Plan p = plan;
            p.recipe.zeroStage = stage;
            if (estimate(p, layout).memoryPerGpuGb.value <= e.gpuMemoryGb) {
                fix += std::string(fix.empty() ? "use" : "; or use") + " ZeRO stage " + std::to_string(stage);
                if (own && edits.empty())
                    edits.push_back({"recipe.zero_stage", std::to_string(stage)});
                break;
            }
        }
        if (fix.empty())
            fix = "no micro-batch or ZeRO stage fits: use more GPUs, activation checkpointing or a smaller model";
        out.push_back(make(Severity::Error, "memory_over_card", "recipe.micro_batch", here,
                           where + "needs " + num(e.memoryPerGpuGb.value) + " GB per GPU, more than the " +
                               num(e.gpuMemoryGb) + " GB of a " + gpu.name,
                           fix, std::move(edits)));
    } else if (e.memoryPerGpuGb.value > 0.9 * e.gpuMemoryGb) {
        out.push_back(make(Severity::Warning, "memory_near_card", "recipe.micro_batch", here,
                           where + "needs " + num(e.memoryPerGpuGb.value) + " GB of the card's " +
                               num(e.gpuMemoryGb) + " GB: little room for fragmentation or longer samples",
                           "lower the micro-batch and raise accumulation, or use a higher ZeRO stage"));
    }

    if (r.lrRule == LrRule::None && batch != r.baseBatch) {
        const double linear = r.baseLr * double(batch) / double(r.baseBatch);
        out.push_back(make(Severity::Warning, "lr_not_rescaled", "recipe.lr_rule", here,
                           where + "the effective batch is " + std::to_string(batch) + " but the LR " + num(r.baseLr) +
                               " was tuned at batch " + std::to_string(r.baseBatch) + " and is not rescaled",
                           "use the linear rule (LR " + num(linear) + ") or the square-root rule (LR " +
                               num(r.baseLr * std::sqrt(double(batch) / double(r.baseBatch))) + ")",
                           own ? std::vector<FieldEdit>{{"recipe.lr_rule", "linear"}} : std::vector<FieldEdit>{}));
    }

    if (r.epochs > 0 && e.stepsPerEpoch.value < 1)
        out.push_back(make(Severity::Error, "epoch_shorter_than_batch", "recipe.dataset_size", here,
                           where + "the dataset of " + std::to_string(r.datasetSize) +
                               " samples is smaller than one batch of " + std::to_string(batch) +
                               (r.dropLast ? ", and drop_last drops it: no step would run" : ""),
                           "use a smaller batch or fewer GPUs"));

    if (e.warmupSteps.value >= e.totalSteps.value)
        out.push_back(make(Severity::Warning, "warmup_longer_than_run", "recipe.warmup_steps", here,
                           where + "warmup (" + num(e.warmupSteps.value) + " steps) lasts the whole run (" +
                               num(e.totalSteps.value) + " steps): the LR never reaches its peak",
                           "shorten the warmup to a few percent of the run"));

    if (layout.nodes > 1 && e.scalingEfficiency.value < 0.8)
        out.push_back(make(Severity::Warning, "poor_scaling", "cluster.network", here,
                           where + "scaling efficiency " + num(100 * e.scalingEfficiency.value) +
                               "%: the gradient all-reduce (" + num(e.commTimeS.value) +
                               " s) is not hidden behind backward",
                           "raise the micro-batch or accumulation so each step computes longer, or use a faster "
                           "network"));
}

}  // namespace

const char* severityName(Severity s) {
    switch (s) {
    case Severity::Info: return "info";
    case Severity::Warning: return "warning";
    case Severity::Error: return "error";
    }
    return "?";
}

std::vector<Finding> findings(const Plan& plan) {
    std::vector<Finding> out;
    const Layout own = plan.cluster.layout();
    for (const Layout& layout : layoutsOf(plan))
        checkLayout(plan, layout, layout == own, out);

    const Recipe& r = plan.recipe;
    if (r.offloadOptimizer && r.zeroStage == 0)
        out.push_back(make(Severity::Error, "offload_needs_zero", "recipe.offload_optimizer", std::nullopt,
                           "optimizer offload is a ZeRO feature: DeepSpeed ignores offload_optimizer at stage 0",
                           "use ZeRO stage 2 with offload, or turn offload off", {{"recipe.zero_stage", "2"}}));

    if (plan.launch.numProcesses > 0 && plan.launch.numProcesses != own.worldSize()) {
        const bool perNode = plan.launch.numProcesses == own.gpusPerNode;
        out.push_back(make(Severity::Error, "num_processes_mismatch", "launch.num_processes", std::nullopt,
                           "accelerate's num_processes is " + std::to_string(plan.launch.numProcesses) +
                               " but the job has " + std::to_string(own.nodes) + " × " +
                               std::to_string(own.gpusPerNode) + " = " + std::to_string(own.worldSize()) +
                               " processes" +
                               (perNode ? ": num_processes counts the whole job's processes, not one node's" : ""),
                           "set num_processes to " + std::to_string(own.worldSize()) + " (num_machines " +
                               std::to_string(own.nodes) + ")",
                           {{"launch.num_processes", std::to_string(own.worldSize())}}));
    }

    for (const auto& [name, value] : plan.launch.env)
        for (const UnreadVariable& v : kUnreadVariables)
            if (name == v.name)
                out.push_back(make(Severity::Warning, "unread_environment_variable", "launch.env", std::nullopt,
                                   name + "=" + value + " has no effect: " + v.why, v.fix));

    if (usesDeepSpeed(plan)) {
        const Estimate e = estimate(plan, own);
        out.push_back(make(Severity::Info, "deepspeed_batch_rule", "recipe.micro_batch", own,
                           "DeepSpeed requires train_batch_size = micro × accumulation × world: " +
                               std::to_string(long(e.effectiveBatch.value)) + " = " + std::to_string(e.microBatch) +
                               " × " + std::to_string(e.gradAccum) + " × " + std::to_string(e.worldSize) +
                               "; the generated configs set all three together",
                           ""));
    }
    addModelFindings(plan, out);
    // Errors first: they are what stops the run.
    std::stable_sort(out.begin(), out.end(),
                     [](const Finding& a, const Finding& b) { return int(a.severity) > int(b.severity); });
    return out;
}

bool hasErrors(const std::vector<Finding>& fs) {
    return std::any_of(fs.begin(), fs.end(), [](const Finding& f) { return f.severity == Severity::Error; });
}

}  // namespace traindeck
