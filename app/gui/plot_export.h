#pragma once
// A plot written as a picture, whole or not at all: PNG at the plot's size (at least
// 640×400), or SVG through QCustomPlot's painter. The Watch page's cards and the cost
// plot export through these.

#include <QString>

class QCustomPlot;

namespace traindeck::gui {

bool savePlotPng(QCustomPlot* plot, const QString& path);
bool savePlotSvg(QCustomPlot* plot, const QString& path, const QString& title);

}  // namespace traindeck::gui
