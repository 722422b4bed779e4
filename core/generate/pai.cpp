// Target pai: Alibaba Cloud PAI-DLC. The job spec as the body of the CreateJob
// API (pai-create-job.json) and the same job as a `dlc submit pytorchjob`
// command line (pai-submit.sh).
//
// A DLC job has no ConfigMap: its UserCommand is self-contained. It writes the
// entrypoint and configs from base64 (which holds only [A-Za-z0-9+/=], so no
// value in them can reach a shell) into a directory and runs the entrypoint.

#include "generate/checkpoint_place.h"
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

void checkOptions(const GenerateOptions& o) {
    // A DLC job spec (CreateJob) has no reference to a secret store: a value
    // could only reach the nodes written into the job itself, in plain text.
    if (!o.secrets.empty())
        throw GenerateError(Text(TD_TEXT("GenerateErrors", "PAI-DLC jobs cannot take %1 (%2): CreateJob has no "
                                                           "reference to a secret store, and a value in the job is "
                                                           "plain text; set it in the PAI workspace instead"),
                                 {Text::field("generate.secret_env", "--secret-env"), Text::value(o.secrets.front().var)}));
    if (o.paiResourceId.empty() && !isSpecName(o.ecsSpec))
        throw GenerateError(Text(TD_TEXT("GenerateErrors", "PAI-DLC needs the ECS instance type of a node (%1), e.g. %2 "
                                                           "(got '%3')"),
                                 {Text::field("generate.ecs_spec", "--ecs-spec"), Text::value("ecs.gn7e-c16g1.32xlarge"),
                                  Text::value(printable(o.ecsSpec, kWholeValue))}));
    if (!o.paiResourceId.empty() && !o.ecsSpec.empty())
        throw GenerateError(Text(TD_TEXT("GenerateErrors", "PAI-DLC takes either an ECS instance type (%1, pay-as-you-go) "
                                                           "or a resource quota (%2), not both"),
                                 {Text::field("generate.ecs_spec", "--ecs-spec"), Text::field("generate.resource_id", "--resource-id")}));
    if (o.workspaceId.empty() || !isSpecName(o.workspaceId))
        throw GenerateError(Text(TD_TEXT("GenerateErrors", "PAI-DLC needs the ID of the workspace the job runs in (%1), "
                                                           "e.g. %2 (got '%3')"),
                                 {Text::field("generate.workspace_id", "--workspace-id"), Text::value("12345"),
                                  Text::value(printable(o.workspaceId, kWholeValue))}));
    if (o.paiPriority < 0 || o.paiPriority > 9)
        throw GenerateError(Text(TD_TEXT("GenerateErrors", "PAI-DLC priority %1 must be from 1 to 9"),
                                 {Text::value(std::to_string(o.paiPriority))}));
    if (!o.paiResourceId.empty() && !isSpecName(o.paiResourceId))
        throw GenerateError(Text(TD_TEXT("GenerateErrors", "PAI-DLC resource id '%1' is not an id"),
                                 {Text::value(printable(o.paiResourceId, kWholeValue))}));
}

// One JobSpec: on pay-as-you-go resources a node is an ECS instance type
// (EcsSpec); in a resource quota (ResourceId) it is what it asks of the quota
// (ResourceConfig), and an EcsSpec there is refused.
nlohmann::ordered_json jobSpec(const Context& ctx, const char* type, int pods) {
    nlohmann::ordered_json spec = {{"Type", type}, {"Image", ctx.plan.launch.image}, {"PodCount", pods}};
    if (ctx.options.paiResourceId.empty())
        spec["EcsSpec"] = ctx.options.ecsSpec;
    else
        spec["ResourceConfig"] = {{"GPU", std::to_string(ctx.figures.gpusPerNode)}};
    return spec;
}

// DLC restarts a failed job through AIMaster's fault tolerance (Settings):
// a synchronous job restarts whole, at most --retries times.
std::string restartArgs(int retries) {
    return "--job-execution-mode=Sync --enable-job-restart=True --max-num-of-job-restart=" + std::to_string(retries);
}

