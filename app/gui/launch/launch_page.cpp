#include "gui/launch/launch_page.h"

#include "gui/launch/launch_nodes_model.h"
#include "gui/launch/scheduled_job_panel.h"
#include "gui/window/ssh_settings.h"
#include "gui/parts/widget_parts.h"
#include "localized.h"
#include "plan/findings.h"
#include "plan/plan_analysis.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDesktopServices>
#include <QScrollBar>
#include <QUrl>
#include <QEvent>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

#include <chrono>
#include <future>

namespace traindeck::gui {

using launch::Event;
using launch::NodeState;

// A host-key question's answer, given once on the page's thread and awaited by a node's.
struct KeyAnswer {
    std::promise<bool> promise;
    bool given = false;  // touched on the page's thread only
    void give(bool trust) {
        if (given)
            return;
        given = true;
        promise.set_value(trust);
    }
};

namespace {

// The output pane keeps the last lines only; the run folder keeps every line.
constexpr int kOutputLines = 5000;

}  // namespace

LaunchPage::LaunchPage(QWidget* parent) : QWidget(parent), m_relay(new QObject(this)) {
    auto* targets = new QVBoxLayout(this);
    m_scheduled = new ScheduledJobPanel;
    m_scheduled->setObjectName(QStringLiteral("scheduledJob"));
    m_scheduled->hide();
    m_sshPart = new QWidget;
    targets->addWidget(m_scheduled);
    targets->addWidget(m_sshPart);
    connect(m_scheduled, &ScheduledJobPanel::watchRequested, this, &LaunchPage::watchRequested);
    auto* column = new QVBoxLayout(m_sshPart);
    column->setContentsMargins(0, 0, 0, 0);
    m_intro = new QLabel;
    m_intro->setWordWrap(true);
    column->addWidget(m_intro);

    m_model = new LaunchNodesModel(this);
    m_nodes = new QTableView;
    m_nodes->setObjectName(QStringLiteral("nodes"));
    m_nodes->setModel(m_model);
    m_nodes->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_nodes->verticalHeader()->hide();
    m_nodes->horizontalHeader()->setSectionResizeMode(LaunchNodesModel::ReasonColumn, QHeaderView::Stretch);
    m_nodes->horizontalHeader()->setSectionResizeMode(LaunchNodesModel::HostColumn, QHeaderView::Interactive);
    m_nodes->setColumnWidth(LaunchNodesModel::HostColumn, 260);
    m_nodes->setMaximumHeight(240);
    column->addWidget(m_nodes);

    auto* form = new QFormLayout;
    m_local = new QCheckBox;
    m_local->setObjectName(QStringLiteral("local"));
    form->addRow(m_local);
    const auto addPath = [&](QLabel*& label, QLineEdit*& edit, const char* name) {
        label = new QLabel;
        edit = new QLineEdit;
        edit->setObjectName(QLatin1String(name));
        edit->setClearButtonEnabled(true);
        form->addRow(label, edit);
    };
    addPath(m_runDirLabel, m_runDirEdit, "runDir");
    addPath(m_remoteDirLabel, m_remoteDir, "remoteDir");
    addPath(m_identityLabel, m_identity, "identity");
    addPath(m_knownHostsLabel, m_knownHosts, "knownHosts");
    addPath(m_sshConfigLabel, m_sshConfig, "sshConfig");
    column->addLayout(form);

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

    m_banner = new QLabel;
    m_banner->setObjectName(QStringLiteral("launchBanner"));
    m_banner->setWordWrap(true);
    m_banner->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_banner->hide();
    column->addWidget(m_banner);

    auto* logBar = new QHBoxLayout;
    m_logLabel = new QLabel;
    m_logFilter = new QComboBox;
    m_logFilter->setObjectName(QStringLiteral("logFilter"));
    m_search = new QLineEdit;
    m_search->setObjectName(QStringLiteral("search"));
    m_search->setClearButtonEnabled(true);
    m_follow = new QCheckBox;
    m_follow->setChecked(true);
    logBar->addWidget(m_logLabel);
    logBar->addWidget(m_logFilter);
    logBar->addWidget(m_search, 1);
    logBar->addWidget(m_follow);
    column->addLayout(logBar);

    m_output = new QPlainTextEdit;
    m_output->setObjectName(QStringLiteral("output"));
    m_output->setReadOnly(true);
    m_output->setMaximumBlockCount(kOutputLines);
    // A long line (a Python traceback's, a command line) wraps: cut at the edge it could not be read.
    m_output->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_output->setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    m_output->setFont(QFont(QStringLiteral("monospace")));
    column->addWidget(m_output, 1);

    connect(m_checkButton, &QPushButton::clicked, this, [this] { check(); });
    connect(m_startButton, &QPushButton::clicked, this, [this] { start(); });
    connect(m_stopButton, &QPushButton::clicked, this, [this] { stop(); });
    connect(m_killButton, &QPushButton::clicked, this, [this] {
        if (running()) {
            m_stops = 2;
            m_run->kill();
            showBanner([this] { return tr("Killing every node…"); }, false);
            updateButtons();
        }
    });
    connect(m_watchButton, &QPushButton::clicked, this, [this] { emit watchRequested(m_runDir); });
    connect(m_folderButton, &QPushButton::clicked, this,
            [this] { QDesktopServices::openUrl(QUrl::fromLocalFile(m_runDir)); });
    connect(m_logFilter, &QComboBox::currentIndexChanged, this, [this] { refillOutput(); });
    connect(m_search, &QLineEdit::returnPressed, this, [this] { findInOutput(); });
    connect(m_local, &QCheckBox::toggled, this, [this] { syncNodes(); });

    connect(m_model, &LaunchNodesModel::hostsEdited, this, &LaunchPage::hostsEdited);
    m_model->setHosts({QString()});
    retranslate();
    updateButtons();
}

LaunchPage::~LaunchPage() {
    *m_closing = true;  // a node thread waiting for a host-key answer gives up
    if (m_run) {
        m_run->stop();  // the trainer checkpoints on SIGTERM; the grace period bounds the wait
        if (m_waiter.joinable())
            m_waiter.join();  // every node thread has ended, while m_relay still exists
        m_run.reset();
    }
}

void LaunchPage::setAnalysis(const PlanAnalysis& analysis) {
    m_analysis = analysis;
    m_scheduled->setAnalysis(analysis);
    // A Slurm plan is the scheduler's to run: its panel stands in for the SSH part
    // (a run already going keeps its part until it ends).
    const bool scheduled = scheduler::schedulerOf(analysis.plan.launch.platform) != nullptr && !running();
    m_scheduled->setVisible(scheduled || m_scheduled->running());
    m_sshPart->setVisible(!m_scheduled->isVisibleTo(this));
    syncNodes();
}

QStringList LaunchPage::hosts() const { return m_model->hosts(); }

void LaunchPage::setHosts(const QStringList& hosts) {
    QStringList rows;
    for (int row = 0; row < m_model->rowCount(); ++row)
        rows << hosts.value(row);
    m_model->setHosts(rows);
    emit hostsEdited(m_model->hosts());  // the plan keeps them
}

void LaunchPage::setLocal(bool local) { m_local->setChecked(local); }
void LaunchPage::setRunDir(const QString& dir) { m_runDirEdit->setText(dir); }
void LaunchPage::setSshFiles(const QString& identity, const QString& knownHosts, const QString& config) {
    m_identity->setText(identity);
    m_knownHosts->setText(knownHosts);
    m_sshConfig->setText(config);
}

void LaunchPage::useSsh(SshSettings* shared) {
    const auto keep = [this, shared] { shared->setFiles(m_identity->text(), m_knownHosts->text(), m_sshConfig->text()); };
    for (QLineEdit* e : {m_identity, m_knownHosts, m_sshConfig})
        connect(e, &QLineEdit::textChanged, shared, keep);
    keep();
}

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
    m_model->setHostsEnabled(!(nodes == 1 && m_local->isChecked()));
    const int shown = shownNode();
    const QSignalBlocker quiet(m_logFilter);
    m_logFilter->clear();
    m_logFilter->addItem(tr("All nodes"), -1);
    for (int row = 0; row < nodes; ++row)
        m_logFilter->addItem(tr("Node %1").arg(row), row);
    m_logFilter->setCurrentIndex(std::max(0, m_logFilter->findData(shown)));
    updateButtons();
}

