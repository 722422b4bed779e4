#include "generate/entrypoint.h"

#include "generate/generate.h"
#include "generate/shell_quote.h"
#include "generate/workload.h"
#include "platform/conventions.h"
#include "platform/node_env.h"

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

const char* kHead = R"SH(#!/usr/bin/env bash
# TrainDeck node entrypoint, generated from a plan. Every node of every platform
# runs it: it reads this node's rank and the job's size by the platform's
# convention (TRAINDECK_PLATFORM, set by the launch file), refuses to start when
# they or this node's GPUs disagree with the plan, exports the per-node
# environment, runs the workload, forwards SIGTERM to it and exits with its status.
)SH";

const char* kHelpers = R"SH(
refuse() {
    printf 'traindeck entrypoint (%s): %s\n' "$job_name" "$1" >&2
    exit "$refuse_status"
}

# Prints the value of the first named variable that is set and not empty.
first_set() {
    local name
    for name in "$@"; do
        if [[ -n ${!name:-} ]]; then
            printf '%s\n' "${!name}"
            return 0
        fi
    done
    return 1
}

is_count() { [[ $1 =~ ^(0|[1-9][0-9]*)$ ]]; }

# A channel back to this shell from the processes it starts: a FIFO opened
# read-write (so that neither side blocks on open) and unlinked at once. Its
# file descriptor goes in channel_fd.
open_channel() {
    local fifo
    fifo=$(mktemp -u "${TMPDIR:-/tmp}/traindeck-$1.XXXXXX")
    mkfifo -m 600 "$fifo"
    exec {channel_fd}<>"$fifo"
    rm -f "$fifo"
}

platform=${TRAINDECK_PLATFORM:-}
case $platform in
)SH";

const char* kChecks = R"SH(esac

is_count "$node_rank" || refuse "node rank '$node_rank' from the $platform convention is not a number"
is_count "$node_count" || refuse "node count '$node_count' from the $platform convention is not a number"
is_count "$master_port" || refuse "master port '$master_port' is not a number"
if ((node_count != plan_nodes)); then
    refuse "the platform runs $node_count nodes but these files were generated for $plan_nodes: regenerate them for this job size"
fi
if ((node_rank >= node_count)); then
    refuse "node rank $node_rank is out of range for $node_count nodes"
fi

# This node's GPUs. Where the platform already chose them (SLURM's gres, a
# runtime) CUDA_VISIBLE_DEVICES is kept and counted; otherwise nvidia-smi counts
# the GPUs the node (or the container) has.
if [[ -n ${CUDA_VISIBLE_DEVICES:-} ]]; then
    IFS=, read -r -a visible_gpus <<<"$CUDA_VISIBLE_DEVICES"
    gpu_count=${#visible_gpus[@]}
    gpu_source="CUDA_VISIBLE_DEVICES=$CUDA_VISIBLE_DEVICES"
else
    command -v nvidia-smi >/dev/null 2>&1 ||
        refuse "nvidia-smi not found, so this node's GPUs cannot be checked against the plan's $plan_gpus_per_node"
    gpu_list=$(nvidia-smi --query-gpu=index --format=csv,noheader) ||
        refuse "nvidia-smi failed, so this node's GPUs cannot be checked against the plan's $plan_gpus_per_node"
    gpu_count=$(grep -c . <<<"$gpu_list" || true)
    gpu_source="nvidia-smi"
    CUDA_VISIBLE_DEVICES=$plan_cuda_visible_devices
fi
if ((gpu_count > plan_gpus_per_node)); then
    refuse "this node has $gpu_count GPUs ($gpu_source) but the plan runs $plan_gpus_per_node per node: choose $plan_gpus_per_node of them with CUDA_VISIBLE_DEVICES (the plan's --visible-gpus, e.g. $plan_cuda_visible_devices), fix the node's GPU request, or regenerate the files with --gpus-per-node $gpu_count"
elif ((gpu_count != plan_gpus_per_node)); then
    refuse "this node has $gpu_count GPUs ($gpu_source) but the plan runs $plan_gpus_per_node per node: fix the node's GPU request or regenerate the files with --gpus-per-node $gpu_count"
fi

)SH";

