#include "scheduled_job.h"

#include "files/write_whole.h"
#include "generate/generate.h"
#include "generate/slurm.h"
#include "metrics/metrics_line.h"

#include <nlohmann/json.hpp>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <ctime>
#include <filesystem>
#include <fstream>

namespace traindeck::launch {

namespace fs = std::filesystem;

namespace {

// In files/, named as job.sbatch names its output (%x the job's name, %j its id), so that
// the hint it prints (`traindeck watch --follow ssh://…`) names this file.
constexpr const char* kJobOutput = "%x-%j.out";
constexpr const char* kJobError = "%x-%j.err";

// Slurm's file name pattern with the job's name and id in.
std::string jobFile(std::string path, const std::string& jobName, const std::string& jobId) {
    for (const auto& [pattern, value] : {std::pair<std::string, std::string>{"%x", jobName}, {"%j", jobId}})
        if (const auto at = path.find(pattern); at != std::string::npos) path.replace(at, 2, value);
    return path;
}

std::uint64_t fileSize(const fs::path& p) {
    std::error_code ec;
    const auto size = fs::file_size(p, ec);
    return ec ? 0 : std::uint64_t(size);
}

// The target whose files a platform's scheduler runs.
generate::Target targetOf(const Plan& plan) {
    switch (plan.launch.platform) {
    case Platform::Slurm: return generate::Target::Slurm;
    default: break;
    }
    throw LaunchError(Text(TD_TEXT("Launch", "traindeck launch submits to Slurm only (--platform slurm); for this platform "
                                             "use 'traindeck generate'")));
}

// Takes the follower's lock of a run folder (flock on job.lock) and writes who holds it.
// Returns its descriptor; -1 where the file cannot be opened (nothing to keep to); -2
// where another process holds it, `holder` then says who.
int lockFollower(const std::string& path, std::string& holder) {
    const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) return -1;
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
        char text[512];
        const ssize_t n = ::pread(fd, text, sizeof text - 1, 0);
        holder.assign(text, std::size_t(std::max<ssize_t>(0, n)));
        while (!holder.empty() && (holder.back() == '\n' || holder.back() == ' ')) holder.pop_back();
        if (holder.empty()) holder = "?";
        ::close(fd);
        return -2;
    }
    char host[256] = {};
    ::gethostname(host, sizeof host - 1);
    char since[32] = {};
    const std::time_t now = std::time(nullptr);
    std::tm utc{};
    ::gmtime_r(&now, &utc);
    std::strftime(since, sizeof since, "%Y-%m-%dT%H:%M:%SZ", &utc);
    const std::string who = "pid " + std::to_string(::getpid()) + " on " + host + " since " + since + "\n";
    if (::ftruncate(fd, 0) != 0 || ::pwrite(fd, who.data(), who.size(), 0) != ssize_t(who.size())) {
        // The lock holds all the same; only who holds it is not said.
    }
    return fd;
}

}  // namespace

std::string followerLockPath(const std::string& runDir) { return (fs::path(runDir) / "job.lock").string(); }

std::string jobRecordPath(const std::string& runDir) { return (fs::path(runDir) / "job.json").string(); }

bool readJobRecord(const std::string& runDir, JobRecord& r, Text& error) {
    std::ifstream in(jobRecordPath(runDir));
    if (!in) {
        error = Text(TD_TEXT("Launch", "%1 holds no submitted job (no job.json)"), {Text::value(runDir)});
        return false;
    }
    try {
        const nlohmann::json j = nlohmann::json::parse(in);
        r.scheduler = j.at("scheduler").get<std::string>();
        r.jobId = j.at("job_id").get<std::string>();
        r.outPath = (fs::path(runDir) / j.at("output").get<std::string>()).string();
        r.errPath = (fs::path(runDir) / j.at("error").get<std::string>()).string();
        r.outStart = j.value("output_start", std::uint64_t(0));
        r.errStart = j.value("error_start", std::uint64_t(0));
    } catch (const std::exception& e) {
        error = Text(TD_TEXT("Launch", "%1: not a job record: %2"), {Text::value(jobRecordPath(runDir)), Text::value(e.what())});
        return false;
    }
    return true;
}

