#include "gui/launch/scheduled_job_panel.h"

#include "gui/parts/widget_parts.h"

#include "localized.h"

#include <QEvent>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace traindeck::gui {

using launch::JobEvent;

namespace {

constexpr int kJobOutputLines = 5000;  // the pane keeps the last lines; the run folder keeps all

QString fromStd(const std::string& s) { return QString::fromStdString(s); }

}  // namespace

ScheduledJobPanel::ScheduledJobPanel(QWidget* parent) : QWidget(parent), m_relay(new QObject(this)) {
    auto* column = new QVBoxLayout(this);
    column->setContentsMargins(0, 0, 0, 0);
    m_intro = new QLabel;
    m_intro->setWordWrap(true);
    column->addWidget(m_intro);

    auto* form = new QFormLayout;
    m_runDirLabel = new QLabel;
    m_runDirEdit = new QLineEdit;
    m_runDirEdit->setObjectName(QStringLiteral("jobRunDir"));
    m_runDirEdit->setClearButtonEnabled(true);
    form->addRow(m_runDirLabel, m_runDirEdit);
    const auto addValue = [&](QLabel*& label, QLabel*& value, const char* name) {
        label = new QLabel;
        value = new QLabel;
        value->setObjectName(QLatin1String(name));
        value->setTextInteractionFlags(Qt::TextSelectableByMouse);
        form->addRow(label, value);
    };
    addValue(m_jobLabel, m_job, "jobId");
    addValue(m_stateLabel, m_state, "jobState");
    addValue(m_nodesLabel, m_nodes, "jobNodes");
    column->addLayout(form);

    auto* buttons = new QHBoxLayout;
    m_checkButton = new QPushButton;
    m_submitButton = new QPushButton;
    m_stopButton = new QPushButton;
    m_attachButton = new QPushButton;
    m_watchButton = new QPushButton;
    for (QPushButton* b : {m_checkButton, m_submitButton, m_stopButton, m_attachButton, m_watchButton})
        buttons->addWidget(b);
    buttons->addStretch();
    column->addLayout(buttons);

    m_banner = new QLabel;
    m_banner->setObjectName(QStringLiteral("jobBanner"));
    m_banner->setWordWrap(true);
    m_banner->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_banner->hide();
    column->addWidget(m_banner);

    m_output = new QPlainTextEdit;
    m_output->setObjectName(QStringLiteral("jobOutput"));
    m_output->setReadOnly(true);
    m_output->setMaximumBlockCount(kJobOutputLines);
    m_output->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_output->setFont(QFont(QStringLiteral("monospace")));
    column->addWidget(m_output, 1);

    connect(m_checkButton, &QPushButton::clicked, this, [this] { submit(true); });
    connect(m_submitButton, &QPushButton::clicked, this, [this] { submit(false); });
    connect(m_stopButton, &QPushButton::clicked, this, [this] { stop(); });
    connect(m_attachButton, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Run folder of a submitted job"), m_runDirEdit->text());
        if (!dir.isEmpty()) attach(dir);
    });
    connect(m_watchButton, &QPushButton::clicked, this, [this] { emit watchRequested(m_runDir); });
    retranslate();
    updateButtons();
}

ScheduledJobPanel::~ScheduledJobPanel() {
    // Closing the window is not cancelling the job: it runs on, and --attach (or
    // this page's Attach) follows it again. A job not yet submitted is not.
    if (m_shared) {
        std::lock_guard lock(m_shared->mutex);
        m_shared->leave = true;
        if (m_shared->run) m_shared->run->leave();
    }
    if (m_thread.joinable()) m_thread.join();
}

void ScheduledJobPanel::setAnalysis(const PlanAnalysis& analysis) {
    m_analysis = analysis;
    updateButtons();
}

void ScheduledJobPanel::setRunDir(const QString& dir) { m_runDirEdit->setText(dir); }

bool ScheduledJobPanel::idle() {
    if (running()) return false;
    if (m_thread.joinable()) m_thread.join();
    return true;
}

