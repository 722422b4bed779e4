// Target slurm: an sbatch script that runs one task per node (the entrypoint),
// with MASTER_ADDR taken from the allocation's first host. SLURM_NODEID is read
// by the entrypoint inside the step, where each task has its own.

#include "generate/slurm.h"

#include "generate/checkpoint_place.h"
#include "generate/context.h"
#include "generate/shell_quote.h"
#include "generate/workload.h"

#include <cctype>

namespace traindeck::generate {

// #SBATCH lines are read by sbatch, not by a shell: no quoting protects them,
// so only values made of these characters go there.
bool isSbatchWord(const std::string& s) {
    if (s.empty()) return false;
    for (char ch : s) {
        auto c = static_cast<unsigned char>(ch);
        if (!(std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == ':')) return false;
    }
    return true;
}

namespace {

void checkSbatchWord(const Text& what, const std::string& value) {
    if (!value.empty() && !isSbatchWord(value))
        throw GenerateError(Text(TD_TEXT("GenerateErrors", "SLURM %1 '%2' may only hold letters, digits, '-', '_', '.' and ':'"),
                                 {what, Text::value(printable(value, kWholeValue))}));
}

}  // namespace

std::vector<GeneratedFile> slurmFiles(const Context& ctx) {
    const GenerateOptions& o = ctx.options;
    checkSbatchWord(Text(TD_TEXT("CoreMessages", "partition (%1)"), {Text::field("generate.queue", "--queue")}), o.queue);
    checkSbatchWord(Text(TD_TEXT("CoreMessages", "QOS (%1)"), {Text::field("generate.qos", "--qos")}), o.qos);
    checkSbatchWord(Text(TD_TEXT("CoreMessages", "time limit")), o.timeLimit);
    // The plan's launch.slurm_* fields (checked by the field table), unless an option names another.
    const LaunchSettings& l = ctx.plan.launch;
    const std::string& partition = o.queue.empty() ? l.slurmPartition : o.queue;
    const std::string& qos = o.qos.empty() ? l.slurmQos : o.qos;
    const std::string& timeLimit = o.timeLimit.empty() ? l.slurmTimeLimit : o.timeLimit;
    const int nodes = ctx.figures.nodes;
    std::string s = "#!/usr/bin/env bash\n";
    // A name sbatch cannot take literally is left out (the job is then named
    // after this file); it still reaches the entrypoint, quoted, for its messages.
    if (isSbatchWord(ctx.plan.launch.jobName)) s += "#SBATCH --job-name=" + ctx.plan.launch.jobName + "\n";
    s += "#SBATCH --nodes=" + std::to_string(nodes) + "\n";
    s += "#SBATCH --ntasks-per-node=1\n";
    s += "#SBATCH --gpus-per-node=" + std::to_string(ctx.figures.gpusPerNode) + "\n";
    s += "#SBATCH --exclusive\n";
    if (!partition.empty()) s += "#SBATCH --partition=" + partition + "\n";
    if (!l.slurmAccount.empty()) s += "#SBATCH --account=" + l.slurmAccount + "\n";
    if (!qos.empty()) s += "#SBATCH --qos=" + qos + "\n";
    if (!timeLimit.empty()) s += "#SBATCH --time=" + timeLimit + "\n";
    for (const std::string& option : l.slurmOptions) s += "#SBATCH " + option + "\n";
    // Ask SLURM to signal the steps 120 s before the time limit, so the
    // entrypoint forwards SIGTERM and the workload can checkpoint.
    s += "#SBATCH --signal=TERM@120\n";
    s += "#SBATCH --output=%x-%j.out\n";
    s += "# Submit from the directory that holds these files: sbatch job.sbatch\n";
    s += watchComment(ctx, Target::Slurm, "# ");
    s += warningComments(ctx, "# ");
    s += kShellcheckDirective;
    s += R"SH(set -euo pipefail

# sbatch runs a spooled copy of this script, so the generated files are found
# from the submit directory (a filesystem every node shares).
TRAINDECK_CONFIG_DIR=${TRAINDECK_CONFIG_DIR:-$SLURM_SUBMIT_DIR}
export TRAINDECK_CONFIG_DIR
export TRAINDECK_PLATFORM=slurm
)SH";
    if (const CheckpointPlace place = checkpointPlace(ctx, Target::Slurm); !place.shellValue.empty())
        s += std::string("export ") + kCheckpointDirVar + "=" + place.shellValue + "\n";
    s += R"SH(# Node 0 of the allocation is the rendezvous master. (Not `| head -n 1`: with
# pipefail, scontrol killed by SIGPIPE after head exits would end the job.)
# How to follow this job from another machine: its output file, over ssh to
# the host it was submitted from.
printf 'traindeck: watch this job with: traindeck watch --follow %q\n' \
    "ssh://${SLURM_SUBMIT_HOST:-LOGIN}${SLURM_SUBMIT_DIR}/${SLURM_JOB_NAME:-job.sbatch}-${SLURM_JOB_ID:-JOBID}.out"
allocated_hosts=$(scontrol show hostnames "$SLURM_JOB_NODELIST")
MASTER_ADDR=${allocated_hosts%%$'\n'*}
export MASTER_ADDR

# One task per node runs the entrypoint; it reads SLURM_NODEID inside the step.
# --kill-on-bad-exit ends every node's task when one fails, instead of leaving
# the others blocked in a collective until their timeout.
)SH";
    s += "srun --nodes=" + std::to_string(nodes) + " --ntasks-per-node=1 --kill-on-bad-exit=1 \\\n"
         "    bash \"$TRAINDECK_CONFIG_DIR/" + std::string(kEntrypointFile) + "\"\n";
    std::vector<GeneratedFile> files = {{"job.sbatch", s, true}};
    for (GeneratedFile& f : supportFiles(ctx)) files.push_back(std::move(f));
    return files;
}

}  // namespace traindeck::generate
