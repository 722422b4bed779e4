// Target k8s: a batch/v1 Indexed Job, one pod per node, plus the headless
// Service that gives pod 0 the DNS name <job>-0.<job> for MASTER_ADDR, and the
// ConfigMap that carries the entrypoint.

#include "generate/checkpoint_place.h"
#include "generate/context.h"
#include "generate/entrypoint.h"
#include "generate/k8s_names.h"
#include "generate/k8s_pod.h"

#include <yaml-cpp/yaml.h>

namespace traindeck::generate {

namespace {

// The Service shares the Job's name: pod i's hostname is <job>-<i> (the Indexed
// Job's rule) and with subdomain <job> it resolves as <job>-<i>.<job>.
std::string serviceName(const Context& ctx) { return ctx.plan.launch.jobName; }

void emitService(YAML::Emitter& out, const Context& ctx) {
    out << YAML::BeginDoc << YAML::BeginMap;
    out << YAML::Key << "apiVersion" << YAML::Value << "v1";
    out << YAML::Key << "kind" << YAML::Value << "Service";
    emitMetadata(out, ctx, serviceName(ctx), false);
    out << YAML::Key << "spec" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "clusterIP" << YAML::Value << "None";
    // Pods have DNS records before they are Ready: node 0 must be resolvable
    // while every node is still starting up.
    out << YAML::Key << "publishNotReadyAddresses" << YAML::Value << true;
    out << YAML::Key << "selector" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "app.kubernetes.io/name" << YAML::Value << "traindeck";
    out << YAML::Key << "app.kubernetes.io/instance" << YAML::Value << YAML::DoubleQuoted << ctx.plan.launch.jobName;
    out << YAML::EndMap;
    out << YAML::Key << "ports" << YAML::Value << YAML::BeginSeq << YAML::BeginMap;
    out << YAML::Key << "name" << YAML::Value << "rendezvous";
    out << YAML::Key << "port" << YAML::Value << ctx.plan.launch.masterPort;
    out << YAML::Key << "targetPort" << YAML::Value << ctx.plan.launch.masterPort;
    out << YAML::Key << "protocol" << YAML::Value << "TCP";
    out << YAML::EndMap << YAML::EndSeq;
    out << YAML::EndMap;
    out << YAML::EndMap;
}

void emitJob(YAML::Emitter& out, const Context& ctx) {
    const int nodes = ctx.figures.nodes;
    out << YAML::BeginDoc << YAML::BeginMap;
    out << YAML::Key << "apiVersion" << YAML::Value << "batch/v1";
    out << YAML::Key << "kind" << YAML::Value << "Job";
    emitMetadata(out, ctx, ctx.plan.launch.jobName, true);
    out << YAML::Key << "spec" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "completionMode" << YAML::Value << "Indexed";
    out << YAML::Key << "completions" << YAML::Value << nodes;
    out << YAML::Key << "parallelism" << YAML::Value << nodes;
    // When one node dies, the others fail too once their collectives time out:
    // one failure of the job costs up to `nodes` pod failures of the budget.
    out << YAML::Key << "backoffLimit" << YAML::Value << ctx.options.retries * nodes;
    out << YAML::Key << "podFailurePolicy" << YAML::Value << YAML::BeginMap << YAML::Key << "rules" << YAML::Value
        << YAML::BeginSeq;
    // A refusal (wrong GPU count, wrong job size) is a configuration error:
    // retrying cannot fix it, so the Job fails at once with the message in the log.
    out << YAML::BeginMap << YAML::Key << "action" << YAML::Value << "FailJob";
    out << YAML::Key << "onExitCodes" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "containerName" << YAML::Value << "trainer";
    out << YAML::Key << "operator" << YAML::Value << "In";
    out << YAML::Key << "values" << YAML::Value << YAML::Flow << YAML::BeginSeq << kRefuseExitStatus
        << YAML::EndSeq;
    out << YAML::EndMap << YAML::EndMap;
    // Preemption, eviction or node drain is not the job's fault: it does not
    // count against backoffLimit.
    // `status` is required in the batch/v1 OpenAPI schema of Kubernetes 1.30 (newer
    // schemas make it optional, defaulting to True); quoted: a plain True is a YAML boolean.
    out << YAML::BeginMap << YAML::Key << "action" << YAML::Value << "Ignore";
    out << YAML::Key << "onPodConditions" << YAML::Value << YAML::BeginSeq << YAML::BeginMap << YAML::Key << "type"
        << YAML::Value << "DisruptionTarget" << YAML::Key << "status" << YAML::Value << YAML::DoubleQuoted << "True"
        << YAML::EndMap << YAML::EndSeq;
    out << YAML::EndMap;
    out << YAML::EndSeq << YAML::EndMap;
    out << YAML::Key << "template" << YAML::Value;
    PodTemplate pod;
    pod.containerName = "trainer";
    pod.platformKey = "k8s";
    pod.portName = "rendezvous";
    pod.subdomain = serviceName(ctx);
    // podFailurePolicy requires Never: the Job, not the kubelet, replaces a failed pod.
    pod.restartPolicy = "Never";
    pod.env = {{"MASTER_ADDR", ctx.plan.launch.jobName + "-0." + serviceName(ctx)}};
    if (const CheckpointPlace place = checkpointPlace(ctx, Target::Kubernetes); !place.path.empty())
        pod.env.push_back({kCheckpointDirVar, place.path});
    emitPodTemplate(out, ctx, pod);
    out << YAML::EndMap;  // spec
    out << YAML::EndMap;
}

}  // namespace

std::vector<GeneratedFile> kubernetesFiles(const Context& ctx) {
    // Pod hostnames are <job>-<index>; the largest index must still fit a label.
    checkKubernetesJobName(ctx.plan.launch.jobName, "-" + std::to_string(ctx.figures.nodes - 1));
    checkKubernetesInputs(ctx);
    YAML::Emitter out;
    emitConfigMap(out, ctx);
    emitService(out, ctx);
    emitJob(out, ctx);
    return {{"kubernetes.yaml", watchComment(ctx, Target::Kubernetes, "# ") + warningComments(ctx, "# ") + out.c_str() + "\n",
             false}};
}

}  // namespace traindeck::generate
