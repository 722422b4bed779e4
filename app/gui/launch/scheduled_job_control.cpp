#include "gui/launch/scheduled_job_control.h"

namespace traindeck::gui {

using launch::JobEvent;

ScheduledJobControl::ScheduledJobControl(QObject* parent) : QObject(parent), m_relay(new QObject(this)) {}

ScheduledJobControl::~ScheduledJobControl() {
    // Closing the window is not cancelling the job: it runs on, and --attach (or
    // the panel's Attach) follows it again. A job not yet submitted is not.
    if (m_shared) {
        std::lock_guard lock(m_shared->mutex);
        m_shared->leave = true;
        if (m_shared->run) m_shared->run->leave();
    }
    if (m_thread.joinable()) m_thread.join();
}

bool ScheduledJobControl::idle() {
    if (running()) return false;
    if (m_thread.joinable()) m_thread.join();
    return true;
}

void ScheduledJobControl::begin(Make make) {
    m_ended = false;
    m_shared = std::make_shared<Shared>();
    QObject* relay = m_relay;
    ScheduledJobControl* self = this;
    m_thread = std::thread([relay, self, make, shared = m_shared] {
        launch::ScheduledJob::Sink sink = [relay, self](const JobEvent& e) {
            QMetaObject::invokeMethod(relay, [self, e] {
                if (e.kind == JobEvent::Kind::End) self->m_ended = true;
                emit self->event(e);
            }, Qt::QueuedConnection);
        };
        std::unique_ptr<launch::ScheduledJob> made;
        try {
            made = make(sink);
        } catch (const launch::LaunchError& error) {
            JobEvent e;
            e.kind = JobEvent::Kind::End;
            e.end = {launch::EndStatus::Failed, launch::FailureKind::Preflight, -1, error.text};
            sink(e);
            return;
        }
        const QString dir = QString::fromStdString(made->runDir());
        QMetaObject::invokeMethod(relay, [self, dir] { emit self->runDirKnown(dir); }, Qt::QueuedConnection);
        launch::ScheduledJob* run = made.get();
        {
            std::lock_guard lock(shared->mutex);
            shared->run = std::move(made);
            if (shared->leave) return;  // the window closed before anything was submitted
            if (shared->stop) run->stop();
        }
        run->run();
    });
}

bool ScheduledJobControl::submit(const Plan& plan, const std::string& runDir, bool dryRun) {
    if (!idle()) return false;
    const char* name = scheduler::schedulerOf(plan.launch.platform);
    if (!name) return false;
    m_scheduler = scheduler::makeScheduler(name, m_runner);
    launch::ScheduledJobConfig config;
    config.plan = plan;
    config.runDir = runDir;
    config.dryRun = dryRun;
    config.poll = m_poll;
    scheduler::Scheduler* s = m_scheduler.get();
    begin([config, s](launch::ScheduledJob::Sink sink) { return std::make_unique<launch::ScheduledJob>(config, *s, std::move(sink)); });
    return true;
}

bool ScheduledJobControl::attach(const std::string& runDir, launch::JobRecord& record, Text& error) {
    if (!idle()) return false;
    if (!launch::readJobRecord(runDir, record, error)) return false;
    m_scheduler = scheduler::makeScheduler(record.scheduler, m_runner);
    if (!m_scheduler) return false;
    scheduler::Scheduler* s = m_scheduler.get();
    begin([runDir, s, poll = m_poll](launch::ScheduledJob::Sink sink) {
        return std::make_unique<launch::ScheduledJob>(runDir, *s, poll, std::move(sink));
    });
    return true;
}

void ScheduledJobControl::stop() {
    if (!running()) return;
    std::lock_guard lock(m_shared->mutex);
    m_shared->stop = true;
    if (m_shared->run) m_shared->run->stop();
}

}  // namespace traindeck::gui
