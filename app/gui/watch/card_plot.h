#pragma once
// One card of the Watch page: a QCustomPlot with the card's look (a title row,
// ticks of a few significant digits, the legend in its top right corner, one
// paint buffer), its scales, its axes following the data, its title wrapped to
// its width, the dashed line of the plan and what the hover names. The cards
// (watch_cards.h) decide what each card draws; this is how a card looks.

#include "metrics/cards.h"

#include <QColor>
#include <QString>

#include <vector>

class QCPGraph;
class QCustomPlot;
class QWidget;

namespace traindeck::gui::card_plot {

QCustomPlot* make(QWidget* parent);
// The title, broken into lines no wider than the card: never cut at its edges.
void setTitle(QCustomPlot* plot, const QString& title);
QString title(const QCustomPlot* plot);
// A log or linear y axis; dates and times on the x axis, or numbers; as many
// ticks as the card has room for.
void setScales(QCustomPlot* plot, bool logY, bool wallTime);
// The axes to the data's ranges (tracked while copying: no pass over a million
// points); with `ignoreOutliers`, y from the 5th to the 95th percentile of the `raw` graphs.
void followData(QCustomPlot* plot, const metrics::ValueRange& x, const metrics::ValueRange& y,
                const std::vector<QCPGraph*>& raw, bool ignoreOutliers, bool logY);
// A dashed horizontal line at `value` (the plan's prediction, a card's capacity).
void addDashedLine(QCustomPlot* plot, double value, const QColor& color);
// What the hover shows at `x`: each named line's value there, one per line; empty where none is.
QString hoverText(const QCustomPlot* plot, double x);

}  // namespace traindeck::gui::card_plot
