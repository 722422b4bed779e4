#include "generate/entrypoint.h"

#include "generate/generate.h"
#include "generate/shell_quote.h"
#include "generate/workload.h"
#include "platform/conventions.h"
#include "platform/node_env.h"

// The script's fixed parts are shell files of their own in entrypoint/ (shellchecked as
// they are by tests/generate), embedded at build time; this file writes what comes from
// the plan between them: its figures, the platforms' conventions, the workload.
#include "generate/entrypoint_checks_sh.h"   // kChecksSh
#include "generate/entrypoint_head_sh.h"     // kHeadSh
#include "generate/entrypoint_helpers_sh.h"  // kHelpersSh
#include "generate/entrypoint_per_gpu_sh.h"  // kPerGpuSh
#include "generate/entrypoint_run_sh.h"      // kRunSh

namespace traindeck::generate {

namespace {

using platform::ConventionInfo;

std::string words(const std::vector<std::string>& names) {
    std::string out;
    for (const std::string& n : names) out += (out.empty() ? "" : " ") + n;
    return out;
}

std::string orList(const std::vector<std::string>& names) {
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i)
        out += (i == 0 ? "" : i + 1 == names.size() ? " nor " : ", ") + names[i];
    return names.size() > 1 ? "neither " + out + " is set" : out + " is not set";
}

// The lines of one `case` branch: where this convention keeps rank, count,
// master address and port. Variable names come from the convention table and
// are plain identifiers; messages are single-quoted data.
std::string conventionBranch(const ConventionInfo& c) {
    std::string b = "    " + c.key + ")\n";
    b += "        node_rank=$(first_set " + words(c.nodeRankVars) + ") ||\n            refuse " +
         shellQuote(c.key + " convention: " + orList(c.nodeRankVars) + ", so this node's rank is unknown") + "\n";
    if (c.nodeCountVars.empty()) {
        b += "        node_count=$plan_nodes\n";
    } else {
        b += "        node_count=$(first_set " + words(c.nodeCountVars) + ") ||\n            refuse " +
             shellQuote(c.key + " convention: " + orList(c.nodeCountVars) + ", so the node count is unknown") + "\n";
    }
    if (c.rankMeansNode) {
        b += "        # This platform's RANK/WORLD_SIZE are the pod's index and the pod count; some\n"
             "        # releases put the process count in WORLD_SIZE instead: read that as nodes too.\n"
             "        if [[ $node_count == \"$((plan_nodes * plan_gpus_per_node))\" ]]; then\n"
             "            node_count=$plan_nodes\n"
             "        fi\n";
    }
    b += "        master_addr=$(first_set " + c.masterAddrVar + ") ||\n            refuse " +
         shellQuote(c.key + " convention: " + c.masterAddrVar + " is not set, so node 0's address is unknown") + "\n";
    if (c.masterPortVar.empty())
        b += "        master_port=$plan_master_port\n";
    else
        b += "        master_port=$(first_set " + c.masterPortVar + ") || master_port=$plan_master_port\n";
    b += "        ;;\n";
    return b;
}

}  // namespace

