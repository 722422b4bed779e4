#include "gui/launch/scheduled_job_panel.h"

#include "gui/launch/launch_log.h"
#include "gui/launch/scheduled_job_control.h"
#include "gui/parts/banner.h"
#include "gui/plan/plan_document.h"
#include "launch/launch_texts.h"
#include "localized.h"

#include <QEvent>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace traindeck::gui {

using launch::JobEvent;

namespace {

QString fromStd(const std::string& s) { return QString::fromStdString(s); }

}  // namespace

ScheduledJobPanel::ScheduledJobPanel(const PlanDocument& document, QWidget* parent)
    : QWidget(parent), m_document(document), m_control(new ScheduledJobControl(this)) {
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

    m_banner = new Banner;
    m_banner->setObjectName(QStringLiteral("jobBanner"));
    column->addWidget(m_banner);

    m_log = new LaunchLog(QStringLiteral("job"));  // the job's output, as the SSH part's log shows a node's
    m_log->setNodes(0);
    column->addWidget(m_log, 1);

    connect(m_checkButton, &QPushButton::clicked, this, [this] { submit(true); });
    connect(m_submitButton, &QPushButton::clicked, this, [this] { submit(false); });
    connect(m_stopButton, &QPushButton::clicked, this, [this] { stop(); });
    connect(m_attachButton, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Run folder of a submitted job"), m_runDirEdit->text());
        if (!dir.isEmpty()) attach(dir);
    });
    connect(m_watchButton, &QPushButton::clicked, this, [this] { emit watchRequested(m_runDir); });
    connect(m_control, &ScheduledJobControl::event, this, &ScheduledJobPanel::onEvent);
    connect(m_control, &ScheduledJobControl::runDirKnown, this, [this](const QString& dir) {
        m_runDir = dir;
        updateButtons();
    });
    retranslate();
    updateButtons();
}

ScheduledJobPanel::~ScheduledJobPanel() {
    delete m_control;  // leaves the job and waits for its thread while this panel still exists
    m_control = nullptr;
}

bool ScheduledJobPanel::running() const { return m_control && m_control->running(); }

void ScheduledJobPanel::setRunDir(const QString& dir) { m_runDirEdit->setText(dir); }

void ScheduledJobPanel::setGraceSeconds(double seconds) {
    scheduler::PollPolicy poll = m_control->poll();
    poll.graceS = seconds;
    m_control->setPoll(poll);
}

void ScheduledJobPanel::setPollInterval(double seconds) {
    scheduler::PollPolicy poll = m_control->poll();
    poll.intervalS = seconds;
    m_control->setPoll(poll);
}

void ScheduledJobPanel::started() {
    m_stopped = false;
    m_hasStatus = false;
    m_end = {};
    m_jobId.clear();
    m_runDir.clear();
    m_log->clear();
    showValues();
    updateButtons();
}

void ScheduledJobPanel::forgetEndedJob() {
    if (running()) return;
    started();
    m_banner->clear();
}

bool ScheduledJobPanel::submit(bool dryRun) {
    if (!m_control->submit(m_document.plan(), m_runDirEdit->text().trimmed().toStdString(), dryRun)) return false;
    started();
    m_banner->say([dryRun] { return dryRun ? tr("Checking the plan against the cluster…") : tr("Submitting…"); }, false);
    return true;
}

bool ScheduledJobPanel::attach(const QString& runDir) {
    launch::JobRecord record;
    Text error;
    if (!m_control->attach(runDir.toStdString(), record, error)) {
        if (!error.empty()) m_banner->say([error] { return app::qLocalized(error); }, true);
        return false;
    }
    started();
    m_runDirEdit->setText(runDir);
    m_jobId = fromStd(record.jobId);
    showValues();
    m_banner->say([record, dir = runDir.toStdString()] { return app::qLocalized(launch::jobAttachedText(record.jobId, dir)); },
                  false);
    return true;
}

void ScheduledJobPanel::stop() {
    if (!running()) return;
    m_stopped = true;
    m_control->stop();
    m_banner->say([id = m_jobId.toStdString(), grace = m_control->poll().graceS] {
        return app::qLocalized(launch::jobStoppingText(id, grace));
    }, false);
    updateButtons();
}

void ScheduledJobPanel::onEvent(const JobEvent& e) {
    if (!e.jobId.empty()) m_jobId = fromStd(e.jobId);
    switch (e.kind) {
    case JobEvent::Kind::Submitted:
        m_banner->say([id = e.jobId] { return app::qLocalized(launch::jobSubmittedText(id)); }, false);
        break;
    case JobEvent::Kind::Status:
        m_status = e.status;
        m_hasStatus = true;
        break;
    case JobEvent::Kind::Output:
        // One stream holds every node's lines: a trainer's metrics line says its node.
        m_log->appendPrinted(-1, e.metricsEvent,
                             e.node >= 0 ? QStringLiteral("[node %1] %2").arg(e.node).arg(fromStd(e.line)) : fromStd(e.line));
        break;
    case JobEvent::Kind::Notice:
        m_log->append(-1, app::qLocalized(e.message));
        break;
    case JobEvent::Kind::End: {
        m_end = e.end;
        if (!e.jobId.empty()) {  // how the job ended, in the State row too
            m_status = e.status;
            m_hasStatus = true;
        }
        const bool ok = e.end.status == launch::EndStatus::Completed || e.end.status == launch::EndStatus::DryRun;
        // The end in the log too: a check's result stays there after the banner changes.
        m_log->append(-1, app::qLocalized(launch::jobEndText(e.end, m_jobId.toStdString(), m_runDir.toStdString())));
        m_banner->say([end = e.end, id = m_jobId.toStdString(), dir = m_runDir.toStdString()] {
            return app::qLocalized(launch::jobEndText(end, id, dir));
        }, e.end.status == launch::EndStatus::Failed);
        emit runEnded(ok);
        break;
    }
    }
    showValues();
    updateButtons();
}

// The job, its state and its nodes; a dash for what is not known yet (nothing submitted).
void ScheduledJobPanel::showValues() {
    const auto orDash = [](const QString& value) { return value.isEmpty() ? QStringLiteral("—") : value; };
    m_job->setText(orDash(m_jobId));
    m_state->setText(orDash(stateText()));
    m_nodes->setText(orDash(nodesText()));
}

QString ScheduledJobPanel::stateText() const { return m_hasStatus ? app::qLocalized(scheduler::jobStatusText(m_status)) : QString(); }
QString ScheduledJobPanel::nodesText() const { return m_hasStatus ? fromStd(m_status.nodes) : QString(); }
QString ScheduledJobPanel::jobId() const { return m_jobId; }
QString ScheduledJobPanel::banner() const { return m_banner->shown(); }

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
    showValues();
}

}  // namespace traindeck::gui
