#include "gui/watch/watch_page.h"

#include "gui/parts/widget_parts.h"
#include "gui/plan/plan_document.h"
#include "gui/watch/card_view_bar.h"
#include "gui/watch/watch_alarms.h"
#include "gui/watch/watch_cards.h"
#include "gui/watch/watch_export.h"
#include "gui/watch/watch_runs_model.h"
#include "gui/watch/watch_runs_panel.h"
#include "gui/watch/watch_sources.h"

#include "localized.h"
#include "watch/run_calibration.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTimer>
#include <QVBoxLayout>

namespace traindeck::gui {
namespace {

constexpr int kReplotMs = 40;  // at most 25 replots per second

}  // namespace

WatchPage::WatchPage(const PlanDocument& document, QWidget* parent) : QWidget(parent), m_document(document) {
    m_sources = new WatchSources(this);
    m_alarms = new WatchAlarms(this);
    auto* column = new QVBoxLayout(this);
    // Two rows, so that the page does not widen the window: sources and actions, then the view.
    auto* controls = new QHBoxLayout;
    m_addFile = new QPushButton(this);
    m_addFolder = new QPushButton(this);
    m_addRun = new QPushButton(this);
    m_pngButton = new QPushButton(this);
    m_csvButton = new QPushButton(this);
    m_calibrateButton = new QPushButton(this);
    for (QWidget* w : std::initializer_list<QWidget*>{m_addFile, m_addFolder, m_addRun, m_pngButton, m_csvButton, m_calibrateButton})
        controls->addWidget(w);
    controls->addStretch();
    column->addLayout(controls);
    m_viewBar = new CardViewBar(this);
    column->addWidget(m_viewBar);
    column->addWidget(m_alarms->bannerLabel());

    auto* split = new QSplitter(this);
    m_runs = new WatchRunsPanel(m_sources->store(), split);
    m_cards = new WatchCards(m_runs->model(), m_document, split);
    split->addWidget(m_runs);
    // Many cards (a run's own scalars, rows of two) scroll rather than making the window
    // taller than a 1366×768 screen; as many as fit fill the page.
    split->addWidget(makeScrollArea(m_cards, split, false));
    split->setStretchFactor(1, 1);
    split->setSizes({260, 100000});  // the cards get the rest (by its size hint alone the list took 385 px)
    column->addWidget(split, 1);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("watchStatus"));
    m_status->setWordWrap(true);  // a long error or hint wraps rather than widening the window
    column->addWidget(m_status);
    m_export = new WatchExport(
        *m_cards, [this] { return m_viewBar->view(); }, [this] { return m_viewBar->xTitle(); }, this);

    m_replotTimer = new QTimer(this);
    m_replotTimer->setSingleShot(true);
    m_replotTimer->setInterval(kReplotMs);
    connect(m_replotTimer, &QTimer::timeout, this, &WatchPage::redraw);

    connect(m_sources, &WatchSources::status, m_status, &QLabel::setText);
    connect(m_sources, &WatchSources::runsChanged, this, &WatchPage::runsChanged);
    connect(m_alarms, &WatchAlarms::alarmRaised, this, &WatchPage::alarmRaised);
    connect(m_addFile, &QPushButton::clicked, m_sources, &WatchSources::askForFile);
    connect(m_addFolder, &QPushButton::clicked, m_sources, &WatchSources::askForFolder);
    connect(m_addRun, &QPushButton::clicked, m_sources, &WatchSources::askForRun);
    connect(m_viewBar, &CardViewBar::viewChanged, this, &WatchPage::scheduleReplot);
    connect(m_viewBar, &CardViewBar::followRequested, this, [this] {
        m_cards->followEdge();
        scheduleReplot();
    });
    connect(&m_runs->model(), &WatchRunsModel::shownChanged, this, &WatchPage::scheduleReplot);
    connect(m_cards, &WatchCards::viewChanged, this, &WatchPage::scheduleReplot);
    connect(m_cards, &WatchCards::menuRequested, m_export, &WatchExport::cardMenu);
    connect(m_pngButton, &QPushButton::clicked, m_export, &WatchExport::askAndExportImage);
    connect(m_csvButton, &QPushButton::clicked, m_export, &WatchExport::askAndExportCsv);
    connect(m_calibrateButton, &QPushButton::clicked, this, &WatchPage::calibrate);
    retranslate();
}

WatchPage::~WatchPage() = default;