bool LaunchPage::check() { return begin(true); }
bool LaunchPage::start() { return begin(false); }

bool LaunchPage::begin(bool dryRun) {
    if (running())
        return false;
    launch::LaunchConfig config;
    config.plan = plan();
    config.local = plan().cluster.nodes == 1 && m_local->isChecked();
    if (!config.local)
        for (const QString& h : hosts())
            config.hosts.push_back(h.toStdString());
    config.runDir = m_runDirEdit->text().trimmed().toStdString();
    config.remoteDir = m_remoteDir->text().trimmed().toStdString();
    config.ssh.identityFile = m_identity->text().trimmed().toStdString();
    config.ssh.knownHostsFile = m_knownHosts->text().trimmed().toStdString();
    config.ssh.configFile = m_sshConfig->text().trimmed().toStdString();
    config.dryRun = dryRun;
    config.graceSeconds = m_graceSeconds;

    // Both run on the run's threads; they reach this page only through m_relay's queue.
    QObject* relay = m_relay;
    LaunchPage* page = this;
    std::shared_ptr<std::atomic<bool>> closing = m_closing;
    config.ssh.askHostKey = [relay, page, closing](const ssh::HostKeyQuestion& q) {
        auto answer = std::make_shared<KeyAnswer>();
        std::future<bool> trusted = answer->promise.get_future();
        QMetaObject::invokeMethod(relay, [page, q, answer] { page->askHostKey(q, answer); }, Qt::QueuedConnection);
        while (trusted.wait_for(std::chrono::milliseconds(100)) != std::future_status::ready)
            if (*closing)
                return false;
        return trusted.get();
    };
    auto sink = [relay, page](const Event& e) {
        QMetaObject::invokeMethod(relay, [page, e] { page->onEvent(e); }, Qt::QueuedConnection);
    };

    try {
        m_run = std::make_unique<launch::Launch>(std::move(config), sink);
    } catch (const launch::LaunchError& e) {
        showBanner([why = e.text] { return app::qLocalized(why); }, true);
        return false;
    }
    m_dryRun = dryRun;
    m_ended = false;
    m_stops = 0;
    m_end = {};
    m_runDir = QString::fromStdString(m_run->runDir());
    m_model->clearRun();
    m_lines.clear();
    m_output->clear();
    appendLine(-1, tr("Run folder: %1").arg(m_runDir));
    showBanner([this, dryRun] { return dryRun ? tr("Checking the nodes…") : tr("Starting the nodes…"); }, false);
    updateButtons();
    m_run->start();
    m_waiter = std::thread([run = m_run.get()] { run->wait(); });
    return true;
}

