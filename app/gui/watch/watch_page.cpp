#include "gui/watch/watch_page.h"

#include "gui/watch/card_graphs.h"
#include "gui/parts/plot_export.h"
#include "gui/window/ssh_settings.h"
#include "gui/watch/watch_runs_model.h"
#include "gui/parts/widget_parts.h"

#include "localized.h"
#include "metrics/metric_units.h"
#include "metrics/series_csv.h"
#include "metrics/summary.h"
#include "metrics/summary_rows.h"
#include "plan/calibrate.h"
#include "plan/hardware.h"
#include "plan/plan_fields.h"
#include "plan/run_speed.h"

#include <qcustomplot.h>

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDateTime>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QFileDialog>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QListView>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QSplitter>
#include <QSvgGenerator>
#include <QSystemTrayIcon>
#include <QTextDocument>
#include <QTextLayout>
#include <QTimer>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace traindeck::gui {
namespace {

using namespace traindeck::metrics;
using namespace traindeck::watch;

constexpr int kPollMs = 100;            // how often files are looked at
constexpr int kReplotMs = 40;           // at most 25 replots per second
constexpr std::size_t kPollBytes = 2u << 20;  // per poll at most: about 10 ms of parsing on an idle core
// …and at most this long, in slices, so that the event loop runs again within it
// however busy the machine is (on a core shared with other work, 2 MB can take 100 ms).
constexpr std::size_t kPollSlice = 128u << 10;
constexpr qint64 kPollBudgetNs = 8'000'000;
// A capacity line far above a run's memory would flatten its curve onto the
// axis (2 GiB under a 140 GiB card): below this share of the capacity the axis
// follows the curve and the title names the capacity instead.
constexpr double kCapacityInViewShare = 0.25;
constexpr int kLegendMostLines = 8;  // more: the hover names them, a legend would cover the card

// `text` broken into lines no wider than `width` pixels (at word breaks, or
// between any two characters of a script without spaces): a card's title is
// never cut at its edges.
QString wrapped(const QString& text, const QFont& font, int width) {
    QStringList lines;
    for (const QString& paragraph : text.split(QLatin1Char('\n'))) {
        QTextLayout layout(paragraph, font);
        layout.beginLayout();
        for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
            line.setLineWidth(std::max(40, width));
            lines << paragraph.mid(line.textStart(), line.textLength()).trimmed();
        }
        layout.endLayout();
    }
    return lines.join(QLatin1Char('\n'));
}

}  // namespace

