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
    # Per local rank: its job's pid, and 0 starting, 1 started (its command can receive a
    # stop), 2 ended (counted).
    local -a live=() state=()
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
    # The ranks' lines and this shell's own go to the node's stderr through node_err; this
    # shell's stderr goes nowhere: bash's notice of a job ended by a signal while job
    # control was on ("[7]+ Terminated { trap '' TERM ...") is no line of the user's.
    local node_err
    exec {node_err}>&2 2>/dev/null
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
        } 2>&"$node_err" &
        live[local_rank]=$!
        state[local_rank]=0
    done
    set +m
    # A rank's report: "started" once, then its command's status.
    # shellcheck disable=SC2317
    rank_started() {
        ((state[$1] == 0)) || return 0
        state[$1]=1
        started=$((started + 1))
        if ((stop_pending)); then
            stop_ranks
        fi
    }
    # shellcheck disable=SC2317
    rank_ended() {
        ((state[$1] == 2)) && return 0
        rank_started "$1"
        state[$1]=2
        remaining=$((remaining - 1))
        if (($2 != 0 && status == 0)); then
            status=$2
            if ((!stopping && !stop_pending)); then
                printf 'traindeck entrypoint (%s): rank %s exited with status %s: stopping the other %s ranks of this node\n' \
                    "$job_name" "$((node_rank * plan_gpus_per_node + $1))" "$2" "$remaining" >&"$node_err"
                stop_ranks
            fi
        fi
    }
    # A rank's job can end without a word: a stop sent to this shell's process group
    # reaches a job just forked, before it has its own group and ignores the stop, and
    # ends it (it did: the node then waited for its report forever). Such a job is
    # found by looking, and counted with the status `wait` kept for it.
    # shellcheck disable=SC2317
    count_silent_ranks() {
        local local_rank job_status
        # A job writes its report before it ends: reports still in the channel come first.
        read -r -t 0 -u "$done_fd" && return 0
        for local_rank in "${!live[@]}"; do
            ((state[local_rank] == 2)) && continue
            kill -0 "${live[local_rank]}" 2>/dev/null && continue
            job_status=0
            wait "${live[local_rank]}" 2>/dev/null || job_status=$?
            rank_ended "$local_rank" "$job_status"
        done
    }
    local rc
    while ((remaining > 0)); do
        # Read from the channel's own descriptor (-u), not a redirection: the stop's trap runs
        # inside `read`, and starts the killer, while a redirection's copy of stdin is in place.
        # A trapped signal ends the read early (a status above 128): read again. The channel is
        # open for writing here too, so it never ends; should it fail, the ranks' reports
        # cannot come and the node must not wait for them forever.
        # At most a second between looks, for the jobs that end without a report.
        rc=0
        read -r -t 1 -u "$done_fd" done_rank code || rc=$?
        if ((rc > 128)); then
            count_silent_ranks
            continue
        elif ((rc != 0)); then
            printf 'traindeck entrypoint (%s): the channel of the ranks failed (read status %s): stopping the ranks of this node\n' \
                "$job_name" "$rc" >&"$node_err"
            status=1
            started=$plan_gpus_per_node  # no report comes any more: the stop below is sent now
            break
        fi
        if [[ $done_rank == started ]]; then
            rank_started "$((code - node_rank * plan_gpus_per_node))"
            continue
        fi
        if [[ $done_rank == killed ]]; then
            printf 'traindeck entrypoint (%s): %s of the ranks of this node did not exit within %s s of SIGTERM: killed\n' \
                "$job_name" "$remaining" "$rank_grace_s" >&"$node_err"
            ((status)) || status=$code
            break
        fi
        rank_ended "$((done_rank - node_rank * plan_gpus_per_node))" "$code"
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
