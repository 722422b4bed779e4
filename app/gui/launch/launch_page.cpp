#include "gui/launch/launch_page.h"

#include "gui/launch/host_key_dialog.h"
#include "gui/launch/launch_control.h"
#include "gui/launch/launch_form.h"
#include "gui/launch/launch_log.h"
#include "gui/launch/launch_nodes_model.h"
#include "gui/launch/launch_nodes_view.h"
#include "gui/launch/scheduled_job_panel.h"
#include "gui/parts/banner.h"
#include "gui/plan/plan_document.h"
#include "launch/launch_texts.h"
#include "localized.h"

#include <QDesktopServices>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QUrl>
#include <QVBoxLayout>

namespace traindeck::gui {

using launch::Event;

namespace {

// Core's texts with the page's own names: a check that starts nothing is its Check button
// (the command line's --dry-run); plan fields by their labels, as everywhere in the window.
QString pageText(const Text& text) {
    return app::qLocalized(text, [](const std::string& key) {
        return key == "launch.dry_run" ? LaunchPage::tr("Check nodes").toStdString() : std::string();
    });
}

}  // namespace

LaunchPage::LaunchPage(const PlanDocument& document, QWidget* parent)
    : QWidget(parent), m_document(document), m_control(new LaunchControl(this)) {
    auto* targets = new QVBoxLayout(this);
    m_scheduled = new ScheduledJobPanel(document);
    m_scheduled->setObjectName(QStringLiteral("scheduledJob"));
    m_scheduled->hide();
    m_sshPart = makeSshPart();
    targets->addWidget(m_scheduled);
    targets->addWidget(m_sshPart);
    connect(m_scheduled, &ScheduledJobPanel::watchRequested, this, &LaunchPage::watchRequested);

    connect(m_control, &LaunchControl::event, this, &LaunchPage::onEvent);
    connect(m_control, &LaunchControl::hostKeyAsked, this, [this](const ssh::HostKeyQuestion& q, std::function<void(bool)> answer) {
        HostKeyDialog::ask(this, q, std::move(answer));
        emit hostKeyAsked(QString::fromStdString(q.host), QString::fromStdString(q.fingerprint));
    });
    connect(m_checkButton, &QPushButton::clicked, this, [this] { check(); });
    connect(m_startButton, &QPushButton::clicked, this, [this] { start(); });
    connect(m_stopButton, &QPushButton::clicked, this, [this] { stop(); });
    connect(m_killButton, &QPushButton::clicked, this, [this] { kill(); });
    connect(m_watchButton, &QPushButton::clicked, this, [this] { emit watchRequested(m_runDir); });
    connect(m_folderButton, &QPushButton::clicked, this, [this] { QDesktopServices::openUrl(QUrl::fromLocalFile(m_runDir)); });
    connect(m_form, &LaunchForm::localToggled, this, [this] { syncNodes(); });
    connect(m_model, &LaunchNodesModel::hostsEdited, this, &LaunchPage::hostsEdited);
    connect(&m_document, &PlanDocument::analysisChanged, this, &LaunchPage::showPlan);
    connect(&m_document, &PlanDocument::planReplaced, this, &LaunchPage::forgetEndedRun);
    retranslate();
    showPlan();
}

// The SSH part, top to bottom: what it does, the nodes, the settings, the buttons, the banner, the log.
QWidget* LaunchPage::makeSshPart() {
    auto* part = new QWidget;
    auto* column = new QVBoxLayout(part);
    column->setContentsMargins(0, 0, 0, 0);
    m_intro = new QLabel;
    m_intro->setWordWrap(true);
    column->addWidget(m_intro);

    m_model = new LaunchNodesModel(this);
    m_nodes = new LaunchNodesView(m_model);
    column->addWidget(m_nodes);

    m_form = new LaunchForm;
    column->addWidget(m_form);

    auto* buttons = new QHBoxLayout;
    m_checkButton = new QPushButton;
    m_startButton = new QPushButton;
    m_stopButton = new QPushButton;
    m_killButton = new QPushButton;
    m_watchButton = new QPushButton;
    m_folderButton = new QPushButton;
    for (QPushButton* b : {m_checkButton, m_startButton, m_stopButton, m_killButton, m_watchButton, m_folderButton})
        buttons->addWidget(b);
    buttons->addStretch();
    column->addLayout(buttons);

    m_banner = new Banner;
    m_banner->setObjectName(QStringLiteral("launchBanner"));
    column->addWidget(m_banner);

    m_log = new LaunchLog;
    column->addWidget(m_log, 1);
    return part;
}

LaunchPage::~LaunchPage() {
    delete m_control;  // stops the run and waits for it while this page still exists
    m_control = nullptr;
}

bool LaunchPage::running() const { return m_control && m_control->running(); }

const Plan& LaunchPage::plan() const { return m_document.plan(); }

void LaunchPage::showPlan() {
    // A Slurm plan is the scheduler's to run: its panel stands in for the SSH part
    // (a run already going keeps its part until it ends).
    const bool scheduled = scheduler::schedulerOf(plan().launch.platform) != nullptr && !running();
    m_scheduled->setVisible(scheduled || m_scheduled->running());
    m_sshPart->setVisible(!m_scheduled->isVisibleTo(this));
    syncNodes();
}

// Another plan: the run of the plan before (its banner, rows and log) is not this one's.
// A run still going keeps its page until it ends.
void LaunchPage::forgetEndedRun() {
    m_scheduled->forgetEndedJob();
    if (running())
        return;
    m_banner->clear();
    m_log->clear();
    m_model->clearRun();
    m_runDir.clear();
    m_ended = false;
    m_dryRun = false;
    m_end = {};
    updateButtons();
}

QStringList LaunchPage::hosts() const { return m_model->hosts(); }

void LaunchPage::setHosts(const QStringList& hosts) {
    QStringList rows;
    for (int row = 0; row < m_model->rowCount(); ++row)
        rows << hosts.value(row);
    m_model->setHosts(rows);
    emit hostsEdited(m_model->hosts());  // the plan keeps them
}

void LaunchPage::setLocal(bool local) { m_form->setLocal(local); }
void LaunchPage::setRunDir(const QString& dir) { m_form->setRunDir(dir); }
void LaunchPage::setSshFiles(const QString& identity, const QString& knownHosts, const QString& config) {
    m_form->setSshFiles(identity, knownHosts, config);
}
void LaunchPage::useSsh(SshSettings* shared) { m_form->useSsh(shared); }

// One row per node of the plan, each with the plan's host for it.
void LaunchPage::syncNodes() {
    if (running())
        return;
    const int nodes = std::max(1, plan().cluster.nodes);
    QStringList planHosts;
    for (int row = 0; row < nodes; ++row)
        planHosts << (row < int(plan().launch.hosts.size()) ? QString::fromStdString(plan().launch.hosts[size_t(row)])
                                                             : QString());
    m_model->setHosts(planHosts);
    m_model->setHostsEnabled(!(nodes == 1 && m_form->local()));
    m_log->setNodes(nodes);
    updateButtons();
}

bool LaunchPage::check() { return begin(true); }
bool LaunchPage::start() { return begin(false); }

bool LaunchPage::begin(bool dryRun) {
    if (running())
        return false;
    launch::LaunchConfig config;
    config.plan = plan();
    config.local = plan().cluster.nodes == 1 && m_form->local();
    if (!config.local)
        for (const QString& h : hosts())
            config.hosts.push_back(h.toStdString());
    m_form->fill(config);
    config.dryRun = dryRun;
    config.graceSeconds = m_graceSeconds;
    try {
        m_control->start(std::move(config));
    } catch (const launch::LaunchError& e) {
        m_banner->say([why = e.text] { return pageText(why); }, true);
        return false;
    }
    m_dryRun = dryRun;
    m_ended = false;
    m_stops = 0;
    m_end = {};
    m_runDir = QString::fromStdString(m_control->runDir());
    m_model->clearRun();
    m_log->clear();
    m_log->append(-1, tr("Run folder: %1").arg(m_runDir));
    m_banner->say([dryRun] { return dryRun ? tr("Checking the nodes…") : tr("Starting the nodes…"); }, false);
    updateButtons();
    return true;
}

void LaunchPage::stop() {
    if (!running())
        return;
    ++m_stops;
    // Questions still open are answered "no": a stopped run records no key.
    for (HostKeyDialog* box : findChildren<HostKeyDialog*>())
        box->reject();
    m_control->stop();
    m_banner->say([grace = m_graceSeconds, first = m_stops == 1] {
        return first ? tr("Stopping every node (SIGTERM; SIGKILL after %1 s, or at a second Stop)…").arg(grace)
                     : tr("Killing every node…");
    }, false);
    updateButtons();
}

void LaunchPage::kill() {
    if (!running())
        return;
    m_stops = 2;
    m_control->kill();
    m_banner->say([] { return tr("Killing every node…"); }, false);
    updateButtons();
}

void LaunchPage::onEvent(const Event& e) {
    if (e.kind == Event::Kind::End) {
        m_model->apply(e);
        finish(e.end);
        return;
    }
    const int row = e.node;
    if (row < 0 || row >= m_model->rowCount())
        return;
    const bool wasAllRunning = m_model->session().allRunning();
    m_model->apply(e);
    const QString prefix = QStringLiteral("[%1] ").arg(row);
    switch (e.kind) {
    case Event::Kind::State:
        if (!wasAllRunning && m_model->session().allRunning() && !m_dryRun)
            m_banner->say([] { return tr("Every node is running; Stop ends them all (the trainer checkpoints on SIGTERM)."); },
                          false);
        break;
    case Event::Kind::Preflight:
        m_log->append(row, prefix + pageText(launch::preflightText(e)));
        break;
    case Event::Kind::Metrics:
    case Event::Kind::Output:
        m_log->appendPrinted(row, e.metricsEvent, prefix + QString::fromStdString(e.line));
        break;
    case Event::Kind::End:
        break;
    }
}

// How the run ended is core's sentence (launch::endText), in the language of the moment.
void LaunchPage::finish(const launch::LaunchEnd& end) {
    m_ended = true;
    m_end = end;
    const bool ok = end.status == launch::EndStatus::Completed || end.status == launch::EndStatus::DryRun;
    if (end.status == launch::EndStatus::Failed && end.node >= 0 && end.node < m_model->rowCount())
        m_nodes->selectRow(end.node);
    m_banner->say([end] { return pageText(launch::endText(end)); }, !ok);
    m_log->append(-1, pageText(launch::endText(end)));
    updateButtons();
    emit runEnded(ok);
}

QString LaunchPage::nodeStateText(int node) const {
    return m_model->data(m_model->index(node, LaunchNodesModel::StateColumn)).toString();
}

QString LaunchPage::banner() const { return m_banner->shown(); }

void LaunchPage::updateButtons() {
    const bool busy = running();
    m_checkButton->setEnabled(!busy);
    m_startButton->setEnabled(!busy);
    m_stopButton->setEnabled(busy);
    m_killButton->setEnabled(busy);
    m_folderButton->setEnabled(!m_runDir.isEmpty());
    m_stopButton->setText(m_stops > 0 ? tr("Kill now") : tr("Stop"));
    // Nothing to watch where nothing was started (an access or a check failed: core's FailureKind).
    const bool nothingStarted = m_ended && m_end.status == launch::EndStatus::Failed && m_end.kind != launch::FailureKind::Node;
    m_watchButton->setEnabled(!m_runDir.isEmpty() && !m_dryRun && !nothingStarted);
    m_form->setState(busy, plan().cluster.nodes == 1);
    m_model->setRunning(busy);
}

void LaunchPage::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void LaunchPage::retranslate() {
    m_intro->setText(tr("Starts the plan's nodes: each node runs the generated SSH node script, after checks on every "
                        "node (reachable, GPUs per node, the workload, node 0's port, the files). Each node's output is "
                        "kept whole in the run folder. When one node fails, every other node is stopped."));
    m_model->retranslate();
    m_checkButton->setText(tr("Check nodes"));
    m_checkButton->setToolTip(tr("Runs the pre-flight checks on every node; starts nothing"));
    m_startButton->setText(tr("Start"));
    m_watchButton->setText(tr("Watch this run"));
    m_killButton->setText(tr("Kill"));
    m_killButton->setToolTip(tr("SIGKILL to every node's processes at once: no checkpoint"));
    m_folderButton->setText(tr("Open run folder"));
    m_folderButton->setToolTip(tr("Every node's whole output, the plan and the events (launch.jsonl)"));
    updateButtons();
}

}  // namespace traindeck::gui
