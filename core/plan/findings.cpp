#include "plan/findings.h"

#include "plan/estimate.h"
#include "plan/hardware.h"
#include "plan/memory_fix.h"
#include "plan/model_findings.h"
#include "plan/plan_fields.h"
#include "plan/run_timeline.h"
#include "plan/step_memory.h"
#include "text/number_text.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace traindeck {
namespace {

std::string fourDigits(double v) { return estimateText(v); }  // core's one rule for estimates (number_text.h)

Text val(const std::string& v) { return Text::value(v); }
Text val(long long v) { return Text::value(std::to_string(v)); }
Text numText(double v) { return Text::value(fourDigits(v)); }

// Environment variables people set that nothing reads, and what does the job.
struct UnreadVariable {
    const char* name;
    TextTemplate message;  // %1: NAME=value
    TextTemplate fix;
    const char* renamed = nullptr;  // PyTorch's new name, where it has one: %2 of both texts
};
const UnreadVariable kUnreadVariables[] = {
    {"NCCL_TIMEOUT",
     TD_TEXT("FindingTexts", "%1 has no effect: NCCL reads no NCCL_TIMEOUT; the collective timeout belongs to the framework"),
     TD_TEXT("FindingTexts", "remove it and set launch.comm_timeout_s, which TrainDeck passes to the framework "
                             "(torch.distributed.init_process_group(timeout=...), DeepSpeed's timeout)")},
    {"NCCL_ASYNC_ERROR_HANDLING",
     TD_TEXT("FindingTexts", "%1 has no effect: PyTorch renamed it %2 (2.2); the old name is ignored"),
     TD_TEXT("FindingTexts", "rename it to %1"), "TORCH_NCCL_ASYNC_ERROR_HANDLING"},
    {"NCCL_BLOCKING_WAIT", TD_TEXT("FindingTexts", "%1 has no effect: PyTorch renamed it %2 (2.2); the old name is ignored"),
     TD_TEXT("FindingTexts", "rename it to %1"), "TORCH_NCCL_BLOCKING_WAIT"},
    {"TORCH_DISTRIBUTED_TIMEOUT", TD_TEXT("FindingTexts", "%1 has no effect: PyTorch reads no such variable"),
     TD_TEXT("FindingTexts", "set launch.comm_timeout_s instead")},
};

// A headline per code that core raises, here or in model_findings.cpp and core/cost/pricing.cpp.
const struct {
    const char* code;
    TextTemplate title;
} kTitles[] = {
    {"gpus_per_node_exceeds_node", TD_TEXT("Findings", "More GPUs per node than the node has")},
    {"memory_over_card", TD_TEXT("Findings", "Does not fit in GPU memory")},
    {"memory_near_card", TD_TEXT("Findings", "GPU memory nearly full")},
    {"lr_not_rescaled", TD_TEXT("Findings", "Learning rate not rescaled for the batch")},
    {"epoch_shorter_than_batch", TD_TEXT("Findings", "Dataset smaller than one batch")},
    {"warmup_longer_than_run", TD_TEXT("Findings", "Warmup lasts the whole run")},
    {"poor_scaling", TD_TEXT("Findings", "Poor scaling: communication not hidden")},
    {"offload_needs_zero", TD_TEXT("Findings", "Optimizer offload needs ZeRO")},
    {"num_processes_mismatch", TD_TEXT("Findings", "accelerate num_processes does not match the job")},
    {"unread_environment_variable", TD_TEXT("Findings", "Environment variable has no effect")},
    {"deepspeed_batch_rule", TD_TEXT("Findings", "DeepSpeed batch rule")},
    {"batch_not_reachable", TD_TEXT("Findings", "Target batch not reachable exactly")},
    {"communication_dominates_step", TD_TEXT("Findings", "Communication dominates the step")},
    {"host_bound_step", TD_TEXT("Findings", "The host bounds the step")},
    {"model_assumed_decoder", TD_TEXT("Findings", "Model read as a Llama-like decoder")},
    {"calibration_point_fits_badly", TD_TEXT("Findings", "A measurement fits the model badly")},
    {"calibration_point_refused", TD_TEXT("Findings", "A measurement of another model or GPU")},
    {"sequence_beyond_positions", TD_TEXT("Findings", "Sequence longer than the model allows")},
    {"costs_more_to_finish", TD_TEXT("Findings", "Sooner, but costs more to finish")},
    {"cheaper_and_sooner", TD_TEXT("Findings", "A layout that is cheaper and sooner")},
    {"comm_timeout_below_checkpoint_write", TD_TEXT("Findings", "Checkpoint write longer than the collective timeout allows")},
};

bool usesDeepSpeed(const Plan& p) { return p.recipe.zeroStage > 0 || p.recipe.offloadOptimizer; }

Finding make(Severity s, std::string code, std::string field, std::optional<Layout> layout, Text message, Text fix,
             std::vector<FieldEdit> edits = {}) {
    Text title = findingTitle(code);
    return {s, std::move(code), std::move(field), layout, std::move(message), std::move(fix), std::move(edits), std::move(title)};
}

// A layout with more GPUs per node than the node type has.
Finding beyondNode(const GpuModel& gpu, const Layout& layout, bool own) {
    const Text where = val(layoutText(layout));
    const auto here = std::optional<Layout>(layout);
    std::vector<FieldEdit> edits;
    Text fix(TD_TEXT("FindingTexts", "use at most %1 GPUs per node"), {val(gpu.gpusPerNode)});
    if (layout.worldSize() % gpu.gpusPerNode == 0) {
        const int nodes = layout.worldSize() / gpu.gpusPerNode;
        fix = Text(TD_TEXT("FindingTexts", "use %1 nodes × %2 GPUs (the same %3 GPUs)"),
                   {val(nodes), val(gpu.gpusPerNode), val(layout.worldSize())});
        if (own)
            edits = {{"cluster.nodes", std::to_string(nodes)},
                     {"cluster.gpus_per_node", std::to_string(gpu.gpusPerNode)}};
    }
    return make(Severity::Error, "gpus_per_node_exceeds_node", "cluster.gpus_per_node", here,
                Text(TD_TEXT("FindingTexts", "%1: %2 GPUs per node, but %3 nodes have %4: local ranks %5–%6 "
                                             "would ask for CUDA devices that do not exist ('invalid device "
                                             "ordinal')"),
                     {where, val(layout.gpusPerNode), val(gpu.name), val(gpu.gpusPerNode),
                      val(gpu.gpusPerNode), val(layout.gpusPerNode - 1)}),
                fix, std::move(edits));
}

// The layout's memory against the card: over it, the cheapest fix that fits; near it, a warning.
void addMemoryFinding(const Plan& plan, const Layout& layout, const Estimate& e, std::vector<Finding>& out) {
    const GpuModel& gpu = *findGpu(plan.cluster.gpu);
    const Text where = val(layoutText(layout));
    const auto here = std::optional<Layout>(layout);
    if (!e.fitsCard()) {
        const std::optional<MemoryFix> fix = cheapestMemoryFix(plan, layout);
        const int largest = largestFittingMicroBatch(plan, layout);
        const Text largestText = largest > 0 ? Text(TD_TEXT("FindingTexts", "; the largest micro-batch that fits is %1"), {val(largest)})
                                             : Text(TD_TEXT("FindingTexts", "; not even micro-batch 1 fits"));
        out.push_back(make(Severity::Error, "memory_over_card", "recipe.micro_batch", here,
                           Text::concat({Text(TD_TEXT("FindingTexts", "%1: needs %2 GiB per GPU, more than the %3 GiB of a %4"),
                                              {where, numText(e.memoryPerGpuGb.value), numText(e.gpuMemoryGb), val(gpu.name)}),
                                         largestText}),
                           fix ? Text(TD_TEXT("FindingTexts", "%1: then %2 GiB per GPU and %3 s per step"),
                                      {fix->words, numText(fix->memoryPerGpuGb), numText(fix->stepTimeS)})
                               : Text(TD_TEXT("FindingTexts", "no micro-batch, checkpointing or sharding fits: use "
                                                              "more GPUs, CPU offload or a smaller model")),
                           fix ? fix->edits : std::vector<FieldEdit>{}));
    } else if (!e.fitsCard(kComfortableShare)) {
        out.push_back(make(Severity::Warning, "memory_near_card", "recipe.micro_batch", here,
                           Text(TD_TEXT("FindingTexts", "%1: needs %2 GiB of the card's %3 GiB: little room for "
                                                        "fragmentation or longer samples"),
                                {where, numText(e.memoryPerGpuGb.value), numText(e.gpuMemoryGb)}),
                           Text(TD_TEXT("FindingTexts",
                                        "lower the micro-batch and raise accumulation, or use a higher ZeRO stage"))));
    }
}

void checkLayout(const Plan& plan, const Layout& layout, const Estimate& e, bool own, std::vector<Finding>& out) {
    const GpuModel& gpu = *findGpu(plan.cluster.gpu);
    const Recipe& r = plan.recipe;
    const Text where = val(layoutText(layout));
    const auto here = std::optional<Layout>(layout);

    if (layout.gpusPerNode > gpu.gpusPerNode) {
        out.push_back(beyondNode(gpu, layout, own));
        return;  // every other figure of this layout is meaningless
    }

    const long batch = long(e.effectiveBatch.value);

    if (r.globalBatch > 0 && batch != r.globalBatch) {
        // The layout's split (batch_solve.h) already took the largest micro-batch that
        // reaches the target exactly: none does, so the target itself is the fix.
        Text fix(TD_TEXT("FindingTexts", "set the global batch to %1 (accumulation %2)"), {val(batch), val(e.gradAccum)});
        std::vector<FieldEdit> edits;
        if (own)
            edits = {{"recipe.global_batch", std::to_string(batch)}};
        const bool deepspeed = usesDeepSpeed(plan);
        const std::vector<Text> args = {where, val(r.globalBatch), val(layout.worldSize()), val(batch)};
        out.push_back(make(deepspeed ? Severity::Error : Severity::Warning, "batch_not_reachable",
                           "recipe.global_batch", here,
                           deepspeed ? Text(TD_TEXT("FindingTexts",
                                                    "%1: no micro-batch × accumulation on %3 GPUs makes the global "
                                                    "batch %2; the run would use %4, and DeepSpeed refuses to start "
                                                    "unless train_batch_size = micro × accumulation × world"),
                                            args)
                                     : Text(TD_TEXT("FindingTexts", "%1: no micro-batch × accumulation on %3 GPUs "
                                                                    "makes the global batch %2; the run would use %4"),
                                            args),
                           fix, std::move(edits)));
    }

    addMemoryFinding(plan, layout, e, out);

    if (r.lrRule == LrRule::None && batch != r.baseBatch) {
        const double linear = r.baseLr * double(batch) / double(r.baseBatch);
        out.push_back(make(Severity::Warning, "lr_not_rescaled", "recipe.lr_rule", here,
                           Text(TD_TEXT("FindingTexts", "%1: the effective batch is %2 but the LR %3 was tuned at batch "
                                                        "%4 and is not rescaled"),
                                {where, val(batch), numText(r.baseLr), val(r.baseBatch)}),
                           Text(TD_TEXT("FindingTexts", "use the linear rule (LR %1) or the square-root rule (LR %2)"),
                                {numText(linear), numText(r.baseLr * std::sqrt(double(batch) / double(r.baseBatch)))}),
                           own ? std::vector<FieldEdit>{{"recipe.lr_rule", "linear"}} : std::vector<FieldEdit>{}));
    }

    if (r.epochs > 0 && e.stepsPerEpoch.value < 1)
        out.push_back(make(Severity::Error, "epoch_shorter_than_batch", "recipe.dataset_size", here,
                           Text(r.dropLast ? TD_TEXT("FindingTexts", "%1: the dataset of %2 samples is smaller than one "
                                                                     "batch of %3, and drop_last drops it: no step would run")
                                           : TD_TEXT("FindingTexts",
                                                     "%1: the dataset of %2 samples is smaller than one batch of %3"),
                                {where, val(r.datasetSize), val(batch)}),
                           Text(TD_TEXT("FindingTexts", "use a smaller batch or fewer GPUs"))));

    if (e.warmupSteps.value >= e.totalSteps.value)
        out.push_back(make(Severity::Warning, "warmup_longer_than_run", "recipe.warmup_steps", here,
                           Text(TD_TEXT("FindingTexts", "%1: warmup (%2 steps) lasts the whole run (%3 steps): the LR "
                                                        "never reaches its peak"),
                                {where, numText(e.warmupSteps.value), numText(e.totalSteps.value)}),
                           Text(TD_TEXT("FindingTexts", "shorten the warmup to a few percent of the run"))));

    if (layout.nodes > 1 && e.scalingEfficiency.value < 0.8)
        out.push_back(make(Severity::Warning, "poor_scaling", "cluster.network", here,
                           Text(TD_TEXT("FindingTexts", "%1: scaling efficiency %2%: the gradient all-reduce (%3 s) is "
                                                        "not hidden behind backward"),
                                {where, numText(100 * e.scalingEfficiency.value), numText(e.commTimeS.value)}),
                           Text(TD_TEXT("FindingTexts", "raise the micro-batch or accumulation so each step computes "
                                                        "longer, or use a faster network"))));
}

// While one checkpoint is written, the ranks that are done first wait in the next
// collective (DDP: rank 0 saves, the others all-reduce; ZeRO/FSDP: a barrier after the
// shards). A write that outlasts the collective timeout makes NCCL's watchdog abort the
// job at its first checkpoint, after hours of training, with an error that names no
// checkpoint: an error when the planned write is longer than the timeout, a warning
// when it takes more than half of it (storage under load is often slower than planned).
void addCheckpointTimeoutFinding(const Plan& plan, const Estimate& own, std::vector<Finding>& out) {
    const RunTimeline& timeline = own.timeline;
    const double timeoutS = plan.launch.commTimeoutS;
    if (timeline.checkpoints == 0 || 2 * timeline.checkpointS <= timeoutS)
        return;
    const long enough = 60 * long(std::ceil(2 * timeline.checkpointS / 60));  // twice the write, whole minutes
    out.push_back(make(timeline.checkpointS >= timeoutS ? Severity::Error : Severity::Warning,
                       "comm_timeout_below_checkpoint_write", "launch.comm_timeout_s", std::nullopt,
                       Text(TD_TEXT("FindingTexts", "a checkpoint write takes about %1 s (%2 GB at %3 GB/s) and the "
                                                    "collective timeout is %4 s: the ranks that wait in the next "
                                                    "collective while it is written are aborted by NCCL's watchdog "
                                                    "('collective operation timeout') once the write outlasts it"),
                            {numText(timeline.checkpointS), numText(timeline.checkpointBytes / 1e9),
                             numText(plan.recipe.checkpointWriteGBps), val(plan.launch.commTimeoutS)}),
                       Text(TD_TEXT("FindingTexts", "raise the collective timeout to %1 s (twice the write), or write "
                                                    "sharded checkpoints (torch.distributed.checkpoint) to faster "
                                                    "storage"),
                            {val(enough)}),
                       {{"launch.comm_timeout_s", std::to_string(enough)}}));
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

std::vector<Finding> findings(const Plan& plan, const std::vector<Estimate>& estimates, const FittedModel& fit) {
    std::vector<Finding> out;
    const Layout own = plan.cluster.layout();
    for (const Estimate& e : estimates)
        checkLayout(plan, e.layout, e, e.layout == own, out);

    const Recipe& r = plan.recipe;
    if (r.offloadOptimizer && r.zeroStage == 0)
        out.push_back(make(Severity::Error, "offload_needs_zero", "recipe.offload_optimizer", std::nullopt,
                           Text(TD_TEXT("FindingTexts", "optimizer offload is a ZeRO feature: DeepSpeed ignores "
                                                        "offload_optimizer at stage 0")),
                           Text(TD_TEXT("FindingTexts", "use ZeRO stage 2 with offload, or turn offload off")),
                           {{"recipe.zero_stage", "2"}}));

    if (plan.launch.numProcesses > 0 && plan.launch.numProcesses != own.worldSize()) {
        const bool perNode = plan.launch.numProcesses == own.gpusPerNode;
        const std::vector<Text> args = {val(plan.launch.numProcesses), val(own.nodes), val(own.gpusPerNode),
                                        val(own.worldSize())};
        out.push_back(make(Severity::Error, "num_processes_mismatch", "launch.num_processes", std::nullopt,
                           perNode ? Text(TD_TEXT("FindingTexts", "accelerate's num_processes is %1 but the job has "
                                                                  "%2 × %3 = %4 processes: num_processes counts the "
                                                                  "whole job's processes, not one node's"),
                                          args)
                                   : Text(TD_TEXT("FindingTexts", "accelerate's num_processes is %1 but the job has "
                                                                  "%2 × %3 = %4 processes"),
                                          args),
                           Text(TD_TEXT("FindingTexts", "set num_processes to %1 (num_machines %2)"),
                                {val(own.worldSize()), val(own.nodes)}),
                           {{"launch.num_processes", std::to_string(own.worldSize())}}));
    }

    for (const auto& [name, value] : plan.launch.env)
        for (const UnreadVariable& v : kUnreadVariables)
            if (name == v.name) {
                const Text renamed = val(v.renamed ? v.renamed : "");
                out.push_back(make(Severity::Warning, "unread_environment_variable", "launch.env", std::nullopt,
                                   Text(v.message, {val(name + "=" + value), renamed}),
                                   v.renamed ? Text(v.fix, {renamed}) : Text(v.fix)));
            }

    model::Architecture arch;
    if (planArchitecture(plan, arch) && arch.isLanguageModel() && arch.positions > 0 &&
        plan.model.tokensPerSample > double(arch.positions))
        out.push_back(make(Severity::Error, "sequence_beyond_positions", "model.tokens_per_sample", std::nullopt,
                           Text(TD_TEXT("FindingTexts", "the sequence of %1 tokens is longer than the %2 positions the "
                                                        "model's config allows (max_position_embeddings)"),
                                {numText(plan.model.tokensPerSample), val(arch.positions)}),
                           Text(TD_TEXT("FindingTexts", "use sequences of at most %1 tokens"), {val(arch.positions)}),
                           {{"model.tokens_per_sample", std::to_string(arch.positions)}}));

    const auto ownEstimate =
        std::find_if(estimates.begin(), estimates.end(), [&](const Estimate& e) { return e.layout == own; });
    if (usesDeepSpeed(plan) && ownEstimate != estimates.end()) {
        const Estimate& e = *ownEstimate;
        out.push_back(make(Severity::Info, "deepspeed_batch_rule", "recipe.micro_batch", own,
                           Text(TD_TEXT("FindingTexts", "DeepSpeed requires train_batch_size = micro × accumulation × "
                                                        "world: %1 = %2 × %3 × %4; the generated configs set all three "
                                                        "together"),
                                {val(long(e.effectiveBatch.value)), val(e.microBatch), val(e.gradAccum), val(e.worldSize)}),
                           Text()));
    }
    if (ownEstimate != estimates.end())
        addCheckpointTimeoutFinding(plan, *ownEstimate, out);
    addModelFindings(plan, estimates, fit, out);
    // Errors first: they are what stops the run.
    std::stable_sort(out.begin(), out.end(),
                     [](const Finding& a, const Finding& b) { return int(a.severity) > int(b.severity); });
    return out;
}

bool hasErrors(const std::vector<Finding>& fs) {
    return std::any_of(fs.begin(), fs.end(), [](const Finding& f) { return f.severity == Severity::Error; });
}

Text findingTitle(const std::string& code) {
    for (const auto& t : kTitles)
        if (code == t.code)
            return Text(t.title);
    return {};
}

}  // namespace traindeck
