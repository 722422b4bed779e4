#pragma once
// A structural check of the Kubernetes objects the generators write, offline:
// required fields present, each field of the type the API decodes it into
// (a quoted "8" is not an int, a bare 123 is not a string), and no field the API
// does not know in the objects we write. It encodes the fields of batch/v1 Job,
// v1 Service, v1 ConfigMap, core/v1 PodSpec and Container, and kubeflow.org/v1
// PyTorchJob that the generators use, taken from the API reference; it is not
// the official OpenAPI schema, which is not available offline. The generated
// files were validated once against official schemas (core/generate/README.md,
// "Validation against the official schemas"); what that found is encoded here.

#include <yaml-cpp/yaml.h>

#include <string>
#include <vector>

namespace gentest {

// Every problem found, as "path: what"; empty when the object is valid.
std::vector<std::string> kubernetesProblems(const YAML::Node& object);

}  // namespace gentest
