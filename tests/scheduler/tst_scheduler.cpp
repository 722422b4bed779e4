// The scheduler's logic without a cluster: Slurm's commands' output (recorded from
// the real slurmctld of tests/slurm) parsed, the checks before a submit, and the
// follower's states, stop and back-off, through a runner that answers as Slurm did.
// tests/slurm runs the same code against a real Slurm.

#include "scheduler/follower.h"
#include "scheduler/slurm.h"

#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <chrono>
#include <deque>
#include <fstream>
#include <map>
#include <mutex>
#include <thread>

using namespace traindeck;
using namespace traindeck::scheduler;

// Named, not anonymous: the test's lambdas capture a ScriptedRunner.
namespace scripted {

// Real `scontrol show job -o` lines of tests/slurm's cluster (shortened where long).
const char* kPending =
    "JobId=3 JobName=td UserId=root(0) GroupId=root(0) MCS_label=N/A Priority=4294901757 Nice=0 Account=(null) "
    "QOS=(null) JobState=PENDING Reason=Resources Dependency=(null) Requeue=1 Restarts=0 BatchFlag=1 Reboot=0 "
    "ExitCode=0:0 RunTime=00:00:00 TimeLimit=UNLIMITED NodeList= NumNodes=2-2 Command=/tmp/j.sh WorkDir=/tmp\n";
const char* kRunning =
    "JobId=3 JobName=td JobState=RUNNING Reason=None Dependency=(null) ExitCode=0:0 RunTime=00:00:01 "
    "NodeList=n[0-1] BatchHost=n0 NumNodes=2 NumCPUs=4\n";
const char* kFailed =
    "JobId=1 JobName=j.sh UserId=root(0) GroupId=root(0) MCS_label=N/A Priority=4294901759 Nice=0 Account=(null) "
    "QOS=(null) JobState=FAILED Reason=NonZeroExitCode Dependency=(null) Requeue=1 Restarts=0 BatchFlag=1 Reboot=0 "
    "ExitCode=143:0 RunTime=00:00:01 TimeLimit=UNLIMITED NodeList=n[0-1] BatchHost=n0 NumNodes=2 NumCPUs=4\n";
const char* kCompleted = "JobId=3 JobName=td JobState=COMPLETED Reason=None ExitCode=0:0 NodeList=n[0-1]\n";
const char* kCancelled = "JobId=3 JobName=td JobState=CANCELLED Reason=None ExitCode=0:15 NodeList=n[0-1]\n";
// A job requeued after its node failed (Restarts=1), waiting for its begin time; one
// pending with an expected start (squeue --start's); one whose tasks ended while a node
// does not answer (COMPLETING).
const char* kRequeued =
    "JobId=3 JobName=td JobState=PENDING Reason=BeginTime Dependency=(null) Requeue=1 Restarts=1 BatchFlag=1 "
    "ExitCode=0:0 SubmitTime=2026-12-02T00:10:00 StartTime=2026-12-02T00:12:05 NodeList= NumNodes=2\n";
const char* kRunningAgain =
    "JobId=3 JobName=td JobState=RUNNING Reason=None Requeue=1 Restarts=1 ExitCode=0:0 NodeList=n[0-1] NumNodes=2\n";
const char* kPendingWithStart =
    "JobId=3 JobName=td JobState=PENDING Reason=Priority Restarts=0 ExitCode=0:0 SubmitTime=2026-12-02T00:10:00 "
    "StartTime=2026-12-02T03:00:00 NodeList= NumNodes=2\n";
const char* kCompleting =
    "JobId=3 JobName=td JobState=COMPLETING Reason=None Restarts=0 ExitCode=0:0 NodeList=n1 NumNodes=2\n";
const char* kSrunErrors =
    "srun: error: n1: task 1: Exited with exit code 3\n"
    "srun: launch/slurm: _step_signal: Terminating StepId=1.0\n"
    "slurmstepd-n0: error: *** STEP 1.0 ON n0 CANCELLED AT 2026-11-27T11:51:50 ***\n"
    "srun: error: n0: task 0: Terminated\n";

// Answers each command (by its first words) from a script of results, in turn;
// the last answer repeats. Records every command it was asked to run.
class ScriptedRunner : public CommandRunner {
public:
    void answer(const std::string& prefix, std::vector<CommandResult> results) {
        std::lock_guard lock(mutex_);
        answers_[prefix] = std::deque<CommandResult>(results.begin(), results.end());
    }
    CommandResult run(const std::vector<std::string>& argv, const std::string& workDir, double) override {
        std::lock_guard lock(mutex_);
        std::string line = workDir.empty() ? "" : "(in " + workDir + ") ";
        for (const std::string& a : argv) line += (line.empty() || line.back() == ' ' ? "" : " ") + a;
        calls_.push_back(line);
        for (auto& [prefix, results] : answers_)
            if (line.rfind(prefix, 0) == 0 && !results.empty()) {
                CommandResult r = results.front();
                if (results.size() > 1) results.pop_front();
                return r;
            }
        return {false, 127, "", argv[0] + ": not found"};
    }
    std::vector<std::string> calls() {
        std::lock_guard lock(mutex_);
        return calls_;
    }
    int count(const std::string& prefix) {
        int n = 0;
        for (const std::string& c : calls()) n += c.rfind(prefix, 0) == 0;
        return n;
    }

private:
    std::mutex mutex_;
    std::map<std::string, std::deque<CommandResult>> answers_;
    std::vector<std::string> calls_;
};

CommandResult ok(std::string out) { return {true, 0, std::move(out), ""}; }
CommandResult failure(std::string err, int status = 1) { return {true, status, "", std::move(err)}; }

Plan planOf(int nodes, int gpus) {
    Plan p = demoPlan();
    p.cluster.nodes = nodes;
    p.cluster.gpusPerNode = gpus;
    return p;
}

PollPolicy fast() {
    PollPolicy p;
    p.intervalS = 0.01;
    p.slowS = 1;
    p.maxIntervalS = 0.05;
    p.graceS = 0.3;
    return p;
}

}  // namespace scripted

