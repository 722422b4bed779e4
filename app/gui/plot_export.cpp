#include "gui/plot_export.h"

#include <qcustomplot.h>

#include <QSaveFile>
#include <QSvgGenerator>

#include <algorithm>

namespace traindeck::gui {
namespace {

QSize exportSize(const QCustomPlot* plot) { return {std::max(plot->width(), 640), std::max(plot->height(), 400)}; }

}  // namespace

bool savePlotPng(QCustomPlot* plot, const QString& path) {
    const QSize size = exportSize(plot);
    return plot->savePng(path, size.width(), size.height());
}

bool savePlotSvg(QCustomPlot* plot, const QString& path, const QString& title) {
    const QSize size = exportSize(plot);
    QSaveFile file(path);  // whole or not at all
    if (!file.open(QIODevice::WriteOnly))
        return false;
    QSvgGenerator svg;
    svg.setOutputDevice(&file);
    svg.setSize(size);
    svg.setViewBox(QRect(QPoint(0, 0), size));
    svg.setTitle(title);
    QCPPainter painter;
    if (!painter.begin(&svg))
        return false;
    plot->toPainter(&painter, size.width(), size.height());
    painter.end();
    return file.commit();
}

}  // namespace traindeck::gui
