#include "supervisor.h"

#include "generate/shell_quote.h"
#include "launch/supervise_sh.h"  // generated from supervise.sh: kSuperviseSh

#include <stdexcept>

namespace traindeck::launch {

namespace {

// The supervisor's function that removes a node's run files (supervise.sh says how),
// which a node that is not started runs alone: the lines between its two markers.
const std::string& removeRunFilesFunction() {
    static const std::string function = [] {
        const std::string script = kSuperviseSh;
        const std::string begin = "# --- remove_run_files: begin\n", end = "# --- remove_run_files: end\n";
        const size_t from = script.find(begin), to = script.find(end);
        if (from == std::string::npos || to == std::string::npos || to < from)
            throw std::logic_error("supervise.sh lacks the remove_run_files markers");
        return script.substr(from + begin.size(), to - from - begin.size());
    }();
    return function;
}

}  // namespace

std::string supervisorScript() { return kSuperviseSh; }

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
    if (copy) s += removeRunFilesFunction() + "remove_run_files " + shellQuote(c.dir) + " " + manifestFile(c.node) + "\n";
    s += "exit 0\n";
    return "bash -c " + shellQuote(s);
}

}  // namespace traindeck::launch
