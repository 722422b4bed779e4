#include "gui/watch/watch_export.h"

#include "gui/parts/plot_export.h"
#include "gui/watch/watch_runs_model.h"

#include "metrics/series_csv.h"

#include <qcustomplot.h>

#include <QFileDialog>
#include <QFileInfo>
#include <QImage>
#include <QMenu>
#include <QMessageBox>
#include <QSaveFile>
#include <QSvgGenerator>

namespace traindeck::gui {
namespace {

bool isSvg(const QString& path) { return QFileInfo(path).suffix().compare(QLatin1String("svg"), Qt::CaseInsensitive) == 0; }

}  // namespace

WatchExport::WatchExport(WatchCards& cards, std::function<CardView()> view, std::function<QString()> xTitle, QWidget* page)
    : QObject(page), m_cards(cards), m_view(std::move(view)), m_xTitle(std::move(xTitle)), m_page(page) {}

// A picture stands alone: it names its runs (the legend, one run too) and its x axis.
void WatchExport::dressForExport(int card, bool on) {
    QCustomPlot* plot = m_cards.cards()[std::size_t(card)];
    plot->xAxis->setLabel(on ? m_xTitle() : QString());
    plot->legend->setVisible(on ? plot->legend->itemCount() >= 1 : m_cards.legendInWindow(card));
    plot->replot(QCustomPlot::rpImmediateRefresh);
}

bool WatchExport::exportImage(const QString& path) { return isSvg(path) ? exportSvg(path) : exportPng(path); }

bool WatchExport::exportPng(const QString& path) {
    m_cards.drawAll(m_view());
    const int n = int(m_cards.cards().size());
    for (int c = 0; c < n; ++c)
        dressForExport(c, true);
    const QImage image = m_cards.grab().toImage();
    for (int c = 0; c < n; ++c)
        dressForExport(c, false);
    return savePng(image, path);
}

// Every card where it lies on the page, as vector graphics.
bool WatchExport::exportSvg(const QString& path) {
    m_cards.drawAll(m_view());
    QSaveFile file(path);  // whole or not at all
    if (!file.open(QIODevice::WriteOnly))
        return false;
    QSvgGenerator svg;
    svg.setOutputDevice(&file);
    svg.setSize(m_cards.size());
    svg.setViewBox(QRect(QPoint(0, 0), m_cards.size()));
    QStringList runs;
    for (const metrics::Run* run : m_cards.shownRuns())
        runs << QString::fromStdString(run->name());
    svg.setTitle(tr("TrainDeck: %1").arg(runs.join(QStringLiteral(", "))));
    QCPPainter painter;
    if (!painter.begin(&svg))
        return false;
    for (int c = 0; c < int(m_cards.cards().size()); ++c) {
        QCustomPlot* p = m_cards.cards()[std::size_t(c)];
        dressForExport(c, true);
        painter.save();
        painter.translate(p->geometry().topLeft());
        p->toPainter(&painter, p->width(), p->height());
        painter.restore();
        dressForExport(c, false);
    }
    painter.end();
    return file.commit();
}

bool WatchExport::exportCsv(const QString& path) {
    return metrics::saveSeriesCsv(path.toStdString(), metrics::everySeries(m_cards.shownRuns())).empty();
}

bool WatchExport::exportCardPng(int card, const QString& path) {
    if (card < 0 || card >= int(m_cards.cards().size()))
        return false;
    m_cards.drawAll(m_view());
    dressForExport(card, true);
    const bool saved = savePlotPng(m_cards.cards()[std::size_t(card)], path);
    dressForExport(card, false);
    return saved;
}

bool WatchExport::exportCardSvg(int card, const QString& path) {
    if (card < 0 || card >= int(m_cards.cards().size()))
        return false;
    m_cards.drawAll(m_view());
    dressForExport(card, true);
    const bool saved = savePlotSvg(m_cards.cards()[std::size_t(card)], path, m_cards.title(card));
    dressForExport(card, false);
    return saved;
}

bool WatchExport::exportCardCsv(int card, const QString& path) {
    if (card < 0 || card >= int(m_cards.cards().size()))
        return false;
    std::vector<metrics::CsvSeries> series;
    for (const metrics::Run* run : m_cards.shownRuns())
        for (const metrics::Series* s : metrics::cardSeries(*run, m_cards.kinds()[std::size_t(card)]))
            series.push_back({run, s});
    return metrics::saveSeriesCsv(path.toStdString(), series).empty();
}

void WatchExport::warnNotWritten(const QString& path) {
    QMessageBox::warning(m_page, tr("Export"), tr("%1 could not be written.").arg(path));
}

QString WatchExport::askImagePath(const QString& caption) {
    const QString png = tr("PNG images (*.png)"), svg = tr("SVG images (*.svg)");
    QString filter = png;
    QString f = QFileDialog::getSaveFileName(m_page, caption, QString(), png + QStringLiteral(";;") + svg, &filter);
    // The file's extension says the format; a name without one gets the chosen filter's.
    const QString suffix = QFileInfo(f).suffix().toLower();
    if (!f.isEmpty() && suffix != QLatin1String("png") && suffix != QLatin1String("svg"))
        f += filter == svg ? QStringLiteral(".svg") : QStringLiteral(".png");
    return f;
}

void WatchExport::askAndExportImage() {
    const QString f = askImagePath(tr("Export the cards as an image"));
    if (!f.isEmpty() && !exportImage(f))
        warnNotWritten(f);
}

void WatchExport::askAndExportCsv() {
    const QString f = QFileDialog::getSaveFileName(m_page, tr("Export the series as CSV"), QString(), tr("CSV files (*.csv)"));
    if (!f.isEmpty() && !exportCsv(f))
        warnNotWritten(f);
}

void WatchExport::cardMenu(int card, const QPoint& global) {
    if (card < 0)
        return;
    QMenu menu(m_page);
    QAction* image = menu.addAction(tr("Export this card as an image (PNG or SVG)…"));
    menu.addAction(tr("Export this card's data as CSV…"));
    QAction* chosen = menu.exec(global);
    if (!chosen)
        return;
    const QString f = chosen == image ? askImagePath(chosen->text())
                                      : QFileDialog::getSaveFileName(m_page, chosen->text(), QString(), tr("CSV files (*.csv)"));
    const bool written = f.isEmpty() || (chosen != image ? exportCardCsv(card, f)
                                         : isSvg(f)      ? exportCardSvg(card, f)
                                                         : exportCardPng(card, f));
    if (!written)
        warnNotWritten(f);
}

}  // namespace traindeck::gui
