#pragma once
// Kubernetes' rules for names and label values, checked before anything is
// written so that a bad name fails here with a clear message instead of at
// `kubectl apply` (or, worse, as a pod whose hostname DNS cannot resolve).

#include "text/text.h"

#include <string>
#include <string_view>

namespace traindeck::generate {

// RFC 1123 label: 1–63 of [a-z0-9-], starting and ending alphanumeric.
bool isDns1123Label(std::string_view s);
// RFC 1123 subdomain: up to 253 characters, dot-separated labels.
bool isDns1123Subdomain(std::string_view s);
// RFC 1035 label: a DNS-1123 label that starts with a letter (Service names).
bool isDns1035Label(std::string_view s);
// Label value: empty, or up to 63 of [A-Za-z0-9-_.] starting and ending alphanumeric.
bool isLabelValue(std::string_view s);

// Checks a job name for a Kubernetes target and throws GenerateError with a
// one-line message naming the rule broken. `longestSuffix` is what the platform
// appends to it in pod hostnames ("-7" for pod 7 of an Indexed Job,
// "-worker-6" for Kubeflow), which must still fit a 63-character label.
void checkKubernetesJobName(std::string_view name, std::string_view longestSuffix);
// Throws GenerateError naming `what` when `name` is not a DNS-1123 label/subdomain.
void checkDns1123Label(const traindeck::Text& what, std::string_view name);
void checkDns1123Subdomain(const traindeck::Text& what, std::string_view name);

}  // namespace traindeck::generate
