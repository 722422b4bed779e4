// Target pai: Alibaba Cloud PAI-DLC. The job spec as the body of the CreateJob
// API (pai-create-job.json) and the same job as a `dlc submit pytorchjob`
// command line (pai-submit.sh).
//
// A DLC job has no ConfigMap: its UserCommand is self-contained. It writes the
// entrypoint and configs from base64 (which holds only [A-Za-z0-9+/=], so no
// value in them can reach a shell) into a directory and runs the entrypoint.

#include "generate/context.h"
#include "generate/shell_quote.h"
#include "generate/workload.h"

#include <cctype>
#include <nlohmann/json.hpp>

namespace traindeck::generate {

namespace {

constexpr const char* kPaiDir = "/tmp/traindeck";

std::string base64(std::string_view data) {
    static const char* table = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    std::size_t i = 0;
    for (; i + 2 < data.size(); i += 3) {
        const unsigned n = (unsigned char)data[i] << 16 | (unsigned char)data[i + 1] << 8 | (unsigned char)data[i + 2];
        out += table[n >> 18 & 63];
        out += table[n >> 12 & 63];
        out += table[n >> 6 & 63];
        out += table[n & 63];
    }
    if (i + 1 == data.size()) {
        const unsigned n = (unsigned char)data[i] << 16;
        out += table[n >> 18 & 63];
        out += table[n >> 12 & 63];
        out += "==";
    } else if (i + 2 == data.size()) {
        const unsigned n = (unsigned char)data[i] << 16 | (unsigned char)data[i + 1] << 8;
        out += table[n >> 18 & 63];
        out += table[n >> 12 & 63];
        out += table[n >> 6 & 63];
        out += '=';
    }
    return out;
}

std::string userCommand(const Context& ctx) {
    std::string cmd = std::string("mkdir -p ") + kPaiDir;
    for (const GeneratedFile& f : supportFiles(ctx))
        cmd += " && echo " + base64(f.content) + " | base64 -d > " + kPaiDir + "/" + f.path;
    cmd += std::string(" && exec bash ") + kPaiDir + "/" + kEntrypointFile;
    return cmd;
}

bool isSpecName(const std::string& s) {
    if (s.empty()) return false;
    for (char c : s)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '_')) return false;
    return true;
}

// The Envs both forms carry: only the convention; the plan's environment is in the entrypoint.
const std::pair<const char*, const char*> kPlatformEnv = {"TRAINDECK_PLATFORM", "pai"};

}  // namespace

std::vector<GeneratedFile> paiFiles(const Context& ctx) {
    const GenerateOptions& o = ctx.options;
    const Plan& plan = ctx.plan;
    if (!isSpecName(o.ecsSpec))
        throw GenerateError(Text(TD_TEXT("GenerateErrors", "PAI-DLC needs the ECS instance type of a node (%1), e.g. %2 "
                                                           "(got '%3')"),
                                 {Text::field("generate.ecs_spec", "--ecs-spec"), Text::value("ecs.gn7e-c16g1.32xlarge"),
                                  Text::value(printable(o.ecsSpec))}));
    if (o.workspaceId.empty() || !isSpecName(o.workspaceId))
        throw GenerateError(Text(TD_TEXT("GenerateErrors", "PAI-DLC needs the ID of the workspace the job runs in (%1), "
                                                           "e.g. %2 (got '%3')"),
                                 {Text::field("generate.workspace_id", "--workspace-id"), Text::value("12345"),
                                  Text::value(printable(o.workspaceId))}));
    if (o.paiPriority < 0 || o.paiPriority > 9)
        throw GenerateError(Text(TD_TEXT("GenerateErrors", "PAI-DLC priority %1 must be from 1 to 9"),
                                 {Text::value(std::to_string(o.paiPriority))}));
    if (!o.paiResourceId.empty() && !isSpecName(o.paiResourceId))
        throw GenerateError(Text(TD_TEXT("GenerateErrors", "PAI-DLC resource id '%1' is not an id"),
                                 {Text::value(printable(o.paiResourceId))}));
    // A DLC job spec has no reference to a secret store, so --secret-env values
    // are not written here at all: the entrypoint refuses to start until the
    // variables reach the node by PAI's own means (its console or workspace settings).
    const int nodes = ctx.figures.nodes;
    const std::string command = userCommand(ctx);

    using nlohmann::ordered_json;
    ordered_json specs = ordered_json::array();
    specs.push_back({{"Type", "Master"}, {"Image", plan.launch.image}, {"PodCount", 1}, {"EcsSpec", o.ecsSpec}});
    if (nodes > 1)
        specs.push_back(
            {{"Type", "Worker"}, {"Image", plan.launch.image}, {"PodCount", nodes - 1}, {"EcsSpec", o.ecsSpec}});
    ordered_json job = {
        {"DisplayName", plan.launch.jobName},
        {"WorkspaceId", o.workspaceId},
        {"JobType", "PyTorchJob"},
        {"JobSpecs", specs},
        {"UserCommand", command},
        {"Envs", {{kPlatformEnv.first, kPlatformEnv.second}}},
    };
    if (!o.paiResourceId.empty()) job["ResourceId"] = o.paiResourceId;
    if (o.paiPriority != 0) job["Priority"] = o.paiPriority;

    std::string sh = "#!/usr/bin/env bash\n"
                     "# Submits the job of pai-create-job.json with PAI's dlc command-line tool.\n" +
                     std::string(kShellcheckDirective) +
                     "set -euo pipefail\n"
                     "exec dlc submit pytorchjob \\\n";
    std::vector<std::string> args = {
        "--name=" + plan.launch.jobName,
        "--masters=1",
        "--master_image=" + plan.launch.image,
        "--master_spec=" + o.ecsSpec,
    };
    if (nodes > 1) {
        args.push_back("--workers=" + std::to_string(nodes - 1));
        args.push_back("--worker_image=" + plan.launch.image);
        args.push_back("--worker_spec=" + o.ecsSpec);
    }
    args.push_back(std::string("--envs=") + kPlatformEnv.first + "=" + kPlatformEnv.second);
    args.push_back("--workspace_id=" + o.workspaceId);
    if (!o.paiResourceId.empty()) args.push_back("--resource_id=" + o.paiResourceId);
    if (o.paiPriority != 0) args.push_back("--priority=" + std::to_string(o.paiPriority));
    args.push_back("--command=" + command);
    for (std::size_t i = 0; i < args.size(); ++i)
        sh += "    " + shellQuote(args[i]) + (i + 1 < args.size() ? " \\\n" : "\n");
    return {
        {"pai-create-job.json", job.dump(2) + "\n", false},
        {"pai-submit.sh", sh, true},
    };
}

}  // namespace traindeck::generate
