#include "gui/watch/card_graphs.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace traindeck::gui {
namespace {

using namespace traindeck::metrics;

// Copying the store's points onto the cards takes at most this long per redraw,
// over all cards, in slices: a bigger backlog (a 1M-step file just opened, a
// series the store folded) is drawn over the next redraws, so the event loop
// runs again within about this time however busy the machine is.
constexpr qint64 kCopyBudgetNs = 8'000'000;
constexpr std::size_t kCopySlice = 8192;

}  // namespace

CardGraphs::CardGraphs() = default;
CardGraphs::~CardGraphs() = default;

void CardGraphs::beginRedraw(double smoothing, XAxis x) {
    m_smoothing = smoothing;
    m_x = x;
    m_budget.start();
    m_copying = false;
}

void CardGraphs::clear(const std::vector<QCustomPlot*>& cards) {
    m_drawn.clear();
    for (QCustomPlot* plot : cards)
        plot->clearGraphs();
}

void CardGraphs::forgetCardsFrom(int first) {
    for (auto it = m_drawn.begin(); it != m_drawn.end();)
        it = std::get<0>(it->first) >= first ? m_drawn.erase(it) : std::next(it);
}

CardGraphs::Followed CardGraphs::follow(int card, QCustomPlot* plot, const Run& run, const Series& series,
                                        const Look& look) {
    Drawn& d = graphsOf(card, plot, run, series, look);
    Followed f;
    f.changed = appendNew(d, run, series, look.smooth ? m_smoothing : 0);
    f.values = d.raw ? d.raw : d.smooth;
    f.x = d.shown->x;
    f.y = d.shown->y;
    return f;
}

QColor CardGraphs::rankColor(int rank) {
    // Tableau's second set of ten, less its grey: hues the runs' palette does not use.
    static const QColor palette[] = {QColor(23, 190, 207), QColor(188, 189, 34), QColor(123, 50, 148),
                                     QColor(27, 120, 55),  QColor(191, 129, 45), QColor(49, 54, 149),
                                     QColor(244, 109, 67), QColor(64, 64, 64)};
    return palette[rank % 8];
}

CardGraphs::Drawn& CardGraphs::graphsOf(int card, QCustomPlot* plot, const Run& run, const Series& s,
                                        const Look& look) {
    Drawn& d = m_drawn[{card, &run, &s}];
    if (d.smooth)
        return d;
    const QColor& color = look.color;
    if (look.smooth && m_smoothing > 0) {
        QColor light = color;
        light.setAlpha(60);
        d.raw = plot->addGraph();
        d.raw->setName(QString());  // unnamed: the hover lists the smoothed line alone
        d.raw->setPen(QPen(light));
        d.raw->setAdaptiveSampling(true);
    }
    d.smooth = plot->addGraph();
    // 1 px: QCustomPlot draws it with a cosmetic pen, Qt's fast stroker; a 1.5 px
    // line through a card's ~3,000 envelope points cost 5× the whole replot.
    d.smooth->setPen(QPen(color, 1));
    d.smooth->setAdaptiveSampling(true);
    d.smooth->setName(look.name);
    d.smooth->addToLegend();  // the legend lists the lines that have a name, not their faint copies
    d.marks = plot->addGraph();
    d.marks->setName(QString());
    d.marks->setLineStyle(QCPGraph::lsNone);
    d.marks->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCross, QColor(179, 38, 30), 9));
    return d;
}

// The series' new points into the shown copy, or, when points already copied
// changed, into a new copy that replaces it once complete; in slices until the
// redraw's copy budget is spent. True when the shown copy changed.
bool CardGraphs::appendNew(Drawn& d, const Run& run, const Series& s, double smoothing) {
    if (!d.shown) {  // the first copy is shown as it grows
        d.shown = std::make_unique<Copy>(smoothing);
        d.shown->rewrites = s.rewrites();
    }
    const Copy& current = d.next ? *d.next : *d.shown;
    if (s.rewrites() != current.rewrites || s.points().size() < current.copied) {
        d.next = std::make_unique<Copy>(smoothing);
        d.next->rewrites = s.rewrites();
        ++m_recopies;
    }
    Copy& into = d.next ? *d.next : *d.shown;
    const std::size_t before = into.copied;
    while (into.copied < s.points().size() && m_budget.nsecsElapsed() < kCopyBudgetNs)
        copyPoints(into, run, s, std::min(kCopySlice, s.points().size() - into.copied));
    const std::size_t count = into.copied - before;
    if (d.next && d.next->copied == s.points().size()) {
        d.shown = std::move(d.next);
        d.filledColumns = -1;  // other points: handed over whatever the range
        d.filledMarks = std::size_t(-1);
        return true;
    }
    m_copying |= into.copied < s.points().size();
    return count > 0 && !d.next;
}

