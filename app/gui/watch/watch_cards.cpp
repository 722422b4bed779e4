#include "gui/watch/watch_cards.h"

#include "gui/plan/plan_document.h"
#include "gui/watch/card_plot.h"
#include "gui/watch/watch_alarms.h"
#include "gui/watch/watch_runs_model.h"

#include "localized.h"
#include "metrics/metric_units.h"
#include "metrics/summary.h"
#include "watch/plan_line.h"

#include <qcustomplot.h>

#include <QAbstractScrollArea>
#include <QCoreApplication>
#include <QEvent>
#include <QGridLayout>
#include <QScrollBar>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace traindeck::gui {
namespace {

using namespace traindeck::metrics;

// A capacity line far above a run's memory would flatten its curve onto the
// axis (2 GiB under a 140 GiB card): below this share of the capacity the axis
// follows the curve and the title names the capacity instead.
constexpr double kCapacityInViewShare = 0.25;
constexpr int kLegendMostLines = 8;  // more: the hover names them, a legend would cover the card

}  // namespace

WatchCards::WatchCards(const WatchRunsModel& runs, const PlanDocument& document, QWidget* parent)
    : QWidget(parent), m_runs(runs), m_document(document), m_graphs(std::make_unique<CardGraphs>()) {
    m_grid = new QGridLayout(this);
    m_grid->setContentsMargins(0, 0, 0, 0);
    syncCards();
    // Another plan: its dashed lines, drawn with every card's items.
    connect(&m_document, &PlanDocument::analysisChanged, this, [this] {
        invalidate();
        emit viewChanged();
    });
}

WatchCards::~WatchCards() = default;