void ScheduledJobPanel::begin(std::function<std::unique_ptr<launch::ScheduledJob>(launch::ScheduledJob::Sink)> make) {
    m_ended = false;
    m_stopped = false;
    m_hasStatus = false;
    m_end = {};
    m_jobId.clear();
    m_runDir.clear();
    m_output->clear();
    m_shared = std::make_shared<Shared>();
    QObject* relay = m_relay;
    ScheduledJobPanel* panel = this;
    // The scheduler's commands (sinfo, sbatch) may take seconds: they run on the thread.
    m_thread = std::thread([relay, panel, make, shared = m_shared] {
        launch::ScheduledJob::Sink sink = [relay, panel](const JobEvent& e) {
            QMetaObject::invokeMethod(relay, [panel, e] { panel->onEvent(e); }, Qt::QueuedConnection);
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
        const QString dir = fromStd(made->runDir());
        QMetaObject::invokeMethod(relay, [panel, dir] { panel->m_runDir = dir; }, Qt::QueuedConnection);
        launch::ScheduledJob* run = made.get();
        {
            std::lock_guard lock(shared->mutex);
            shared->run = std::move(made);
            if (shared->leave) return;  // the window closed before anything was submitted
            if (shared->stop) run->stop();
        }
        run->run();
    });
    updateButtons();
}

bool ScheduledJobPanel::submit(bool dryRun) {
    if (!idle()) return false;
    const char* name = scheduler::schedulerOf(m_analysis.plan.launch.platform);
    if (!name) return false;
    m_scheduler = scheduler::makeScheduler(name, m_runner);
    launch::ScheduledJobConfig config;
    config.plan = m_analysis.plan;
    config.runDir = m_runDirEdit->text().trimmed().toStdString();
    config.dryRun = dryRun;
    config.poll.intervalS = m_pollInterval;
    config.poll.graceS = m_graceSeconds;
    scheduler::Scheduler* s = m_scheduler.get();
    showBanner(dryRun ? tr("Checking the plan against the cluster…") : tr("Submitting…"), false);
    begin([config, s](launch::ScheduledJob::Sink sink) {
        return std::make_unique<launch::ScheduledJob>(config, *s, std::move(sink));
    });
    return true;
}

bool ScheduledJobPanel::attach(const QString& runDir) {
    if (!idle()) return false;
    launch::JobRecord record;
    Text error;
    if (!launch::readJobRecord(runDir.toStdString(), record, error)) {
        showBanner(app::qLocalized(error), true);
        return false;
    }
    m_scheduler = scheduler::makeScheduler(record.scheduler, m_runner);
    if (!m_scheduler) return false;
    scheduler::PollPolicy poll;
    poll.intervalS = m_pollInterval;
    poll.graceS = m_graceSeconds;
    scheduler::Scheduler* s = m_scheduler.get();
    const std::string dir = runDir.toStdString();
    m_runDirEdit->setText(runDir);
    showBanner(tr("Attaching to the job of %1…").arg(runDir), false);
    begin([dir, s, poll](launch::ScheduledJob::Sink sink) {
        return std::make_unique<launch::ScheduledJob>(dir, *s, poll, std::move(sink));
    });
    m_jobId = QString::fromStdString(record.jobId);
    m_job->setText(m_jobId);
    return true;
}

void ScheduledJobPanel::stop() {
    if (!running()) return;
    m_stopped = true;
    {
        std::lock_guard lock(m_shared->mutex);
        m_shared->stop = true;
        if (m_shared->run) m_shared->run->stop();
    }
    showBanner(tr("Stopping job %1: SIGTERM to its tasks, scancel after %2 s; waiting until Slurm says it ended…")
                   .arg(m_jobId)
                   .arg(int(m_graceSeconds)),
               false);
    updateButtons();
}

void ScheduledJobPanel::onEvent(const JobEvent& e) {
    switch (e.kind) {
    case JobEvent::Kind::Submitted:
        m_jobId = fromStd(e.jobId);
        showBanner(tr("Submitted job %1.").arg(m_jobId), false);
        break;
    case JobEvent::Kind::Status:
        m_jobId = fromStd(e.jobId);
        m_status = e.status;
        m_hasStatus = true;
        break;
    case JobEvent::Kind::Output:
        m_output->appendPlainText(fromStd(e.line));
        break;
    case JobEvent::Kind::Notice:
        m_output->appendPlainText(app::qLocalized(e.message));
        break;
    case JobEvent::Kind::End: {
        m_ended = true;
        m_end = e.end;
        if (!e.jobId.empty()) m_jobId = fromStd(e.jobId);
        const bool ok = e.end.status == launch::EndStatus::Completed || e.end.status == launch::EndStatus::DryRun;
        switch (e.end.status) {
        case launch::EndStatus::Completed: showBanner(tr("Job %1 completed.").arg(m_jobId), false); break;
        case launch::EndStatus::DryRun:
            showBanner(tr("The cluster can take this plan; its files are in %1. Nothing was submitted.").arg(m_runDir), false);
            break;
        case launch::EndStatus::Interrupted: showBanner(tr("Job %1 was stopped.").arg(m_jobId), false); break;
        case launch::EndStatus::Failed: showBanner(tr("Failed: %1").arg(app::qLocalized(e.end.why)), true); break;
        }
        emit runEnded(ok);
        break;
    }
    }
    m_job->setText(m_jobId);
    m_state->setText(stateText());
    m_nodes->setText(nodesText());
    updateButtons();
}

QString ScheduledJobPanel::stateText() const { return m_hasStatus ? app::qLocalized(scheduler::jobStatusText(m_status)) : QString(); }
QString ScheduledJobPanel::nodesText() const { return m_hasStatus ? fromStd(m_status.nodes) : QString(); }
QString ScheduledJobPanel::jobId() const { return m_jobId; }
QString ScheduledJobPanel::banner() const { return m_banner->isVisible() ? m_banner->text() : QString(); }

void ScheduledJobPanel::showBanner(const QString& text, bool failing) {
    m_banner->setText(text);
    styleBanner(m_banner, failing);
    m_banner->show();
}

void ScheduledJobPanel::updateButtons() {
    const bool busy = running();
    m_checkButton->setEnabled(!busy);
    m_submitButton->setEnabled(!busy);
    m_attachButton->setEnabled(!busy);
    m_stopButton->setEnabled(busy && !m_stopped);
    m_watchButton->setEnabled(!m_runDir.isEmpty());
}

void ScheduledJobPanel::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslate();
    QWidget::changeEvent(event);
}