void LaunchPage::stop() {
    if (!running())
        return;
    ++m_stops;
    // Questions still open are answered "no": a stopped run records no key.
    for (QMessageBox* box : findChildren<QMessageBox*>(QStringLiteral("hostKeyDialog")))
        box->reject();
    m_run->stop();
    showBanner([this, first = m_stops == 1] {
        return first ? tr("Stopping every node (SIGTERM; SIGKILL after %1 s, or at a second Stop)…").arg(m_graceSeconds)
                     : tr("Killing every node…");
    }, false);
    updateButtons();
}

void LaunchPage::onEvent(const Event& e) {
    if (m_ended)
        return;  // a node thread's last word queued behind the run's end: the rows stay as the end left them
    if (e.kind == Event::Kind::End) {
        m_model->apply(e);
        m_end = e.end;
        finish();
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
            showBanner([this] { return tr("Every node is running; Stop ends them all (the trainer checkpoints on SIGTERM)."); },
                       false);
        break;
    case Event::Kind::Preflight:
        appendLine(row, prefix + (e.ok ? tr("check %1: %2") : tr("check %1 FAILED: %2"))
                                     .arg(QString::fromStdString(e.check), app::qLocalized(e.message)));
        break;
    case Event::Kind::Metrics:
        // A line per step would bury the rest (the node table shows the last step;
        // the run folder keeps every line), and so would one per rank.
        if (e.metricsEvent != "step" && e.metricsEvent != "rank")
            appendLine(row, prefix + QString::fromStdString(e.line));
        break;
    case Event::Kind::Output:
        appendLine(row, prefix + QString::fromStdString(e.line));
        break;
    case Event::Kind::End:
        break;
    }
}