WatchPage::WatchPage(QWidget* parent)
    : QWidget(parent), m_watch(std::make_unique<Watch>()), m_graphs(std::make_unique<CardGraphs>()) {
    auto* column = new QVBoxLayout(this);
    auto* controls = new QHBoxLayout;
    m_addFile = new QPushButton(this);
    m_addFolder = new QPushButton(this);
    m_addRun = new QPushButton(this);
    m_smoothingLabel = new QLabel(this);
    m_smoothing = new QDoubleSpinBox(this);
    m_smoothing->setObjectName(QStringLiteral("smoothing"));
    m_smoothing->setRange(0, 0.99);
    m_smoothing->setSingleStep(0.05);
    // None until asked: a run logged every few steps is drawn as it is, not pulled
    // towards its past (TensorBoard's 0.6 drew a loss of 0.029 at 0.13). W&B's default too.
    m_smoothing->setValue(0);
    m_logY = new QCheckBox(this);
    m_outliers = new QCheckBox(this);
    m_xLabel = new QLabel(this);
    m_x = new QComboBox(this);
    m_x->addItems({QString(), QString(), QString()});
    m_followButton = new QPushButton(this);
    m_pngButton = new QPushButton(this);
    m_csvButton = new QPushButton(this);
    m_calibrateButton = new QPushButton(this);
    // Two rows, so that the page does not widen the window: sources and actions, then the view.
    auto* view = new QHBoxLayout;
    for (QWidget* w : std::initializer_list<QWidget*>{m_addFile, m_addFolder, m_addRun, m_pngButton, m_csvButton, m_calibrateButton})
        controls->addWidget(w);
    controls->addStretch();
    for (QWidget* w : std::initializer_list<QWidget*>{m_smoothingLabel, m_smoothing, m_logY, m_outliers, m_xLabel, m_x,
                                                      m_followButton})
        view->addWidget(w);
    view->addStretch();
    column->addLayout(controls);
    column->addLayout(view);

    m_banner = new QLabel(this);
    m_banner->setObjectName(QStringLiteral("alarmBanner"));
    m_banner->setWordWrap(true);
    styleBanner(m_banner, true);
    m_banner->hide();
    column->addWidget(m_banner);

    auto* split = new QSplitter(this);
    m_runsModel = new WatchRunsModel(m_watch->store(), this);
    auto* left = new QWidget(split);
    auto* leftColumn = new QVBoxLayout(left);
    leftColumn->setContentsMargins(0, 0, 0, 0);
    left->setMinimumWidth(140);
    m_runs = new QListView(left);
    m_runs->setModel(m_runsModel);
    m_runs->setObjectName(QStringLiteral("runs"));
    m_runs->setContextMenuPolicy(Qt::CustomContextMenu);
    leftColumn->addWidget(m_runs, 1);
    // The run the list's cursor is on (else the first shown): core's summary, as `traindeck watch` prints it.
    m_summary = new QLabel(left);
    m_summary->setObjectName(QStringLiteral("runSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    leftColumn->addWidget(m_summary);
    auto* grid = new QWidget(split);
    m_grid = new QGridLayout(grid);
    m_grid->setContentsMargins(0, 0, 0, 0);
    syncCards();
    split->addWidget(left);
    split->addWidget(grid);
    split->setStretchFactor(1, 1);
    split->setSizes({260, 100000});  // the cards get the rest (by its size hint alone the list took 385 px)
    column->addWidget(split, 1);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("watchStatus"));
    m_status->setWordWrap(true);  // a long error or hint wraps rather than widening the window
    column->addWidget(m_status);

    m_pollTimer = new QTimer(this);
    m_pollTimer->setInterval(kPollMs);
    connect(m_pollTimer, &QTimer::timeout, this, &WatchPage::poll);
    m_replotTimer = new QTimer(this);
    m_replotTimer->setSingleShot(true);
    m_replotTimer->setInterval(kReplotMs);
    connect(m_replotTimer, &QTimer::timeout, this, &WatchPage::redraw);

    connect(m_addFile, &QPushButton::clicked, this, [this] {
        const QString f = QFileDialog::getOpenFileName(this, tr("Watch a metrics file, log or event file"));
        if (!f.isEmpty())
            addSource(f);
    });
    connect(m_addFolder, &QPushButton::clicked, this, [this] {
        const QString d = QFileDialog::getExistingDirectory(this, tr("Watch a run folder or a TensorBoard logdir"));
        if (!d.isEmpty())
            addSource(d);
    });
    connect(m_addRun, &QPushButton::clicked, this, &WatchPage::askForRun);
    connect(m_smoothing, &QDoubleSpinBox::valueChanged, this, &WatchPage::scheduleReplot);
    connect(m_logY, &QCheckBox::toggled, this, &WatchPage::scheduleReplot);
    connect(m_outliers, &QCheckBox::toggled, this, &WatchPage::scheduleReplot);
    connect(m_x, &QComboBox::currentIndexChanged, this, [this] {
        m_followEdge = true;
        scheduleReplot();
    });
    connect(m_runsModel, &WatchRunsModel::shownChanged, this, &WatchPage::scheduleReplot);
    connect(m_followButton, &QPushButton::clicked, this, [this] {
        m_followEdge = true;
        scheduleReplot();
    });
    connect(m_pngButton, &QPushButton::clicked, this, [this] {
        const QString f = askImagePath(tr("Export the cards as an image"));
        if (!f.isEmpty() && !exportImage(f))
            QMessageBox::warning(this, tr("Export"), tr("%1 could not be written.").arg(f));
    });
    connect(m_runs, &QWidget::customContextMenuRequested, this, &WatchPage::runMenu);
    connect(m_runs->selectionModel(), &QItemSelectionModel::currentChanged, this, [this] { showSummary(true); });
    connect(m_csvButton, &QPushButton::clicked, this, [this] {
        const QString f = QFileDialog::getSaveFileName(this, tr("Export the series as CSV"), QString(), tr("CSV files (*.csv)"));
        if (!f.isEmpty() && !exportCsv(f))
            QMessageBox::warning(this, tr("Export"), tr("%1 could not be written.").arg(f));
    });
    connect(m_calibrateButton, &QPushButton::clicked, this, &WatchPage::calibrate);
    retranslate();
}

WatchPage::~WatchPage() = default;

bool WatchPage::addSource(const QString& path) {
    m_watch->begin(path.toStdString(), true);
    if (!m_watch->adding())
        return settleAdds();  // a path here: known at once
    m_status->setText(tr("Connecting to %1…").arg(path));
    m_pollTimer->start();
    return true;
}

void WatchPage::setSsh(const ssh::Settings& settings) {
    m_knownHosts = settings.knownHostsFile;
    m_watch->setSsh(settings);
}

void WatchPage::useSsh(const SshSettings* shared) {
    setSsh(shared->settings());
    connect(shared, &SshSettings::changed, this, [this, shared] { setSsh(shared->settings()); });
}

// What became of the sources begun: followed, or why not (shown). False when the last one failed.
bool WatchPage::settleAdds() {
    bool ok = true;
    for (const Watch::Added& a : m_watch->takeAdded()) {
        ok = following(a.ok, a.error);
        if (ok && !m_watch->adding())
            m_status->clear();  // "Connecting to …" done
    }
    return ok;
}

// An unknown host key: its fingerprint shown, the user accepts (recorded in
// known_hosts by core/launch, as `traindeck launch` records it) or refuses.
// The box does not block: the page keeps polling while it is open.
void WatchPage::askHostKey() {
    const std::optional<Watch::KeyQuestion> q = m_watch->hostKeyQuestion();
    if (!q || m_keyQuestion)
        return;
    m_keyQuestion = new QMessageBox(QMessageBox::Question, tr("Unknown host key"),
                                    tr("The host key of %1 is not known yet.\n\n%2 key fingerprint:\n%3\n\n"
                                       "Accept it only if this is the fingerprint the host's administrator gives "
                                       "you (ssh-keygen -lf on the host). Accepted, it is added to %4 as "
                                       "traindeck launch adds it.")
                                        .arg(QString::fromStdString(q->key.host), QString::fromStdString(q->key.keyType),
                                             QString::fromStdString(q->key.fingerprint),
                                             m_knownHosts.empty() ? QStringLiteral("~/.ssh/known_hosts")
                                                                  : QString::fromStdString(m_knownHosts)),
                                    QMessageBox::NoButton, this);
    QPushButton* accept = m_keyQuestion->addButton(tr("Accept and remember"), QMessageBox::AcceptRole);
    m_keyQuestion->addButton(tr("Refuse"), QMessageBox::RejectRole);
    m_keyQuestion->setWindowModality(Qt::WindowModal);
    m_keyQuestion->setAttribute(Qt::WA_DeleteOnClose);
    connect(m_keyQuestion, &QMessageBox::finished, this, [this, accept] {
        m_watch->answerHostKey(m_keyQuestion->clickedButton() == accept);
        m_keyQuestion = nullptr;
    });
    m_keyQuestion->open();
}

bool WatchPage::addCommand(const QString& command) {
    Text error;
    return following(m_watch->addCommand(command.toStdString(), error), error);
}

// A source was added (or why not, shown): the first poll now, then the timer's.
bool WatchPage::following(bool added, const Text& error) {
    if (!added) {
        m_status->setText(app::qLocalized(error));
        return false;
    }
    poll();
    m_pollTimer->start();
    return true;
}

void WatchPage::askForRun() {
    // The explanation wraps: on one line it made the dialog wider than the window (1447 px).
    QInputDialog dialog(this);
    dialog.setObjectName(QStringLiteral("addRunDialog"));
    dialog.setWindowTitle(tr("Add a run"));
    dialog.setLabelText(tr("A path here, a path on another machine as ssh://[user@]host[:port]/path (host keys are checked as "
                           "the launcher checks them), or a command whose output is the run's lines, starting with |, e.g. "
                           "| kubectl logs -f -l job-name=NAME --prefix"));
    for (QLabel* label : dialog.findChildren<QLabel*>())
        label->setWordWrap(true);
    dialog.resize(std::min(560, window()->width()), dialog.sizeHint().height());
    if (dialog.exec() != QDialog::Accepted)
        return;
    const QString source = dialog.textValue().trimmed();
    if (source.isEmpty())
        return;
    if (source.startsWith(QLatin1Char('|')))
        addCommand(source.mid(1).trimmed());
    else
        addSource(source);
}

void WatchPage::setAnalysis(const PlanAnalysis& analysis) {
    m_analysis = analysis;
    scheduleReplot();
}

void WatchPage::poll() {
    const double now = unixNow();
    QElapsedTimer clock;
    clock.start();
    bool more = false;
    std::size_t read = 0;
    do {
        more = m_watch->poll(kPollSlice, now);
        read += m_watch->lastPollBytes();
    } while (more && m_watch->lastPollBytes() > 0 && read < kPollBytes && clock.nsecsElapsed() < kPollBudgetNs);
    if (m_watch->adding())
        askHostKey();
    settleAdds();
    bool changed = false;
    for (const auto& run : m_watch->store().runs()) {
        run->checkStall(now);
        std::uint64_t& seen = m_generations[run.get()];
        if (run->generation() != seen) {
            seen = run->generation();
            changed = true;
        }
    }
    if (changed) {
        m_runsModel->sync();
        showAlarms();
        std::size_t alarms = 0;
        for (const auto& run : m_watch->store().runs())
            alarms += run->alarms().size();
        if (alarms != m_alarmCount) {  // marks on the plots to add
            m_alarmCount = alarms;
            m_redrawAll = true;
        }
        scheduleDataReplot();
    }
    if (more)
        QTimer::singleShot(0, this, &WatchPage::poll);  // the rest of a big file, after the events waiting now
}

void WatchPage::scheduleReplot() {
    m_redrawAll = true;
    scheduleDataReplot();
}

void WatchPage::scheduleDataReplot() {
    if (!m_replotTimer->isActive())
        m_replotTimer->start(kReplotMs);
}

// Every point on the cards before returning (an export draws them all).
void WatchPage::replotNow() {
    m_replotTimer->stop();
    m_redrawAll = true;
    do
        redraw();
    while (m_graphs->copying());
    m_replotTimer->stop();
}

bool WatchPage::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() == QEvent::Resize && !m_redrawing)
        scheduleReplot();
    return QWidget::eventFilter(watched, event);
}

