// The scheduler's logic without a cluster: Slurm's commands' output (recorded from
// the real slurmctld of tests/slurm) parsed, the checks before a submit, and the
// follower's states, stop and back-off, through a runner that answers as Slurm did.
// tests/slurm runs the same code against a real Slurm.

#include "scheduler/follower.h"
#include "scheduler/slurm.h"

#include <QTemporaryDir>
#include <QtTest>

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
        QCOMPARE(jobStatusText(*s).english(), std::string("pending (Resources)"));
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
        QCOMPARE(commandLine(slurm.submitCommand(r)),
                 std::string("sbatch --parsable --output=/runs/r/files/job-%j.out --error=/runs/r/files/job-%j.err job.sbatch"));
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
};

QTEST_GUILESS_MAIN(TestScheduler)
#include "tst_scheduler.moc"