bool WatchCards::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() == QEvent::Resize && !m_redrawing)
        emit viewChanged();
    // The wheel scrolls the cards, as over any page (TensorBoard's and W&B's do the same);
    // Ctrl+wheel zooms the card under it. A card took every turn, and the cards beneath the
    // window's edge (1366×768) could not be reached with the wheel.
    if (event->type() == QEvent::Wheel && !(static_cast<QWheelEvent*>(event)->modifiers() & Qt::ControlModifier)) {
        for (QWidget* w = parentWidget(); w; w = w->parentWidget())
            if (auto* area = qobject_cast<QAbstractScrollArea*>(w)) {
                QCoreApplication::sendEvent(area->verticalScrollBar(), event);
                return true;
            }
        event->ignore();
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

std::vector<const Run*> WatchCards::shownRuns() const { return m_runs.shownRuns(); }

int WatchCards::indexOf(const QCustomPlot* plot) const {
    const auto it = std::find(m_cards.begin(), m_cards.end(), plot);
    return it == m_cards.end() ? -1 : int(it - m_cards.begin());
}

QCustomPlot* WatchCards::makeCard() {
    QCustomPlot* plot = card_plot::make(this);
    plot->installEventFilter(this);  // resized: its envelopes at the new width
    // The user zooms or pans: stop following the live edge (the Follow button resumes).
    connect(plot, &QCustomPlot::mouseWheel, this, [this] { m_followEdge = false; });
    connect(plot, &QCustomPlot::mousePress, this, [this] { m_followEdge = false; });
    connect(plot, &QCustomPlot::mouseMove, this, [plot](QMouseEvent* e) {
        const QString text = card_plot::hoverText(plot, plot->xAxis->pixelToCoord(e->position().x()));
        if (!text.isEmpty())
            QToolTip::showText(e->globalPosition().toPoint(), text, plot);
    });
    connect(plot, &QWidget::customContextMenuRequested, this,
            [this, plot](const QPoint& at) { emit menuRequested(indexOf(plot), plot->mapToGlobal(at)); });
    // Zoomed or panned: the envelope of the new range (zoomed in far enough: the raw points).
    connect(plot->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, [this] {
        if (!m_redrawing)
            emit viewChanged();
    });
    return plot;
}

// The cards core says the shown runs have: the fixed ones, then a user's own scalars.
void WatchCards::syncCards() {
    const std::vector<Card> kinds = cardsOf(m_runs.shownRuns());
    if (kinds == m_kinds)
        return;
    // Cards only ever come after the fixed ones: keep those that stay, redraw from the first change.
    std::size_t same = 0;
    while (same < kinds.size() && same < m_kinds.size() && kinds[same] == m_kinds[same])
        ++same;
    for (std::size_t i = same; i < m_cards.size(); ++i)
        delete m_cards[i];
    m_cards.resize(same);
    m_graphs->forgetCardsFrom(int(same));
    m_kinds = kinds;
    m_redrawAll = true;  // the cards after the first change are new: drawn whole
    for (std::size_t i = same; i < kinds.size(); ++i) {
        QCustomPlot* plot = makeCard();
        m_grid->addWidget(plot, int(i / 2), int(i % 2));
        m_cards.push_back(plot);
    }
}

void WatchCards::draw(const CardView& view) {
    // Smoothing, x axis or the shown runs changed: every graph is drawn anew.
    QStringList signature{QString::number(view.smoothing), QString::number(int(view.x))};
    for (const Run* r : m_runs.shownRuns())
        signature << QString::fromStdString(r->name());
    if (signature.join(QLatin1Char('|')) != m_drawnSignature) {
        m_drawnSignature = signature.join(QLatin1Char('|'));
        m_graphs->clear(m_cards);
        m_redrawAll = true;
    }
    syncCards();
    if (m_redrawAll) {
        m_planLines.clear();
        ++m_wholeDraws;
    }
    m_graphs->beginRedraw(view.smoothing, view.x);
    for (int c = 0; c < int(m_cards.size()); ++c)
        drawCard(c, view);
    m_redrawAll = false;
}

void WatchCards::drawAll(const CardView& view) {
    m_redrawAll = true;
    do
        draw(view);
    while (m_graphs->copying());
}

QString WatchCards::title(int card) const {
    const Card& c = m_kinds[std::size_t(card)];
    switch (c.kind) {
    case CardKind::Loss: return tr("Loss");
    case CardKind::Psnr: return tr("PSNR (dB)");
    case CardKind::Lr: return tr("Learning rate");
    case CardKind::SamplesPerS:  // the dashed line named only where one is drawn (a run of the plan's)
        return std::any_of(m_planLines.begin(), m_planLines.end(), [card](const auto& l) { return l.first.first == card; })
                   ? tr("Samples/s (dashed: the plan's prediction)")
                   : tr("Samples/s");
    case CardKind::GpuMemory:  // no dashed line where the capacity is above the scale
        return capacityOffScale(card) ? tr("GPU memory (GiB)") : tr("GPU memory (GiB; dashed: capacity)");
    case CardKind::GradNorm: return tr("Gradient norm");
    case CardKind::Eval: return tr("Evaluation loss");
    case CardKind::RankStepTime: return tr("Step time per rank (s)");
    case CardKind::Scalar: {
        QString title = app::qLocalized(metricTitle(c.metric));
        // The protocol's with a title's capital, as the other cards'; a script's key as it wrote it.
        if (!metricName(c.metric).isValue() && !title.isEmpty())
            title[0] = title[0].toUpper();
        return title;
    }
    }
    return {};
}

// The straggler line looks at every rank's points: at most once a second.
QString WatchCards::stragglerTitle(const Run& run) {
    if (!m_stragglerClock.isValid() || m_stragglerClock.elapsed() > 1000) {
        m_stragglerClock.start();
        const std::optional<RankSpread> ranks = rankSpread(run);
        m_straggler = ranks ? app::qLocalized(stragglerText(*ranks)) : QString();
    }
    return m_straggler;
}

std::optional<double> WatchCards::capacityOffScale(int card) const {
    for (const auto& [key, line] : m_planLines)
        if (key.first == card && line.offScale)
            return line.value;
    return std::nullopt;
}

bool WatchCards::legendInWindow(int card) const {
    const int lines = m_cards[std::size_t(card)]->legend->itemCount();
    return m_kinds[std::size_t(card)].kind == CardKind::RankStepTime && m_runs.shownRuns().size() == 1 && lines >= 2 &&
           lines <= kLegendMostLines;
}

// A card: its series' new points copied (within the draw's budget), its range
// followed, its graphs handed what changed, and replotted only when something
// did. The items (plan lines, alarm marks) are made again only when the view changed.
void WatchCards::drawCard(int card, const CardView& view) {
    QCustomPlot* plot = m_cards[std::size_t(card)];
    const Card& kind = m_kinds[std::size_t(card)];
    bool changed = m_redrawAll;
    if (m_redrawAll)
        plot->clearItems();
    const auto runs = m_runs.shownRuns();
    ValueRange x, y;
    std::vector<QCPGraph*> rawGraphs;
    for (const Run* run : runs) {
        const int runIndex = m_runs.rowOf(run);
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
            if (const double value = watch::planLine(m_document.analysis(), *run, kind.kind); std::isfinite(value)) {
                card_plot::addDashedLine(plot, value, WatchRunsModel::color(runIndex));
                m_planLines[{card, run}] = {value, kind.kind == CardKind::GpuMemory};
            }
            if (kind.kind == CardKind::Loss && view.x == XAxis::Step)
                WatchAlarms::drawMarks(plot, *run);
        }
        // The plan's line inside the card's range, but a capacity far above the curve
        // (off the scale until the curve comes near it: a big file is copied over several draws).
        if (const auto line = m_planLines.find({card, run}); line != m_planLines.end()) {
            PlanLine& l = line->second;
            l.offScale = l.offScale && !(y.hi >= kCapacityInViewShare * l.value);
            if (!l.offScale)
                y.add(l.value);
        }
    }
    if (!changed)
        return;
    card_plot::setScales(plot, view.logY, view.x);
    m_redrawing = true;
    if (m_followEdge)
        card_plot::followData(plot, x, y, rawGraphs, view.ignoreOutliers, view.logY);
    m_redrawing = false;
    m_graphs->fill(card, plot);
    QString title = this->title(card);
    if (kind.kind == CardKind::RankStepTime && runs.size() == 1)
        if (const QString straggler = stragglerTitle(*runs[0]); !straggler.isEmpty())
            title = straggler;
    if (const std::optional<double> off = capacityOffScale(card))
        title += QLatin1Char('\n') + tr("capacity %1 GiB, above the scale").arg(*off, 0, 'g', 3);
    card_plot::setTitle(plot, title);
    card_plot::placeLegend(plot, legendInWindow(card), plot->width());
    plot->replot(QCustomPlot::rpQueuedReplot);
}

}  // namespace traindeck::gui