ScheduledJob::ScheduledJob(ScheduledJobConfig config, scheduler::Scheduler& scheduler, Sink sink)
    : config_(std::move(config)), scheduler_(scheduler), sink_(std::move(sink)) {
    const Plan& plan = config_.plan;
    const generate::Target target = targetOf(plan);
    const PlanAnalysis analysis = analyseForLaunch(plan);  // its readiness and its files
    try {
        files_ = generate::generate(analysis, target, {});
    } catch (const generate::GenerateError& e) {
        throw LaunchError(e.text());
    }
    // Before anything is written or submitted: the cluster can take this plan.
    if (Text problem = scheduler_.check(plan); !problem.empty())
        throw LaunchError(config_.dryRun ? Text(TD_TEXT("Launch", "the cluster cannot take this plan: %1"), {problem})
                                         : Text(TD_TEXT("Launch", "nothing submitted: %1"), {problem}));
    const std::string runId = makeRunId(plan.launch.jobName);
    runDir_ = config_.runDir.empty() ? defaultRunDir(runId) : config_.runDir;
    std::error_code ec;
    runDir_ = fs::absolute(runDir_, ec).lexically_normal().string();
    if (!runDir_.empty() && runDir_.back() == '/') runDir_.pop_back();
    // One launcher follows a folder's job: a folder whose earlier job is followed still is not launched into.
    if (!config_.dryRun) {
        fs::create_directories(runDir_, ec);
        std::string holder;
        lock_.fd = lockFollower(followerLockPath(runDir_), holder);
        if (lock_.fd == -2)
            throw LaunchError(Text(TD_TEXT("Launch", "nothing submitted: the job of run folder %1 is followed by another "
                                                     "launcher (%2); launch into another folder (--run-dir)"),
                                   {Text::value(runDir_), Text::value(holder)}));
    }
    std::string error;
    folder_ = std::make_unique<RunFolder>(runDir_, plan, std::vector<std::string>{}, files_, error);
    if (error.empty()) attempt_ = folder_->startAttempt(runId, config_.dryRun, 1, error);
    if (!error.empty())
        throw LaunchError(Text(TD_TEXT("Launch", "cannot make the run folder %1: %2"), {Text::value(runDir_), Text::value(error)}));
    logs_ = folder_->nodeLogs(0);
    // The job is submitted from files/ (a filesystem the nodes share), its script and
    // its generated files there, and writes its output there.
    request_ = {files_.front().path, folder_->filesDir(), folder_->filesDir() + "/" + kJobOutput,
                folder_->filesDir() + "/" + kJobError, {}};
    if (config_.noRequeue) request_.options.push_back("--no-requeue");
    record_.scheduler = scheduler_.name();
    record_.outStart = fileSize(fs::path(runDir_) / "node-0.out");
    record_.errStart = fileSize(fs::path(runDir_) / "node-0.err");
}

ScheduledJob::ScheduledJob(const std::string& runDir, scheduler::Scheduler& scheduler, scheduler::PollPolicy poll, Sink sink)
    : scheduler_(scheduler), sink_(std::move(sink)), runDir_(runDir), attached_(true) {
    config_.poll = poll;
    Text error;
    if (!readJobRecord(runDir_, record_, error)) throw LaunchError(error);
    if (record_.scheduler != scheduler_.name())
        throw LaunchError(Text(TD_TEXT("Launch", "%1's job was submitted to %2, not %3"),
                               {Text::value(runDir_), Text::value(record_.scheduler), Text::value(scheduler_.name())}));
    std::string holder;
    lock_.fd = lockFollower(followerLockPath(runDir_), holder);
    if (lock_.fd == -2) {
        readOnly_ = true;
        holder_ = holder;
    }
    folder_ = std::make_unique<RunFolder>(runDir_);
    std::string openError;
    attempt_ = folder_->continueAttempt(openError);
    if (!openError.empty())
        throw LaunchError(Text(TD_TEXT("Launch", "cannot open the run folder %1: %2"), {Text::value(runDir_), Text::value(openError)}));
    logs_ = folder_->nodeLogs(0);
}

void ScheduledJob::HeldLock::release() {
    if (fd >= 0) ::close(fd);  // the lock goes with it
    fd = -1;
}

std::string ScheduledJob::jobId() const {
    std::lock_guard lock(mutex_);
    return record_.jobId;
}

