// Target skypilot: a SkyPilot task (skypilot/task.yaml, `sky launch skypilot/task.yaml`
// from the folder of the generated files). SkyPilot copies that folder (workdir) to
// every node and runs `run` on each; the run script takes node 0's address from the
// first line of SKYPILOT_NODE_IPS and starts the entrypoint, which reads the node's
// rank and the node count from SKYPILOT_NODE_RANK / SKYPILOT_NUM_NODES (the
// "skypilot" convention, core/platform).
//
// Every string in the YAML is double-quoted by yaml-cpp (a job named `$(reboot)` or
// `true` stays a string); values in the run script go through shellQuote.

#include "generate/checkpoint_place.h"
#include "generate/context.h"
#include "generate/entrypoint.h"
#include "generate/shell_quote.h"
#include "generate/workload.h"

#include <cctype>
#include <yaml-cpp/yaml.h>

namespace traindeck::generate {

namespace {

// SkyPilot's accelerator names (its catalogue: `sky show-gpus`) for the planner's GPUs.
std::string skyAccelerator(const std::string& gpu) {
    if (gpu == "h100") return "H100";
    if (gpu == "h200") return "H200";
    if (gpu == "a100") return "A100-80GB";
    if (gpu == "a800") return "A800";  // in no public cloud's catalogue: a Kubernetes cluster's GPU label
    if (gpu == "l40s") return "L40S";
    std::string upper;
    for (char c : gpu) upper += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return upper;
}

std::string runScript(const Context& ctx) {
    std::string s = kShellcheckDirective;
    s += "set -euo pipefail\n"
         "# SkyPilot lists the nodes' IPs one per line, node 0 first: node 0 is the master.\n"
         "MASTER_ADDR=${SKYPILOT_NODE_IPS%%$'\\n'*}\n"
         "export MASTER_ADDR\n";
    s += "if [[ ${SKYPILOT_NUM_GPUS_PER_NODE:-} != " + std::to_string(ctx.figures.gpusPerNode) + " ]]; then\n"
         "    printf 'traindeck: SkyPilot gave this node %s GPUs, the plan runs %s\\n' "
         "\"${SKYPILOT_NUM_GPUS_PER_NODE:-no}\" " + std::to_string(ctx.figures.gpusPerNode) + " >&2\n"
         "    exit " + std::to_string(kRefuseExitStatus) + "\n"
         "fi\n";
    s += std::string("exec bash ") + kEntrypointFile + "\n";
    return s;
}

std::string taskYaml(const Context& ctx) {
    const Plan& plan = ctx.plan;
    YAML::Emitter out;
    out << YAML::BeginMap;
    out << YAML::Key << "name" << YAML::Value << YAML::DoubleQuoted << plan.launch.jobName;
    out << YAML::Key << "resources" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "accelerators" << YAML::Value << YAML::DoubleQuoted
        << skyAccelerator(plan.cluster.gpu) + ":" + std::to_string(ctx.figures.gpusPerNode);
    if (!plan.launch.image.empty())
        out << YAML::Key << "image_id" << YAML::Value << YAML::DoubleQuoted << "docker:" + plan.launch.image;
    out << YAML::EndMap;
    out << YAML::Key << "num_nodes" << YAML::Value << ctx.figures.nodes;
    // The folder `sky launch` runs in (the generated files) goes to every node; `run` starts there.
    out << YAML::Key << "workdir" << YAML::Value << YAML::DoubleQuoted << ".";
    out << YAML::Key << "envs" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "TRAINDECK_PLATFORM" << YAML::Value << YAML::DoubleQuoted << "skypilot";
    if (const CheckpointPlace place = checkpointPlace(ctx, Target::SkyPilot); !place.path.empty())
        out << YAML::Key << kCheckpointDirVar << YAML::Value << YAML::DoubleQuoted << place.path;
    out << YAML::EndMap;
    out << YAML::Key << "run" << YAML::Value << YAML::Literal << runScript(ctx);
    out << YAML::EndMap;
    std::string y = "# SkyPilot task. From the folder of the generated files: sky launch skypilot/task.yaml\n";
    y += warningComments(ctx, "# ");
    y += out.c_str();
    y += "\n";
    return y;
}

}  // namespace

std::vector<GeneratedFile> skyPilotFiles(const Context& ctx) {
    std::vector<GeneratedFile> files = {{"skypilot/task.yaml", taskYaml(ctx), false}};
    for (GeneratedFile& f : supportFiles(ctx)) files.push_back(std::move(f));
    return files;
}

}  // namespace traindeck::generate
