#pragma once
// One card of the Watch page: a QCustomPlot with the card's look (a title row,
// ticks as the window writes numbers, the legend beneath the plot, one paint
// buffer), its scales, its axes following the data, its title wrapped to its
// width, the dashed line of the plan and what the hover names. The cards
// (watch_cards.h) decide what each card draws; this is how a card looks.

#include "gui/watch/card_graphs.h"
#include "metrics/cards.h"

#include <QColor>
#include <QString>

#include <vector>

class QCPGraph;
class QCPPainter;
class QCustomPlot;
class QSize;
class QWidget;

namespace traindeck::gui::card_plot {

QCustomPlot* make(QWidget* parent);
// The title, broken into lines no wider than the card: never cut at its edges.
void setTitle(QCustomPlot* plot, const QString& title);
QString title(const QCustomPlot* plot);
// The legend (the named lines: runs, or one run's ranks) shown in a row of its own
// beneath the plot, as many names to a row as `width` has room for, never over the
// curves; or hidden.
void placeLegend(QCustomPlot* plot, bool shown, int width);
// The card as a picture of `size` pixels, painted at the painter's origin: its title
// wrapped to that width, its x axis titled `xTitle`, its legend (every named line, a
// run's or a rank's) in rows beneath the plot rather than over the curves, ticks for
// that size. The card in the window is as it was afterwards.
void paint(QCustomPlot* plot, QCPPainter* painter, const QSize& size, const QString& xTitle);
// A log or linear y axis; on the x axis steps, the time since the run's start as
// durations ("3 min", "1.5 h"), or dates and times; as many ticks as the card has room for.
void setScales(QCustomPlot* plot, bool logY, XAxis x);
// The axes to the data's ranges (tracked while copying: no pass over a million
// points); with `ignoreOutliers`, y from the 5th to the 95th percentile of the `raw` graphs.
void followData(QCustomPlot* plot, const metrics::ValueRange& x, const metrics::ValueRange& y,
                const std::vector<QCPGraph*>& raw, bool ignoreOutliers, bool logY);
// A dashed horizontal line at `value` (the plan's prediction, a card's capacity).
void addDashedLine(QCustomPlot* plot, double value, const QColor& color);
// What the hover shows at `x`: each named line's value there, one per line; empty where none is.
QString hoverText(const QCustomPlot* plot, double x);

}  // namespace traindeck::gui::card_plot