const char* kRun = R"SH(
# The workload runs in its own process group (job control on while it starts),
# so the SIGTERM a platform sends before killing a pod or a step reaches every
# process it started. Job control goes off again: no job notices in the log.
# The trap is set first: a SIGTERM that comes while the workload is starting is
# held and forwarded once its process group exists, never lost.
# A function a trap runs returns 0 in words: a bare `return` in a trap gives the
# status from before the trap, and under `set -e` a failing one ends the shell.
workload_pid=
term_pending=0
forwarded=0
# shellcheck disable=SC2317  # reached through the trap below
forward_term() {
    forwarded=1
    if [[ -z $workload_pid ]]; then
        term_pending=1
        return 0
    fi
    kill -TERM -- "-$workload_pid" 2>/dev/null || kill -TERM "$workload_pid" 2>/dev/null || true
}
trap forward_term TERM INT HUP
# The workload's status comes back through a channel, written by the job that runs
# it once it has ended: bash's `wait`, interrupted by a trapped signal just as it
# reaps the job, gives 128 + the signal and forgets the job's status (the next
# `wait` gives -1), and the node exited 255 for a workload that had finished.
open_channel status
status_fd=$channel_fd
set -m
{
    # This shell outlives a stop to report the status: the stop runs a trap that
    # does nothing once the workload has ended (a caught signal, not an ignored one,
    # so that the workload's own shell has SIGTERM's default back).
    trap : TERM INT HUP
    code=0
    (run_workload) 2>&"$workload_err" {workload_err}>&- {status_fd}>&- || code=$?
    printf '%s\n' "$code" >&"$status_fd"
    # Its stderr is the workload's; its own holds only bash's notice of a workload
    # ended by a signal ("line 219: 13406 Killed ( run_workload ) ..."):
    # the node's status says so, and the workload's last line is the better detail.
} {workload_err}>&2 2>/dev/null &
workload_pid=$!
set +m
if ((term_pending)); then
    forward_term
fi
# A trapped signal ends `wait` early (status 128 + its number): wait again, as long
# as signals came, until the job has ended.
status=0
wait "$workload_pid" || status=$?
while ((forwarded)); do
    forwarded=0
    status=0
    wait "$workload_pid" || status=$?
done
# The job's report, where it made one; `wait`'s status where it was killed first.
if read -r -t 0 -u "$status_fd"; then
    read -r status <&"$status_fd"
fi
exit "$status"
)SH";

// Per-GPU mode: the entrypoint is the node's launcher, as torchrun would be
// (torch 1.13's torchrun does not start on Python 3.11, Debian 12's). One
// process of the user's command per GPU, with torchrun's variables; lines that
// are not metrics JSON are prefixed with the rank; the first rank to fail is
// named and the others are stopped (SIGTERM, SIGKILL after the grace period).
const char* kPerGpu = R"SH(
# Each rank's lines, whole: the metrics protocol's JSON lines as they are (the
# dashboard reads them), every other line prefixed with the rank.
# A relay outlives a stop (it is started ignoring it): it ends when its rank's
# stream does, so no line is lost.
relay() {
    local line prefix="[rank $1] "
    while IFS= read -r line || [[ -n $line ]]; do
        if [[ $line == '{'* ]]; then
            printf '%s\n' "$line"
        else
            printf '%s%s\n' "$prefix" "$line"
        fi
    done
}