void ScheduledJob::report(JobEvent e) {
    e.jobId = record_.jobId;
    if (sink_) sink_(e);
}

void ScheduledJob::notice(const Text& message) {
    JobEvent e;
    e.kind = JobEvent::Kind::Notice;
    e.message = message;
    report(std::move(e));
}

void ScheduledJob::stop() {
    if (readOnly_) return leave();  // the job is the other launcher's to stop
    std::lock_guard lock(mutex_);
    stopped_ = true;
    if (follower_) follower_->stop();
}

void ScheduledJob::leave() {
    std::lock_guard lock(mutex_);
    left_ = true;
    if (follower_) follower_->leave();
}

// The job's output: appended whole to node-<0>.out/.err as it comes, reported line by line.
void ScheduledJob::output(int stream, const std::string& chunk, bool fromJob) {
    if (!readOnly_) {
        logs_.append(stream, chunk);
        if (fromJob) copied_[stream] += chunk.size();
        saveCopied();
    }
    std::string& partial = partial_[stream];
    partial += chunk;
    std::size_t begin = 0;
    for (std::size_t nl; (nl = partial.find('\n', begin)) != std::string::npos; begin = nl + 1) {
        JobEvent e;
        e.kind = JobEvent::Kind::Output;
        e.stream = stream == 0 ? Stream::Out : Stream::Err;
        e.line = partial.substr(begin, nl - begin);
        if (stream == 1 && firstFailure_.empty()) firstFailure_ = scheduler_.firstFailure(e.line);
        std::string trainerError;
        if (stream == 0 && !e.line.empty() && e.line.front() == '{')  // as Launch tells a trainer's metrics lines
            if (const auto metrics = metrics::readMetricsLine(e.line)) {
                e.metricsEvent = metrics->event;
                e.node = metrics->node.value_or(-1);
                if (metrics->event == "error") trainerError = metrics->message.empty() ? metrics->kind : metrics->message;
            }
        report(std::move(e));
        // A trainer that lost a rank knows before Slurm does that a node failed: said at once,
        // and the scheduler asked about the job's nodes at the next query.
        if (!trainerError.empty() && !trainerErrorSaid_) {
            trainerErrorSaid_ = true;
            notice(Text(TD_TEXT("Launch", "job %1: the trainer reports: %2"), {Text::value(record_.jobId), Text::value(trainerError)}));
            std::lock_guard lock(mutex_);
            if (follower_) follower_->checkNodes();
        }
    }
    partial.erase(0, begin);
}

// The job's output begins again: the last line of what came before is ended, and a marker
// line says where (docs/run-folder.md); `stream` -1: the scheduler started the whole job again.
void ScheduledJob::restarted(int stream, const Text& what) {
    for (int s : {0, 1}) {
        if (stream >= 0 && s != stream) continue;
        if (!partial_[s].empty()) output(s, "\n", false);
        if (stream >= 0) copied_[s] = 0;
        const Text marker = stream < 0 ? what
                                       : Text(TD_TEXT("Launch", "job %1: its output file %2 began again from its start; "
                                                                "what follows is read from there"),
                                              {Text::value(record_.jobId), Text::value(s == 0 ? record_.outPath : record_.errPath)});
        if (!readOnly_) {
            logs_.append(s, "traindeck launch: " + marker.english() + "\n");
            saveCopied();
        }
        if (stream >= 0) notice(marker);
    }
    if (stream < 0) {
        // A new run: its trainers speak again, and a failure of the run Slurm replaced is no
        // longer the job's (the requeue's notice named it).
        trainerErrorSaid_ = false;
        firstFailure_ = {};
    }
}

static std::string copiedPath(const std::string& runDir) { return (fs::path(runDir) / "job.copied").string(); }

// job.copied: how far into the job's files the copy has read, and how long node-0.out/.err
// were then; an attached launcher goes on from there (markers and restarts make the node
// files' lengths alone no measure of it).
void ScheduledJob::saveCopied() {
    const nlohmann::json j = {{"v", 1},
                              {"output", {{"read", copied_[0]}, {"node_file", fileSize(fs::path(runDir_) / "node-0.out")}}},
                              {"error", {{"read", copied_[1]}, {"node_file", fileSize(fs::path(runDir_) / "node-0.err")}}}};
    writeWhole(copiedPath(runDir_), j.dump() + "\n");  // lost: --attach measures by the node files' lengths
}

