#include "gui/watch/watch_export.h"

#include "gui/parts/plot_export.h"
#include "gui/watch/card_plot.h"
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

#include <numeric>

namespace traindeck::gui {
namespace {

bool isSvg(const QString& path) { return QFileInfo(path).suffix().compare(QLatin1String("svg"), Qt::CaseInsensitive) == 0; }

}  // namespace

WatchExport::WatchExport(WatchCards& cards, std::function<CardView()> view, std::function<QString()> xTitle, QWidget* page)
    : QObject(page), m_cards(cards), m_view(std::move(view)), m_xTitle(std::move(xTitle)), m_page(page) {}

// A picture stands alone and reads the same whatever the window's size: every card
// at one size, two to a row, each naming its runs (the legend, one run too) and its x axis.
QSize WatchExport::pictureSize(int cards) {
    const int columns = cards > 1 ? 2 : 1;
    return {columns * kCardPicture.width(), std::max(1, (cards + columns - 1) / columns) * kCardPicture.height()};
}

void WatchExport::paintCards(QCPPainter& painter, const std::vector<int>& cards) {
    const int columns = pictureSize(int(cards.size())).width() / kCardPicture.width();
    for (std::size_t i = 0; i < cards.size(); ++i) {
        painter.save();
        painter.translate(int(i) % columns * kCardPicture.width(), int(i) / columns * kCardPicture.height());
        card_plot::paint(m_cards.cards()[std::size_t(cards[i])], &painter, kCardPicture, m_xTitle());
        painter.restore();
    }
}

bool WatchExport::writePng(const std::vector<int>& cards, const QString& path) {
    m_cards.drawAll(m_view());
    QImage image(pictureSize(int(cards.size())), QImage::Format_ARGB32);
    image.fill(Qt::white);
    QCPPainter painter;
    if (!painter.begin(&image))
        return false;
    paintCards(painter, cards);
    painter.end();
    return savePng(image, path);
}

bool WatchExport::writeSvg(const std::vector<int>& cards, const QString& path, const QString& title) {
    m_cards.drawAll(m_view());
    QSaveFile file(path);  // whole or not at all
    if (!file.open(QIODevice::WriteOnly))
        return false;
    const QSize size = pictureSize(int(cards.size()));
    QSvgGenerator svg;
    svg.setOutputDevice(&file);
    svg.setSize(size);
    svg.setViewBox(QRect(QPoint(0, 0), size));
    svg.setTitle(title);
    QCPPainter painter;
    if (!painter.begin(&svg))
        return false;
    paintCards(painter, cards);
    painter.end();
    return file.commit();
}

std::vector<int> WatchExport::everyCard() const {
    std::vector<int> cards(m_cards.cards().size());
    std::iota(cards.begin(), cards.end(), 0);
    return cards;
}

bool WatchExport::exportImage(const QString& path) { return isSvg(path) ? exportSvg(path) : exportPng(path); }

bool WatchExport::exportPng(const QString& path) { return writePng(everyCard(), path); }

bool WatchExport::exportSvg(const QString& path) {
    QStringList runs;
    for (const metrics::Run* run : m_cards.shownRuns())
        runs << QString::fromStdString(run->name());
    return writeSvg(everyCard(), path, tr("TrainDeck: %1").arg(runs.join(QStringLiteral(", "))));
}

bool WatchExport::exportCsv(const QString& path) {
    return metrics::saveSeriesCsv(path.toStdString(), metrics::everySeries(m_cards.shownRuns())).empty();
}

bool WatchExport::exportCardPng(int card, const QString& path) {
    return card >= 0 && card < int(m_cards.cards().size()) && writePng({card}, path);
}

bool WatchExport::exportCardSvg(int card, const QString& path) {
    return card >= 0 && card < int(m_cards.cards().size()) && writeSvg({card}, path, m_cards.title(card));
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