bool WatchPage::addSource(const QString& path) { return m_sources->addSource(path); }
bool WatchPage::addCommand(const QString& command) { return m_sources->addCommand(command); }
void WatchPage::setSsh(const ssh::Settings& settings) { m_sources->setSsh(settings); }
void WatchPage::useSsh(const SshSettings* shared) { m_sources->useSsh(shared); }
watch::Watch& WatchPage::watch() { return m_sources->watch(); }
const std::vector<QCustomPlot*>& WatchPage::cards() const { return m_cards->cards(); }
const std::vector<metrics::Card>& WatchPage::cardKinds() const { return m_cards->kinds(); }
WatchRunsModel& WatchPage::runsModel() { return m_runs->model(); }
std::vector<const metrics::Run*> WatchPage::shownRuns() const { return m_cards->shownRuns(); }
bool WatchPage::copying() const { return m_cards->copying(); }
WatchPage::Work WatchPage::work() const { return {m_cards->wholeDraws(), m_cards->recopies(), m_runs->summaries()}; }
QString WatchPage::banner() const { return m_alarms->banner(); }
QString WatchPage::summary() const { return m_runs->summary(); }
bool WatchPage::exportImage(const QString& path) { return m_export->exportImage(path); }
bool WatchPage::exportPng(const QString& path) { return m_export->exportPng(path); }
bool WatchPage::exportSvg(const QString& path) { return m_export->exportSvg(path); }
bool WatchPage::exportCsv(const QString& path) { return m_export->exportCsv(path); }
bool WatchPage::exportCardPng(int card, const QString& path) { return m_export->exportCardPng(card, path); }
bool WatchPage::exportCardCsv(int card, const QString& path) { return m_export->exportCardCsv(card, path); }
bool WatchPage::exportCardSvg(int card, const QString& path) { return m_export->exportCardSvg(card, path); }

void WatchPage::runsChanged() {
    m_runs->model().sync();
    if (m_alarms->update(m_sources->store()))
        m_cards->invalidate();  // marks on the plots to add
    scheduleDataReplot();
}

void WatchPage::scheduleReplot() {
    m_cards->invalidate();
    scheduleDataReplot();
}

void WatchPage::scheduleDataReplot() {
    if (!m_replotTimer->isActive())
        m_replotTimer->start(kReplotMs);
}

// Every point on the cards before returning (an export draws them all).
void WatchPage::replotNow() {
    m_replotTimer->stop();
    m_cards->invalidate();
    do
        redraw();
    while (m_cards->copying());
    m_replotTimer->stop();
}

void WatchPage::redraw() {
    m_cards->draw(m_viewBar->view());
    if (m_cards->copying())
        m_replotTimer->start(0);  // the rest of the backlog, after the events waiting now
    ++m_replots;
    showStatus();
    m_runs->showSummary();
    emit runsRedrawn();
}

// Nothing watched yet: what can be (the page's buttons say how, not what); else what is held.
void WatchPage::showStatus() {
    const metrics::Store& store = m_sources->store();
    QString status = store.runs().empty()
                         ? tr("Nothing watched yet. A trainer's metrics file, a run folder, a TensorBoard logdir or a "
                              "training log here; a run on another machine (ssh://host/path) or a command's output "
                              "(| kubectl logs -f …) with Add run…")
                         : tr("%n run(s), %1 points held in %2 MB", nullptr, int(store.runs().size()))
                               .arg(store.pointsHeld())
                               .arg(double(store.bytesHeld()) / 1e6, 0, 'f', 1);
    for (const Text& t : m_sources->watch().troubles())
        status += QStringLiteral(" · ") + app::qLocalized(t);
    m_status->setText(status);
}

// The selected run's steady speed (the run the summary describes) as one more
// calibration point of the plan: core decides whether it matches the plan, and the
// field's new text.
void WatchPage::calibrate() {
    std::vector<const metrics::Run*> selected;
    if (const metrics::Run* run = m_runs->selectedRun())
        selected.push_back(run);
    const watch::RunCalibration c = watch::calibrateFromRuns(m_document.plan(), selected);
    if (c.calibration.empty())
        QMessageBox::information(this, tr("Calibrate the plan"), app::qLocalized(c.why));
    else
        emit calibrationMeasured(QString::fromStdString(c.calibration));
}

void WatchPage::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void WatchPage::retranslate() {
    m_addFile->setText(tr("Watch a file…"));
    m_addFolder->setText(tr("Watch a folder…"));
    m_addRun->setText(tr("Add run…"));
    m_addRun->setToolTip(tr("A path, ssh://[user@]host[:port]/path on another machine, or | a command"));
    m_pngButton->setText(tr("Export image…"));
    m_pngButton->setToolTip(tr("The cards as one picture: PNG, or SVG (vector graphics) for a file named .svg"));
    m_csvButton->setText(tr("Export CSV…"));
    m_calibrateButton->setText(tr("Calibrate the plan from this run"));
    scheduleReplot();  // and the status line
}

}  // namespace traindeck::gui