std::string createJobBody(const Context& ctx, const std::string& command) {
    const GenerateOptions& o = ctx.options;
    const int nodes = ctx.figures.nodes;
    using nlohmann::ordered_json;
    ordered_json specs = ordered_json::array();
    specs.push_back(jobSpec(ctx, "Master", 1));
    if (nodes > 1) specs.push_back(jobSpec(ctx, "Worker", nodes - 1));
    ordered_json job = {
        {"DisplayName", ctx.plan.launch.jobName},
        {"WorkspaceId", o.workspaceId},
        {"JobType", "PyTorchJob"},
        {"JobSpecs", specs},
        {"UserCommand", command},
        {"Envs", {{kPlatformEnv.first, kPlatformEnv.second}}},
    };
    const CheckpointPlace place = checkpointPlace(ctx, Target::PaiDlc);
    if (!place.path.empty()) job["Envs"][kCheckpointDirVar] = place.path;
    if (!o.paiResourceId.empty()) job["ResourceId"] = o.paiResourceId;
    if (o.paiPriority != 0) job["Priority"] = o.paiPriority;
    if (o.retries > 0)
        job["Settings"] = {{"EnableErrorMonitoringInAIMaster", true}, {"ErrorMonitoringArgs", restartArgs(o.retries)}};
    return job.dump(2) + "\n";
}

// The `dlc` tool takes the pay-as-you-go form only: node specs by ECS type, no
// restart settings. What it cannot carry is said at generation (paiNotes).
std::string submitScript(const Context& ctx, const std::string& command) {
    const GenerateOptions& o = ctx.options;
    const Plan& plan = ctx.plan;
    const int nodes = ctx.figures.nodes;
    std::string sh = "#!/usr/bin/env bash\n"
                     "# Submits the job of pai-create-job.json with PAI's dlc command-line tool.\n";
    if (o.retries > 0)
        sh += "# dlc submit has no restart settings: the job is not restarted on failure; submit\n"
              "# pai-create-job.json (CreateJob) for --retries.\n";
    sh += watchComment(ctx, Target::PaiDlc, "# ");
    sh += warningComments(ctx, "# ");
    sh += std::string(kShellcheckDirective) +
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
    std::string envs = std::string("--envs=") + kPlatformEnv.first + "=" + kPlatformEnv.second;
    // dlc takes one comma-separated list: a folder with a comma cannot go in it.
    if (const CheckpointPlace place = checkpointPlace(ctx, Target::PaiDlc); !place.path.empty()) {
        if (place.path.find(',') != std::string::npos)
            throw GenerateError(Text(TD_TEXT("GenerateErrors", "dlc submit --envs cannot carry a checkpoint folder with a "
                                                               "comma: '%1'"),
                                     {Text::value(printable(place.path, kWholeValue))}));
        envs += std::string(",") + kCheckpointDirVar + "=" + place.path;
    }
    args.push_back(envs);
    args.push_back("--workspace_id=" + o.workspaceId);
    if (o.paiPriority != 0) args.push_back("--priority=" + std::to_string(o.paiPriority));
    args.push_back("--command=" + command);
    for (std::size_t i = 0; i < args.size(); ++i)
        sh += "    " + shellQuote(args[i]) + (i + 1 < args.size() ? " \\\n" : "\n");
    return sh;
}

}  // namespace

std::vector<GeneratedFile> paiFiles(const Context& ctx) {
    checkOptions(ctx.options);
    const std::string command = userCommand(ctx);
    std::vector<GeneratedFile> files = {{"pai-create-job.json", createJobBody(ctx, command), false}};
    // In a resource quota a node has no ECS type for dlc's --*_spec: CreateJob only.
    if (ctx.options.paiResourceId.empty()) files.push_back({"pai-submit.sh", submitScript(ctx, command), true});
    return files;
}

std::vector<Text> paiNotes(const Context& ctx) {
    checkOptions(ctx.options);
    if (!ctx.options.paiResourceId.empty())
        return {Text(TD_TEXT("GenerateNotes", "PAI-DLC in resource quota %1: only pai-create-job.json (CreateJob, each "
                                              "node asking %2 GPUs of the quota); dlc submit has no form for it"),
                     {Text::value(ctx.options.paiResourceId), Text::value(std::to_string(ctx.figures.gpusPerNode))})};
    if (ctx.options.retries > 0)
        return {Text(TD_TEXT("GenerateNotes", "PAI-DLC: pai-submit.sh (dlc submit) cannot carry %1: only "
                                              "pai-create-job.json restarts the job (AIMaster, up to %2 times)"),
                     {Text::field("generate.retries", "--retries"), Text::value(std::to_string(ctx.options.retries))})};
    return {};
}

}  // namespace traindeck::generate
