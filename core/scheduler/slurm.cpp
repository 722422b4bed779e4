#include "slurm.h"

#include "text/trimmed.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <regex>
#include <sstream>

namespace traindeck::scheduler {

namespace {

// What a command's output has around its words.
constexpr std::string_view kLineBlanks = " \t\r\n";

std::vector<std::string> split(const std::string& s, char sep) {
    std::vector<std::string> parts;
    std::string part;
    std::istringstream in(s);
    while (std::getline(in, part, sep)) parts.push_back(part);
    if (!s.empty() && s.back() == sep) parts.emplace_back();
    return parts;
}

// "143:0" → exit code 143, signal 0 (Slurm's ExitCode=status:signal).
void readExitCode(const std::string& text, JobStatus& s) {
    const auto colon = text.find(':');
    try {
        s.exitCode = std::stoi(text.substr(0, colon));
        if (colon != std::string::npos) s.signal = std::stoi(text.substr(colon + 1));
    } catch (...) {
    }
}

// Slurm writes "(null)" or "None assigned" where a field has no value.
std::string value(const std::string& v) { return v == "(null)" || v == "None assigned" || v == "None" ? std::string() : v; }

// A command's first line of complaint, for a one-line error.
std::string firstLine(const CommandResult& r) {
    const std::string text = trimmed(r.err.empty() ? r.out : r.err, kLineBlanks);
    const std::string line = text.substr(0, text.find('\n'));
    if (r.status == -1) return "no answer within the timeout";
    return line.empty() ? "exit status " + std::to_string(r.status) : line;
}

Text notOnPath(const std::string& program) {
    return Text(TD_TEXT("Scheduler", "%1 is not on PATH: run traindeck where Slurm's commands are (a login node), or install "
                                     "Slurm's client"),
                {Text::value(program)});
}

}  // namespace

JobState slurmJobState(const std::string& word) {
    const std::string w = word.substr(0, word.find(' '));  // sacct: "CANCELLED by 0"
    if (w == "PENDING" || w == "CONFIGURING" || w == "REQUEUED" || w == "REQUEUE_HOLD" || w == "REQUEUE_FED" ||
        w == "RESV_DEL_HOLD")
        return JobState::Pending;
    // COMPLETING: the tasks ended and the nodes are being cleaned; the end is not said yet.
    if (w == "RUNNING" || w == "COMPLETING" || w == "SUSPENDED" || w == "STOPPED" || w == "SIGNALING" ||
        w == "STAGE_OUT" || w == "RESIZING")
        return JobState::Running;
    if (w == "COMPLETED") return JobState::Completed;
    if (w == "CANCELLED") return JobState::Cancelled;
    // FAILED, TIMEOUT, NODE_FAIL, OUT_OF_MEMORY, PREEMPTED, BOOT_FAIL, DEADLINE, REVOKED, ...
    return JobState::Failed;
}

std::optional<JobStatus> parseScontrolJob(const std::string& text) {
    std::optional<JobStatus> status;
    std::string startTime;
    std::istringstream words(text.substr(0, text.find('\n')));
    for (std::string word; words >> word;) {
        const auto eq = word.find('=');
        if (eq == std::string::npos) continue;
        const std::string key = word.substr(0, eq), v = word.substr(eq + 1);
        if (key == "JobState") {
            if (!status) status.emplace();
            status->name = v;
            status->state = slurmJobState(v);
        } else if (key == "Reason") {
            if (!status) status.emplace();
            status->reason = value(v);
        } else if (key == "NodeList") {
            if (!status) status.emplace();
            status->nodes = value(v);
        } else if (key == "ExitCode") {
            if (!status) status.emplace();
            readExitCode(v, *status);
        } else if (key == "Restarts") {
            if (!status) status.emplace();
            status->restarts = std::atoi(v.c_str());
        } else if (key == "SubmitTime") {
            if (!status) status.emplace();
            status->submitted = v == "Unknown" ? std::string() : value(v);
        } else if (key == "StartTime") {
            startTime = v == "Unknown" ? std::string() : value(v);
        }
    }
    if (status && status->name.empty()) return std::nullopt;
    // A pending job's StartTime is when Slurm expects to start it (what squeue --start shows).
    if (status && status->state == JobState::Pending) status->expectedStart = startTime;
    return status;
}

std::optional<JobStatus> parseSacct(const std::string& text) {
    for (const std::string& line : split(text, '\n')) {
        const std::vector<std::string> f = split(trimmed(line, kLineBlanks), '|');
        if (f.size() < 3 || f[0].empty()) continue;
        JobStatus s;
        s.name = f[0].substr(0, f[0].find(' '));
        s.state = slurmJobState(f[0]);
        readExitCode(f[1], s);
        s.nodes = value(f[2]);
        if (f.size() > 3) s.reason = value(f[3]);
        return s;
    }
    return std::nullopt;
}

std::string parseSbatchJobId(const std::string& text) {
    const std::string_view line = trimmedView(text, kLineBlanks);
    const std::string id(line.substr(0, line.find(';')));
    if (id.empty() || !std::all_of(id.begin(), id.end(), [](unsigned char c) { return std::isdigit(c) || c == '_'; }))
        return {};
    return id;
}

int gresGpuCount(const std::string& gres) {
    int total = 0;
    for (std::string entry : split(gres, ',')) {
        entry = entry.substr(0, entry.find('('));  // "gpu:h100:8(S:0-1)"
        const std::vector<std::string> parts = split(entry, ':');
        if (parts.size() < 2 || parts[0] != "gpu") continue;
        try {
            total += std::stoi(parts.back());
        } catch (...) {
        }
    }
    return total;
}

std::vector<SlurmPartition> parseSinfoPartitions(const std::string& text) {
    std::vector<SlurmPartition> partitions;
    for (const std::string& line : split(text, '\n')) {
        const std::vector<std::string> f = split(trimmed(line, kLineBlanks), '|');
        if (f.size() < 4 || f[0].empty()) continue;
        std::string name = f[0];
        const bool isDefault = name.back() == '*';
        if (isDefault) name.pop_back();
        auto p = std::find_if(partitions.begin(), partitions.end(), [&](const SlurmPartition& x) { return x.name == name; });
        if (p == partitions.end()) {
            partitions.push_back({name, isDefault, f[3] == "up", 0, 0});
            p = partitions.end() - 1;
        }
        // One line per kind of node of the partition.
        try {
            p->nodes += std::stoi(f[1]);
        } catch (...) {
        }
        p->maxGpusPerNode = std::max(p->maxGpusPerNode, gresGpuCount(f[2]));
    }
    return partitions;
}

std::optional<TaskFailure> parseSrunFailure(const std::string& errOutput) {
    static const std::regex line(R"(srun: error: (\S+): tasks? ([0-9,\-]+): (.+))");
    // What srun says when Slurm took a node away from the step (it went down).
    static const std::regex nodeFailure(R"(srun: error: Node failure on (\S+))");
    std::smatch m;
    for (const std::string& l : split(errOutput, '\n')) {
        if (std::regex_search(l, m, line)) return TaskFailure{m[1], m[2], trimmed(m[3].str(), kLineBlanks)};
        if (std::regex_search(l, m, nodeFailure)) return TaskFailure{m[1], "", "Node failure"};
    }
    return std::nullopt;
}

std::vector<NodeProblem> parseSinfoNodeProblems(const std::string& text) {
    std::vector<NodeProblem> problems;
    for (const std::string& line : split(text, '\n')) {
        const std::vector<std::string> f = split(trimmed(line, kLineBlanks), '|');
        if (f.size() < 2 || f[0].empty()) continue;
        NodeProblem p{f[0], f[1], f.size() > 2 ? value(f[2]) : std::string(), false};
        // '*': the node does not answer the controller; '~', '#', '!', '%', '$', '@': power and
        // maintenance marks, not a failure.
        while (!p.state.empty() && std::string_view("*~#!%$@^-").find(p.state.back()) != std::string_view::npos) {
            p.notResponding = p.notResponding || p.state.back() == '*';
            p.state.pop_back();
        }
        const bool failing = p.notResponding || p.state.rfind("down", 0) == 0 || p.state.rfind("drain", 0) == 0 ||
                             p.state.rfind("fail", 0) == 0;
        // sinfo -N lists a node once per partition it is in.
        if (failing && std::none_of(problems.begin(), problems.end(), [&](const NodeProblem& q) { return q.node == p.node; }))
            problems.push_back(std::move(p));
    }
    return problems;
}

Text slurmConfigProblem(const char* slurmConf, const std::function<bool(const std::string&)>& exists) {
    if (slurmConf && *slurmConf && !exists(slurmConf))
        return Text(TD_TEXT("Scheduler", "SLURM_CONF names %1, which does not exist: point it at the cluster's slurm.conf, "
                                         "or unset it where Slurm's client is configured"),
                    {Text::value(slurmConf)});
    return {};
}

Text SlurmScheduler::check(const Plan& plan) {
    const LaunchSettings& l = plan.launch;
    // Slurm's commands would retry reading a configuration that is not there for a minute each.
    if (Text problem = slurmConfigProblem(std::getenv("SLURM_CONF"), [](const std::string& path) {
            std::error_code ec;
            return std::filesystem::exists(path, ec);
        });
        !problem.empty())
        return problem;
    for (const char* program : {"sbatch", "sinfo"}) {
        const CommandResult r = run({program, "--version"});
        if (!r.started) return notOnPath(program);
    }
    const CommandResult info = run({"sinfo", "-h", "-o", "%P|%D|%G|%a"});
    // No slurm.conf and none served by DNS (Slurm's configless mode).
    if (!info.ok() && info.err.find("configuration source") != std::string::npos)
        return Text(TD_TEXT("Scheduler", "Slurm's client has no configuration here (no slurm.conf, none served by DNS): set "
                                         "SLURM_CONF to the cluster's slurm.conf, or run traindeck on a login node"));
    if (!info.ok())
        return Text(TD_TEXT("Scheduler", "the Slurm controller does not answer (sinfo: %1)"), {Text::value(firstLine(info))});
    const std::vector<SlurmPartition> partitions = parseSinfoPartitions(info.out);
    std::string names;
    for (const SlurmPartition& p : partitions) names += (names.empty() ? "" : ", ") + p.name;
    auto it = std::find_if(partitions.begin(), partitions.end(), [&](const SlurmPartition& p) {
        return l.slurmPartition.empty() ? p.isDefault : p.name == l.slurmPartition;
    });
    if (it == partitions.end())
        return l.slurmPartition.empty()
                   ? Text(TD_TEXT("Scheduler", "the cluster has no default partition: name one (%1; the cluster has: %2)"),
                          {Text::field("launch.slurm_partition", "--partition"), Text::value(names)})
                   : Text(TD_TEXT("Scheduler", "partition '%1' does not exist (the cluster has: %2)"),
                          {Text::value(l.slurmPartition), Text::value(names)});
    const Text partition = Text::value(it->name);
    if (plan.cluster.gpusPerNode > it->maxGpusPerNode)
        return Text(TD_TEXT("Scheduler", "the plan asks %1 GPUs per node, but partition '%2''s nodes have at most %3 (sinfo)"),
                    {Text::value(std::to_string(plan.cluster.gpusPerNode)), partition,
                     Text::value(std::to_string(it->maxGpusPerNode))});
    if (plan.cluster.nodes > it->nodes)
        return Text(TD_TEXT("Scheduler", "the plan asks %1 nodes, but partition '%2' has %3 (sinfo)"),
                    {Text::value(std::to_string(plan.cluster.nodes)), partition, Text::value(std::to_string(it->nodes))});
    // Accounts are known where accounting is on (slurmdbd); elsewhere Slurm takes any
    // name, and sbatch refuses the job where the cluster enforces them.
    if (!l.slurmAccount.empty()) {
        const CommandResult acct = run({"sacctmgr", "-n", "-P", "show", "account", l.slurmAccount, "format=Account"});
        if (acct.ok() && trimmed(acct.out, kLineBlanks).empty())
            return Text(TD_TEXT("Scheduler", "Slurm account '%1' does not exist (sacctmgr)"), {Text::value(l.slurmAccount)});
    }
    return {};
}

std::vector<std::string> SlurmScheduler::submitCommand(const JobRequest& r) const {
    // Run in workDir: the job.sbatch finds its files in SLURM_SUBMIT_DIR, sbatch's own
    // working directory (not --chdir's).
    // --open-mode=append: a job Slurm starts again (a requeue after a node failed) adds its
    // output after the first run's, where the default would truncate the files.
    std::vector<std::string> argv = {"sbatch", "--parsable", "--open-mode=append"};
    argv.insert(argv.end(), r.options.begin(), r.options.end());
    argv.insert(argv.end(), {"--output=" + r.outPath, "--error=" + r.errPath, r.script});
    return argv;
}

std::string SlurmScheduler::submit(const JobRequest& request, Text& error) {
    const CommandResult r = run(submitCommand(request), request.workDir);
    if (!r.started) {
        error = notOnPath("sbatch");
        return {};
    }
    const std::string id = r.ok() ? parseSbatchJobId(r.out) : std::string();
    if (id.empty()) {
        // sbatch's last line says why ("Batch job submission failed: Invalid account ...").
        std::string why = trimmed(r.err, kLineBlanks);
        why = why.substr(why.rfind('\n') == std::string::npos ? 0 : why.rfind('\n') + 1);
        error = Text(TD_TEXT("Scheduler", "sbatch refused the job: %1"), {Text::value(why.empty() ? firstLine(r) : why)});
    }
    return id;
}

JobStatus SlurmScheduler::query(const std::string& jobId, Text& error) {
    const CommandResult r = run({"scontrol", "show", "job", "-o", jobId});
    if (r.ok())
        if (std::optional<JobStatus> s = parseScontrolJob(r.out)) return *s;
    // The controller forgets an ended job after MinJobAge; accounting keeps it.
    const bool forgotten = r.started && r.err.find("Invalid job id") != std::string::npos;
    if (!forgotten && r.started) {
        error = Text(TD_TEXT("Scheduler", "the Slurm controller does not answer (scontrol: %1)"), {Text::value(firstLine(r))});
        return {};
    }
    const CommandResult acct = run({"sacct", "-n", "-P", "-X", "-j", jobId, "-o", "State,ExitCode,NodeList,Reason"});
    if (acct.ok())
        if (std::optional<JobStatus> s = parseSacct(acct.out)) return *s;
    if (!r.started && !acct.started) {
        error = notOnPath("scontrol");
        return {};
    }
    JobStatus gone;
    gone.state = JobState::Gone;
    gone.name = "UNKNOWN";
    return gone;
}

Text SlurmScheduler::signalTasks(const std::string& jobId) {
    const CommandResult r = run({"scancel", "--signal=TERM", jobId});
    return r.ok() ? Text() : Text(TD_TEXT("Scheduler", "scancel: %1"), {Text::value(firstLine(r))});
}

Text SlurmScheduler::cancel(const std::string& jobId) {
    const CommandResult r = run({"scancel", jobId});
    return r.ok() ? Text() : Text(TD_TEXT("Scheduler", "scancel: %1"), {Text::value(firstLine(r))});
}

Text SlurmScheduler::nodeProblems(const std::string& nodes) {
    if (nodes.empty()) return {};
    const CommandResult r = run({"sinfo", "-h", "-N", "-n", nodes, "-o", "%N|%T|%E"});
    if (!r.ok()) return {};
    std::vector<Text> parts;
    for (const NodeProblem& p : parseSinfoNodeProblems(r.out)) {
        const Text node = Text::value(p.node), state = Text::value(p.state);
        Text part = p.notResponding ? Text(TD_TEXT("Scheduler", "node %1 does not answer Slurm (%2)"), {node, state})
                                    : Text(TD_TEXT("Scheduler", "node %1 is %2"), {node, state});
        if (!p.reason.empty()) part = Text(TD_TEXT("Scheduler", "%1: %2"), {part, Text::value(p.reason)});
        if (!parts.empty()) parts.push_back(Text::value("; "));
        parts.push_back(part);
    }
    return parts.empty() ? Text() : Text::concat(parts);
}

std::vector<std::string> SlurmScheduler::hostNames(const std::string& nodes) {
    if (nodes.empty()) return {};
    const CommandResult r = run({"scontrol", "show", "hostnames", nodes});
    std::vector<std::string> hosts;
    if (!r.ok()) return hosts;
    for (const std::string& line : split(r.out, '\n'))
        if (std::string host = trimmed(line, kLineBlanks); !host.empty()) hosts.push_back(host);
    return hosts;
}

Text SlurmScheduler::firstFailure(const std::string& errOutput) const {
    const std::optional<TaskFailure> f = parseSrunFailure(errOutput);
    if (!f) return {};
    if (f->task.empty()) return Text(TD_TEXT("Scheduler", "node %1 failed (srun: Node failure on %1)"), {Text::value(f->node)});
    return Text(TD_TEXT("Scheduler", "node %1, task %2: %3"), {Text::value(f->node), Text::value(f->task), Text::value(f->what)});
}

}  // namespace traindeck::scheduler
