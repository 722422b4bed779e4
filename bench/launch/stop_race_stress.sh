#!/usr/bin/env bash
# The entrypoint's stop races, thousands of times (tst_entrypoint runs a few hundred):
# each rank of a per-GPU node (and the command of a single one) sends SIGTERM to its
# node as it exits, so that the stop meets the workload's end in every run. A node must
# exit with the workload's status (3) or the stop's (143), and never hang: a run that
# has not ended after HANG_S seconds is counted as a hang and its processes are shown.
#
#   bench/launch/stop_race_stress.sh [RUNS] [TRAINDECK]   (RUNS default 5000; PARALLEL=N
#   runs N nodes at once, to load the machine; GRACE=S the ranks' SIGTERM→SIGKILL grace)
set -u
runs=${1:-5000}
traindeck=${2:-$(dirname "$0")/../../build/app/traindeck}
parallel=${PARALLEL:-2}
hang_s=${HANG_S:-60}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

mkdir -p "$work/stubs"
printf '#!/bin/sh\nprintf "0\\n1\\n"\n' >"$work/stubs/nvidia-smi"
chmod +x "$work/stubs/nvidia-smi"
for mode in per-gpu single; do
    "$traindeck" generate --nodes 2 --gpus-per-node 2 --processes "$mode" --target slurm --out "$work/$mode" \
        --command 'kill -TERM "$$"
exit 3' >/dev/null || exit 2
done

# One node run: its exit status on stdout, or "hang" with what its processes were doing.
one_run() {
    local entrypoint=$1 out pid t
    out=$(mktemp -p "$work")
    env -i PATH="$work/stubs:/usr/bin:/bin" LANG=C.UTF-8 TRAINDECK_RANK_GRACE_S="${GRACE:-30}" \
        TRAINDECK_PLATFORM=ssh NODE_RANK=0 NNODES=2 MASTER_ADDR=h setsid bash "$entrypoint" >/dev/null 2>"$out" &
    pid=$!
    for ((t = 0; t < hang_s * 20; t++)); do
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.05
    done
    if kill -0 "$pid" 2>/dev/null; then
        echo hang
        ps -s "$pid" -o pid,ppid,pgid,stat,wchan:22,args >&2
        cat "$out" >&2
        local -a left
        mapfile -t left < <(ps -s "$pid" -o pid=)
        kill -KILL -- -"$pid" "${left[@]}" 2>/dev/null
        wait "$pid" 2>/dev/null
    else
        wait "$pid"
        echo "$?"
    fi
    rm -f "$out"
}

for mode in per-gpu single; do
    declare -A seen=()
    start=$SECONDS
    for ((i = 0; i < runs; i += parallel)); do
        for ((j = 0; j < parallel && i + j < runs; j++)); do
            one_run "$work/$mode/entrypoint.sh" >"$work/status.$j" &
        done
        wait
        for ((j = 0; j < parallel && i + j < runs; j++)); do
            status=$(<"$work/status.$j")
            seen[$status]=$((${seen[$status]:-0} + 1))
        done
    done
    line="$mode: $runs runs in $((SECONDS - start)) s ($parallel at once):"
    for status in "${!seen[@]}"; do line+=" $status: ${seen[$status]};"; done
    echo "$line"
    bad=0
    for status in "${!seen[@]}"; do [[ $status == 3 || $status == 143 ]] || bad=1; done
    ((bad)) && failed=1
    unset seen
done
exit "${failed:-0}"
