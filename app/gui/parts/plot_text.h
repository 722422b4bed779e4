#pragma once
// Text on a plot: tick labels that write numbers as everything else in the window
// does (core's rule, figure_format's localeNumber: "1306", "12,500", "0.25", "5e-05"),
// not the locale's "1,306" beside a bar's "1306" nor QCustomPlot's "1E+04"; and a
// note or title broken into lines that fit, rather than cut at the plot's edges.

#include <QSharedPointer>
#include <QString>

class QCPAxisTicker;
class QCPAxisTickerLog;
class QFont;

namespace traindeck::gui {

QSharedPointer<QCPAxisTicker> numberTicker();
QSharedPointer<QCPAxisTickerLog> numberLogTicker();
// An axis of hours as durations: "0", "3 min", "1.5 h" (figure_format's formatDuration).
QSharedPointer<QCPAxisTicker> hoursTicker();
// `text` broken into lines no wider than `width` pixels (at word breaks, or between
// any two characters of a script without spaces); its own line breaks kept.
QString wrappedText(const QString& text, const QFont& font, int width);

}  // namespace traindeck::gui
