#pragma once
// The Watch page's graphs, kept per card, run and series: which graphs draw
// which series of which run on which card, the copying of the store's points
// into them (bounded per redraw, in slices), and handing the graphs only what
// changed. The page decides what each card shows and draws it; this keeps the
// graphs in step with core's store.

#include "metrics/cards.h"
#include "metrics/envelope.h"
#include "metrics/run.h"

#include <QColor>
#include <QElapsedTimer>
#include <QString>
#include <QVector>

#include <cstddef>
#include <map>
#include <memory>
#include <tuple>
#include <vector>

class QCPGraph;
class QCustomPlot;

namespace traindeck::gui {

// What the cards' x axis shows.
enum class XAxis { Step, RelativeTime, WallTime };

class CardGraphs {
public:
    CardGraphs();
    ~CardGraphs();

    // A redraw begins: its copying budget starts now, and the series' points are
    // copied with this smoothing and x axis (when either changes the page calls clear()).
    void beginRedraw(double smoothing, XAxis x);
    // Every graph forgotten and taken off its card.
    void clear(const std::vector<QCustomPlot*>& cards);
    // The graphs of cards from `first` on forgotten (the page deleted those cards).
    void forgetCardsFrom(int first);

    // What follow() did for one series.
    struct Followed {
        bool changed = false;         // the graphs will draw other points
        QCPGraph* values = nullptr;   // the graph with the series' own values (its faint raw line, else the smoothed one)
        metrics::ValueRange x, y;     // of the points copied so far (tracked while copying)
    };
    // How a series is drawn: its colour, its name (the hover's and the legend's),
    // and whether the redraw's smoothing applies to it (metrics::smoothed()).
    struct Look {
        QColor color;
        QString name;
        bool smooth = true;
    };
    // One series of a run on a card: its graphs, made the first time (as `look`
    // says), and its new points copied within the redraw's budget.
    Followed follow(int card, QCustomPlot* plot, const metrics::Run& run, const metrics::Series& series, const Look& look);
    // A per-rank line's colour: none of the runs' (WatchRunsModel::color), so a rank
    // is never taken for a run.
    static QColor rankColor(int rank);
    // The card's graphs handed the envelopes of the visible range at the card's
    // width, those that changed only. True when a graph got new points.
    bool fill(int card, QCustomPlot* plot);
    // Points of the store not on the cards yet after this redraw (a big file being drawn).
    bool copying() const { return m_copying; }
    // Series copied anew from their first point since the graphs were made: once
    // after each rewrite of points already copied (a fold, a restart's purge).
    int recopies() const { return m_recopies; }

private:
    struct Copy;
    struct Drawn;
    Drawn& graphsOf(int card, QCustomPlot* plot, const metrics::Run& run, const metrics::Series& s, const Look& look);
    bool appendNew(Drawn& d, const metrics::Run& run, const metrics::Series& s, double smoothing);
    void copyPoints(Copy& c, const metrics::Run& run, const metrics::Series& s, std::size_t count) const;
    double xOrigin(const metrics::Run& run) const;  // what xOf() subtracts
    double xOf(double origin, const metrics::Point& p) const;

    // What one series has been copied into: its points as x and y (raw and
    // smoothed, the EMA continued) in envelopes (metrics/envelope.h) that later
    // redraws only append to, and its non-finite points as marks.
    struct Copy {
        explicit Copy(double smoothing) : smoother(smoothing) {}
        metrics::Envelope rawPoints, smoothPoints;
        QVector<double> markX, markY;
        std::size_t copied = 0;      // points[0, copied) are in the envelopes
        std::size_t rewrites = 0;    // the series' rewrites() when the copy began
        metrics::Smoother smoother;
        double lastFinite = 0;
        metrics::ValueRange x, y;
    };
    // One series on one card. Its graphs get, per redraw, only the envelope's
    // points for the visible range, and only when those changed: a redraw costs
    // the new points and the card's width, never the series' length. Copying is
    // bounded per redraw (over all cards): a big file fills the cards over
    // several turns of the event loop, and when points already copied change
    // (the store folded its older half, a restart purged some) the series is
    // copied anew into `next` while the graphs keep drawing `shown`.
    struct Drawn {
        QCPGraph* raw = nullptr;     // faint, behind the smoothed line (absent without smoothing)
        QCPGraph* smooth = nullptr;
        QCPGraph* marks = nullptr;   // non-finite points
        std::unique_ptr<Copy> shown, next;
        // What the graphs were handed: again only when one of these changes.
        double filledLo = 0, filledHi = 0;
        int filledColumns = -1;
        std::size_t filledPoints = 0, filledMarks = 0;
        bool dotted = false;  // its values all at one x: a line would draw nothing, so a dot shows them
    };
    std::map<std::tuple<int, const metrics::Run*, const metrics::Series*>, Drawn> m_drawn;
    double m_smoothing = 0;
    XAxis m_x = XAxis::Step;
    QElapsedTimer m_budget;  // since the redraw began
    bool m_copying = false;
    int m_recopies = 0;
};

}  // namespace traindeck::gui
