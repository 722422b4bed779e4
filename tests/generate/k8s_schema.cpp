#include "k8s_schema.h"

#include <map>
#include <regex>
#include <set>

namespace gentest {

namespace {

enum class Kind { Str, Int, Bool, Map, Seq, IntOrStr };

struct Rule {
    std::string path;  // dot-separated; "[]" after a name: every item of that sequence; "*": every map value
    Kind kind;
    bool required;
};

// A plain scalar is resolved by the YAML core schema, as the API server's decoder does.
Kind scalarKind(const YAML::Node& n) {
    if (n.Tag() == "!") return Kind::Str;  // quoted: always a string
    const std::string& s = n.Scalar();
    static const std::regex intRe("[-+]?[0-9]+");
    if (std::regex_match(s, intRe)) return Kind::Int;
    // The API server's YAML decoder (go-yaml) also reads YAML 1.1's True, yes, on,
    // ... as booleans: a plain `status: True` is not the string "True".
    static const std::regex boolRe("y|Y|yes|Yes|YES|n|N|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF");
    if (std::regex_match(s, boolRe)) return Kind::Bool;
    return Kind::Str;
}

bool matches(const YAML::Node& n, Kind k) {
    switch (k) {
    case Kind::Map: return n.IsMap();
    case Kind::Seq: return n.IsSequence();
    case Kind::IntOrStr: return n.IsScalar() && (scalarKind(n) == Kind::Int || scalarKind(n) == Kind::Str);
    default: return n.IsScalar() && scalarKind(n) == k;
    }
}

void check(const YAML::Node& node, const std::vector<std::string>& parts, std::size_t i, const std::string& at,
           const Rule& rule, std::vector<std::string>& problems) {
    if (i == parts.size()) {
        if (!matches(node, rule.kind)) problems.push_back(at + ": wrong type");
        return;
    }
    std::string part = parts[i];
    const bool each = part.size() > 2 && part.ends_with("[]");
    if (each) part.resize(part.size() - 2);
    if (part == "*") {
        if (!node.IsMap()) return;
        for (const auto& kv : node) check(kv.second, parts, i + 1, at + "." + kv.first.Scalar(), rule, problems);
        return;
    }
    if (!node.IsMap()) return;
    const YAML::Node child = node[part];
    if (!child) {
        // As in the OpenAPI schema, "required" is relative to the parent: a
        // required field of an absent optional object is not missing.
        if (rule.required && i + 1 == parts.size()) problems.push_back(at + "." + part + ": missing");
        return;
    }
    if (each) {
        if (!child.IsSequence()) {
            problems.push_back(at + "." + part + ": not a list");
            return;
        }
        for (std::size_t k = 0; k < child.size(); ++k)
            check(child[k], parts, i + 1, at + "." + part + "[" + std::to_string(k) + "]", rule, problems);
    } else {
        check(child, parts, i + 1, at + "." + part, rule, problems);
    }
}

std::vector<std::string> split(const std::string& path) {
    std::vector<std::string> parts;
    std::size_t start = 0;
    while (true) {
        const auto dot = path.find('.', start);
        parts.push_back(path.substr(start, dot == std::string::npos ? std::string::npos : dot - start));
        if (dot == std::string::npos) return parts;
        start = dot + 1;
    }
}

// Fields the API knows, for the maps where a typo would silently be dropped.
void knownKeys(const YAML::Node& n, const std::string& at, const std::set<std::string>& keys,
               std::vector<std::string>& problems) {
    if (!n || !n.IsMap()) return;
    for (const auto& kv : n)
        if (!keys.count(kv.first.Scalar())) problems.push_back(at + "." + kv.first.Scalar() + ": unknown field");
}

const std::vector<Rule> kMeta = {
    {"apiVersion", Kind::Str, true},     {"kind", Kind::Str, true},
    {"metadata", Kind::Map, true},       {"metadata.name", Kind::Str, true},
    {"metadata.namespace", Kind::Str, false}, {"metadata.labels.*", Kind::Str, false},
};

std::vector<Rule> podRules(const std::string& p) {
    return {
        {p + ".metadata.labels.*", Kind::Str, false},
        {p + ".spec", Kind::Map, true},
        {p + ".spec.restartPolicy", Kind::Str, false},
        {p + ".spec.subdomain", Kind::Str, false},
        {p + ".spec.priorityClassName", Kind::Str, false},
        {p + ".spec.terminationGracePeriodSeconds", Kind::Int, false},
        {p + ".spec.containers", Kind::Seq, true},
        {p + ".spec.containers[].name", Kind::Str, true},
        {p + ".spec.containers[].image", Kind::Str, true},
        {p + ".spec.containers[].command[]", Kind::Str, false},
        {p + ".spec.containers[].env[].name", Kind::Str, true},
        {p + ".spec.containers[].env[].value", Kind::Str, false},
        {p + ".spec.containers[].env[].valueFrom.secretKeyRef.name", Kind::Str, false},
        {p + ".spec.containers[].env[].valueFrom.secretKeyRef.key", Kind::Str, false},
        {p + ".spec.containers[].ports[].containerPort", Kind::Int, true},
        {p + ".spec.containers[].ports[].name", Kind::Str, false},
        {p + ".spec.containers[].ports[].protocol", Kind::Str, false},
        {p + ".spec.containers[].resources.limits.*", Kind::IntOrStr, false},
        {p + ".spec.containers[].volumeMounts[].name", Kind::Str, true},
        {p + ".spec.containers[].volumeMounts[].mountPath", Kind::Str, true},
        {p + ".spec.containers[].volumeMounts[].readOnly", Kind::Bool, false},
        {p + ".spec.volumes[].name", Kind::Str, true},
        {p + ".spec.volumes[].emptyDir.medium", Kind::Str, false},
        {p + ".spec.volumes[].emptyDir.sizeLimit", Kind::IntOrStr, false},
        {p + ".spec.volumes[].configMap.name", Kind::Str, false},
        {p + ".spec.volumes[].persistentVolumeClaim.claimName", Kind::Str, false},
    };
}

void podKeys(const YAML::Node& tmpl, const std::string& at, std::vector<std::string>& problems) {
    knownKeys(tmpl, at, {"metadata", "spec"}, problems);
    const YAML::Node spec = tmpl["spec"];
    knownKeys(spec, at + ".spec",
              {"restartPolicy", "subdomain", "hostname", "priorityClassName", "terminationGracePeriodSeconds",
               "containers", "volumes", "nodeSelector", "tolerations", "affinity", "serviceAccountName"},
              problems);
    if (spec && spec["containers"])
        for (const auto& c : spec["containers"])
            knownKeys(c, at + ".spec.containers[]",
                      {"name", "image", "command", "args", "env", "ports", "resources", "volumeMounts", "workingDir"},
                      problems);
}

}  // namespace

std::vector<std::string> kubernetesProblems(const YAML::Node& object) {
    std::vector<Rule> rules = kMeta;
    std::vector<std::string> problems;
    const std::string kind = object["kind"] ? object["kind"].Scalar() : "";
    const std::string api = object["apiVersion"] ? object["apiVersion"].Scalar() : "";
    auto add = [&](std::vector<Rule> more) { rules.insert(rules.end(), more.begin(), more.end()); };
    if (kind != "ConfigMap") add({{"spec", Kind::Map, true}});
    if (kind == "ConfigMap" && api == "v1") {
        add({{"data.*", Kind::Str, false}});
        knownKeys(object, "", {"apiVersion", "kind", "metadata", "data", "binaryData", "immutable"}, problems);
    } else if (kind == "Service" && api == "v1") {
        add({{"spec.clusterIP", Kind::Str, false},
             {"spec.publishNotReadyAddresses", Kind::Bool, false},
             {"spec.selector.*", Kind::Str, false},
             {"spec.ports[].port", Kind::Int, true},
             {"spec.ports[].targetPort", Kind::IntOrStr, false},
             {"spec.ports[].name", Kind::Str, false},
             {"spec.ports[].protocol", Kind::Str, false}});
        knownKeys(object["spec"], "spec", {"clusterIP", "publishNotReadyAddresses", "selector", "ports", "type"}, problems);
    } else if (kind == "Job" && api == "batch/v1") {
        add({{"spec.completionMode", Kind::Str, false},
             {"spec.completions", Kind::Int, false},
             {"spec.parallelism", Kind::Int, false},
             {"spec.backoffLimit", Kind::Int, false},
             {"spec.podFailurePolicy.rules[].action", Kind::Str, true},
             {"spec.podFailurePolicy.rules[].onExitCodes.containerName", Kind::Str, false},
             {"spec.podFailurePolicy.rules[].onExitCodes.operator", Kind::Str, true},
             {"spec.podFailurePolicy.rules[].onExitCodes.values", Kind::Seq, true},
             {"spec.podFailurePolicy.rules[].onExitCodes.values[]", Kind::Int, false},
             {"spec.podFailurePolicy.rules[].onPodConditions[].type", Kind::Str, true},
             // Required in the official batch/v1 schema of Kubernetes 1.30.
             {"spec.podFailurePolicy.rules[].onPodConditions[].status", Kind::Str, true},
             {"spec.template", Kind::Map, true}});
        add(podRules("spec.template"));
        knownKeys(object["spec"], "spec",
                  {"completionMode", "completions", "parallelism", "backoffLimit", "podFailurePolicy", "template",
                   "activeDeadlineSeconds", "ttlSecondsAfterFinished", "suspend"},
                  problems);
        podKeys(object["spec"]["template"], "spec.template", problems);
        if (const YAML::Node policy = object["spec"]["podFailurePolicy"]; policy && policy.IsMap()) {
            knownKeys(policy, "spec.podFailurePolicy", {"rules"}, problems);
            const std::string at = "spec.podFailurePolicy.rules[]";
            for (const auto& rule : policy["rules"]) {
                if (!rule.IsMap()) continue;
                knownKeys(rule, at, {"action", "onExitCodes", "onPodConditions"}, problems);
                knownKeys(rule["onExitCodes"], at + ".onExitCodes", {"containerName", "operator", "values"}, problems);
                for (const auto& c : rule["onPodConditions"])
                    knownKeys(c, at + ".onPodConditions[]", {"type", "status"}, problems);
            }
        }
        // A pod failure policy is only accepted with restartPolicy Never.
        if (object["spec"]["podFailurePolicy"] &&
            object["spec"]["template"]["spec"]["restartPolicy"].as<std::string>("") != "Never")
            problems.push_back("spec.template.spec.restartPolicy: must be Never with a podFailurePolicy");
    } else if (kind == "PyTorchJob" && api == "kubeflow.org/v1") {
        add({{"spec.nprocPerNode", Kind::Str, false},
             {"spec.runPolicy.backoffLimit", Kind::Int, false},
             {"spec.runPolicy.cleanPodPolicy", Kind::Str, false},
             {"spec.pytorchReplicaSpecs", Kind::Map, true},
             {"spec.pytorchReplicaSpecs.*.replicas", Kind::Int, true},
             {"spec.pytorchReplicaSpecs.*.restartPolicy", Kind::Str, false}});
        add(podRules("spec.pytorchReplicaSpecs.*.template"));
        knownKeys(object["spec"], "spec", {"nprocPerNode", "runPolicy", "pytorchReplicaSpecs", "elasticPolicy"}, problems);
        knownKeys(object["spec"]["pytorchReplicaSpecs"], "spec.pytorchReplicaSpecs", {"Master", "Worker"}, problems);
        for (const auto& kv : object["spec"]["pytorchReplicaSpecs"]) {
            knownKeys(kv.second, "spec.pytorchReplicaSpecs." + kv.first.Scalar(), {"replicas", "restartPolicy", "template"},
                      problems);
            podKeys(kv.second["template"], "spec.pytorchReplicaSpecs." + kv.first.Scalar() + ".template", problems);
        }
    } else {
        problems.push_back("unexpected object " + api + " " + kind);
    }
    for (const Rule& r : rules) check(object, split(r.path), 0, "", r, problems);
    return problems;
}

}  // namespace gentest