std::vector<const Run*> WatchPage::shownRuns() const { return m_runsModel->shownRuns(); }

bool WatchPage::copying() const { return m_graphs->copying(); }

QCustomPlot* WatchPage::makeCard() {
    auto* plot = new QCustomPlot(m_grid->parentWidget());
    plot->setMinimumSize(180, 110);
    plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    plot->setNoAntialiasingOnDrag(true);
    // One paint buffer per card, not two: QCustomPlot buffers its overlay layer (the
    // selection rectangle, unused here) apart, and a resize reallocates every buffer.
    // When a run's own scalar adds a card, the grid resizes every card in one turn of
    // the event loop; fresh buffers' page faults made that turn 52-61 ms (now 39).
    plot->layer(QStringLiteral("overlay"))->setMode(QCPLayer::lmLogical);
    plot->plotLayout()->insertRow(0);
    plot->plotLayout()->addElement(0, 0, new QCPTextElement(plot, QString(), QFont(font().family(), 9, QFont::Bold)));
    plot->setMouseTracking(true);
    plot->installEventFilter(this);  // resized: its envelopes at the new width
    plot->setContextMenuPolicy(Qt::CustomContextMenu);
    // Readable ticks: four significant digits, powers of ten as such (5·10⁻⁵).
    plot->yAxis->setNumberFormat(QStringLiteral("gb"));
    plot->yAxis->setNumberPrecision(4);
    // The legend: the named lines only (runs, or one run's ranks), in the card's top right corner.
    plot->setAutoAddPlottableToLegend(false);
    QFont legendFont = font();
    legendFont.setPointSizeF(std::max(7.0, legendFont.pointSizeF() - 1));
    plot->legend->setFont(legendFont);
    plot->legend->setBrush(QColor(255, 255, 255, 210));
    plot->legend->setBorderPen(QPen(QColor(200, 200, 200)));
    plot->legend->setIconSize(16, 8);
    plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
    plot->legend->setVisible(false);
    // The user zooms or pans: stop following the live edge (the Follow button resumes).
    connect(plot, &QCustomPlot::mouseWheel, this, [this] { m_followEdge = false; });
    connect(plot, &QCustomPlot::mousePress, this, [this] { m_followEdge = false; });
    connect(plot, &QCustomPlot::mouseMove, this, [this, plot](QMouseEvent* e) { hover(plot, e); });
    connect(plot, &QWidget::customContextMenuRequested, this, [this, plot](const QPoint& at) { cardMenu(plot, at); });
    // Zoomed or panned: the envelope of the new range (zoomed in far enough: the raw points).
    connect(plot->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, [this] {
        if (!m_redrawing)
            scheduleReplot();
    });
    return plot;
}

