#include "supervisor.h"

#include "generate/shell_quote.h"

namespace traindeck::launch {

namespace {

// Removes the files that the manifest `$2` in the folder `$1` lists, then the
// folder if it is empty: a workload's own output in it is never removed, nor a
// file that another node's manifest still lists (nodes that share a host, or a
// filesystem, share the folder). Under the folder's lock only bash itself runs
// (no process is started there): what the other manifests list is read, and
// this one is emptied (an empty manifest is a node that is done); the removal
// follows outside the lock, so many nodes on one filesystem do not queue for it.
const char* kRemoveFiles = R"SH(remove_run_files() {
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
)SH";

}  // namespace

std::string supervisorScript() {
    std::string s = R"SH(#!/usr/bin/env bash
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
        candidates=($(pgrep -s "$session"))
    else
        candidates=(/proc/[0-9]*)
        candidates=("${candidates[@]#/proc/}")
    fi
    for pid in "${candidates[@]}"; do
        read -r line 2>/dev/null <"/proc/$pid/stat" || continue
        fields=(${line##*) })  # after "pid (comm) ": state ppid pgrp session ...
        [[ ${fields[3]} == "$session" && ${fields[0]} != Z ]] && members+=("$pid")
    done
}
alive() { list_members; ((${#members[@]})); }
kill_session() {
    local i
    for i in {1..40}; do
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
)SH";
    s += kRemoveFiles;
    s += R"SH(
exec 3<&0
setsid bash "$here/$1" </dev/null &
session=$!
exec 0</dev/null
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
)SH";
    return s;
}

std::string manifestFile(int node) { return ".traindeck-files-node-" + std::to_string(node); }

namespace {

// key=value lines for the launcher: gpus, workload, master_port (node 0), and
// files (what was copied is readable) or, for a dry run, writable. Every node of
// a large run pays each process started here on the run's critical path (a
// fork and exec costs milliseconds, more on a loaded node): the checks use
// bash's builtins, and start only nvidia-smi. GPUs are counted as the
// entrypoint counts them (CUDA_VISIBLE_DEVICES's entries, else nvidia-smi's).
std::string checksScript(const NodeCommand& c) {
    using generate::shellQuote;
    std::string s = "if [ -n \"${CUDA_VISIBLE_DEVICES:-}\" ]; then\n"
                    "  IFS=, read -r -a visible <<<\"$CUDA_VISIBLE_DEVICES\"\n"
                    "  echo \"gpus=${#visible[@]}\"\n"
                    "elif command -v nvidia-smi >/dev/null 2>&1; then\n"
                    "  gpus=0\n"
                    "  while IFS= read -r line; do [[ $line == GPU* ]] && gpus=$((gpus + 1)); done < <(nvidia-smi -L 2>/dev/null)\n"
                    "  echo \"gpus=$gpus\"\n"
                    "else\n  echo gpus=none\nfi\n";
    s += "if command -v " + shellQuote(c.workload) + " >/dev/null 2>&1; then echo workload=yes; else echo workload=no; fi\n";
    // The redirection of a builtin opens and closes the connection: no subshell.
    if (c.checkPort)
        s += "if : 2>/dev/null 3<>/dev/tcp/127.0.0.1/" + std::to_string(c.masterPort) +
             "; then echo master_port=busy; else echo master_port=free; fi\n";
    if (c.dryRun) {
        // Nothing is copied: the nearest folder that exists must let the run's files in.
        s += "d=" + shellQuote(c.dir) + "\n"
             "while [ ! -e \"$d\" ]; do case $d in */*) d=${d%/*}; d=${d:-/} ;; *) d=. ;; esac; done\n"
             "if [ -d \"$d\" ] && [ -w \"$d\" ]; then echo writable=yes; else echo writable=no; fi\n";
    } else {
        s += "files=yes\n";
        for (const std::string& f : {c.nodeScript, std::string("entrypoint.sh"), std::string(kSupervisorFile)})
            s += "[ -r " + shellQuote(c.dir + "/" + f) + " ] || files=no\n";
        s += "echo files=$files\n";
    }
    return s;
}

// Writes the node's files into its folder with the node's shell, from quoted
// text, and the manifest of what it writes; `copied=yes` tells a failed copy
// from checks that could not run. It runs in the checks' own subshell (the
// umask stays there); mkdir and one chmod are the only processes it starts.
std::string copyScript(const NodeCommand& c) {
    using generate::shellQuote;
    const auto in = [&](const std::string& file) { return shellQuote(c.dir + "/" + file); };
    std::string manifest, writes, executables;
    for (const auto& f : c.files) {
        manifest += f.path + "\n";
        writes += " && printf '%s' " + shellQuote(f.content) + " > " + in(f.path);
        if (f.executable) executables += " " + in(f.path);
    }
    // The manifest first: a copy that fails halfway, or is cut short by the user's
    // stop, leaves nothing that the manifest does not name for the removal, and a
    // node sharing the folder that ends meanwhile (the user's stop: otherwise no node
    // is told anything before every node's checks have ended) keeps what it names.
    std::string commands = "umask 077 && mkdir -p " + shellQuote(c.dir) + " && printf '%s' " + shellQuote(manifest) +
                           " > " + in(manifestFile(c.node)) + writes;
    if (!executables.empty()) commands += " && chmod 700" + executables;
    return "if " + commands + "; then echo copied=yes; else echo copied=no; echo " + kPreflightEnd +
           "; exit 0; fi\n";
}

}  // namespace

std::string nodeCommand(const NodeCommand& c) {
    using generate::shellQuote;
    const bool copy = !c.files.empty();
    // The copy and the checks run as a job of their own (job control gives it its
    // own process group: a fork, where setsid would cost two more programs), so
    // that a stop during them (a hung nvidia-smi, a slow filesystem) ends all
    // they started. Their stdin is not the launcher's: the verdict is read here.
    const std::string checks = (copy ? copyScript(c) : std::string()) + checksScript(c) + "echo " + kPreflightEnd + "\n";
    std::string s = "set -m\n{\n" + checks + "} </dev/null &\nchecks=$!\nset +m\n"
                    "IFS= read -r verdict || verdict=\n"
                    "if [ \"$verdict\" = go ]; then\n"
                    "  wait \"$checks\"\n"
                    "  cd " + shellQuote(c.dir) + " && exec bash " + kSupervisorFile + " " + shellQuote(c.nodeScript) + " " +
                    std::to_string(long(c.graceS * 1000 + 0.5)) + " " + std::to_string(long(c.silenceS * 1000 + 0.5)) +
                    "\n  exit 127\nfi\n"
                    // Not started: end what still runs of the checks, take the copied files away.
                    "kill -KILL -- -\"$checks\" 2>/dev/null\nwait \"$checks\" 2>/dev/null\n";
    if (copy) s += std::string(kRemoveFiles) + "remove_run_files " + shellQuote(c.dir) + " " + manifestFile(c.node) + "\n";
    s += "exit 0\n";
    return "bash -c " + shellQuote(s);
}

}  // namespace traindeck::launch
