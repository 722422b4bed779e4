#pragma once
// The Slurm panel's hold on a launch::ScheduledJob: submits a plan (or only checks
// it), attaches to a run folder's job again, stops it. The scheduler's commands may
// take seconds, so the job is made and followed on a thread of its own; its events
// reach the panel's thread through queued calls. Going away leaves the job to the
// scheduler (it runs on; Attach follows it again) and waits for the thread.

#include "launch/scheduled_job.h"
#include "plan/plan.h"
#include "scheduler/command_runner.h"

#include <QObject>

#include <functional>
#include <memory>
#include <mutex>
#include <thread>

namespace traindeck::gui {

class ScheduledJobControl : public QObject {
    Q_OBJECT
public:
    explicit ScheduledJobControl(QObject* parent = nullptr);
    ~ScheduledJobControl() override;

    void setPoll(const scheduler::PollPolicy& poll) { m_poll = poll; }
    const scheduler::PollPolicy& poll() const { return m_poll; }

    // A new job of `plan` into `runDir` (empty: the default); false: no job is
    // followed now and the plan's platform has no scheduler. Its refusal comes as End.
    bool submit(const Plan& plan, const std::string& runDir, bool dryRun);
    // The job of an earlier launch into `runDir`; false with `error` when the folder holds none.
    bool attach(const std::string& runDir, launch::JobRecord& record, Text& error);
    void stop();  // SIGTERM to the job's tasks, the scheduler's cancel after the grace
    bool running() const { return m_thread.joinable() && !m_ended; }

signals:
    void event(const launch::JobEvent& e);   // on the panel's thread; End is the last
    void runDirKnown(const QString& runDir);  // the run folder, once the job was made

private:
    using Make = std::function<std::unique_ptr<launch::ScheduledJob>(launch::ScheduledJob::Sink)>;
    bool idle();  // no job followed now (the last one's thread joined)
    void begin(Make make);

    scheduler::ProcessRunner m_runner;
    std::unique_ptr<scheduler::Scheduler> m_scheduler;
    scheduler::PollPolicy m_poll;
    // The job, made on the thread (its checks ask the cluster), and what was asked of
    // it before it was made: shared by this object and the thread.
    struct Shared {
        std::mutex mutex;
        std::unique_ptr<launch::ScheduledJob> run;
        bool stop = false, leave = false;
    };
    std::shared_ptr<Shared> m_shared;
    std::thread m_thread;
    bool m_ended = true;
    QObject* m_relay = nullptr;  // receives the thread's queued calls; dies with this object
};

}  // namespace traindeck::gui
