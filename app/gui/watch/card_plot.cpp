#include "gui/watch/card_plot.h"

#include "gui/parts/plot_text.h"

#include <qcustomplot.h>

#include <QFontMetrics>
#include <QStringList>

#include <algorithm>
#include <cmath>

namespace traindeck::gui::card_plot {
namespace {

using metrics::ValueRange;

QCPTextElement* titleElement(const QCustomPlot* plot) {
    return static_cast<QCPTextElement*>(plot->plotLayout()->element(0, 0));
}

const char* const kWholeTitle = "wholeTitle";  // the title as the cards gave it, before wrapping
const QSize kLeastSize(180, 110);                // a card's, its title on one line
const char* const kXAxis = "xAxis";            // the XAxis its x ticker labels

const char* const kTitleExtra = "titleExtra";    // pixels the title's lines after its first take
const char* const kLegendExtra = "legendExtra";  // pixels the legend's rows take beneath the plot

// The card's least height: room for every line of its title and every row of its legend
// above the plot's own least height (a card squeezed to its minimum cut a wrapped title
// at the top and bottom; a Chinese font's lines are taller).
void fitLeastHeight(QCustomPlot* plot) {
    const int least = kLeastSize.height() + plot->property(kTitleExtra).toInt() + plot->property(kLegendExtra).toInt();
    if (plot->minimumHeight() != least)
        plot->setMinimumHeight(least);
}

// As many ticks as a card of `size` has room for: labels of a small card (1366×768,
// a Chinese font's taller lines) would run into each other.
void setTickCounts(QCustomPlot* plot, const QSize& size) {
    plot->xAxis->ticker()->setTickCount(std::clamp(size.width() / 110, 2, 6));
    plot->yAxis->ticker()->setTickCount(std::clamp(size.height() / 50, 2, 5));
}

}  // namespace

QCustomPlot* make(QWidget* parent) {
    auto* plot = new QCustomPlot(parent);
    plot->setMinimumSize(kLeastSize);
    plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    plot->setNoAntialiasingOnDrag(true);
    // One paint buffer per card, not two: QCustomPlot buffers its overlay layer (the
    // selection rectangle, unused here) apart, and a resize reallocates every buffer.
    // When a run's own scalar adds a card, the grid resizes every card in one turn of
    // the event loop; fresh buffers' page faults made that turn 52-61 ms (now 39).
    plot->layer(QStringLiteral("overlay"))->setMode(QCPLayer::lmLogical);
    plot->plotLayout()->insertRow(0);
    plot->plotLayout()->addElement(0, 0, new QCPTextElement(plot, QString(), QFont(parent->font().family(), 9, QFont::Bold)));
    plot->setMouseTracking(true);
    plot->setContextMenuPolicy(Qt::CustomContextMenu);
    // Ticks written as the window writes numbers (plot_text.h).
    plot->xAxis->setTicker(numberTicker());
    plot->yAxis->setTicker(numberTicker());
    // The legend: the named lines only (runs, or one run's ranks).
    plot->setAutoAddPlottableToLegend(false);
    QFont legendFont = parent->font();
    legendFont.setPointSizeF(std::max(7.0, legendFont.pointSizeF() - 1));
    plot->legend->setFont(legendFont);
    plot->legend->setBrush(Qt::NoBrush);
    plot->legend->setBorderPen(Qt::NoPen);
    plot->legend->setIconSize(16, 8);
    plot->legend->setVisible(false);  // placeLegend shows it beneath the plot
    return plot;
}

void setTitle(QCustomPlot* plot, const QString& title) {
    QCPTextElement* element = titleElement(plot);
    plot->setProperty(kWholeTitle, title);  // wrapped again for a picture of another width
    const QString lines = wrappedText(title, element->font(), plot->width() - 12);
    element->setText(lines);
    plot->setProperty(kTitleExtra, int(lines.count(QLatin1Char('\n'))) * (QFontMetrics(element->font()).lineSpacing() + 4));
    fitLeastHeight(plot);
}

void placeLegend(QCustomPlot* plot, bool shown, int width) {
    QCPLegend* legend = plot->legend;
    QCPLayoutGrid* grid = plot->plotLayout();
    const bool below = legend->layout() == grid;
    shown = shown && legend->itemCount() > 0;
    if (shown && !below) {
        plot->axisRect()->insetLayout()->take(legend);
        grid->addElement(grid->rowCount(), 0, legend);
        grid->setRowStretchFactor(grid->rowCount() - 1, 0.001);  // its least height; the plot the rest
    } else if (!shown && below) {
        grid->take(legend);
        grid->simplify();
        plot->axisRect()->insetLayout()->addElement(legend, Qt::AlignTop | Qt::AlignRight);  // parked, hidden
    }
    legend->setVisible(shown);
    if (!shown) {
        plot->setProperty(kLegendExtra, 0);
        fitLeastHeight(plot);
        return;
    }
    // As many names to a row as the widest leaves room for.
    int widest = 1;
    for (int i = 0; i < legend->itemCount(); ++i)
        widest = std::max(widest, legend->item(i)->minimumOuterSizeHint().width());
    const int columns = std::clamp((width - 20) / (widest + legend->columnSpacing()), 1, legend->itemCount());
    if (legend->wrap() != columns || legend->fillOrder() != QCPLayoutGrid::foColumnsFirst) {
        legend->setWrap(columns);
        legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
    }
    const int rows = (legend->itemCount() + columns - 1) / columns;
    plot->setProperty(kLegendExtra, rows * (QFontMetrics(legend->font()).height() + legend->rowSpacing()) + 8);
    fitLeastHeight(plot);
}

void paint(QCustomPlot* plot, QCPPainter* painter, const QSize& size, const QString& xTitle) {
    QCPTextElement* title = titleElement(plot);
    const QString windowTitle = title->text();
    const bool legendShown = plot->legend->visible();
    const int xTicks = plot->xAxis->ticker()->tickCount(), yTicks = plot->yAxis->ticker()->tickCount();
    title->setText(wrappedText(plot->property(kWholeTitle).toString(), title->font(), size.width() - 12));
    plot->xAxis->setLabel(xTitle);
    setTickCounts(plot, size);
    placeLegend(plot, true, size.width());  // a picture names every line, one run too
    plot->toPainter(painter, size.width(), size.height());
    placeLegend(plot, legendShown, plot->width());
    plot->xAxis->setLabel(QString());
    plot->xAxis->ticker()->setTickCount(xTicks);
    plot->yAxis->ticker()->setTickCount(yTicks);
    title->setText(windowTitle);
    plot->replot(QCustomPlot::rpQueuedReplot);
}

QString title(const QCustomPlot* plot) { return titleElement(plot)->text(); }

void setScales(QCustomPlot* plot, bool logY, XAxis x) {
    if ((plot->yAxis->scaleType() == QCPAxis::stLogarithmic) != logY) {
        plot->yAxis->setScaleType(logY ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
        plot->yAxis->setTicker(logY ? QSharedPointer<QCPAxisTicker>(numberLogTicker()) : numberTicker());
    }
    if (plot->property(kXAxis).toInt() != int(x)) {
        plot->setProperty(kXAxis, int(x));
        if (x == XAxis::WallTime) {
            auto ticker = QSharedPointer<QCPAxisTickerDateTime>(new QCPAxisTickerDateTime);
            ticker->setDateTimeFormat(QStringLiteral("HH:mm\ndd.MM."));
            plot->xAxis->setTicker(ticker);
        } else {
            plot->xAxis->setTicker(x == XAxis::RelativeTime ? hoursTicker() : numberTicker());
        }
    }
    setTickCounts(plot, plot->size());
}

void followData(QCustomPlot* plot, const ValueRange& x, const ValueRange& y, const std::vector<QCPGraph*>& raw,
                bool ignoreOutliers, bool logY) {
    if (x.empty())
        return;
    if (x.hi > x.lo)
        plot->xAxis->setRange(x.lo, x.hi);
    else  // values at one x only: it in the middle, not on the card's edge
        plot->xAxis->setRange(x.lo - 1, x.lo + 1);
    ValueRange shown = y;
    if (ignoreOutliers) {
        metrics::OutlierFreeRange central;
        for (QCPGraph* g : raw)
            central.addSampled(std::size_t(g->dataCount()), [g](std::size_t i) { return g->data()->at(int(i))->value; });
        if (const ValueRange r = central.range(); !r.empty())
            shown = r;
    }
    if (shown.empty())
        return;
    const auto [lo, hi] = metrics::shownRange(shown, logY);
    if (std::isfinite(lo) && std::isfinite(hi))
        plot->yAxis->setRange(lo, hi);
}

void addDashedLine(QCustomPlot* plot, double value, const QColor& color) {
    auto* line = new QCPItemStraightLine(plot);
    line->point1->setCoords(0, value);
    line->point2->setCoords(1, value);
    line->setPen(QPen(color, 1, Qt::DashLine));
}

QString hoverText(const QCustomPlot* plot, double x) {
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
    if (lines.isEmpty())
        return {};
    return QStringLiteral("x = %1\n").arg(x, 0, 'g', 6) + lines.join(QLatin1Char('\n'));
}

}  // namespace traindeck::gui::card_plot
