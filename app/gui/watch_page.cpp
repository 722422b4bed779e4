#include "gui/watch_page.h"

#include "localized.h"
#include "metrics/summary.h"
#include "plan/estimate.h"

#include <qcustomplot.h>

#include <QCheckBox>
#include <QComboBox>
#include <QDateTime>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFile>
#include <QFileDialog>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QSplitter>
#include <QSystemTrayIcon>
#include <QTextStream>
#include <QTimer>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace traindeck::gui {
namespace {

using namespace traindeck::metrics;

constexpr int kPollMs = 100;            // how often files are looked at
constexpr int kReplotMs = 40;           // at most 25 replots per second
constexpr std::size_t kPollBytes = 2u << 20;  // per poll: about 10 ms of parsing, then the event loop runs

enum Card { Loss, Psnr, Lr, SamplesPerS, GpuMemory, GradNorm, Eval, RankStepTime, CardCount };

QString cardTitle(int card) {
    switch (card) {
    case Loss: return WatchPage::tr("Loss");
    case Psnr: return WatchPage::tr("PSNR (dB)");
    case Lr: return WatchPage::tr("Learning rate");
    case SamplesPerS: return WatchPage::tr("Samples/s (dashed: the plan's prediction)");
    case GpuMemory: return WatchPage::tr("GPU memory (GB; dashed: capacity)");
    case GradNorm: return WatchPage::tr("Gradient norm");
    case Eval: return WatchPage::tr("Evaluation loss");
    case RankStepTime: return WatchPage::tr("Step time per rank (s)");
    }
    return {};
}

// The series a card draws for a run; rank cards draw every rank.
std::vector<const Series*> cardSeries(const Run& run, int card) {
    auto one = [&](const char* metric) -> std::vector<const Series*> {
        const Series* s = findMetric(run, metric);
        return s ? std::vector<const Series*>{s} : std::vector<const Series*>{};
    };
    switch (card) {
    case Loss: {
        const Series* s = findMetric(run, "loss");
        if (s && s->metric().find("eval") != std::string::npos)
            return {};
        return s ? std::vector<const Series*>{s} : std::vector<const Series*>{};
    }
    case Psnr: return one("psnr");
    case Lr: {
        auto s = one("lr");
        return s.empty() ? one("learning_rate") : s;
    }
    case SamplesPerS: {
        auto s = one("samples_per_s");
        return s.empty() ? one("steps_per_s") : s;
    }
    case GpuMemory: return one("gpu_mem_gb");
    case GradNorm: return one("grad_norm");
    case Eval: {
        if (const Series* s = run.find("eval_loss"))
            return {s};
        for (const auto& [key, s] : run.allSeries())
            if (key.second < 0 && key.first.find("loss") != std::string::npos &&
                (key.first.find("eval") != std::string::npos || key.first.find("val") != std::string::npos))
                return {s.get()};
        return {};
    }
    case RankStepTime: {
        std::vector<const Series*> out;
        for (const auto& [key, s] : run.allSeries())
            if (key.first == "step_time_s" && key.second >= 0)
                out.push_back(s.get());
        if (out.empty())
            if (const Series* s = run.find("step_time_s"))
                out.push_back(s);
        return out;
    }
    }
    return {};
}

QColor runColor(int index) {
    static const QColor palette[] = {QColor(31, 119, 180), QColor(255, 127, 14), QColor(44, 160, 44),
                                     QColor(214, 39, 40),  QColor(148, 103, 189), QColor(140, 86, 75),
                                     QColor(227, 119, 194), QColor(127, 127, 127)};
    return palette[index % 8];
}

double percentile(std::vector<double> v, double q) {
    if (v.empty())
        return 0;
    const auto k = std::size_t(q * double(v.size() - 1));
    std::nth_element(v.begin(), v.begin() + std::ptrdiff_t(k), v.end());
    return v[k];
}

}  // namespace