// The run folder's hosts file: the job's nodes, one host a line, as Slurm names them.
void ScheduledJob::writeHosts(const std::string& nodes) {
    if (readOnly_ || nodes.empty() || nodes == hostsOf_) return;
    const std::vector<std::string> hosts = scheduler_.hostNames(nodes);
    if (hosts.empty()) return;
    hostsOf_ = nodes;
    std::string text;
    for (const std::string& h : hosts) text += h + "\n";
    if (Text e = writeWhole((fs::path(runDir_) / "hosts").string(), text); !e.empty())
        notice(Text(TD_TEXT("Launch", "the run folder's hosts file not written: %1"), {e}));
}

// A run that ends before a job is followed (a check, a refused submit): recorded, and told
// to the face, which waits for the end (the Launch page's Check).
LaunchEnd ScheduledJob::ended(const LaunchEnd& end) {
    Event e;
    e.kind = Event::Kind::End;
    e.end = end;
    folder_->record(e, "");
    JobEvent done;
    done.kind = JobEvent::Kind::End;
    done.end = end;
    report(std::move(done));
    return end;
}

LaunchEnd ScheduledJob::run() {
    if (!attached_) {
        if (config_.dryRun) {
            LaunchEnd end;
            end.status = EndStatus::DryRun;
            return ended(end);
        }
        Text error;
        const std::string id = scheduler_.submit(request_, error);
        if (id.empty()) {
            return ended({EndStatus::Failed, FailureKind::Preflight, -1, Text(TD_TEXT("Launch", "nothing submitted: %1"), {error})});
        }
        {
            std::lock_guard lock(mutex_);
            record_.jobId = id;
        }
        // sbatch names the job after the plan (#SBATCH --job-name), else after the script.
        const std::string name = generate::isSbatchWord(config_.plan.launch.jobName) ? config_.plan.launch.jobName : request_.script;
        record_.outPath = jobFile(request_.outPath, name, id);
        record_.errPath = jobFile(request_.errPath, name, id);
        const nlohmann::json j = {{"v", 1},
                                  {"scheduler", record_.scheduler},
                                  {"job_id", id},
                                  {"output", fs::relative(record_.outPath, runDir_).string()},
                                  {"error", fs::relative(record_.errPath, runDir_).string()},
                                  {"output_start", record_.outStart},
                                  {"error_start", record_.errStart}};
        if (Text e = writeWhole(jobRecordPath(runDir_), j.dump(2) + "\n"); !e.empty()) {
            // The job runs; only a later --attach is lost. Say so and go on.
            JobEvent notice;
            notice.kind = JobEvent::Kind::Notice;
            notice.message = Text(TD_TEXT("Launch", "job.json not written (--attach will not find job %1): %2"),
                                  {Text::value(id), e});
            report(std::move(notice));
        }
        folder_->recordSubmitted(record_.scheduler, id);
        JobEvent submitted;
        submitted.kind = JobEvent::Kind::Submitted;
        report(std::move(submitted));
    }
    if (readOnly_)
        notice(Text(TD_TEXT("Launch", "job %1 is followed by another launcher (%2): this one only shows it; it copies "
                                      "and records nothing, and leaving it leaves the job running"),
                    {Text::value(record_.jobId), Text::value(holder_)}));
    scheduler::FollowCallbacks callbacks;
    callbacks.status = [this](const scheduler::JobStatus& s) {
        if (!readOnly_) folder_->recordJob(record_.jobId, s);
        if (s.state == scheduler::JobState::Running) writeHosts(s.nodes);
        JobEvent e;
        e.kind = JobEvent::Kind::Status;
        e.status = s;
        report(std::move(e));
    };
    callbacks.output = [this](int stream, const std::string& chunk) { output(stream, chunk); };
    callbacks.notice = [this](const Text& t) { notice(t); };
    callbacks.restart = [this](int stream, const Text& what) { restarted(stream, what); };
    // What node-0.out/.err hold beyond their length at the submit was copied already; an
    // earlier follower's job.copied says exactly how far it read (a node file longer than
    // it says: copied after it was saved).
    for (int s : {0, 1}) {
        const std::uint64_t now = fileSize(fs::path(runDir_) / (s == 0 ? "node-0.out" : "node-0.err"));
        copied_[s] = now - std::min(now, s == 0 ? record_.outStart : record_.errStart);
        try {
            std::ifstream in(copiedPath(runDir_));
            const nlohmann::json j = nlohmann::json::parse(in).at(s == 0 ? "output" : "error");
            const auto read = j.at("read").get<std::uint64_t>(), nodeFile = j.at("node_file").get<std::uint64_t>();
            if (nodeFile <= now) copied_[s] = read + (now - nodeFile);
        } catch (const std::exception&) {
            // None yet (a new job), or unreadable: the node files' lengths.
        }
    }
    const std::uint64_t copiedOut = copied_[0], copiedErr = copied_[1];
    if (attached_) {
        // Where the job failed first may have been copied before the launcher was closed.
        scheduler::GrowingFile earlier(record_.errPath, 0);
        const std::string err = earlier.readNew().substr(0, copiedErr);
        std::size_t begin = 0;
        for (std::size_t nl; firstFailure_.empty() && (nl = err.find('\n', begin)) != std::string::npos; begin = nl + 1)
            firstFailure_ = scheduler_.firstFailure(err.substr(begin, nl - begin));
    }
    {
        std::lock_guard lock(mutex_);
        follower_ = std::make_unique<scheduler::JobFollower>(scheduler_, record_.jobId, config_.poll, callbacks);
        if (stopped_) follower_->stop();
        if (left_) follower_->leave();
    }
    const scheduler::JobStatus last =
        follower_->follow(scheduler::GrowingFile(record_.outPath, copiedOut), scheduler::GrowingFile(record_.errPath, copiedErr));
    for (int s : {0, 1})
        if (!partial_[s].empty()) output(s, "\n", false);  // the last line, unended
    const LaunchEnd end = finish(last);
    lock_.release();  // followed to its end (or left): another launcher may follow it now
    return end;
}

