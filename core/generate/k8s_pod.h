#pragma once
// The pieces the two Kubernetes targets (Indexed Job, Kubeflow PyTorchJob)
// share: the ConfigMap that carries entrypoint and configs, object metadata,
// and the pod template that runs the entrypoint with the node's GPUs.

#include "generate/context.h"

#include <string>
#include <utility>
#include <vector>

namespace YAML {
class Emitter;
}

namespace traindeck::generate {

// Checks the Kubernetes-facing inputs (namespace, queue, priority class, image,
// mounts, secret references, /dev/shm size) and throws GenerateError.
void checkKubernetesInputs(const Context& ctx);

std::string configMapName(const Context& ctx);
// Where the ConfigMap is mounted in the container.
inline constexpr const char* kConfigMountPath = "/etc/traindeck";

void emitMetadata(YAML::Emitter& out, const Context& ctx, const std::string& name, bool withQueue);
void emitConfigMap(YAML::Emitter& out, const Context& ctx);

struct PodTemplate {
    std::string containerName;   // "trainer"; Kubeflow requires "pytorch"
    std::string platformKey;     // TRAINDECK_PLATFORM in the container
    std::string portName;        // the rendezvous port's name
    std::string subdomain;       // headless Service; empty: none
    std::string restartPolicy;   // "Never" for a Job with podFailurePolicy; empty: the operator decides
    std::vector<std::pair<std::string, std::string>> env;  // platform-specific plain values
};

// A pod template (metadata + spec) as the value of the current YAML key.
void emitPodTemplate(YAML::Emitter& out, const Context& ctx, const PodTemplate& pod);

}  // namespace traindeck::generate