WatchPage::WatchPage(QWidget* parent) : QWidget(parent), m_watch(std::make_unique<Watch>()) {
    auto* column = new QVBoxLayout(this);
    auto* controls = new QHBoxLayout;
    m_addFile = new QPushButton(this);
    m_addFolder = new QPushButton(this);
    m_smoothingLabel = new QLabel(this);
    m_smoothing = new QDoubleSpinBox(this);
    m_smoothing->setObjectName(QStringLiteral("smoothing"));
    m_smoothing->setRange(0, 0.99);
    m_smoothing->setSingleStep(0.05);
    m_smoothing->setValue(0.6);  // TensorBoard's default
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
    for (QWidget* w : std::initializer_list<QWidget*>{m_addFile, m_addFolder, m_pngButton, m_csvButton, m_calibrateButton})
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
    m_banner->setStyleSheet(QStringLiteral("QLabel { background: #b3261e; color: white; padding: 6px; font-weight: bold; }"));
    m_banner->hide();
    column->addWidget(m_banner);

    auto* split = new QSplitter(this);
    m_runs = new QListWidget(split);
    m_runs->setObjectName(QStringLiteral("runs"));
    m_runs->setMaximumWidth(260);
    m_runs->setMinimumWidth(120);
    auto* grid = new QWidget(split);
    auto* cards = new QGridLayout(grid);
    cards->setContentsMargins(0, 0, 0, 0);
    for (int c = 0; c < CardCount; ++c) {
        auto* plot = new QCustomPlot(grid);
        plot->setMinimumSize(180, 110);
        plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
        plot->setNoAntialiasingOnDrag(true);
        plot->plotLayout()->insertRow(0);
        plot->plotLayout()->addElement(0, 0, new QCPTextElement(plot, QString(), QFont(font().family(), 9, QFont::Bold)));
        plot->setMouseTracking(true);
        // The user zooms or pans: stop following the live edge (the Follow button resumes).
        connect(plot, &QCustomPlot::mouseWheel, this, [this] { m_followEdge = false; });
        connect(plot, &QCustomPlot::mousePress, this, [this] { m_followEdge = false; });
        connect(plot, &QCustomPlot::mouseMove, this, [this, plot](QMouseEvent* e) { hover(plot, e); });
        cards->addWidget(plot, c / 2, c % 2);
        m_cards.push_back(plot);
    }
    split->addWidget(m_runs);
    split->addWidget(grid);
    split->setStretchFactor(1, 1);
    column->addWidget(split, 1);
    m_status = new QLabel(this);
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
    connect(m_smoothing, &QDoubleSpinBox::valueChanged, this, &WatchPage::scheduleReplot);
    connect(m_logY, &QCheckBox::toggled, this, &WatchPage::scheduleReplot);
    connect(m_outliers, &QCheckBox::toggled, this, &WatchPage::scheduleReplot);
    connect(m_x, &QComboBox::currentIndexChanged, this, [this] {
        m_followEdge = true;
        scheduleReplot();
    });
    connect(m_runs, &QListWidget::itemChanged, this, &WatchPage::scheduleReplot);
    connect(m_followButton, &QPushButton::clicked, this, [this] {
        m_followEdge = true;
        scheduleReplot();
    });
    connect(m_pngButton, &QPushButton::clicked, this, [this] {
        const QString f = QFileDialog::getSaveFileName(this, tr("Export the cards as PNG"), QString(), tr("PNG images (*.png)"));
        if (!f.isEmpty() && !exportPng(f))
            QMessageBox::warning(this, tr("Export"), tr("%1 could not be written.").arg(f));
    });
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
    Text error;
    if (!m_watch->add(path.toStdString(), error)) {
        m_status->setText(app::qLocalized(error));
        return false;
    }
    poll();
    m_pollTimer->start();
    return true;
}

void WatchPage::setPlan(const Plan& plan) {
    m_plan = plan;
    m_havePlan = true;
    scheduleReplot();
}