// The cards core says the shown runs have: the fixed ones, then a user's own scalars.
void WatchPage::syncCards() {
    const std::vector<Card> kinds = cardsOf(shownRuns());
    if (kinds == m_cardKinds)
        return;
    // Cards only ever come after the fixed ones: keep those that stay, redraw from the first change.
    std::size_t same = 0;
    while (same < kinds.size() && same < m_cardKinds.size() && kinds[same] == m_cardKinds[same])
        ++same;
    for (std::size_t i = same; i < m_cards.size(); ++i)
        delete m_cards[i];
    m_cards.resize(same);
    m_graphs->forgetCardsFrom(int(same));
    m_cardKinds = kinds;
    m_redrawAll = true;  // the cards after the first change are new: drawn whole
    for (std::size_t i = same; i < kinds.size(); ++i) {
        QCustomPlot* plot = makeCard();
        m_grid->addWidget(plot, int(i / 2), int(i % 2));
        m_cards.push_back(plot);
    }
}

void WatchPage::redraw() {
    // Smoothing, x axis or the shown runs changed: every graph is drawn anew.
    QStringList signature{QString::number(m_smoothing->value()), QString::number(m_x->currentIndex())};
    for (const Run* r : shownRuns())
        signature << QString::fromStdString(r->name());
    if (signature.join(QLatin1Char('|')) != m_drawnSignature) {
        m_drawnSignature = signature.join(QLatin1Char('|'));
        m_graphs->clear(m_cards);
        m_redrawAll = true;
    }
    syncCards();
    if (m_redrawAll)
        m_planLines.clear();
    m_graphs->beginRedraw(m_smoothing->value(), XAxis(m_x->currentIndex()));
    for (int c = 0; c < int(m_cards.size()); ++c)
        drawCard(c);
    m_redrawAllWas = m_redrawAll;
    m_redrawAll = false;
    if (m_graphs->copying())
        m_replotTimer->start(0);  // the rest of the backlog, after the events waiting now
    ++m_replots;
    std::size_t points = 0, bytes = 0;
    for (const auto& run : m_watch->store().runs()) {
        bytes += run->bytes();
        for (const auto& [key, s] : run->allSeries())
            points += s->points().size();
    }
    // Nothing watched yet: what can be (the page's buttons say how, not what).
    QString status = m_watch->store().runs().empty()
                         ? tr("Nothing watched yet. A trainer's metrics file, a run folder, a TensorBoard logdir or a "
                              "training log here; a run on another machine (ssh://host/path) or a command's output "
                              "(| kubectl logs -f …) with Add run…")
                         : tr("%n run(s), %1 points held in %2 MB", nullptr, int(m_watch->store().runs().size()))
                               .arg(points)
                               .arg(double(bytes) / 1e6, 0, 'f', 1);
    for (const Text& t : m_watch->troubles())
        status += QStringLiteral(" · ") + app::qLocalized(t);
    m_status->setText(status);
    showSummary(m_redrawAllWas);
    emit runsRedrawn();
}

// The run the list's cursor is on, else the first shown: core's summary rows. At
// most once a second while points come (summarize() walks the run), at once when
// the view changed.
void WatchPage::showSummary(bool now) {
    if (!now && m_summaryClock.isValid() && m_summaryClock.elapsed() < 1000)
        return;
    m_summaryClock.start();
    const Run* run = nullptr;
    if (const QModelIndex current = m_runs->currentIndex(); current.isValid())
        run = m_watch->store().runs()[std::size_t(current.row())].get();
    else if (const auto shown = shownRuns(); !shown.empty())
        run = shown.front();
    if (!run) {
        m_summary->clear();
        return;
    }
    m_summary->setText(WatchRunsModel::summaryHtml(*run));
}

