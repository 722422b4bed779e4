#include "supervisor.h"

#include "generate/shell_quote.h"

namespace traindeck::launch {

std::string supervisorScript() {
    return R"SH(#!/usr/bin/env bash
# TrainDeck: runs a node script ($1) in a session of its own and stops it when
# told on stdin (term, kill) or when stdin closes (the launcher has gone), with
# SIGKILL after $2 seconds of grace. Exits with the node script's status.
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
grace=$2
# A background list reads /dev/null unless told otherwise: the watcher below
# reads the launcher's stdin through fd 3.
exec 3<&0
setsid -w bash "$here/$1" </dev/null &
session=$!
kill_all() {
    pkill -KILL -s "$session" 2>/dev/null
    kill -KILL -- "-$session" 2>/dev/null
}
(
    while read -r command; do
        case $command in
            term) kill -TERM -- "-$session" 2>/dev/null ;;
            kill) kill_all ;;
        esac
    done
    kill -TERM -- "-$session" 2>/dev/null || exit 0
    for _ in $(seq "$((grace * 10))"); do
        kill -0 -- "-$session" 2>/dev/null || exit 0
        sleep 0.1
    done
    kill_all
) <&3 &
watcher=$!
status=0
wait "$session" || status=$?
kill "$watcher" 2>/dev/null
exit "$status"
)SH";
}

std::string preflightScript(const std::string& workload, int masterPort, bool checkPort,
                            const std::vector<std::string>& files) {
    using generate::shellQuote;
    std::string s = "if [ -n \"${CUDA_VISIBLE_DEVICES:-}\" ]; then\n"
                    "  echo \"gpus=$(printf '%s' \"$CUDA_VISIBLE_DEVICES\" | tr ',' '\\n' | grep -c .)\"\n"
                    "elif command -v nvidia-smi >/dev/null 2>&1; then\n"
                    "  echo \"gpus=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU')\"\n"
                    "else\n  echo gpus=none\nfi\n";
    s += "if command -v " + shellQuote(workload) + " >/dev/null 2>&1; then echo workload=yes; else echo workload=no; fi\n";
    if (checkPort)
        s += "if (exec 3<>/dev/tcp/127.0.0.1/" + std::to_string(masterPort) +
             ") 2>/dev/null; then echo master_port=busy; else echo master_port=free; fi\n";
    s += "files=yes\n";
    for (const std::string& f : files) s += "[ -r " + shellQuote(f) + " ] || files=no\n";
    s += "echo files=$files\n";
    return "bash -c " + shellQuote(s);
}

}  // namespace traindeck::launch
