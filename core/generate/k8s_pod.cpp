#include "generate/k8s_pod.h"

#include "generate/k8s_names.h"
#include "generate/shell_quote.h"
#include "generate/workload.h"

#include <regex>

#include <yaml-cpp/yaml.h>

namespace traindeck::generate {

namespace {

bool hasControlOrSpace(const std::string& s) {
    for (char ch : s) {
        auto c = static_cast<unsigned char>(ch);
        if (c <= 0x20 || c == 0x7f) return true;
    }
    return false;
}

bool isConfigKey(const std::string& s) {
    static const std::regex re("[-._a-zA-Z0-9]+");
    return !s.empty() && s.size() <= 253 && std::regex_match(s, re);
}

void emitLabels(YAML::Emitter& out, const Context& ctx, bool withQueue) {
    out << YAML::Key << "labels" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "app.kubernetes.io/name" << YAML::Value << "traindeck";
    out << YAML::Key << "app.kubernetes.io/instance" << YAML::Value << YAML::DoubleQuoted << ctx.plan.launch.jobName;
    // Kueue admits the whole job at once into this LocalQueue (gang admission):
    // no node's pod waits holding GPUs for the others.
    if (withQueue && !ctx.options.queue.empty())
        out << YAML::Key << "kueue.x-k8s.io/queue-name" << YAML::Value << YAML::DoubleQuoted << ctx.options.queue;
    out << YAML::EndMap;
}

}  // namespace

void checkKubernetesInputs(const Context& ctx) {
    const GenerateOptions& o = ctx.options;
    checkDns1123Label(Text(TD_TEXT("CoreMessages", "namespace")), ctx.plan.launch.nameSpace);
    if (ctx.plan.launch.image.empty() || hasControlOrSpace(ctx.plan.launch.image))
        throw GenerateError(Text(TD_TEXT("GenerateErrors", "image '%1' is not a valid image reference: it must be "
                                                           "non-empty, without spaces or control characters"),
                                 {Text::value(printable(ctx.plan.launch.image, kWholeValue))}));
    if (!isLabelValue(o.queue))
        throw GenerateError(Text(TD_TEXT("GenerateErrors", "queue '%1' is not a valid Kubernetes label value (Kueue queue "
                                                           "name): at most 63 of letters, digits, '-', '_', '.', starting "
                                                           "and ending alphanumeric"),
                                 {Text::value(printable(o.queue, kWholeValue))}));
    if (!o.priorityClass.empty()) checkDns1123Subdomain(Text(TD_TEXT("CoreMessages", "priority class")), o.priorityClass);
    static const std::regex quantity("[0-9]+(\\.[0-9]+)?(Ki|Mi|Gi|Ti|k|M|G|T)?");
    if (!o.shmSize.empty() && !std::regex_match(o.shmSize, quantity))
        throw GenerateError(Text(TD_TEXT("GenerateErrors", "/dev/shm size '%1' is not a Kubernetes quantity (e.g. 64Gi)"),
                                 {Text::value(printable(o.shmSize, kWholeValue))}));
    for (const VolumeMount& m : o.mounts) {
        checkDns1123Subdomain(Text(TD_TEXT("CoreMessages", "volume claim")), m.claim);
        if (m.mountPath.empty() || m.mountPath.front() != '/' || hasControlOrSpace(m.mountPath) ||
            m.mountPath.find(':') != std::string::npos)
            throw GenerateError(Text(TD_TEXT("GenerateErrors", "mount path '%1' must be an absolute path without spaces, "
                                                               "':' or control characters"),
                                     {Text::value(printable(m.mountPath, kWholeValue))}));
        if (m.mountPath == "/dev/shm" || m.mountPath == kConfigMountPath)
            throw GenerateError(Text(TD_TEXT("GenerateErrors", "mount path %1 is used by TrainDeck itself"),
                                     {Text::value(m.mountPath)}));
    }
    for (const SecretEnv& s : o.secrets) {
        checkDns1123Subdomain(Text(TD_TEXT("CoreMessages", "secret")), s.secret);
        if (!isConfigKey(s.key))
            throw GenerateError(Text(TD_TEXT("GenerateErrors", "secret key '%1' is not valid: use letters, digits, '-', '_', '.'"),
                                     {Text::value(printable(s.key, kWholeValue))}));
    }
}

std::string configMapName(const Context& ctx) { return ctx.plan.launch.jobName + "-entrypoint"; }

void emitMetadata(YAML::Emitter& out, const Context& ctx, const std::string& name, bool withQueue) {
    out << YAML::Key << "metadata" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "name" << YAML::Value << YAML::DoubleQuoted << name;
    out << YAML::Key << "namespace" << YAML::Value << YAML::DoubleQuoted << ctx.plan.launch.nameSpace;
    emitLabels(out, ctx, withQueue);
    out << YAML::EndMap;
}

void emitConfigMap(YAML::Emitter& out, const Context& ctx) {
    out << YAML::BeginDoc << YAML::BeginMap;
    out << YAML::Key << "apiVersion" << YAML::Value << "v1";
    out << YAML::Key << "kind" << YAML::Value << "ConfigMap";
    emitMetadata(out, ctx, configMapName(ctx), false);
    out << YAML::Key << "data" << YAML::Value << YAML::BeginMap;
    for (const GeneratedFile& f : supportFiles(ctx))
        out << YAML::Key << f.path << YAML::Value << YAML::Literal << f.content;
    out << YAML::EndMap;
    out << YAML::EndMap;
}

void emitPodTemplate(YAML::Emitter& out, const Context& ctx, const PodTemplate& pod) {
    const GenerateOptions& o = ctx.options;
    out << YAML::BeginMap;
    out << YAML::Key << "metadata" << YAML::Value << YAML::BeginMap;
    emitLabels(out, ctx, false);
    out << YAML::EndMap;
    out << YAML::Key << "spec" << YAML::Value << YAML::BeginMap;
    if (!pod.restartPolicy.empty()) out << YAML::Key << "restartPolicy" << YAML::Value << pod.restartPolicy;
    if (!pod.subdomain.empty()) out << YAML::Key << "subdomain" << YAML::Value << YAML::DoubleQuoted << pod.subdomain;
    if (!o.priorityClass.empty())
        out << YAML::Key << "priorityClassName" << YAML::Value << YAML::DoubleQuoted << o.priorityClass;
    // Training processes get SIGTERM, then this long to write a checkpoint and exit.
    out << YAML::Key << "terminationGracePeriodSeconds" << YAML::Value << 120;
    out << YAML::Key << "containers" << YAML::Value << YAML::BeginSeq << YAML::BeginMap;
    out << YAML::Key << "name" << YAML::Value << pod.containerName;
    out << YAML::Key << "image" << YAML::Value << YAML::DoubleQuoted << ctx.plan.launch.image;
    out << YAML::Key << "command" << YAML::Value << YAML::Flow << YAML::BeginSeq << "bash"
        << std::string(kConfigMountPath) + "/" + kEntrypointFile << YAML::EndSeq;
    out << YAML::Key << "env" << YAML::Value << YAML::BeginSeq;
    out << YAML::BeginMap << YAML::Key << "name" << YAML::Value << "TRAINDECK_PLATFORM" << YAML::Key << "value"
        << YAML::Value << pod.platformKey << YAML::EndMap;
    out << YAML::BeginMap << YAML::Key << "name" << YAML::Value << "TRAINDECK_CONFIG_DIR" << YAML::Key << "value"
        << YAML::Value << kConfigMountPath << YAML::EndMap;
    for (const auto& [name, value] : pod.env)
        out << YAML::BeginMap << YAML::Key << "name" << YAML::Value << YAML::DoubleQuoted << name << YAML::Key << "value" << YAML::Value
            << YAML::DoubleQuoted << value << YAML::EndMap;
    // Secrets by reference only: the value stays in the cluster's Secret.
    for (const SecretEnv& s : o.secrets) {
        out << YAML::BeginMap << YAML::Key << "name" << YAML::Value << YAML::DoubleQuoted << s.var;
        out << YAML::Key << "valueFrom" << YAML::Value << YAML::BeginMap << YAML::Key << "secretKeyRef"
            << YAML::Value << YAML::BeginMap << YAML::Key << "name" << YAML::Value << YAML::DoubleQuoted << s.secret << YAML::Key << "key"
            << YAML::Value << YAML::DoubleQuoted << s.key << YAML::EndMap << YAML::EndMap;
        out << YAML::EndMap;
    }
    out << YAML::EndSeq;
    out << YAML::Key << "ports" << YAML::Value << YAML::BeginSeq << YAML::BeginMap;
    out << YAML::Key << "name" << YAML::Value << pod.portName;
    out << YAML::Key << "containerPort" << YAML::Value << ctx.plan.launch.masterPort;
    out << YAML::Key << "protocol" << YAML::Value << "TCP";
    out << YAML::EndMap << YAML::EndSeq;
    // GPUs are requested as limits only (the device plugin's rule: requests equal limits).
    out << YAML::Key << "resources" << YAML::Value << YAML::BeginMap << YAML::Key << "limits" << YAML::Value
        << YAML::BeginMap << YAML::Key << "nvidia.com/gpu" << YAML::Value << ctx.figures.gpusPerNode << YAML::EndMap
        << YAML::EndMap;
    out << YAML::Key << "volumeMounts" << YAML::Value << YAML::BeginSeq;
    out << YAML::BeginMap << YAML::Key << "name" << YAML::Value << "dshm" << YAML::Key << "mountPath" << YAML::Value
        << "/dev/shm" << YAML::EndMap;
    out << YAML::BeginMap << YAML::Key << "name" << YAML::Value << "traindeck" << YAML::Key << "mountPath"
        << YAML::Value << kConfigMountPath << YAML::Key << "readOnly" << YAML::Value << true << YAML::EndMap;
    for (std::size_t i = 0; i < o.mounts.size(); ++i)
        out << YAML::BeginMap << YAML::Key << "name" << YAML::Value << "data-" + std::to_string(i) << YAML::Key
            << "mountPath" << YAML::Value << YAML::DoubleQuoted << o.mounts[i].mountPath << YAML::Key << "readOnly" << YAML::Value
            << o.mounts[i].readOnly << YAML::EndMap;
    out << YAML::EndSeq;
    out << YAML::EndMap << YAML::EndSeq;  // the container, containers
    out << YAML::Key << "volumes" << YAML::Value << YAML::BeginSeq;
    // Data loader workers and NCCL share memory through /dev/shm, which a
    // container otherwise gets as 64 MB: a memory-backed emptyDir lifts that.
    out << YAML::BeginMap << YAML::Key << "name" << YAML::Value << "dshm" << YAML::Key << "emptyDir" << YAML::Value
        << YAML::BeginMap << YAML::Key << "medium" << YAML::Value << "Memory";
    if (!o.shmSize.empty()) out << YAML::Key << "sizeLimit" << YAML::Value << YAML::DoubleQuoted << o.shmSize;
    out << YAML::EndMap << YAML::EndMap;
    out << YAML::BeginMap << YAML::Key << "name" << YAML::Value << "traindeck" << YAML::Key << "configMap"
        << YAML::Value << YAML::BeginMap << YAML::Key << "name" << YAML::Value << YAML::DoubleQuoted << configMapName(ctx) << YAML::EndMap
        << YAML::EndMap;
    for (std::size_t i = 0; i < o.mounts.size(); ++i)
        out << YAML::BeginMap << YAML::Key << "name" << YAML::Value << "data-" + std::to_string(i) << YAML::Key
            << "persistentVolumeClaim" << YAML::Value << YAML::BeginMap << YAML::Key << "claimName" << YAML::Value
            << YAML::DoubleQuoted << o.mounts[i].claim << YAML::EndMap << YAML::EndMap;
    out << YAML::EndSeq;
    out << YAML::EndMap;  // spec
    out << YAML::EndMap;
}

}  // namespace traindeck::generate