LaunchEnd ScheduledJob::finish(const scheduler::JobStatus& last) {
    LaunchEnd end;
    bool stopped = false, left = false;
    {
        std::lock_guard lock(mutex_);
        stopped = stopped_;
        left = left_;
    }
    if (left) {
        // Nothing recorded: the job goes on. A launcher that only showed it says it left (a
        // face waits for the end); one that was closed has no face to tell.
        const LaunchEnd interrupted{EndStatus::Interrupted, FailureKind::None, -1, {}};
        if (readOnly_) {
            JobEvent done;
            done.kind = JobEvent::Kind::End;
            done.status = last;
            done.end = interrupted;
            report(std::move(done));
        }
        return interrupted;
    }
    const Text how = scheduler::jobStatusText(last);
    const scheduler::FollowEnd followEnd = follower_->ended();
    if (stopped) {
        // The stop is the news; Slurm's word for the end (often FAILED, exit code 143) is its detail.
        end.status = EndStatus::Interrupted;
        end.why = how;
    } else if (followEnd == scheduler::FollowEnd::GaveUp) {
        end.status = EndStatus::Failed;
        end.kind = FailureKind::Node;
        end.why = Text(TD_TEXT("Launch", "it waited in the queue longer than the pending limit (--pending-timeout) and was "
                                         "cancelled (Slurm: %1)"),
                       {how});
    } else if (last.state != scheduler::JobState::Completed) {
        end.status = EndStatus::Failed;
        end.kind = FailureKind::Node;
        // The cause first: a node Slurm says failed, else the task srun names, then Slurm's word.
        const Text nodeFailure = follower_->nodeFailure();
        const Text cause = last.name == "NODE_FAIL" && !nodeFailure.empty() ? nodeFailure
                           : !firstFailure_.empty()                          ? firstFailure_
                                                                             : nodeFailure;
        end.why = cause.empty() ? how : Text(TD_TEXT("Launch", "%1 (Slurm: %2)"), {cause, how});
    }
    if (!readOnly_) {
        Event e;
        e.kind = Event::Kind::End;
        e.end = end;
        folder_->record(e, "");
    }
    JobEvent done;
    done.kind = JobEvent::Kind::End;
    done.status = last;
    done.end = end;
    report(std::move(done));
    return end;
}

}  // namespace traindeck::launch