void LaunchPage::finish() {
    if (m_waiter.joinable())
        m_waiter.join();  // End is the waiter's last word: it has returned or is returning
    m_run.reset();
    m_ended = true;
    const bool ok = m_end.status == launch::EndStatus::Completed || m_end.status == launch::EndStatus::DryRun;
    if (m_end.status == launch::EndStatus::Failed && m_end.node >= 0 && m_end.node < m_model->rowCount())
        m_nodes->selectRow(m_end.node);
    showBanner([this] { return endText(); }, !ok);
    appendLine(-1, endText());
    updateButtons();
    emit runEnded(ok);
}

// How the run ended, in the language of the moment (the banner says it again after a switch).
QString LaunchPage::endText() const {
    QString text;
    switch (m_end.status) {
    case launch::EndStatus::DryRun:
        text = tr("Every node passed the checks: ready to start.");
        break;
    case launch::EndStatus::Completed:
        text = tr("The run completed: every node exited 0.");
        break;
    case launch::EndStatus::Interrupted:
        text = tr("The run was stopped; every node has ended.");
        break;
    case launch::EndStatus::Failed:
        if (m_end.kind == launch::FailureKind::Node)
            text = tr("Node %1 failed first: %2. Every other node was stopped.")  // the reason names its host
                       .arg(m_end.node)
                       .arg(app::qLocalized(m_end.why));
        else
            text = tr("Nothing was started. Node %1: %2").arg(m_end.node).arg(app::qLocalized(m_end.why));
        break;
    }
    return text;
}