void ScheduledJobPanel::retranslate() {
    m_intro->setText(tr("Slurm runs this plan: Submit writes its Slurm files into the run folder and submits them with "
                        "sbatch; the job's state, the nodes it runs on and its output show here as they change, and the "
                        "Watch page plots it from the run folder. Stop cancels the job (SIGTERM to its tasks first, so "
                        "the trainer checkpoints). Closing the window leaves the job running: Attach follows it again."));
    m_runDirLabel->setText(tr("Run folder:"));
    m_runDirEdit->setPlaceholderText(tr("default: ~/.local/share/TrainDeck/runs/RUN_ID (shared with the nodes)"));
    m_jobLabel->setText(tr("Job:"));
    m_stateLabel->setText(tr("State:"));
    m_nodesLabel->setText(tr("Nodes:"));
    m_checkButton->setText(tr("Check"));
    m_checkButton->setToolTip(tr("Check the plan against the cluster (sinfo) and write its files; submit nothing"));
    m_submitButton->setText(tr("Submit"));
    m_stopButton->setText(tr("Stop"));
    m_stopButton->setToolTip(tr("scancel: SIGTERM to the job's tasks, the scheduler's cancel after the grace"));
    m_attachButton->setText(tr("Attach…"));
    m_attachButton->setToolTip(tr("Follow the job of a run folder submitted earlier"));
    m_watchButton->setText(tr("Watch"));
    m_state->setText(stateText());
}

}  // namespace traindeck::gui
