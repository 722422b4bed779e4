#!/usr/bin/env bash
# TrainDeck node supervisor: runs the node script ($1) as a session of its own
# and owns every process of that session. They are stopped (SIGTERM to each,
# SIGKILL to what is left after $2 ms) when the launcher says so on stdin
# (`term`; `kill` skips the grace), when stdin closes (the connection dropped,
# the launcher died), when the launcher is silent for $3 ms (its heartbeat
# lines stopped: a frozen connection; 0: never), and when the node script ends
# (nothing it started may outlive it). Then the run's files are removed and the
# supervisor exits with the node script's status.
set -u
# The launcher starts it from the run's folder, where it lies: no subshell to find it.
here=$PWD
grace_ms=$2
silence_ms=${3:-0}
printf -v silence_s '%d.%03d' $((silence_ms / 1000)) $((silence_ms % 1000))
listening=0

# Milliseconds from bash's clock, or whole seconds where bash is older than 5.0
# (RHEL 8's 4.4 has no EPOCHREALTIME: the grace never ended without the
# launcher); a tick is then added to a deadline, so that no grace is cut short.
tick_ms=0
[[ -n ${EPOCHREALTIME:-} ]] || tick_ms=1000
now_ms() {
    if ((tick_ms)); then
        now=$((SECONDS * 1000))
    else
        now=${EPOCHREALTIME/[.,]/}
        now=$((now / 1000))
    fi
}
# The processes of the session that have not ended (a zombie has), read from
# /proc. pgrep (procps) finds the session's few in one pass in C; a minimal node
# image may have no procps, and then bash reads every process's stat itself,
# which costs far more on a loaded node with many processes.
members=()
have_pgrep=0
command -v pgrep >/dev/null 2>&1 && have_pgrep=1
list_members() {
    local pid line fields candidates
    members=()
    if ((have_pgrep)); then
        mapfile -t candidates < <(pgrep -s "$session")
    else
        candidates=(/proc/[0-9]*)
        candidates=("${candidates[@]#/proc/}")
    fi
    for pid in "${candidates[@]}"; do
        read -r line 2>/dev/null <"/proc/$pid/stat" || continue
        # After "pid (comm) ": state ppid pgrp session ..., numbers and one letter, split
        # on purpose (a here-string per process would cost more on a busy node).
        # shellcheck disable=SC2206
        fields=(${line##*) })
        [[ ${fields[3]} == "$session" && ${fields[0]} != Z ]] && members+=("$pid")
    done
}
alive() { list_members; ((${#members[@]})); }
kill_session() {
    local _
    for _ in {1..40}; do
        alive || return 0
        kill -KILL "${members[@]}" 2>/dev/null
        sleep 0.05
    done
}
# SIGTERM to every process of the session, SIGKILL to what is left after the
# grace, or at once when the launcher says `kill` meanwhile. Each look at the
# session reads all of /proc, which a loaded node pays dearly (a node of a
# large run on a shared machine, many looking ten times a second, starves the
# workloads that are trying to end). So the watcher, which hears the launcher,
# does not look again until the grace is over: when everything ends sooner,
# the node script's end wakes the supervisor, which looks once and ends the
# watcher. Without the launcher (its stdin closed), one look per 0.1 s.
stop_session() {
    local deadline command rc wait_s
    alive || return 0
    kill -TERM "${members[@]}" 2>/dev/null
    # A stopped process (a debugger, a hung device's SIGSTOP) hears SIGTERM only once continued.
    kill -CONT "${members[@]}" 2>/dev/null
    now_ms
    deadline=$((now + grace_ms + tick_ms))
    while :; do
        now_ms
        ((now < deadline)) || break
        if ((listening)); then
            printf -v wait_s '%d.%03d' $(((deadline - now) / 1000)) $(((deadline - now) % 1000))
            rc=0
            read -r -t "$wait_s" command || rc=$?
            if ((rc == 0)); then
                [[ $command == kill ]] && break
            elif ((rc <= 128)); then
                listening=0
            fi
        else
            alive || return 0
            sleep 0.1
        fi
    done
    kill_session
    return 0
}
# Reads the launcher's lines: term, kill, or a heartbeat (anything else).
watch_launcher() {
    local command rc
    listening=1
    while :; do
        rc=0
        if ((silence_ms > 0)); then
            read -r -t "$silence_s" command || rc=$?
        else
            read -r command || rc=$?
        fi
        # rc 1: end of input, the launcher has gone; > 128: it is silent.
        ((rc == 0)) || break
        case $command in
            term) break ;;
            kill) kill_session; return ;;
        esac
    done
    stop_session
}

# --- remove_run_files: begin
# Removes the files that the manifest `$2` in the folder `$1` lists, then the
# folder if it is empty: a workload's own output in it is never removed, nor a
# file that another node's manifest still lists (nodes that share a host, or a
# filesystem, share the folder). Under the folder's lock only bash itself runs
# (no process is started there): what the other manifests list is read, and
# this one is emptied (an empty manifest is a node that is done); the removal
# follows outside the lock, so many nodes on one filesystem do not queue for it.
# The launcher also runs this function alone, where a node is not started
# (core/launch/supervisor.cpp takes it from between the two marker lines).
remove_run_files() {
    local dir=$1 manifest=$1/$2 f m lock
    [[ -s $manifest ]] || return 0
    local -A kept=()
    local mine=() remove=()
    while IFS= read -r f; do [[ -n $f && $f != */* ]] && mine+=("$f"); done <"$manifest"
    exec {lock}<"$dir" && flock "$lock"
    for m in "$dir"/.traindeck-files-node-*; do
        [[ $m != "$manifest" && -s $m ]] || continue
        while IFS= read -r f; do [[ -n $f ]] && kept[$f]=1; done <"$m"
    done
    : >"$manifest"
    exec {lock}<&-
    for f in "${mine[@]}"; do [[ -z ${kept[$f]:-} ]] && remove+=("$dir/$f"); done
    rm -f -- "${remove[@]}" "$manifest"
    rmdir -- "$dir" 2>/dev/null
    return 0
}
# --- remove_run_files: end

# The node script gets the node's stderr (fd 4 until it starts); the supervisor's own goes
# nowhere: bash's notice of a process it waits for ended by a signal ("line 160: 4242
# Killed  setsid bash ...") is not the user's line, the node's status says it.
exec 3<&0 4>&2 2>/dev/null
# A per-GPU entrypoint gives its ranks the same grace between SIGTERM and SIGKILL.
export TRAINDECK_RANK_GRACE_S=${TRAINDECK_RANK_GRACE_S:-$(((grace_ms + 999) / 1000))}
setsid bash "$here/$1" </dev/null 2>&4 4>&- &
session=$!
exec 0</dev/null 4>&-
watch_launcher <&3 >/dev/null 2>&1 &
watcher=$!
exec 3<&-
status=0
wait "$session" || status=$?
stop_session
# The watcher goes too (a `sleep 0.1` it may be in ends by itself).
kill "$watcher" 2>/dev/null
wait "$watcher" 2>/dev/null
remove_run_files "$here" ".traindeck-files-${1%.sh}"
exit "$status"
