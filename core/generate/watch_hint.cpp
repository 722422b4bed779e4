// How to follow a generated job with `traindeck watch`: the command that
// streams its output, quoted for a shell twice (the inner command is one word
// of --follow-command), in the comment of the file the user submits.

#include "generate/context.h"
#include "generate/shell_quote.h"

#include <cctype>

namespace traindeck::generate {

namespace {

std::string shellWords(const std::vector<std::string>& ws) {
    std::string out;
    for (const std::string& w : ws) {
        if (!out.empty()) out += ' ';
        out += shellQuote(w);
    }
    return out;
}

// `kubectl logs -f` of every pod with the label: --prefix names each line's pod
// (watch attributes it to that node); kubectl follows at most 5 pods unless told more.
std::string kubectlLogs(const Context& ctx, const std::string& selector) {
    std::vector<std::string> cmd = {"kubectl", "logs", "-f", "-l", selector, "--prefix"};
    if (ctx.figures.nodes > 5) cmd.push_back("--max-log-requests=" + std::to_string(ctx.figures.nodes));
    if (ctx.plan.launch.nameSpace != "default") {
        cmd.push_back("-n");
        cmd.push_back(ctx.plan.launch.nameSpace);
    }
    return shellWords(cmd);
}

// A job name that reads the same in a comment, a path and a shell word.
bool isPlainName(const std::string& s) {
    if (s.empty()) return false;
    for (char c : s)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '_')) return false;
    return true;
}

std::string followCommand(const std::string& command) {
    return "traindeck watch --follow --follow-command " + shellQuote(command);
}

}  // namespace

std::string watchComment(const Context& ctx, Target target, const std::string& prefix) {
    const std::string& job = ctx.plan.launch.jobName;
    switch (target) {
    case Target::Kubernetes:
        return prefix + "Watch it: " + followCommand(kubectlLogs(ctx, "job-name=" + job)) + "\n";
    case Target::PyTorchJob:
        return prefix + "Watch it: " + followCommand(kubectlLogs(ctx, "training.kubeflow.org/job-name=" + job)) + "\n";
    case Target::PaiDlc:
        // DLC serves a pod's log as a whole (GetPodLogs), not as a stream: without
        // --follow, watch reads what the log holds and summarises it.
        return prefix + "Watch it (JOB and POD: the ids dlc prints; the log so far, summarised):\n" + prefix + "  " +
               "traindeck watch --follow-command " +
               shellQuote(shellWords({"aliyun", "pai-dlc", "get-pod-logs", "--job-id", "JOB", "--pod-id", "POD"}) +
                          " | " + shellWords({"jq", "-r", ".Logs[]"})) +
               "\n";
    case Target::Slurm:
        // The log (or metrics file) is on the filesystem the login node shares:
        // watch follows it there over ssh. The job prints the exact command.
        return prefix + "Watch it from your machine (LOGIN: the login node; the job prints the exact command):\n" +
               prefix + "  traindeck watch --follow ssh://LOGIN/path/to/submit-dir/" +
               (isPlainName(job) ? job : std::string("JOBNAME")) + "-JOBID.out\n";
    default:
        return {};
    }
}

}  // namespace traindeck::generate
