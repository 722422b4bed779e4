#pragma once
// The Watch page's cards written out: all of them as one picture (PNG, or SVG
// for a file named .svg) and every shown series as CSV; one card as PNG, SVG or
// the CSV of the points it draws (its context menu). A picture stands alone: it
// names its runs (the legend, beneath each card's plot) and its x axis, which the
// window leaves to the run list and the controls, and is the same size whatever
// the window's: kCardPicture a card, two cards to a row.

#include "gui/watch/watch_cards.h"

#include <QObject>
#include <QString>

#include <QSize>

#include <functional>
#include <vector>

class QCPPainter;
class QWidget;

namespace traindeck::gui {

class WatchExport : public QObject {
    Q_OBJECT
public:
    // `view` says how the cards are drawn now (every point is drawn before a
    // picture); its dialogs open over `page`.
    WatchExport(WatchCards& cards, std::function<CardView()> view, std::function<QString()> xTitle, QWidget* page);

    bool exportImage(const QString& path);  // SVG for a path ending in .svg, else PNG
    bool exportPng(const QString& path);
    bool exportSvg(const QString& path);
    bool exportCsv(const QString& path);
    bool exportCardPng(int card, const QString& path);
    bool exportCardSvg(int card, const QString& path);
    bool exportCardCsv(int card, const QString& path);

    // The page's buttons and a card's menu: asks where, writes, says when it could not.
    void askAndExportImage();
    void askAndExportCsv();
    void cardMenu(int card, const QPoint& global);

    static constexpr QSize kCardPicture{800, 500};
    static QSize pictureSize(int cards);  // of a picture of that many cards

private:
    void paintCards(QCPPainter& painter, const std::vector<int>& cards);
    bool writePng(const std::vector<int>& cards, const QString& path);
    bool writeSvg(const std::vector<int>& cards, const QString& path, const QString& title);
    std::vector<int> everyCard() const;
    QString askImagePath(const QString& caption);
    void warnNotWritten(const QString& path);

    WatchCards& m_cards;
    std::function<CardView()> m_view;
    std::function<QString()> m_xTitle;
    QWidget* m_page;
};

}  // namespace traindeck::gui
