#include "gui/parts/plot_export.h"

#include <qcustomplot.h>

#include <QSaveFile>
#include <QSvgGenerator>

#include <algorithm>

namespace traindeck::gui {
namespace {

QSize exportSize(const QCustomPlot* plot) { return {std::max(plot->width(), 640), std::max(plot->height(), 400)}; }

}  // namespace

bool savePng(const QImage& image, const QString& path) {
    QSaveFile file(path);
    return file.open(QIODevice::WriteOnly) && image.save(&file, "PNG") && file.commit();
}

bool savePlotPng(QCustomPlot* plot, const QString& path) {
    const QSize size = exportSize(plot);
    return savePng(plot->toPixmap(size.width(), size.height()).toImage(), path);
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
