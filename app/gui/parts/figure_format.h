#pragma once
// Numbers and figures as the user reads them: formatted in the current default
// locale (language.h sets it), with translated units, and the tooltip that
// shows the formula and the numbers that went into it.

#include "plan/estimate.h"

#include <QString>

namespace traindeck::gui {

// A number as core writes estimates (text/number_text.h's estimateText): three
// significant digits, whole numbers from 100 up, no group separator, so the
// window's figures and core's fix texts read alike.
QString localeNumber(double value);
// A duration given in hours, as a person reads it: "17 min", "5.29 h", "62.5 h (2.6 days)"
// (core's durationText, text/duration_text.h).
QString formatDuration(double hours);
// "1258 samples/s": the value and its translated unit, as core writes it (figureText).
QString formatFigure(const Figure& figure);
// The hover text of a figure: what it is, the formula and the worked numbers.
QString figureToolTip(const QString& title, const Figure& figure);
// "2 × 8" and its GPU count: how a layout is named throughout the window.
QString layoutName(const Layout& layout);

}  // namespace traindeck::gui