void WatchPage::poll() {
    const double now = unixNow();
    const bool more = m_watch->poll(kPollBytes, now);
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
        syncRunList();
        showAlarms();
        scheduleReplot();
    }
    if (more)
        QTimer::singleShot(0, this, &WatchPage::poll);  // the rest of a big file, after the events waiting now
}

void WatchPage::scheduleReplot() {
    if (!m_replotTimer->isActive())
        m_replotTimer->start();
}

void WatchPage::replotNow() {
    m_replotTimer->stop();
    redraw();
}

void WatchPage::syncRunList() {
    const auto& runs = m_watch->store().runs();
    QSignalBlocker block(m_runs);
    for (int i = m_runs->count(); i < int(runs.size()); ++i) {
        auto* item = new QListWidgetItem(QString::fromStdString(runs[std::size_t(i)]->name()), m_runs);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(Qt::Checked);
        QPixmap swatch(12, 12);
        swatch.fill(runColor(i));
        item->setIcon(QIcon(swatch));
    }
}

std::vector<const Run*> WatchPage::shownRuns() const {
    std::vector<const Run*> out;
    const auto& runs = m_watch->store().runs();
    for (int i = 0; i < m_runs->count() && i < int(runs.size()); ++i)
        if (m_runs->item(i)->checkState() == Qt::Checked)
            out.push_back(runs[std::size_t(i)].get());
    return out;
}

double WatchPage::xOf(const Run& run, const Point& p) const {
    switch (XAxis(m_x->currentIndex())) {
    case XAxis::Step: return double(p.step);
    case XAxis::RelativeTime: {
        const double start = run.info.startTime > 0 ? run.info.startTime : 0;
        if (start > 0)
            return (p.wallTime - start) / 3600.0;
        // No start event: hours since the run's first point.
        const Series* first = nullptr;
        for (const auto& [key, s] : run.allSeries())
            if (!s->empty() && (!first || s->points().front().wallTime < first->points().front().wallTime))
                first = s.get();
        return first ? (p.wallTime - first->points().front().wallTime) / 3600.0 : 0;
    }
    case XAxis::WallTime: return p.wallTime;
    }
    return double(p.step);
}

void WatchPage::redraw() {
    // Smoothing, x axis or the shown runs changed: every graph is drawn anew.
    QStringList signature{QString::number(m_smoothing->value()), QString::number(m_x->currentIndex())};
    for (const Run* r : shownRuns())
        signature << QString::fromStdString(r->name());
    if (signature.join(QLatin1Char('|')) != m_drawnSignature) {
        m_drawnSignature = signature.join(QLatin1Char('|'));
        m_drawn.clear();
        for (QCustomPlot* plot : m_cards)
            plot->clearGraphs();
    }
    for (int c = 0; c < CardCount; ++c)
        drawCard(c);
    ++m_replots;
    std::size_t points = 0, bytes = 0;
    for (const auto& run : m_watch->store().runs()) {
        bytes += run->bytes();
        for (const auto& [key, s] : run->allSeries())
            points += s->points().size();
    }
    m_status->setText(tr("%n run(s), %1 points held in %2 MB", nullptr, int(m_watch->store().runs().size()))
                          .arg(points)
                          .arg(double(bytes) / 1e6, 0, 'f', 1));
}

