#include "generate/generate.h"

#include "generate/checkpoint_place.h"
#include "generate/context.h"
#include "generate/ml_configs.h"
#include "generate/workload.h"

#include <algorithm>
#include <atomic>

namespace traindeck::generate {

const std::vector<TargetInfo>& targets() {
    static const std::vector<TargetInfo> list = {
        {Target::Kubernetes, "k8s", Text(TD_TEXT("Targets", "Kubernetes Indexed Job")),
         Text(TD_TEXT("Targets", "Indexed Job, headless Service and the entrypoint ConfigMap: kubectl apply -f "
                                 "kubernetes.yaml"))},
        {Target::PyTorchJob, "pytorchjob", Text(TD_TEXT("Targets", "Kubeflow PyTorchJob")),
         Text(TD_TEXT("Targets", "PyTorchJob (master and workers) and the entrypoint ConfigMap"))},
        {Target::PaiDlc, "pai", Text(TD_TEXT("Targets", "Alibaba Cloud PAI-DLC")),
         Text(TD_TEXT("Targets", "CreateJob request body and the equivalent dlc submit command"))},
        {Target::Slurm, "slurm", Text(TD_TEXT("Targets", "SLURM")),
         Text(TD_TEXT("Targets", "sbatch script, one task per node, with the entrypoint and configs"))},
        {Target::Ssh, "ssh", Text(TD_TEXT("Targets", "Bare machines over SSH")),
         Text(TD_TEXT("Targets", "hostfile, DeepSpeed hostfile, one script per node and an SSH launcher"))},
        {Target::Accelerate, "accelerate", Text(TD_TEXT("Targets", "Hugging Face accelerate config")),
         Text(TD_TEXT("Targets", "accelerate config YAML with its DeepSpeed settings"))},
        {Target::DeepSpeed, "deepspeed", Text(TD_TEXT("Targets", "DeepSpeed config")),
         Text(TD_TEXT("Targets", "DeepSpeed JSON config"))},
        {Target::SkyPilot, "skypilot", Text(TD_TEXT("Targets", "SkyPilot task")),
         Text(TD_TEXT("Targets", "SkyPilot task YAML with the entrypoint: sky launch skypilot/task.yaml"))},
    };
    return list;
}

const TargetInfo& targetInfo(Target t) {
    return *std::find_if(targets().begin(), targets().end(), [t](const TargetInfo& i) { return i.target == t; });
}

std::optional<Target> findTarget(std::string_view key) {
    for (const TargetInfo& i : targets())
        if (i.key == key) return i.target;
    return std::nullopt;
}

Text missingOptions(const Plan& plan, Target target, const GenerateOptions& options) {
    switch (target) {
    case Target::PaiDlc:
        if (options.ecsSpec.empty() && options.paiResourceId.empty())
            return Text(TD_TEXT("GenerateErrors", "needs the ECS instance type of a node (%1)"),
                        {Text::field("generate.ecs_spec", "--ecs-spec")});
        if (options.workspaceId.empty())
            return Text(TD_TEXT("GenerateErrors", "needs the PAI workspace of the job (%1)"),
                        {Text::field("generate.workspace_id", "--workspace-id")});
        break;
    case Target::Ssh:
        if (options.hosts.empty())
            return Text(TD_TEXT("GenerateErrors", "needs one host per node (%1), node 0 first: %2"),
                        {Text::value(std::to_string(plan.cluster.nodes)), Text::field("launch.hosts", "--hosts")});
        break;
    default:
        break;
    }
    return {};
}

namespace {

std::atomic<long> g_builtTargets{0};

std::vector<GeneratedFile> generateFrom(const Context& ctx, Target target) {
    ++g_builtTargets;
    checkCheckpointPlaceholder(ctx, target);
    switch (target) {
    case Target::Kubernetes: return kubernetesFiles(ctx);
    case Target::PyTorchJob: return pyTorchJobFiles(ctx);
    case Target::PaiDlc: return paiFiles(ctx);
    case Target::Slurm: return slurmFiles(ctx);
    case Target::Ssh: return sshFiles(ctx);
    case Target::Accelerate:
        return {{kAccelerateFile, accelerateConfig(ctx.plan, ctx.figures, warningComments(ctx, "# ")), false}};
    case Target::DeepSpeed: return {{kDeepSpeedFile, deepSpeedConfig(ctx.plan, ctx.figures), false}};
    case Target::SkyPilot: return skyPilotFiles(ctx);
    }
    return {};
}

}  // namespace

std::vector<Text> notes(const PlanAnalysis& analysis, Target target, const GenerateOptions& options) {
    const Context ctx = makeContext(analysis, options);
    std::vector<Text> lines = target == Target::PaiDlc ? paiNotes(ctx)
                              : target == Target::Ssh  ? sshNotes(ctx)
                                                       : std::vector<Text>{};
    // Where the plan's checkpoints go on this platform, or that they go nowhere and why:
    // named by the target, since each has its own place.
    if (ctx.plan.recipe.checkpointEvery > 0)
        if (Text where = checkpointPlace(ctx, target).where; !where.empty())
            lines.push_back(Text(TD_TEXT("GenerateNotes", "%1: %2"), {Text::value(targetInfo(target).key), where}));
    return lines;
}

std::vector<GeneratedFile> generate(const PlanAnalysis& analysis, Target target, const GenerateOptions& options) {
    return generateFrom(makeContext(analysis, options), target);
}

std::vector<GeneratedFile> generate(const Plan& plan, Target target, const GenerateOptions& options) {
    return generate(analyse(plan), target, options);
}

std::vector<GeneratedFile> generate(const Plan& plan, const std::vector<Target>& which,
                                    const GenerateOptions& options) {
    return generate(analyse(plan), which, options);
}

std::vector<GeneratedFile> generate(const PlanAnalysis& analysis, const std::vector<Target>& which,
                                    const GenerateOptions& options) {
    const Context ctx = makeContext(analysis, options);
    std::vector<GeneratedFile> all;
    for (Target t : which) addFiles(all, generateFrom(ctx, t));
    return all;
}

void addFiles(std::vector<GeneratedFile>& all, std::vector<GeneratedFile> files) {
    for (GeneratedFile& f : files) {
        const bool seen =
            std::any_of(all.begin(), all.end(), [&](const GeneratedFile& g) { return g.path == f.path; });
        if (!seen) all.push_back(std::move(f));
    }
}

long builtTargetCount() { return g_builtTargets.load(); }

}  // namespace traindeck::generate
