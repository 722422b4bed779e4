#include "scheduled_job.h"

#include "files/write_whole.h"
#include "generate/generate.h"
#include "generate/slurm.h"
#include "metrics/metrics_line.h"

#include <nlohmann/json.hpp>

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

}  // namespace

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
        throw LaunchError(Text(TD_TEXT("Launch", "nothing submitted: %1"), {problem}));
    const std::string runId = makeRunId(plan.launch.jobName);
    runDir_ = config_.runDir.empty() ? defaultRunDir(runId) : config_.runDir;
    std::error_code ec;
    runDir_ = fs::absolute(runDir_, ec).lexically_normal().string();
    if (!runDir_.empty() && runDir_.back() == '/') runDir_.pop_back();
    std::string error;
    folder_ = std::make_unique<RunFolder>(runDir_, plan, std::vector<std::string>{}, files_, error);
    if (error.empty()) attempt_ = folder_->startAttempt(runId, config_.dryRun, 1, error);
    if (!error.empty())
        throw LaunchError(Text(TD_TEXT("Launch", "cannot make the run folder %1: %2"), {Text::value(runDir_), Text::value(error)}));
    logs_ = folder_->nodeLogs(0);
    // The job is submitted from files/ (a filesystem the nodes share), its script and
    // its generated files there, and writes its output there.
    request_ = {files_.front().path, folder_->filesDir(), folder_->filesDir() + "/" + kJobOutput,
                folder_->filesDir() + "/" + kJobError};
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
    folder_ = std::make_unique<RunFolder>(runDir_);
    std::string openError;
    attempt_ = folder_->continueAttempt(openError);
    if (!openError.empty())
        throw LaunchError(Text(TD_TEXT("Launch", "cannot open the run folder %1: %2"), {Text::value(runDir_), Text::value(openError)}));
    logs_ = folder_->nodeLogs(0);
}

std::string ScheduledJob::jobId() const {
    std::lock_guard lock(mutex_);
    return record_.jobId;
}

void ScheduledJob::report(JobEvent e) {
    e.jobId = record_.jobId;
    if (sink_) sink_(e);
}

void ScheduledJob::stop() {
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
void ScheduledJob::output(int stream, const std::string& chunk) {
    logs_.append(stream, chunk);
    std::string& partial = partial_[stream];
    partial += chunk;
    std::size_t begin = 0;
    for (std::size_t nl; (nl = partial.find('\n', begin)) != std::string::npos; begin = nl + 1) {
        JobEvent e;
        e.kind = JobEvent::Kind::Output;
        e.stream = stream == 0 ? Stream::Out : Stream::Err;
        e.line = partial.substr(begin, nl - begin);
        if (stream == 1 && firstFailure_.empty()) firstFailure_ = scheduler_.firstFailure(e.line);
        if (stream == 0 && !e.line.empty() && e.line.front() == '{')  // as Launch tells a trainer's metrics lines
            if (const auto metrics = metrics::readMetricsLine(e.line)) e.metricsEvent = metrics->event;
        report(std::move(e));
    }
    partial.erase(0, begin);
}

LaunchEnd ScheduledJob::run() {
    if (!attached_) {
        if (config_.dryRun) {
            LaunchEnd end;
            end.status = EndStatus::DryRun;
            Event e;
            e.kind = Event::Kind::End;
            e.end = end;
            folder_->record(e, "");
            return end;
        }
        Text error;
        const std::string id = scheduler_.submit(request_, error);
        if (id.empty()) {
            LaunchEnd end{EndStatus::Failed, FailureKind::Preflight, -1, Text(TD_TEXT("Launch", "nothing submitted: %1"), {error})};
            Event e;
            e.kind = Event::Kind::End;
            e.end = end;
            folder_->record(e, "");
            return end;
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
    scheduler::FollowCallbacks callbacks;
    callbacks.status = [this](const scheduler::JobStatus& s) {
        folder_->recordJob(record_.jobId, s);
        JobEvent e;
        e.kind = JobEvent::Kind::Status;
        e.status = s;
        report(std::move(e));
    };
    callbacks.output = [this](int stream, const std::string& chunk) { output(stream, chunk); };
    callbacks.notice = [this](const Text& t) {
        JobEvent e;
        e.kind = JobEvent::Kind::Notice;
        e.message = t;
        report(std::move(e));
    };
    // What node-0.out/.err hold beyond their length at the submit was copied already.
    const std::uint64_t copiedOut = fileSize(fs::path(runDir_) / "node-0.out") - std::min(fileSize(fs::path(runDir_) / "node-0.out"), record_.outStart);
    const std::uint64_t copiedErr = fileSize(fs::path(runDir_) / "node-0.err") - std::min(fileSize(fs::path(runDir_) / "node-0.err"), record_.errStart);
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
        if (!partial_[s].empty()) output(s, "\n");  // the last line, unended
    return finish(last);
}

LaunchEnd ScheduledJob::finish(const scheduler::JobStatus& last) {
    LaunchEnd end;
    bool stopped = false;
    {
        std::lock_guard lock(mutex_);
        if (left_) return {EndStatus::Interrupted, FailureKind::None, -1, {}};  // nothing recorded: the job goes on
        stopped = stopped_;
    }
    if (stopped) {
        end.status = EndStatus::Interrupted;
    } else if (last.state != scheduler::JobState::Completed) {
        end.status = EndStatus::Failed;
        end.kind = FailureKind::Node;
        const Text how = scheduler::jobStatusText(last);
        end.why = firstFailure_.empty() ? how : Text(TD_TEXT("Launch", "%1; first failure: %2"), {how, firstFailure_});
    }
    Event e;
    e.kind = Event::Kind::End;
    e.end = end;
    folder_->record(e, "");
    JobEvent done;
    done.kind = JobEvent::Kind::End;
    done.status = last;
    done.end = end;
    report(std::move(done));
    return end;
}

}  // namespace traindeck::launch