void LaunchPage::askHostKey(const ssh::HostKeyQuestion& q, std::shared_ptr<KeyAnswer> answer) {
    if (!running()) {
        answer->give(false);
        return;
    }
    auto* box = new QMessageBox(QMessageBox::Warning, tr("Unknown host key"),
                                tr("Node %1 (%2) is not in known_hosts.\n\nIts %3 key's fingerprint is\n%4\n\n"
                                   "Trust this key and record it? Compare the fingerprint with the one the host's "
                                   "administrator gives you (ssh-keygen -lf /etc/ssh/ssh_host_*_key.pub).")
                                    .arg(q.node)
                                    .arg(QString::fromStdString(q.host), QString::fromStdString(q.keyType),
                                         QString::fromStdString(q.fingerprint)),
                                QMessageBox::NoButton, this);
    box->setObjectName(QStringLiteral("hostKeyDialog"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setTextInteractionFlags(Qt::TextSelectableByMouse);
    box->addButton(tr("Trust and record"), QMessageBox::AcceptRole);
    box->setDefaultButton(box->addButton(tr("Refuse"), QMessageBox::RejectRole));
    connect(box, &QMessageBox::finished, this, [box, answer](int) {
        answer->give(box->buttonRole(box->clickedButton()) == QMessageBox::AcceptRole);
    });
    box->open();
    emit hostKeyAsked(QString::fromStdString(q.host), QString::fromStdString(q.fingerprint));
}

int LaunchPage::shownNode() const {
    return m_logFilter->currentIndex() < 0 ? -1 : m_logFilter->currentData().toInt();
}

void LaunchPage::appendLine(int node, const QString& line) {
    m_lines.emplace_back(node, line);
    if (m_lines.size() > size_t(2 * kOutputLines))  // a whole node's log is in the run folder
        m_lines.erase(m_lines.begin(), m_lines.begin() + kOutputLines);
    const int shown = shownNode();
    if (shown >= 0 && node != shown)
        return;
    QScrollBar* bar = m_output->verticalScrollBar();
    const int kept = bar->value();
    m_output->appendPlainText(line);
    bar->setValue(m_follow->isChecked() ? bar->maximum() : kept);
}

void LaunchPage::refillOutput() {
    const int shown = shownNode();
    QStringList text;
    for (const auto& [node, line] : m_lines)
        if (shown < 0 || node == shown)
            text << line;
    m_output->setPlainText(text.join(QLatin1Char('\n')));
    m_output->verticalScrollBar()->setValue(m_output->verticalScrollBar()->maximum());
}

// Next match after the cursor, from the top again at the end.
void LaunchPage::findInOutput() {
    const QString text = m_search->text();
    if (text.isEmpty())
        return;
    m_follow->setChecked(false);  // the user reads: the live edge no longer pulls the view away
    if (!m_output->find(text)) {
        m_output->moveCursor(QTextCursor::Start);
        m_output->find(text);
    }
}

QString LaunchPage::nodeStateText(int node) const {
    return m_model->data(m_model->index(node, LaunchNodesModel::StateColumn)).toString();
}

QString LaunchPage::banner() const { return m_banner->isHidden() ? QString() : m_banner->text(); }

void LaunchPage::showBanner(std::function<QString()> text, bool failing) {
    m_bannerText = std::move(text);
    m_banner->setText(m_bannerText());
    styleBanner(m_banner, failing);
    m_banner->show();
}

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
    for (QLineEdit* e : {m_runDirEdit, m_remoteDir, m_identity, m_knownHosts, m_sshConfig})
        e->setEnabled(!busy);
    m_local->setEnabled(!busy && plan().cluster.nodes == 1);
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
    m_local->setText(tr("Run the single node on this machine"));
    m_runDirLabel->setText(tr("Run folder"));
    m_runDirEdit->setPlaceholderText(tr("default: ~/.local/share/TrainDeck/runs/RUN_ID"));
    m_remoteDirLabel->setText(tr("Folder on each host"));
    m_remoteDir->setPlaceholderText(tr("default: ~/.traindeck/runs (the run's files go to FOLDER/RUN_ID)"));
    m_identityLabel->setText(tr("Identity file"));
    m_identity->setPlaceholderText(tr("default: the agent, then ~/.ssh/config's"));
    m_knownHostsLabel->setText(tr("known_hosts"));
    m_knownHosts->setPlaceholderText(QStringLiteral("~/.ssh/known_hosts"));
    m_sshConfigLabel->setText(tr("ssh configuration"));
    m_sshConfig->setPlaceholderText(QStringLiteral("~/.ssh/config"));
    m_checkButton->setText(tr("Check nodes"));
    m_checkButton->setToolTip(tr("Runs the pre-flight checks on every node; starts nothing"));
    m_startButton->setText(tr("Start"));
    m_watchButton->setText(tr("Watch this run"));
    m_killButton->setText(tr("Kill"));
    m_killButton->setToolTip(tr("SIGKILL to every node's processes at once: no checkpoint"));
    m_folderButton->setText(tr("Open run folder"));
    m_folderButton->setToolTip(tr("Every node's whole output, the plan and the events (launch.jsonl)"));
    m_logLabel->setText(tr("Log"));
    m_search->setPlaceholderText(tr("Find in the log (Enter: next)"));
    m_follow->setText(tr("Follow"));
    if (m_logFilter->count() > 0)
        m_logFilter->setItemText(0, tr("All nodes"));
    for (int i = 1; i < m_logFilter->count(); ++i)
        m_logFilter->setItemText(i, tr("Node %1").arg(i - 1));
    if (m_bannerText)
        m_banner->setText(m_bannerText());
    updateButtons();
}

}  // namespace traindeck::gui