// The run list's menu: which runs are drawn, and a run's summary as text.
void WatchPage::runMenu(const QPoint& at) {
    const QModelIndex index = m_runs->indexAt(at);
    QMenu menu(this);
    const auto show = [this](int only) {  // -1: every run
        for (int row = 0; row < m_runsModel->rowCount(); ++row)
            m_runsModel->setData(m_runsModel->index(row), only < 0 || row == only ? Qt::Checked : Qt::Unchecked,
                                 Qt::CheckStateRole);
    };
    menu.addAction(tr("Show only this run"), this, [show, row = index.row()] { show(row); })->setEnabled(index.isValid());
    menu.addAction(tr("Show every run"), this, [show] { show(-1); });
    menu.addAction(tr("Copy this run's summary"), this, [index] {
        QTextDocument plain;  // the summary's rows as lines of text
        plain.setHtml(index.data(Qt::ToolTipRole).toString());
        QApplication::clipboard()->setText(plain.toPlainText());
    })->setEnabled(index.isValid());
    menu.exec(m_runs->viewport()->mapToGlobal(at));
}

// The plan's prediction (samples/s) and the card's capacity (GPU memory), for
// the layout the run ran on, or the plan's own when the run did not say (a
// script of a user's): a dashed line, always inside the card's range.
void WatchPage::drawPlanLine(int card, const Run& run, int runIndex, ValueRange& y) {
    const CardKind kind = m_cardKinds[std::size_t(card)].kind;
    if (!m_analysis.valid() || (kind != CardKind::SamplesPerS && kind != CardKind::GpuMemory))
        return;
    const Layout layout = run.info.nodes > 0 && run.info.gpusPerNode > 0 ? Layout{run.info.nodes, run.info.gpusPerNode}
                                                                         : m_analysis.plan.cluster.layout();
    const Estimate e = m_analysis.figuresAt(layout);
    // The capacity of the card the run says it ran on ("device": "NVIDIA H200"), else the plan's.
    const GpuModel* device = findGpuByDeviceName(run.info.device);
    const double value = kind == CardKind::SamplesPerS ? e.samplesPerS.value : device ? device->memoryGb : e.gpuMemoryGb;
    if (!std::isfinite(value) || value <= 0)
        return;
    auto* line = new QCPItemStraightLine(m_cards[std::size_t(card)]);
    line->point1->setCoords(0, value);
    line->point2->setCoords(1, value);
    line->setPen(QPen(WatchRunsModel::color(runIndex), 1, Qt::DashLine));
    if (kind == CardKind::GpuMemory && !(y.hi >= kCapacityInViewShare * value)) {
        m_capacityOffScale[card] = value;
        m_planLines[{card, &run}] = std::nan("");  // not in the range: the curve keeps the card
        return;
    }
    y.add(value);
    m_planLines[{card, &run}] = value;
}

// Alarms with a step: a vertical mark (red: failing; grey: a restart or the end).
void WatchPage::drawAlarmMarks(QCustomPlot* plot, const Run& run) {
    for (const Alarm& a : run.alarms()) {
        if (a.step < 0 || a.kind == AlarmKind::Stalled)
            continue;
        auto* mark = new QCPItemStraightLine(plot);
        mark->point1->setCoords(double(a.step), 0);
        mark->point2->setCoords(double(a.step), 1);
        mark->setPen(QPen(a.failing() ? QColor(179, 38, 30) : QColor(120, 120, 120), 1, Qt::DotLine));
        if (a.kind == AlarmKind::Relaunched) {
            // A new attempt: a line of its own and its number at the top, where the restart came.
            mark->setPen(QPen(QColor(31, 119, 180), 1.5, Qt::DashLine));
            auto* label = new QCPItemText(plot);
            label->position->setTypeX(QCPItemPosition::ptPlotCoords);
            label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
            label->position->setCoords(double(a.step), 0);
            label->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
            label->setColor(QColor(31, 119, 180));
            label->setText(tr("attempt %1").arg(QString::fromStdString(a.detail)));
        }
    }
}