void WatchPage::drawCard(int card) {
    QCustomPlot* plot = m_cards[std::size_t(card)];
    plot->clearItems();
    const double weight = m_smoothing->value();
    const auto runs = shownRuns();
    const auto& all = m_watch->store().runs();
    double xMin = INFINITY, xMax = -INFINITY, yMin = INFINITY, yMax = -INFINITY, yMinPositive = INFINITY;
    std::vector<QCPGraph*> rawGraphs;
    for (const Run* run : runs) {
        const int runIndex = int(std::find_if(all.begin(), all.end(), [&](const auto& r) { return r.get() == run; }) - all.begin());
        for (const Series* series : cardSeries(*run, card)) {
            const Series& s = *series;
            Drawn& d = m_drawn[{card, run, series}];
            if (!d.smooth) {
                const QColor color = card == RankStepTime && s.rank() >= 0 && runs.size() == 1 ? runColor(s.rank()) : runColor(runIndex);
                if (weight > 0) {
                    QColor light = color;
                    light.setAlpha(60);
                    d.raw = plot->addGraph();
                    d.raw->setPen(QPen(light));
                    d.raw->setAdaptiveSampling(true);
                }
                d.smooth = plot->addGraph();
                d.smooth->setPen(QPen(color, 1.5));
                d.smooth->setAdaptiveSampling(true);
                QString name = QString::fromStdString(run->name());
                if (s.rank() >= 0)
                    name += QStringLiteral(" · rank %1").arg(s.rank());
                d.smooth->setName(name);
                d.marks = plot->addGraph();
                d.marks->setLineStyle(QCPGraph::lsNone);
                d.marks->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCross, QColor(179, 38, 30), 9));
                d.rewrites = s.rewrites();
            }
            if (s.rewrites() != d.rewrites || s.points().size() < d.copied) {
                // Points already drawn changed (folded, purged by a restart): copy the series again.
                const Drawn fresh{d.raw, d.smooth, d.marks};
                for (QCPGraph* g : {d.raw, d.smooth, d.marks})
                    if (g)
                        g->data()->clear();
                d = fresh;
                d.rewrites = s.rewrites();
            }
            const auto& points = s.points();
            if (d.copied < points.size()) {
                const qsizetype n = qsizetype(points.size() - d.copied);
                QVector<double> xs, raw, smooth;
                xs.reserve(n);
                raw.reserve(n);
                smooth.reserve(n);
                for (std::size_t i = d.copied; i < points.size(); ++i) {
                    const Point& p = points[i];
                    const double x = xOf(*run, p);
                    if (!std::isfinite(p.value)) {
                        // A gap in the line (QCustomPlot breaks lines at NaN) and a red mark.
                        xs.push_back(x);
                        raw.push_back(std::nan(""));
                        smooth.push_back(std::nan(""));
                        d.marks->addData(x, d.lastFinite);
                        continue;
                    }
                    // TensorBoard's debiased EMA, continued from where the last redraw stopped.
                    d.ema = d.ema * weight + (1 - weight) * p.value;
                    d.debias *= weight;
                    xs.push_back(x);
                    raw.push_back(p.value);
                    smooth.push_back(weight > 0 ? d.ema / (1 - d.debias) : p.value);
                    d.lastFinite = p.value;
                    d.xMin = std::min(d.xMin, x);
                    d.xMax = std::max(d.xMax, x);
                    d.yMin = std::min(d.yMin, p.value);
                    d.yMax = std::max(d.yMax, p.value);
                    if (p.value > 0)
                        d.yMinPositive = std::min(d.yMinPositive, p.value);
                }
                if (d.raw)
                    d.raw->addData(xs, raw, true);
                d.smooth->addData(xs, smooth, true);
                d.copied = points.size();
            }
            rawGraphs.push_back(d.raw ? d.raw : d.smooth);
            xMin = std::min(xMin, d.xMin);
            xMax = std::max(xMax, d.xMax);
            yMin = std::min(yMin, d.yMin);
            yMax = std::max(yMax, d.yMax);
            yMinPositive = std::min(yMinPositive, d.yMinPositive);
        }
        // The plan's prediction and the card's capacity, for the layout the run ran on.
        if (m_havePlan && run->info.nodes > 0 && run->info.gpusPerNode > 0 && (card == SamplesPerS || card == GpuMemory)) {
            const Estimate e = estimate(m_plan, Layout{run->info.nodes, run->info.gpusPerNode});
            const double y = card == SamplesPerS ? e.samplesPerS.value : e.gpuMemoryGb;
            auto* line = new QCPItemStraightLine(plot);
            line->point1->setCoords(0, y);
            line->point2->setCoords(1, y);
            line->setPen(QPen(runColor(runIndex), 1, Qt::DashLine));
        }
        // Alarms with a step: a vertical mark on the loss card (red: failing; grey: a restart or the end).
        if (card == Loss && XAxis(m_x->currentIndex()) == XAxis::Step)
            for (const Alarm& a : run->alarms()) {
                if (a.step < 0 || a.kind == AlarmKind::Stalled)
                    continue;
                auto* mark = new QCPItemStraightLine(plot);
                mark->point1->setCoords(double(a.step), 0);
                mark->point2->setCoords(double(a.step), 1);
                mark->setPen(QPen(a.failing() ? QColor(179, 38, 30) : QColor(120, 120, 120), 1, Qt::DotLine));
            }
    }
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
    if (m_followEdge && xMin <= xMax) {
        // The ranges come from what was tracked while appending: no pass over a million points.
        plot->xAxis->setRange(xMin, xMax > xMin ? xMax : xMin + 1);
        double lo = log ? yMinPositive : yMin, hi = yMax;
        if (m_outliers->isChecked()) {
            // Ignore outliers: the y range is the 5th to 95th percentile (of at most 100k sampled values).
            std::vector<double> v;
            for (QCPGraph* g : rawGraphs) {
                const int n = g->dataCount();
                const int stride = std::max(1, n / 100000);
                for (int i = 0; i < n; i += stride)
                    if (std::isfinite(g->data()->at(i)->value))
                        v.push_back(g->data()->at(i)->value);
            }
            if (v.size() >= 20) {
                lo = percentile(v, 0.05);
                hi = percentile(v, 0.95);
            }
        }
        if (std::isfinite(lo) && std::isfinite(hi)) {
            if (log)
                plot->yAxis->setRange(lo / 1.2, hi * 1.2);
            else {
                const double pad = (hi - lo) * 0.05 + (hi == lo ? std::max(std::abs(hi) * 0.1, 1e-12) : 0);
                plot->yAxis->setRange(lo - pad, hi + pad);
            }
        }
    }
    static_cast<QCPTextElement*>(plot->plotLayout()->element(0, 0))->setText(cardTitle(card));
    if (card == RankStepTime && runs.size() == 1) {
        // The straggler line looks at every rank's points: at most once a second.
        if (!m_stragglerClock.isValid() || m_stragglerClock.elapsed() > 1000) {
            m_stragglerClock.start();
            m_straggler.clear();
            const RunSummary s = summarize(*runs[0]);
            if (s.ranks && s.ranks->medianS > 0) {
                m_straggler = tr("%1 — slowest: rank %2, %3% above the median")
                                  .arg(cardTitle(card))
                                  .arg(s.ranks->slowestRank)
                                  .arg(std::round((s.ranks->slowestMedianS / s.ranks->medianS - 1) * 100));
                if (s.ranks->since >= 0)
                    m_straggler += tr(", since step %1").arg(s.ranks->since);
            }
        }
        if (!m_straggler.isEmpty())
            static_cast<QCPTextElement*>(plot->plotLayout()->element(0, 0))->setText(m_straggler);
    }
    plot->replot(QCustomPlot::rpQueuedReplot);
}