void CardGraphs::copyPoints(Copy& c, const Run& run, const Series& s, std::size_t count) const {
    const double origin = xOrigin(run);
    const auto& points = s.points();
    for (std::size_t i = c.copied; i < c.copied + count; ++i) {
        const Point& p = points[i];
        const double x = xOf(origin, p);
        if (!std::isfinite(p.value)) {
            // A gap in the line (QCustomPlot breaks lines at NaN) and a red mark.
            c.rawPoints.append(x, std::nan(""));
            c.smoothPoints.append(x, std::nan(""));
            c.markX.push_back(x);
            c.markY.push_back(c.lastFinite);
            continue;
        }
        c.rawPoints.append(x, p.value);
        c.smoothPoints.append(x, c.smoother.next(p.value));  // TensorBoard's debiased EMA, continued
        c.lastFinite = p.value;
        c.x.add(x);
        c.y.add(p.value);
    }
    c.copied += count;
}

// Relative time: hours since the run's start event, or without one since its first point.
double CardGraphs::xOrigin(const Run& run) const {
    if (m_x != XAxis::RelativeTime)
        return 0;
    if (run.info.startTime > 0)
        return run.info.startTime;
    double first = std::numeric_limits<double>::infinity();
    for (const auto& [key, s] : run.allSeries())
        if (!s->empty())
            first = std::min(first, s->points().front().wallTime);
    return std::isfinite(first) ? first : 0;
}

double CardGraphs::xOf(double origin, const Point& p) const {
    switch (m_x) {
    case XAxis::Step: return double(p.step);
    case XAxis::RelativeTime: return (p.wallTime - origin) / 3600.0;
    case XAxis::WallTime: return p.wallTime;
    }
    return double(p.step);
}

// Each graph gets the envelope of the visible range at the card's width (its
// pixels: the widget's, a little more than the axis rectangle's, known before
// any replot; a resize draws the card again). Only what changed is handed over.
bool CardGraphs::fill(int card, QCustomPlot* plot) {
    const QCPRange range = plot->xAxis->range();
    const int columns = std::max(64, int(std::ceil(plot->width() * plot->devicePixelRatioF())));
    bool changed = false;
    std::vector<double> xs, ys;
    for (auto& [key, d] : m_drawn) {
        if (std::get<0>(key) != card || !d.shown)
            continue;
        const Copy& c = *d.shown;
        // One value (an evaluation run once, a run's first step): a line through one
        // point draws nothing and the card looked empty.
        if (const bool dot = !c.x.empty() && c.x.lo == c.x.hi; dot != d.dotted) {
            d.dotted = dot;
            d.smooth->setScatterStyle(dot ? QCPScatterStyle(QCPScatterStyle::ssDisc, d.smooth->pen().color(), 7)
                                          : QCPScatterStyle());
            changed = true;
        }
        if (d.filledMarks != std::size_t(c.markX.size())) {
            d.marks->setData(c.markX, c.markY, true);
            d.filledMarks = std::size_t(c.markX.size());
            changed = true;
        }
        if (d.filledColumns == columns && d.filledLo == range.lower && d.filledHi == range.upper &&
            d.filledPoints == c.rawPoints.size())
            continue;
        d.filledColumns = columns;
        d.filledLo = range.lower;
        d.filledHi = range.upper;
        d.filledPoints = c.rawPoints.size();
        changed = true;
        for (auto [graph, points] : {std::pair{d.raw, &c.rawPoints}, std::pair{d.smooth, &c.smoothPoints}}) {
            if (!graph)
                continue;
            points->query(range.lower, range.upper, columns, xs, ys);
            graph->setData(QVector<double>(xs.begin(), xs.end()), QVector<double>(ys.begin(), ys.end()), true);
        }
    }
    return changed;
}

}  // namespace traindeck::gui
