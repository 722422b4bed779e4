// Target pytorchjob: a Kubeflow training-operator PyTorchJob (kubeflow.org/v1),
// Master 1 + Worker n−1, container `pytorch`, and the ConfigMap with the entrypoint.

#include "generate/checkpoint_place.h"
#include "generate/context.h"
#include "generate/k8s_names.h"
#include "generate/k8s_pod.h"

#include <yaml-cpp/yaml.h>

namespace traindeck::generate {

namespace {

void emitReplica(YAML::Emitter& out, const Context& ctx, const char* type, int replicas) {
    out << YAML::Key << type << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "replicas" << YAML::Value << replicas;
    // The operator's ExitCode policy: exit codes 1–127 are permanent (a refusal,
    // a bug) and fail the job; 128 and above (killed by a signal: OOM, preemption)
    // restart the pod.
    out << YAML::Key << "restartPolicy" << YAML::Value << "ExitCode";
    out << YAML::Key << "template" << YAML::Value;
    PodTemplate pod;
    // The operator injects MASTER_ADDR, RANK, WORLD_SIZE only into a container named pytorch.
    pod.containerName = "pytorch";
    pod.platformKey = "pytorchjob";
    // The operator takes MASTER_PORT from the port of this name on the Master.
    pod.portName = "pytorchjob-port";
    if (const CheckpointPlace place = checkpointPlace(ctx, Target::PyTorchJob); !place.path.empty())
        pod.env.push_back({kCheckpointDirVar, place.path});
    emitPodTemplate(out, ctx, pod);
    out << YAML::EndMap;
}

}  // namespace

std::vector<GeneratedFile> pyTorchJobFiles(const Context& ctx) {
    const int nodes = ctx.figures.nodes;
    // Pods are named <job>-master-0 and <job>-worker-<i>.
    checkKubernetesJobName(ctx.plan.launch.jobName, "-worker-" + std::to_string(nodes >= 2 ? nodes - 2 : 0));
    checkKubernetesInputs(ctx);
    YAML::Emitter out;
    emitConfigMap(out, ctx);
    out << YAML::BeginDoc << YAML::BeginMap;
    out << YAML::Key << "apiVersion" << YAML::Value << "kubeflow.org/v1";
    out << YAML::Key << "kind" << YAML::Value << "PyTorchJob";
    emitMetadata(out, ctx, ctx.plan.launch.jobName, true);
    out << YAML::Key << "spec" << YAML::Value << YAML::BeginMap;
    // Explicit: the default "auto" runs one process per pod, not one per GPU.
    out << YAML::Key << "nprocPerNode" << YAML::Value << YAML::DoubleQuoted
        << std::to_string(ctx.figures.gpusPerNode);
    out << YAML::Key << "runPolicy" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "backoffLimit" << YAML::Value << ctx.options.retries;
    out << YAML::Key << "cleanPodPolicy" << YAML::Value << "None";
    out << YAML::EndMap;
    out << YAML::Key << "pytorchReplicaSpecs" << YAML::Value << YAML::BeginMap;
    emitReplica(out, ctx, "Master", 1);
    if (nodes > 1) emitReplica(out, ctx, "Worker", nodes - 1);
    out << YAML::EndMap;
    out << YAML::EndMap;
    out << YAML::EndMap;
    return {{"pytorchjob.yaml", watchComment(ctx, Target::PyTorchJob, "# ") + warningComments(ctx, "# ") + out.c_str() + "\n",
             false}};
}

}  // namespace traindeck::generate