void WatchPage::setScales(QCustomPlot* plot) {
    // As many ticks as the card has room for: labels of a small card (1366×768, a
    // Chinese font's taller lines) would run into each other.
    const auto fitTicks = [plot] {
        plot->xAxis->ticker()->setTickCount(std::clamp(plot->width() / 110, 2, 6));
        plot->yAxis->ticker()->setTickCount(std::clamp(plot->height() / 50, 2, 5));
    };
    const bool log = m_logY->isChecked();
    if ((plot->yAxis->scaleType() == QCPAxis::stLogarithmic) != log) {
        plot->yAxis->setScaleType(log ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
        if (log)
            plot->yAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
        else
            plot->yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    }
    const bool wall = XAxis(m_x->currentIndex()) == XAxis::WallTime;
    if (wall != bool(plot->xAxis->ticker().dynamicCast<QCPAxisTickerDateTime>())) {
        if (wall) {
            auto ticker = QSharedPointer<QCPAxisTickerDateTime>(new QCPAxisTickerDateTime);
            ticker->setDateTimeFormat(QStringLiteral("HH:mm\ndd.MM."));
            plot->xAxis->setTicker(ticker);
        } else {
            plot->xAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
        }
    }
    fitTicks();
}

void WatchPage::rescale(QCustomPlot* plot, const ValueRange& x, const ValueRange& y, const std::vector<QCPGraph*>& raw) {
    if (!m_followEdge || x.empty())
        return;
    // The ranges come from what was tracked while appending: no pass over a million points.
    plot->xAxis->setRange(x.lo, x.hi > x.lo ? x.hi : x.lo + 1);
    ValueRange shown = y;
    if (m_outliers->isChecked()) {
        OutlierFreeRange central;
        for (QCPGraph* g : raw)
            central.addSampled(std::size_t(g->dataCount()), [g](std::size_t i) { return g->data()->at(int(i))->value; });
        if (const ValueRange r = central.range(); !r.empty())
            shown = r;
    }
    if (shown.empty())
        return;
    const auto [lo, hi] = shownRange(shown, m_logY->isChecked());
    if (std::isfinite(lo) && std::isfinite(hi))
        plot->yAxis->setRange(lo, hi);
}

QString WatchPage::cardTitle(int card) const {
    const Card& c = m_cardKinds[std::size_t(card)];
    switch (c.kind) {
    case CardKind::Loss: return tr("Loss");
    case CardKind::Psnr: return tr("PSNR (dB)");
    case CardKind::Lr: return tr("Learning rate");
    case CardKind::SamplesPerS: return tr("Samples/s (dashed: the plan's prediction)");
    case CardKind::GpuMemory:  // no dashed line where the capacity is above the scale
        return m_capacityOffScale.contains(card) ? tr("GPU memory (GiB)") : tr("GPU memory (GiB; dashed: capacity)");
    case CardKind::GradNorm: return tr("Gradient norm");
    case CardKind::Eval: return tr("Evaluation loss");
    case CardKind::RankStepTime: return tr("Step time per rank (s)");
    case CardKind::Scalar: {
        const QString unit = QString::fromStdString(unitOf(c.metric));
        const QString name = QString::fromStdString(nameWithoutUnit(c.metric));
        return unit.isEmpty() ? name : QStringLiteral("%1 (%2)").arg(name, unit);
    }
    }
    return {};
}

// The straggler line looks at every rank's points: at most once a second.
QString WatchPage::stragglerTitle(const Run& run) {
    if (!m_stragglerClock.isValid() || m_stragglerClock.elapsed() > 1000) {
        m_stragglerClock.start();
        const std::optional<RankSpread> ranks = rankSpread(run);
        m_straggler = ranks ? app::qLocalized(stragglerText(*ranks)) : QString();
    }
    return m_straggler;
}

// A card: its series' new points copied (within the redraw's budget), its range
// followed, its graphs handed what changed, and replotted only when something
// did. The items (plan lines, alarm marks) are made again only when the view changed.
void WatchPage::drawCard(int card) {
    QCustomPlot* plot = m_cards[std::size_t(card)];
    const Card& kind = m_cardKinds[std::size_t(card)];
    bool changed = m_redrawAll;
    if (m_redrawAll) {
        plot->clearItems();
        m_capacityOffScale.erase(card);
    }
    const auto runs = shownRuns();
    ValueRange x, y;
    std::vector<QCPGraph*> rawGraphs;
    for (const Run* run : runs) {
        const int runIndex = m_runsModel->rowOf(run);
        for (const Series* series : cardSeries(*run, kind)) {
            // One run's rank card: a colour per rank (none of the runs'), named by its rank; else a colour per run.
            const bool perRank = kind.kind == CardKind::RankStepTime && series->rank() >= 0 && runs.size() == 1;
            CardGraphs::Look look{perRank ? CardGraphs::rankColor(series->rank()) : WatchRunsModel::color(runIndex),
                                  QString::fromStdString(run->name()), smoothed(kind)};
            if (perRank)
                look.name = tr("rank %1").arg(series->rank());
            else if (series->rank() >= 0)
                look.name += tr(" · rank %1").arg(series->rank());
            const CardGraphs::Followed f = m_graphs->follow(card, plot, *run, *series, look);
            changed |= f.changed;
            rawGraphs.push_back(f.values);
            x.add(f.x);
            y.add(f.y);
        }
        if (m_redrawAll) {
            drawPlanLine(card, *run, runIndex, y);
            if (kind.kind == CardKind::Loss && XAxis(m_x->currentIndex()) == XAxis::Step)
                drawAlarmMarks(plot, *run);
        } else if (const auto line = m_planLines.find({card, run}); line != m_planLines.end()) {
            y.add(line->second);  // the range keeps the line drawn before in view
        }
    }
    if (!changed)
        return;
    setScales(plot);
    m_redrawing = true;
    rescale(plot, x, y, rawGraphs);
    m_redrawing = false;
    m_graphs->fill(card, plot);
    QString title = cardTitle(card);
    if (kind.kind == CardKind::RankStepTime && runs.size() == 1)
        if (const QString straggler = stragglerTitle(*runs[0]); !straggler.isEmpty())
            title = straggler;
    if (const auto off = m_capacityOffScale.find(card); off != m_capacityOffScale.end())
        title += QLatin1Char('\n') + tr("capacity %1 GiB, above the scale").arg(off->second, 0, 'g', 3);
    auto* titleElement = static_cast<QCPTextElement*>(plot->plotLayout()->element(0, 0));
    titleElement->setText(wrapped(title, titleElement->font(), plot->width() - 12));
    plot->legend->setVisible(legendInWindow(plot, kind.kind, runs.size()));
    plot->replot(QCustomPlot::rpQueuedReplot);
}

void WatchPage::showAlarms() {
    for (const auto& run : m_watch->store().runs()) {
        std::size_t& seen = m_alarmsSeen[run.get()];
        for (; seen < run->alarms().size(); ++seen) {
            const Alarm& a = run->alarms()[seen];
            const QString message = app::qLocalized(a.text());
            emit alarmRaised(QString::fromStdString(run->name()), message, a.failing());
            if ((a.failing() || a.kind == AlarmKind::Stalled) && QSystemTrayIcon::isSystemTrayAvailable()) {
                if (!m_tray) {  // the page's own: it goes with the page
                    m_tray = new QSystemTrayIcon(QApplication::windowIcon(), this);
                    m_tray->show();
                }
                m_tray->showMessage(tr("TrainDeck: %1").arg(QString::fromStdString(run->name())), message,
                                    QSystemTrayIcon::Warning);
            }
        }
    }
    // The banner: what is wrong with each run now (core's Run::problems()).
    QStringList failing;
    for (const auto& run : m_watch->store().runs())
        for (const Alarm& a : run->problems())
            failing << QStringLiteral("%1: %2").arg(QString::fromStdString(run->name()), app::qLocalized(a.text()));
    m_banner->setText(failing.join(QLatin1Char('\n')));
    m_banner->setVisible(!failing.isEmpty());
}

QString WatchPage::summary() const {
    QTextDocument doc;
    doc.setHtml(m_summary->text());
    return doc.toPlainText();
}

QString WatchPage::banner() const { return m_banner->isVisible() ? m_banner->text() : QString(); }

void WatchPage::hover(QCustomPlot* plot, QMouseEvent* event) {
    const double x = plot->xAxis->pixelToCoord(event->position().x());
    QStringList lines;
    for (int i = 0; i < plot->graphCount(); ++i) {
        QCPGraph* g = plot->graph(i);
        if (g->name().isEmpty() || g->data()->isEmpty())
            continue;
        auto it = g->data()->findBegin(x);
        if (it == g->data()->constEnd())
            --it;
        lines << QStringLiteral("%1: %2").arg(g->name()).arg(it->value, 0, 'g', 5);
    }
    if (!lines.isEmpty())
        QToolTip::showText(event->globalPosition().toPoint(),
                           QStringLiteral("x = %1\n").arg(x, 0, 'g', 6) + lines.join(QLatin1Char('\n')), plot);
}

// In the window the run list names the runs by their colours: a legend only for
// one run's ranks (up to kLegendMostLines), which nothing else names.
bool WatchPage::legendInWindow(QCustomPlot* plot, CardKind kind, std::size_t runs) {
    const int lines = plot->legend->itemCount();
    return kind == CardKind::RankStepTime && runs == 1 && lines >= 2 && lines <= kLegendMostLines;
}

// A picture stands alone: it names its runs (the legend, one run too) and its x axis.
void WatchPage::dressForExport(QCustomPlot* plot, bool on) {
    plot->xAxis->setLabel(on ? m_x->currentText() : QString());
    const int lines = plot->legend->itemCount();
    const int card = int(std::find(m_cards.begin(), m_cards.end(), plot) - m_cards.begin());
    plot->legend->setVisible(on ? lines >= 1 : legendInWindow(plot, m_cardKinds[std::size_t(card)].kind, shownRuns().size()));
    plot->replot(QCustomPlot::rpImmediateRefresh);
}

QString WatchPage::askImagePath(const QString& caption) {
    const QString png = tr("PNG images (*.png)"), svg = tr("SVG images (*.svg)");
    QString filter = png;
    QString f = QFileDialog::getSaveFileName(this, caption, QString(), png + QStringLiteral(";;") + svg, &filter);
    // The file's extension says the format; a name without one gets the chosen filter's.
    const QString suffix = QFileInfo(f).suffix().toLower();
    if (!f.isEmpty() && suffix != QLatin1String("png") && suffix != QLatin1String("svg"))
        f += filter == svg ? QStringLiteral(".svg") : QStringLiteral(".png");
    return f;
}

bool WatchPage::exportImage(const QString& path) {
    return QFileInfo(path).suffix().compare(QLatin1String("svg"), Qt::CaseInsensitive) == 0 ? exportSvg(path)
                                                                                              : exportPng(path);
}

bool WatchPage::exportPng(const QString& path) {
    replotNow();
    QWidget* grid = m_cards.front()->parentWidget();
    for (QCustomPlot* p : m_cards)
        dressForExport(p, true);
    const QImage image = grid->grab().toImage();
    for (QCustomPlot* p : m_cards)
        dressForExport(p, false);
    return savePng(image, path);
}

// Every card where it lies on the page, as vector graphics.
bool WatchPage::exportSvg(const QString& path) {
    replotNow();
    QWidget* grid = m_cards.front()->parentWidget();
    QSaveFile file(path);  // whole or not at all
    if (!file.open(QIODevice::WriteOnly))
        return false;
    QSvgGenerator svg;
    svg.setOutputDevice(&file);
    svg.setSize(grid->size());
    svg.setViewBox(QRect(QPoint(0, 0), grid->size()));
    QStringList runs;
    for (const Run* run : shownRuns())
        runs << QString::fromStdString(run->name());
    svg.setTitle(tr("TrainDeck: %1").arg(runs.join(QStringLiteral(", "))));
    QCPPainter painter;
    if (!painter.begin(&svg))
        return false;
    for (QCustomPlot* p : m_cards) {
        dressForExport(p, true);
        painter.save();
        painter.translate(p->geometry().topLeft());
        p->toPainter(&painter, p->width(), p->height());
        painter.restore();
        dressForExport(p, false);
    }
    painter.end();
    return file.commit();
}

bool WatchPage::exportCsv(const QString& path) {
    return metrics::saveSeriesCsv(path.toStdString(), metrics::everySeries(shownRuns())).empty();
}

bool WatchPage::exportCardPng(int card, const QString& path) {
    if (card < 0 || card >= int(m_cards.size()))
        return false;
    replotNow();
    QCustomPlot* plot = m_cards[std::size_t(card)];
    dressForExport(plot, true);
    const bool saved = savePlotPng(plot, path);
    dressForExport(plot, false);
    return saved;
}

bool WatchPage::exportCardCsv(int card, const QString& path) {
    if (card < 0 || card >= int(m_cards.size()))
        return false;
    std::vector<metrics::CsvSeries> series;
    for (const Run* run : shownRuns())
        for (const Series* s : cardSeries(*run, m_cardKinds[std::size_t(card)]))
            series.push_back({run, s});
    return metrics::saveSeriesCsv(path.toStdString(), series).empty();
}

bool WatchPage::exportCardSvg(int card, const QString& path) {
    if (card < 0 || card >= int(m_cards.size()))
        return false;
    replotNow();
    QCustomPlot* plot = m_cards[std::size_t(card)];
    dressForExport(plot, true);
    const bool saved = savePlotSvg(plot, path, cardTitle(card));
    dressForExport(plot, false);
    return saved;
}

void WatchPage::cardMenu(QCustomPlot* plot, const QPoint& at) {
    const int card = int(std::find(m_cards.begin(), m_cards.end(), plot) - m_cards.begin());
    QMenu menu(this);
    QAction* image = menu.addAction(tr("Export this card as an image (PNG or SVG)…"));
    menu.addAction(tr("Export this card's data as CSV…"));
    QAction* chosen = menu.exec(plot->mapToGlobal(at));
    if (!chosen)
        return;
    const QString f = chosen == image ? askImagePath(chosen->text())
                                      : QFileDialog::getSaveFileName(this, chosen->text(), QString(), tr("CSV files (*.csv)"));
    const bool svg = QFileInfo(f).suffix().compare(QLatin1String("svg"), Qt::CaseInsensitive) == 0;
    const bool written = f.isEmpty() || (chosen != image ? exportCardCsv(card, f)
                                         : svg           ? exportCardSvg(card, f)
                                                         : exportCardPng(card, f));
    if (!written)
        QMessageBox::warning(this, tr("Export"), tr("%1 could not be written.").arg(f));
}

// The run's steady speed as one more calibration point of the plan: the same
// number `traindeck plan --calibrate-from` takes from the run (core/plan/run_speed.h).
void WatchPage::calibrate() {
    Text why;
    for (const Run* run : shownRuns()) {
        const std::optional<RunSpeed> speed = runSpeedOf(*run, run->name(), why);
        if (!speed)
            continue;
        if (const std::optional<Text> refusal = runPlanMismatch(m_analysis.plan, *speed)) {
            QMessageBox::information(this, tr("Calibrate the plan"), app::qLocalized(*refusal));
            return;
        }
        // The plan's points in the field's own list syntax, and the measured one after them.
        std::string points = findPlanField("calibration")->get(m_analysis.plan);
        if (!points.empty()) points += ',';
        points += calibrationText(speed->calibration);
        emit calibrationMeasured(QString::fromStdString(points));
        return;
    }
    QMessageBox::information(this, tr("Calibrate the plan"),
                             why.empty() ? tr("No shown run has a measured samples/s and the layout it ran on (the trainer's start event).")
                                         : app::qLocalized(why));
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
    m_smoothingLabel->setText(tr("Smoothing"));
    m_logY->setText(tr("Log scale"));
    m_outliers->setText(tr("Ignore outliers"));
    m_xLabel->setText(tr("x axis"));
    m_x->setItemText(0, tr("Step"));
    m_x->setItemText(1, tr("Relative time (h)"));
    m_x->setItemText(2, tr("Wall time"));
    m_followButton->setText(tr("Follow the live edge"));
    m_pngButton->setText(tr("Export image…"));
    m_pngButton->setToolTip(tr("The cards as one picture: PNG, or SVG (vector graphics) for a file named .svg"));
    m_csvButton->setText(tr("Export CSV…"));
    m_calibrateButton->setText(tr("Calibrate the plan from this run"));
    scheduleReplot();  // and the status line
}

}  // namespace traindeck::gui
