#include "generate/generate.h"

#include "generate/context.h"
#include "generate/ml_configs.h"
#include "generate/workload.h"

#include <algorithm>

namespace traindeck::generate {

const std::vector<TargetInfo>& targets() {
    static const std::vector<TargetInfo> list = {
        {Target::Kubernetes, "k8s", "Kubernetes Indexed Job",
         "batch/v1 Indexed Job, headless Service and entrypoint ConfigMap: kubectl apply -f kubernetes.yaml"},
        {Target::PyTorchJob, "pytorchjob", "Kubeflow PyTorchJob",
         "kubeflow.org/v1 PyTorchJob (Master + Workers) and entrypoint ConfigMap"},
        {Target::PaiDlc, "pai", "Alibaba Cloud PAI-DLC",
         "CreateJob request body and the equivalent dlc submit pytorchjob command"},
        {Target::Slurm, "slurm", "SLURM", "sbatch script, one task per node, with the entrypoint and configs"},
        {Target::Ssh, "ssh", "Bare machines over SSH",
         "hostfile, DeepSpeed hostfile, one script per node and an ssh launcher"},
        {Target::Accelerate, "accelerate", "HuggingFace accelerate config", "accelerate config YAML with deepspeed_config"},
        {Target::DeepSpeed, "deepspeed", "DeepSpeed config", "DeepSpeed JSON config"},
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
        if (options.ecsSpec.empty())
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

std::vector<GeneratedFile> generateFrom(const Context& ctx, Target target) {
    switch (target) {
    case Target::Kubernetes: return kubernetesFiles(ctx);
    case Target::PyTorchJob: return pyTorchJobFiles(ctx);
    case Target::PaiDlc: return paiFiles(ctx);
    case Target::Slurm: return slurmFiles(ctx);
    case Target::Ssh: return sshFiles(ctx);
    case Target::Accelerate: return {{kAccelerateFile, accelerateConfig(ctx.plan, ctx.figures), false}};
    case Target::DeepSpeed: return {{kDeepSpeedFile, deepSpeedConfig(ctx.plan, ctx.figures), false}};
    }
    return {};
}

}  // namespace

std::vector<GeneratedFile> generate(const Plan& plan, Target target, const GenerateOptions& options) {
    return generateFrom(makeContext(plan, options), target);
}

std::vector<GeneratedFile> generate(const Plan& plan, const std::vector<Target>& which,
                                    const GenerateOptions& options) {
    const Context ctx = makeContext(plan, options);
    std::vector<GeneratedFile> all;
    for (Target t : which)
        for (GeneratedFile& f : generateFrom(ctx, t)) {
            const bool seen = std::any_of(all.begin(), all.end(),
                                          [&](const GeneratedFile& g) { return g.path == f.path; });
            if (!seen) all.push_back(std::move(f));
        }
    return all;
}

}  // namespace traindeck::generate