void WatchPage::showAlarms() {
    QStringList failing;
    for (const auto& run : m_watch->store().runs()) {
        std::size_t& seen = m_alarmsSeen[run.get()];
        for (; seen < run->alarms().size(); ++seen) {
            const Alarm& a = run->alarms()[seen];
            const QString message = app::qLocalized(a.text());
            emit alarmRaised(QString::fromStdString(run->name()), message, a.failing());
            if (a.failing() || a.kind == AlarmKind::Stalled) {
                failing << QStringLiteral("%1: %2").arg(QString::fromStdString(run->name()), message);
                if (QSystemTrayIcon::isSystemTrayAvailable()) {
                    static QSystemTrayIcon* tray = nullptr;
                    if (!tray) {
                        tray = new QSystemTrayIcon(QApplication::windowIcon(), this);
                        tray->show();
                    }
                    tray->showMessage(tr("TrainDeck: %1").arg(QString::fromStdString(run->name())), message,
                                      QSystemTrayIcon::Warning);
                }
            }
        }
    }
    if (!failing.isEmpty()) {
        const QString before = m_banner->isVisible() ? m_banner->text() + QLatin1Char('\n') : QString();
        m_banner->setText(before + failing.join(QLatin1Char('\n')));
        m_banner->show();
    }
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

bool WatchPage::exportPng(const QString& path) {
    replotNow();
    QWidget* grid = m_cards.front()->parentWidget();
    for (QCustomPlot* p : m_cards)
        p->replot(QCustomPlot::rpImmediateRefresh);
    return grid->grab().save(path, "PNG");
}

bool WatchPage::exportCsv(const QString& path) {
    QSaveFile file(path);  // written whole or not at all
    if (!file.open(QIODevice::WriteOnly | QIODevice::Text))
        return false;
    QTextStream out(&file);
    out << "run,metric,rank,step,wall_time,value\n";
    for (const Run* run : shownRuns())
        for (const auto& [key, s] : run->allSeries())
            for (const Point& p : s->points()) {
                QString name = QString::fromStdString(run->name());
                if (name.contains(QLatin1Char(',')) || name.contains(QLatin1Char('"')))
                    name = QLatin1Char('"') + name.replace(QLatin1Char('"'), QStringLiteral("\"\"")) + QLatin1Char('"');
                out << name << ',' << QString::fromStdString(key.first) << ',' << (key.second < 0 ? QString() : QString::number(key.second))
                    << ',' << p.step << ',' << QString::number(p.wallTime, 'f', 3) << ','
                    << (std::isfinite(p.value) ? QString::number(p.value, 'g', 17) : QStringLiteral("nan")) << '\n';
            }
    out.flush();
    return file.commit();
}

void WatchPage::calibrate() {
    for (const Run* run : shownRuns()) {
        const RunSummary s = summarize(*run);
        if (s.steadySamplesPerS > 0 && run->info.nodes > 0 && run->info.gpusPerNode > 0) {
            emit calibrationMeasured(QStringLiteral("%1x%2=%3samples/s")
                                         .arg(run->info.nodes)
                                         .arg(run->info.gpusPerNode)
                                         .arg(s.steadySamplesPerS, 0, 'g', 4));
            return;
        }
    }
    QMessageBox::information(this, tr("Calibrate the plan"),
                             tr("No shown run has a measured samples/s and the layout it ran on (the trainer's start event)."));
}

void WatchPage::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void WatchPage::retranslate() {
    m_addFile->setText(tr("Watch a file…"));
    m_addFolder->setText(tr("Watch a folder…"));
    m_smoothingLabel->setText(tr("Smoothing"));
    m_logY->setText(tr("Log scale"));
    m_outliers->setText(tr("Ignore outliers"));
    m_xLabel->setText(tr("x axis"));
    m_x->setItemText(0, tr("Step"));
    m_x->setItemText(1, tr("Relative time (h)"));
    m_x->setItemText(2, tr("Wall time"));
    m_followButton->setText(tr("Follow the live edge"));
    m_pngButton->setText(tr("Export PNG…"));
    m_csvButton->setText(tr("Export CSV…"));
    m_calibrateButton->setText(tr("Calibrate the plan from this run"));
    if (m_status->text().isEmpty() && m_watch->store().runs().empty())
        m_status->setText(tr("Watch a trainer's metrics file, a run folder, a TensorBoard logdir or a training log."));
    scheduleReplot();
}

}  // namespace traindeck::gui