using namespace scripted;

class TestScheduler : public QObject {
    Q_OBJECT
private slots:
    void scontrolStates() {
        std::optional<JobStatus> s = parseScontrolJob(kPending);
        QVERIFY(s);
        QCOMPARE(s->state, JobState::Pending);
        QCOMPARE(s->reason, std::string("Resources"));
        QCOMPARE(s->nodes, std::string());
        QCOMPARE(jobStatusText(*s).english(), std::string("pending: waiting for free resources"));
        s = parseScontrolJob(kRunning);
        QCOMPARE(s->state, JobState::Running);
        QCOMPARE(s->nodes, std::string("n[0-1]"));
        QCOMPARE(jobStatusText(*s).english(), std::string("running on n[0-1]"));
        s = parseScontrolJob(kFailed);
        QCOMPARE(s->state, JobState::Failed);
        QCOMPARE(s->exitCode, 143);
        QCOMPARE(s->reason, std::string("NonZeroExitCode"));
        QCOMPARE(jobStatusText(*s).english(), std::string("FAILED, exit code 143"));
        s = parseScontrolJob(kCancelled);
        QCOMPARE(s->state, JobState::Cancelled);
        QCOMPARE(s->signal, 15);
        QVERIFY(!parseScontrolJob("slurm_load_jobs error: Invalid job id specified\n"));
    }
    void slurmWordsForEveryEnd() {
        QCOMPARE(slurmJobState("COMPLETING"), JobState::Running);  // not ended yet
        QCOMPARE(slurmJobState("CONFIGURING"), JobState::Pending);
        QCOMPARE(slurmJobState("CANCELLED by 0"), JobState::Cancelled);
        for (const char* w : {"TIMEOUT", "NODE_FAIL", "OUT_OF_MEMORY", "PREEMPTED", "BOOT_FAIL", "DEADLINE"})
            QCOMPARE(slurmJobState(w), JobState::Failed);
    }
    void sacctLines() {
        std::optional<JobStatus> s = parseSacct("CANCELLED by 0|0:15|n[0-1]|None\n");
        QVERIFY(s);
        QCOMPARE(s->state, JobState::Cancelled);
        QCOMPARE(s->name, std::string("CANCELLED"));
        QCOMPARE(s->signal, 15);
        s = parseSacct("OUT_OF_MEMORY|0:125|n1|OutOfMemory\n");
        QCOMPARE(s->state, JobState::Failed);
        QCOMPARE(s->name, std::string("OUT_OF_MEMORY"));
        QCOMPARE(s->reason, std::string("OutOfMemory"));
        QVERIFY(!parseSacct(""));
    }
    void sbatchAnswers() {
        QCOMPARE(parseSbatchJobId("12\n"), std::string("12"));
        QCOMPARE(parseSbatchJobId("4711;cluster2\n"), std::string("4711"));
        QCOMPARE(parseSbatchJobId("Submitted batch job 12\n"), std::string());
    }
    void sinfoPartitions() {
        const auto p = parseSinfoPartitions("main*|2|gpu:2|up\ngpu|4|gpu:h100:8(S:0-1),shard:4|up\ngpu|2|gpu:a100:4|up\n"
                                            "cpu|10|(null)|down\n");
        QCOMPARE(p.size(), std::size_t(3));
        QVERIFY(p[0].isDefault);
        QCOMPARE(p[1].name, std::string("gpu"));
        QCOMPARE(p[1].nodes, 6);
        QCOMPARE(p[1].maxGpusPerNode, 8);
        QCOMPARE(p[2].maxGpusPerNode, 0);
        QVERIFY(!p[2].up);
        QCOMPARE(gresGpuCount("gpu:h100:4,gpu:a100:2"), 6);
    }
    void firstFailedTaskIsNamed() {
        const auto f = parseSrunFailure(kSrunErrors);
        QVERIFY(f);
        QCOMPARE(f->node, std::string("n1"));
        QCOMPARE(f->task, std::string("1"));
        QCOMPARE(f->what, std::string("Exited with exit code 3"));
        ScriptedRunner runner;
        SlurmScheduler slurm(runner);
        QCOMPARE(slurm.firstFailure(kSrunErrors).english(), std::string("node n1, task 1: Exited with exit code 3"));
        QVERIFY(slurm.firstFailure("srun: job 3 queued and waiting for resources\n").empty());
        // A node Slurm took from the step (it went down) comes before the tasks srun then ended.
        QCOMPARE(slurm.firstFailure("srun: error: Node failure on vm\nsrun: error: vm: task 1: Terminated\n").english(),
                 std::string("node vm failed (srun: Node failure on vm)"));
    }
    void checksBeforeSubmitting() {
        ScriptedRunner runner;
        SlurmScheduler slurm(runner);
        QCOMPARE(slurm.check(planOf(2, 2)).english(),
                 std::string("sbatch is not on PATH: run traindeck where Slurm's commands are (a login node), or install Slurm's client"));
        runner.answer("sbatch --version", {ok("slurm 22.05.8\n")});
        runner.answer("sinfo --version", {ok("slurm 22.05.8\n")});
        runner.answer("sinfo -h", {failure("sinfo: error: Unable to contact slurm controller (connect failure)\n")});
        QCOMPARE(slurm.check(planOf(2, 2)).english(),
                 std::string("the Slurm controller does not answer (sinfo: sinfo: error: Unable to contact slurm controller (connect failure))"));
        runner.answer("sinfo -h", {ok("main*|2|gpu:2|up\nbig|8|gpu:h100:8|up\n")});
        QVERIFY(slurm.check(planOf(2, 2)).empty());
        QCOMPARE(slurm.check(planOf(2, 4)).english(),
                 std::string("the plan asks 4 GPUs per node, but partition 'main''s nodes have at most 2 (sinfo)"));
        QCOMPARE(slurm.check(planOf(3, 2)).english(), std::string("the plan asks 3 nodes, but partition 'main' has 2 (sinfo)"));
        Plan big = planOf(8, 8);
        big.launch.slurmPartition = "big";
        QVERIFY(slurm.check(big).empty());
        big.launch.slurmPartition = "nope";
        QCOMPARE(slurm.check(big).english(), std::string("partition 'nope' does not exist (the cluster has: main, big)"));
        // Accounts: checked where accounting answers (sacctmgr), else left to sbatch.
        Plan charged = planOf(1, 1);
        charged.launch.slurmAccount = "ghost";
        QVERIFY(slurm.check(charged).empty());
        runner.answer("sacctmgr", {ok("")});
        QCOMPARE(slurm.check(charged).english(), std::string("Slurm account 'ghost' does not exist (sacctmgr)"));
        runner.answer("sacctmgr", {ok("ghost\n")});
        QVERIFY(slurm.check(charged).empty());
    }
    void submitSaysWhySbatchRefused() {
        ScriptedRunner runner;
        SlurmScheduler slurm(runner);
        const JobRequest r{"job.sbatch", "/runs/r/files", "/runs/r/files/job-%j.out", "/runs/r/files/job-%j.err"};
        // --open-mode=append: a requeued job's output follows its first run's instead of replacing it.
        QCOMPARE(commandLine(slurm.submitCommand(r)),
                 std::string("sbatch --parsable --open-mode=append --output=/runs/r/files/job-%j.out "
                             "--error=/runs/r/files/job-%j.err job.sbatch"));
        JobRequest once = r;
        once.options = {"--no-requeue"};
        QCOMPARE(commandLine(slurm.submitCommand(once)),
                 std::string("sbatch --parsable --open-mode=append --no-requeue --output=/runs/r/files/job-%j.out "
                             "--error=/runs/r/files/job-%j.err job.sbatch"));
        // Submitted from the files' folder: the job finds them in SLURM_SUBMIT_DIR.
        runner.answer("(in /runs/r/files) sbatch", {failure("sbatch: error: invalid partition specified: nope\nsbatch: error: Batch job "
                                         "submission failed: Invalid partition name specified\n")});
        Text error;
        QCOMPARE(slurm.submit(r, error), std::string());
        QCOMPARE(error.english(), std::string("sbatch refused the job: sbatch: error: Batch job submission failed: Invalid "
                                              "partition name specified"));
        runner.answer("(in /runs/r/files) sbatch", {ok("42\n")});
        error = {};
        QCOMPARE(slurm.submit(r, error), std::string("42"));
        QVERIFY(error.empty());
    }
    void aForgottenJobIsAskedOfAccounting() {
        ScriptedRunner runner;
        SlurmScheduler slurm(runner);
        runner.answer("scontrol", {failure("slurm_load_jobs error: Invalid job id specified\n")});
        runner.answer("sacct", {ok("TIMEOUT|0:0|n[0-7]|TimeLimit\n")});
        Text error;
        JobStatus s = slurm.query("7", error);
        QVERIFY(error.empty());
        QCOMPARE(s.state, JobState::Failed);
        QCOMPARE(s.name, std::string("TIMEOUT"));
        // No accounting: the job is gone, and that is said, not guessed.
        runner.answer("sacct", {failure("Slurm accounting storage is disabled\n")});
        s = slurm.query("7", error);
        QCOMPARE(s.state, JobState::Gone);
        // The controller down is not the job's end: ask again later.
        runner.answer("scontrol", {failure("slurm_load_jobs error: Unable to contact slurm controller (connect failure)\n")});
        s = slurm.query("7", error);
        QVERIFY(!error.empty());
    }
    void backOff() {
        PollPolicy p;  // 3 s, slow above 2 s, at most 60 s
        QCOMPARE(nextPollDelay(p, 3, true, 0.1), 3.0);
        QCOMPARE(nextPollDelay(p, 3, true, 5), 6.0);    // slow: back off
        QCOMPARE(nextPollDelay(p, 6, false, 0), 12.0);  // no answer: back off more
        QCOMPARE(nextPollDelay(p, 48, false, 0), 60.0);
        QCOMPARE(nextPollDelay(p, 60, true, 0.1), 3.0);  // prompt again: the interval again
    }
    void followsToTheEndAndCopiesTheOutput() {
        QTemporaryDir dir;
        const std::string out = dir.filePath("job.out").toStdString(), err = dir.filePath("job.err").toStdString();
        std::ofstream(out) << "before\n";
        ScriptedRunner runner;
        SlurmScheduler slurm(runner);
        runner.answer("scontrol", {ok(kPending), ok(kPending), ok(kRunning), ok(kRunning), ok(kCompleted)});
        std::vector<JobStatus> seen;
        std::string copied;
        FollowCallbacks cb;
        cb.status = [&](const JobStatus& s) {
            seen.push_back(s);
            if (s.state == JobState::Running) std::ofstream(out, std::ios::app) << "{\"event\":\"step\"}\n";
        };
        cb.output = [&](int stream, const std::string& chunk) { copied += std::to_string(stream) + ":" + chunk; };
        JobFollower follower(slurm, "3", fast(), cb);
        const JobStatus last = follower.follow(GrowingFile(out, 7), GrowingFile(err, 0));  // "before\n" copied already
        QCOMPARE(last.state, JobState::Completed);
        QCOMPARE(seen.size(), std::size_t(3));  // pending, running, completed: each change once
        QCOMPARE(seen[0].reason, std::string("Resources"));
        QCOMPARE(copied, std::string("0:{\"event\":\"step\"}\n"));
        QCOMPARE(runner.count("scancel"), 0);
    }
    void stopSignalsTheTasksThenCancelsAfterTheGrace() {
        ScriptedRunner runner;
        SlurmScheduler slurm(runner);
        runner.answer("scontrol", {ok(kRunning)});
        runner.answer("scancel --signal=TERM", {ok("")});
        runner.answer("scancel 3", {ok("")});
        JobFollower follower(slurm, "3", fast(), {});
        std::thread stopper([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
            follower.stop();
            // The tasks ignore SIGTERM: only the scheduler's cancel, after the grace, ends the job.
            while (runner.count("scancel 3") == 0) std::this_thread::sleep_for(std::chrono::milliseconds(5));
            runner.answer("scontrol", {ok(kCancelled)});
        });
        const auto started = std::chrono::steady_clock::now();
        const JobStatus last = follower.follow(GrowingFile("/nonexistent", 0), GrowingFile("/nonexistent", 0));
        stopper.join();
        QCOMPARE(last.state, JobState::Cancelled);
        const std::vector<std::string> calls = runner.calls();
        const auto term = std::find(calls.begin(), calls.end(), "scancel --signal=TERM 3");
        const auto cancel = std::find(calls.begin(), calls.end(), "scancel 3");
        QVERIFY(term != calls.end() && cancel != calls.end() && term < cancel);
        QCOMPARE(runner.count("scancel --signal=TERM"), 1);
        QVERIFY(std::chrono::steady_clock::now() - started >= std::chrono::milliseconds(300));  // the grace
    }
    void stopCancelsAQueuedJobAtOnce() {
        ScriptedRunner runner;
        SlurmScheduler slurm(runner);
        runner.answer("scontrol", {ok(kPending)});
        runner.answer("scancel 3", {ok("")});
        JobFollower follower(slurm, "3", fast(), {});
        follower.stop();
        std::thread cancelled([&] {
            while (runner.count("scancel 3") == 0) std::this_thread::sleep_for(std::chrono::milliseconds(5));
            runner.answer("scontrol", {ok(kCancelled)});
        });
        QCOMPARE(follower.follow(GrowingFile("/nonexistent", 0), GrowingFile("/nonexistent", 0)).state, JobState::Cancelled);
        cancelled.join();
        QCOMPARE(runner.count("scancel --signal"), 0);
    }
    void aSilentControllerIsAskedLessOftenAndNotTakenForTheEnd() {
        ScriptedRunner runner;
        SlurmScheduler slurm(runner);
        runner.answer("scontrol", {failure("slurm_load_jobs error: Socket timed out on send/recv operation\n")});
        PollPolicy p = fast();
        p.intervalS = 0.02;
        p.maxIntervalS = 0.32;
        int notices = 0;
        FollowCallbacks cb;
        cb.notice = [&](const Text&) { ++notices; };
        JobFollower follower(slurm, "3", p, cb);
        std::thread leaver([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(700));
            follower.leave();
        });
        follower.follow(GrowingFile("/nonexistent", 0), GrowingFile("/nonexistent", 0));
        leaver.join();
        // 0.04 + 0.08 + 0.16 + 0.32 + 0.32 ...: 4 to 6 questions in 0.7 s, not the 35 of a steady 0.02 s.
        const int asked = runner.count("scontrol");
        QVERIFY2(asked >= 3 && asked <= 7, std::to_string(asked).c_str());
        QCOMPARE(notices, asked);
    }

    void reasonsInWords() {
        QCOMPARE(jobReasonText("Resources").english(), std::string("waiting for free resources"));
        QCOMPARE(jobReasonText("Nodes_required_for_job_are_DOWN,_DRAINED_or_reserved_for_jobs_in_higher_priority_partitions")
                     .english(),
                 std::string("nodes it needs are down, drained or reserved for jobs of higher-priority partitions"));
        QCOMPARE(jobReasonText("QOSMaxGRESPerUser").english(), std::string("a limit of its QOS is reached"));
        QCOMPARE(jobReasonText("Some_New_Reason").english(), std::string("Some New Reason"));  // Slurm's word, spaced
        QVERIFY(jobReasonText("None").empty());
        JobStatus requeued = *parseScontrolJob(kRequeued);
        QCOMPARE(requeued.restarts, 1);
        QCOMPARE(requeued.submitted, std::string("2026-12-02T00:10:00"));
        QCOMPARE(requeued.expectedStart, std::string("2026-12-02T00:12:05"));
        QCOMPARE(jobStatusText(requeued).english(),
                 std::string("pending: waiting for its begin time (a requeued job waits a moment before it starts again)"));
        QVERIFY(parseScontrolJob(kRunning)->expectedStart.empty());  // a running job's StartTime is no estimate
        // An end says why where the word alone does not.
        JobStatus nodeFail;
        nodeFail.state = JobState::Failed;
        nodeFail.name = "NODE_FAIL";
        nodeFail.reason = "NodeDown";
        QCOMPARE(jobStatusText(nodeFail).english(), std::string("NODE_FAIL, exit code 0 (a node of the job went down)"));
        QCOMPARE(jobStatusText(*parseScontrolJob(kFailed)).english(), std::string("FAILED, exit code 143"));
        QCOMPARE(jobStatusText(*parseScontrolJob(kCompleting)).english(),
                 std::string("completing: its tasks ended, Slurm is releasing n1"));
    }
    void failingNodesAreNamed() {
        const auto p = parseSinfoNodeProblems("n0|allocated|none\nn1|allocated*|Not responding\nn1|allocated*|Not responding\n"
                                              "n2|down|Kill task failed\nn3|idle~|none\n");
        QCOMPARE(p.size(), std::size_t(2));  // n1 once (two partitions), n2; n3 is only powered down
        QCOMPARE(p[0].node, std::string("n1"));
        QVERIFY(p[0].notResponding);
        QCOMPARE(p[0].state, std::string("allocated"));
        QCOMPARE(p[1].reason, std::string("Kill task failed"));
        ScriptedRunner runner;
        SlurmScheduler slurm(runner);
        runner.answer("sinfo -h -N -n n[0-2]", {ok("n0|mixed|none\nn1|mixed*|Not responding\nn2|down*|Not responding\n")});
        QCOMPARE(slurm.nodeProblems("n[0-2]").english(),
                 std::string("node n1 does not answer Slurm (mixed): Not responding; node n2 does not answer Slurm (down): "
                             "Not responding"));
        runner.answer("scontrol show hostnames", {ok("n0\nn1\n")});
        QCOMPARE(slurm.hostNames("n[0-1]"), (std::vector<std::string>{"n0", "n1"}));
    }
    void aMissingConfigurationIsSaidAtOnce() {
        const auto none = [](const std::string&) { return false; };
        QCOMPARE(slurmConfigProblem("/etc/nope/slurm.conf", none).english(),
                 std::string("SLURM_CONF names /etc/nope/slurm.conf, which does not exist: point it at the cluster's "
                             "slurm.conf, or unset it where Slurm's client is configured"));
        QVERIFY(slurmConfigProblem(nullptr, none).empty());  // unset: Slurm's default, or its configless DNS lookup
        QVERIFY(slurmConfigProblem("/etc/slurm/slurm.conf", [](const std::string&) { return true; }).empty());
        // No configuration at all: sinfo's fatal line, as one line of ours.
        ScriptedRunner runner;
        SlurmScheduler slurm(runner);
        runner.answer("sbatch --version", {ok("slurm 22.05.8\n")});
        runner.answer("sinfo --version", {ok("slurm 22.05.8\n")});
        runner.answer("sinfo -h", {failure("sinfo: error: fetch_config: DNS SRV lookup failed\nsinfo: error: "
                                           "_establish_config_source: failed to fetch config\nsinfo: fatal: Could not "
                                           "establish a configuration source\n")});
        if (qEnvironmentVariableIsSet("SLURM_CONF")) qunsetenv("SLURM_CONF");
        QCOMPARE(slurm.check(planOf(1, 1)).english(),
                 std::string("Slurm's client has no configuration here (no slurm.conf, none served by DNS): set SLURM_CONF "
                             "to the cluster's slurm.conf, or run traindeck on a login node"));
        // SLURM_CONF naming nothing: said before any command runs (each would wait a minute).
        qputenv("SLURM_CONF", "/nonexistent/slurm.conf");
        const int before = int(runner.calls().size());
        QVERIFY(slurm.check(planOf(1, 1)).english().rfind("SLURM_CONF names /nonexistent/slurm.conf", 0) == 0);
        QCOMPARE(int(runner.calls().size()), before);
        qunsetenv("SLURM_CONF");
    }
    void aFileThatBeginsAgainIsReadFromItsStart() {
        QTemporaryDir dir;
        const std::string path = dir.filePath("job.out").toStdString();
        std::ofstream(path) << "first run line 1\nfirst run line 2\n";
        GrowingFile file(path, 0);
        QCOMPARE(file.readNew(), std::string("first run line 1\nfirst run line 2\n"));
        QVERIFY(!file.takeRestarted());
        // Truncated and written again, shorter than what was read.
        std::ofstream(path, std::ios::trunc) << "again 1\n";
        QCOMPARE(file.readNew(), std::string("again 1\n"));
        QVERIFY(file.takeRestarted());
        QVERIFY(!file.takeRestarted());  // said once
        std::ofstream(path, std::ios::app) << "again 2\n";
        QCOMPARE(file.readNew(), std::string("again 2\n"));
        QVERIFY(!file.takeRestarted());
        // Rewritten past where it was read before it was looked at: its first bytes tell.
        std::ofstream(path, std::ios::trunc) << "third run, much longer than the file was: line 1\nline 2\n";
        QCOMPARE(file.readNew(), std::string("third run, much longer than the file was: line 1\nline 2\n"));
        QVERIFY(file.takeRestarted());
    }
    void aRequeueIsNamedAndMarked() {
        QTemporaryDir dir;
        const std::string out = dir.filePath("job.out").toStdString();
        ScriptedRunner runner;
        SlurmScheduler slurm(runner);
        runner.answer("scontrol show job", {ok(kRunning), ok(kRunning), ok(kRequeued), ok(kRunningAgain), ok(kCompleted)});
        runner.answer("sinfo -h -N -n n[0-1]", {ok("n0|idle|none\nn1|down*|Not responding\n")});
        std::vector<std::string> events;
        FollowCallbacks cb;
        cb.status = [&](const JobStatus& s) {
            events.push_back("status " + jobStatusText(s).english());
            if (s.state == JobState::Running && s.restarts == 0) std::ofstream(out, std::ios::app) << "first run\n";
        };
        cb.output = [&](int, const std::string& chunk) { events.push_back("output " + chunk); };
        cb.notice = [&](const Text& t) { events.push_back("notice " + t.english()); };
        cb.restart = [&](int stream, const Text& what) { events.push_back("restart " + std::to_string(stream) + " " + what.english()); };
        JobFollower follower(slurm, "3", fast(), cb);
        QCOMPARE(follower.follow(GrowingFile(out, 0), GrowingFile("/nonexistent", 0)).state, JobState::Completed);
        const std::string requeued = "job 3 was requeued by Slurm and will start again (restart 1): node n1 does not answer "
                                     "Slurm (down): Not responding";
        const std::vector<std::string> want = {
            "status running on n[0-1]",
            "output first run\n",
            "notice " + requeued,
            "restart -1 " + requeued,  // after the first run's output, before the new status
            "status pending: waiting for its begin time (a requeued job waits a moment before it starts again)",
            "status running on n[0-1]",
            "status COMPLETED, exit code 0"};
        std::vector<std::string> seen;
        for (const std::string& e : events)
            if (e.rfind("notice job 3 has waited", 0) != 0) seen.push_back(e);  // the queue's notes: their own test
        QCOMPARE(seen, want);
        QCOMPARE(follower.nodeFailure().english(), std::string("node n1 does not answer Slurm (down): Not responding"));
    }
    void aPendingJobSaysHowLongAndWhenAndGivesUp() {
        ScriptedRunner runner;
        SlurmScheduler slurm(runner);
        runner.answer("scontrol show job", {ok(kPendingWithStart)});
        runner.answer("scancel 3", {ok("")});
        std::vector<std::string> notices;
        FollowCallbacks cb;
        cb.notice = [&](const Text& t) { notices.push_back(t.english()); };
        PollPolicy p = fast();
        p.pendingNoticeS = 0.05;
        p.pendingTimeoutS = 0.3;
        JobFollower follower(slurm, "3", p, cb);
        std::thread cancelled([&] {
            while (runner.count("scancel 3") == 0) std::this_thread::sleep_for(std::chrono::milliseconds(5));
            runner.answer("scontrol show job", {ok(kCancelled)});
        });
        const auto started = std::chrono::steady_clock::now();
        QCOMPARE(follower.follow(GrowingFile("/nonexistent", 0), GrowingFile("/nonexistent", 0)).state, JobState::Cancelled);
        cancelled.join();
        QCOMPARE(follower.ended(), FollowEnd::GaveUp);
        // Its queue time counts from Slurm's SubmitTime (long ago): the limit is passed at once.
        QVERIFY(std::chrono::steady_clock::now() - started < std::chrono::seconds(5));
        QVERIFY(!notices.empty());
        QVERIFY2(notices.front().find("Slurm expects it to start at 2026-12-02T03:00:00 (squeue --start)") != std::string::npos,
                 notices.front().c_str());
        QVERIFY(std::any_of(notices.begin(), notices.end(), [](const std::string& n) {
            return n.find("longer than the pending limit (0 s): cancelling it") != std::string::npos;
        }));
        QCOMPARE(runner.count("scancel 3"), 1);
        QCOMPARE(durationText(45).english(), std::string("45 s"));
        QCOMPARE(durationText(600).english(), std::string("10 min"));
        QCOMPARE(durationText(2 * 3600 + 5 * 60).english(), std::string("2 h 5 min"));
    }
    void aJobWhoseNodeIsNotReleasedEndsWithItsTasks() {
        ScriptedRunner runner;
        SlurmScheduler slurm(runner);
        runner.answer("scontrol show job", {ok(kCompleting)});
        runner.answer("sinfo -h -N -n n1", {ok("n1|completing*|Not responding\n")});
        std::vector<std::string> notices;
        FollowCallbacks cb;
        cb.notice = [&](const Text& t) { notices.push_back(t.english()); };
        PollPolicy p = fast();
        p.completingS = 0.2;
        JobFollower follower(slurm, "3", p, cb);
        const JobStatus last = follower.follow(GrowingFile("/nonexistent", 0), GrowingFile("/nonexistent", 0));
        QCOMPARE(last.state, JobState::Completed);
        QCOMPARE(follower.ended(), FollowEnd::Completing);
        QVERIFY(!notices.empty());
        QVERIFY2(notices.back().find("Slurm is still releasing its nodes (node n1 does not answer Slurm (completing): Not "
                                     "responding); following ends here") != std::string::npos,
                 notices.back().c_str());
    }
    void aTrainersReportMakesTheNodesBeAsked() {
        ScriptedRunner runner;
        SlurmScheduler slurm(runner);
        runner.answer("scontrol show job", {ok(kRunning)});
        runner.answer("sinfo -h -N -n n[0-1]", {ok("n0|allocated|none\nn1|allocated*|Not responding\n")});
        std::vector<std::string> notices;
        FollowCallbacks cb;
        cb.notice = [&](const Text& t) { notices.push_back(t.english()); };
        PollPolicy p = fast();
        p.nodeCheckS = 3600;  // only when asked
        JobFollower follower(slurm, "3", p, cb);
        int askedBefore = -1;
        std::thread asker([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
            askedBefore = runner.count("sinfo");
            follower.checkNodes();
            while (runner.count("sinfo") == 0) std::this_thread::sleep_for(std::chrono::milliseconds(5));
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
            follower.leave();
        });
        follower.follow(GrowingFile("/nonexistent", 0), GrowingFile("/nonexistent", 0));
        asker.join();
        QCOMPARE(askedBefore, 0);  // not asked before the trainer's report
        QCOMPARE(runner.count("sinfo"), 1);
        QCOMPARE(notices, (std::vector<std::string>{"job 3: node n1 does not answer Slurm (allocated): Not responding"}));
        QCOMPARE(follower.ended(), FollowEnd::Left);
    }
};

QTEST_GUILESS_MAIN(TestScheduler)
#include "tst_scheduler.moc"