run_workload() {
    local world=$((node_count * plan_gpus_per_node)) local_rank rank
    local status=0 stopping=0 stop_pending=0 started=0 killer='' remaining=$plan_gpus_per_node done_rank code pid
    local -a live=()
    # shellcheck disable=SC2317  # reached through the trap and the failure below
    signal_ranks() {
        for pid in "${live[@]}"; do
            kill "-$1" -- "-$pid" 2>/dev/null || kill "-$1" "$pid" 2>/dev/null || true
        done
    }
    # A stop is sent once every rank's command can receive it (each says "started"):
    # before, it would miss a command not yet started, or end the shell that starts it,
    # and the rank would run on until the grace ran out. A stop that comes earlier is
    # held until then; without this trap it would end this shell and leave the ranks
    # that had started running.
    # shellcheck disable=SC2317
    stop_ranks() {
        ((stopping)) && return 0
        if ((started < plan_gpus_per_node)); then
            stop_pending=1
            return 0
        fi
        stopping=1
        signal_ranks TERM
        # The killer holds none of the node's streams: the node's output ends with its ranks'.
        # A killed rank reports nothing, so the killer's own line ends the wait. A process
        # group of its own, so that calling it off ends its sleep too.
        set -m
        (sleep "$rank_grace_s" && signal_ranks KILL && printf 'killed 137\n' >&"$done_fd") </dev/null >/dev/null 2>&1 &
        killer=$!
        set +m
    }
    trap stop_ranks TERM INT HUP
    # Each rank reports "started" and then "RANK STATUS" here when its command ends.
    open_channel ranks
    local done_fd=$channel_fd
    # Each rank in a process group of its own (job control on while they start),
    # so a stop reaches every process the rank's command started.
    set -m
    for ((local_rank = 0; local_rank < plan_gpus_per_node; local_rank++)); do
        rank=$((node_rank * plan_gpus_per_node + local_rank))
        {
            # A stop is for the rank's command: this job and the relays it starts ignore
            # it from birth (a relay that set its own trap could be stopped before it had,
            # and the rank's next line then killed it by SIGPIPE); it stays until the
            # rank's last line is out.
            trap '' TERM INT HUP
            {
                {
                    code=0
                    (
                        trap - TERM INT HUP
                        # From here a stop reaches the rank's command.
                        printf 'started %s\n' "$rank" >&"$done_fd"
                        export RANK=$rank LOCAL_RANK=$local_rank WORLD_SIZE=$world LOCAL_WORLD_SIZE=$plan_gpus_per_node
                        export GROUP_RANK=$node_rank GROUP_WORLD_SIZE=$node_count ROLE_RANK=$rank ROLE_WORLD_SIZE=$world
                        # As torchrun: one thread per process unless told, not every core in every rank.
                        if ((plan_gpus_per_node > 1)); then
                            export OMP_NUM_THREADS=${OMP_NUM_THREADS:-1}
                        fi
                        user_workload
                    ) 2>&1 1>&3 3>&- || code=$?
                    # Reported when the command ends, though a process it left may still hold its streams.
                    printf '%s %s\n' "$rank" "$code" >&"$done_fd"
                    # Not bash's notice of a command ended by a signal ("Terminated"): the
                    # node's line names the rank that failed, and a notice of one it then
                    # stopped came after it, the node's last line and so its failure's detail.
                } 2>/dev/null | relay "$rank" >&2 3>&-
            } 3> >(relay "$rank")
            # The node's output ends after its ranks' last lines: a node that exited
            # while a relay was still writing lost the line (a pod's output ends with it).
            wait "$!"
        } &
        live+=("$!")
    done
    set +m
    while ((remaining > 0)); do
        # A trapped signal interrupts the read: read again.
        read -r done_rank code <&"$done_fd" || continue
        if [[ $done_rank == started ]]; then
            started=$((started + 1))
            if ((stop_pending)); then
                stop_ranks
            fi
            continue
        fi
        if [[ $done_rank == killed ]]; then
            printf 'traindeck entrypoint (%s): %s of the ranks of this node did not exit within %s s of SIGTERM: killed\n' \
                "$job_name" "$remaining" "$rank_grace_s" >&2
            ((status)) || status=$code
            break
        fi
        remaining=$((remaining - 1))
        if ((code != 0 && status == 0)); then
            status=$code
            if ((!stopping)); then
                printf 'traindeck entrypoint (%s): rank %s exited with status %s: stopping the other %s ranks of this node\n' \
                    "$job_name" "$done_rank" "$code" "$remaining" >&2
                stop_ranks
            fi
        fi
    done
    # Every rank has ended. A process one left behind holding its streams would
    # keep its relay, and so the node, waiting: it is stopped as the ranks are.
    stop_ranks
    wait "${live[@]}" 2>/dev/null || true
    # Nothing is left to stop, and the trap would outlive this function's variables: a
    # stop that came as it returned ran stop_ranks without them, and `set -u` ended this
    # shell with 1 ("stopping: unbound variable").
    trap '' TERM INT HUP
    kill -- "-$killer" 2>/dev/null || true
    return "$status"
}
)SH";

}  // namespace

std::string entrypointScript(const Plan& plan, const LaunchFigures& f, const GenerateOptions& options) {
    std::string s = kHead;
    s += kShellcheckDirective;
    s += "set -euo pipefail\n\n";
    s += "# The plan these files were generated for.\n";
    s += "readonly plan_nodes=" + std::to_string(f.nodes) + "\n";
    s += "readonly plan_gpus_per_node=" + std::to_string(f.gpusPerNode) + "\n";
    s += "readonly plan_master_port=" + std::to_string(plan.launch.masterPort) + "\n";
    s += "readonly plan_cuda_visible_devices=" + platform::cudaVisibleDevices(f.gpusPerNode) + "\n";
    s += "readonly job_name=" + shellQuote(plan.launch.jobName) + "\n";
    s += "# Exit status of a refusal: a configuration error that no retry can fix.\n";
    s += "readonly refuse_status=" + std::to_string(kRefuseExitStatus) + "\n";
    s += kHelpers;
    std::vector<std::string> keys;
    for (const ConventionInfo& c : platform::conventions()) {
        // The deepspeed launcher starts processes itself; no node script runs under it.
        if (c.nodeRankVars.empty()) continue;
        s += conventionBranch(c);
        keys.push_back(c.key);
    }
    s += "    *)\n        refuse \"TRAINDECK_PLATFORM is '$platform', expected one of: " + words(keys) +
         " (the generated launch file sets it)\"\n        ;;\n";
    s += kChecks;

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
    if (perGpu) {
        s += "\n# Seconds a rank has to exit after SIGTERM before it is killed: within the\n"
             "# platform's own grace (Kubernetes 30 s, Slurm's KillWait 30 s) unless told.\n";
        s += "rank_grace_s=${TRAINDECK_RANK_GRACE_S:-" + std::to_string(kRankGraceSeconds) + "}\n";
        s += "is_count \"$rank_grace_s\" || refuse \"TRAINDECK_RANK_GRACE_S is '$rank_grace_s', expected whole seconds\"\n";
        s += kPerGpu;
    }
    s += kRun;
    return s;
}

}  // namespace traindeck::generate
