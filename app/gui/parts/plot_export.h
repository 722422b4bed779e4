#pragma once
// A plot written as a picture, whole or not at all: PNG at the plot's size (at least
// 640×400), or SVG through QCustomPlot's painter. The Watch page's cards and the cost
// plot export through these.

#include <QString>

class QCustomPlot;
class QImage;

namespace traindeck::gui {

// PNG bytes into `path` whole or not at all (QImage::save and QCustomPlot::savePng write in place).
bool savePng(const QImage& image, const QString& path);

bool savePlotPng(QCustomPlot* plot, const QString& path);
bool savePlotSvg(QCustomPlot* plot, const QString& path, const QString& title);

}  // namespace traindeck::gui