std::string entrypointScript(const Plan& plan, const LaunchFigures& f, const GenerateOptions& options) {
    std::string s = kHeadSh;
    s += kShellcheckDirective;
    s += "set -euo pipefail\n\n";
    s += "# The plan these files were generated for.\n";
    s += "readonly plan_nodes=" + std::to_string(f.nodes) + "\n";
    s += "readonly plan_gpus_per_node=" + std::to_string(f.gpusPerNode) + "\n";
    s += "readonly plan_master_port=" + std::to_string(plan.launch.masterPort) + "\n";
    s += "readonly plan_cuda_visible_devices=" + platform::cudaVisibleDevices(f.gpusPerNode) + "\n";
    s += "readonly job_name=" + shellQuote(plan.launch.jobName) + "\n";
    s += "# Exit status of a refusal: a configuration error that no retry can fix.\n";
    s += "readonly refuse_status=" + std::to_string(kRefuseExitStatus) + "\n\n";
    s += kHelpersSh;
    s += "\nplatform=${TRAINDECK_PLATFORM:-}\ncase $platform in\n";
    std::vector<std::string> keys;
    for (const ConventionInfo& c : platform::conventions()) {
        // The deepspeed launcher starts processes itself; no node script runs under it.
        if (c.nodeRankVars.empty()) continue;
        s += conventionBranch(c);
        keys.push_back(c.key);
    }
    s += "    *)\n        refuse \"TRAINDECK_PLATFORM is '$platform', expected one of: " + words(keys) +
         " (the generated launch file sets it)\"\n        ;;\n";
    s += "esac\n\n";
    s += kChecksSh;
    s += "\n";

    s += "# The per-node environment: who this node is, then what every node shares.\n";
    s += "export CUDA_VISIBLE_DEVICES\n";
    s += "export NODE_RANK=$node_rank PET_NODE_RANK=$node_rank\n";
    s += "export MASTER_ADDR=$master_addr PET_MASTER_ADDR=$master_addr\n";
    s += "export MASTER_PORT=$master_port PET_MASTER_PORT=$master_port\n";
    for (const platform::EnvVar& v : platform::jobEnvironment(plan))
        s += "export " + v.name + "=" + shellQuote(v.value) + "\n";
    s += "# RANK and LOCAL_RANK belong to each process (torchrun and the trainer set them);\n"
         "# a platform's node-level values must not reach torch.\n"
         "unset RANK LOCAL_RANK\n";
    s += "TRAINDECK_CONFIG_DIR=${TRAINDECK_CONFIG_DIR:-$(cd \"$(dirname \"${BASH_SOURCE[0]}\")\" && pwd)}\n"
         "export TRAINDECK_CONFIG_DIR\n";
    if (!options.secrets.empty()) {
        s += "# Secrets arrive by reference (a Kubernetes Secret, the submitting shell); never in this file.\n";
        for (const SecretEnv& secret : options.secrets)
            s += "[[ -n ${" + secret.var + ":-} ]] || refuse " +
                 shellQuote("secret variable " + secret.var + " is not set on this node") + "\n";
    }
    const bool perGpu = plan.launch.processes == Processes::PerGpu;
    if (perGpu && plan.launch.command.empty())
        throw GenerateError(Text(TD_TEXT("GenerateErrors", "%1 per-gpu needs your command in %2: traindeck-trainer "
                                                           "starts its own process per GPU"),
                                 {Text::field("launch.processes", "--processes"), Text::field("launch.command", "--command")}));
    s += perGpu ? "\nuser_workload() {\n" : "\nrun_workload() {\n";
    // The body goes in unindented: a user's template may hold here-documents or
    // multi-line strings whose text indentation would change.
    s += workloadShell(plan, f, options) + "\n";
    s += "}\n";
    // Per-GPU mode: the entrypoint is the node's launcher, as torchrun would be
    // (torch 1.13's torchrun does not start on Python 3.11, Debian 12's). One
    // process of the user's command per GPU, with torchrun's variables; lines that
    // are not metrics JSON are prefixed with the rank; the first rank to fail is
    // named and the others are stopped (SIGTERM, SIGKILL after the grace period).
    if (perGpu) {
        s += "\n# Seconds a rank has to exit after SIGTERM before it is killed: within the\n"
             "# platform's own grace (Kubernetes 30 s, Slurm's KillWait 30 s) unless told.\n";
        s += "rank_grace_s=${TRAINDECK_RANK_GRACE_S:-" + std::to_string(kRankGraceSeconds) + "}\n";
        s += "is_count \"$rank_grace_s\" || refuse \"TRAINDECK_RANK_GRACE_S is '$rank_grace_s', expected whole seconds\"\n\n";
        s += kPerGpuSh;
    }
    s += "\n";
    s += kRunSh;
    return s;
}

}  // namespace traindeck::generate
