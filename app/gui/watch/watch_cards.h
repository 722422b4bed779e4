#pragma once
// The Watch page's cards: a grid with a card for each kind core says the shown
// runs have (metrics/cards.h), each drawing those runs' series (CardGraphs
// copies their points), the plan's dashed line (watch/plan_line.h), the alarms'
// marks, and a title; their axes follow the live edge until the user zooms or
// pans. The plan is its document's (PlanDocument: its analysis, read as the
// cards draw; not valid(): no lines). A draw costs what changed: the cards whose points changed are drawn,
// every card and its items only when the view changed (invalidate()).

#include "gui/watch/card_graphs.h"
#include "metrics/cards.h"

#include <QElapsedTimer>
#include <QWidget>

#include <map>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

class QCustomPlot;
class QGridLayout;

namespace traindeck::gui {

class PlanDocument;
class WatchRunsModel;

// How the cards show their series: the page's view controls (card_view_bar.h).
struct CardView {
    double smoothing = 0;
    XAxis x = XAxis::Step;
    bool logY = false;
    bool ignoreOutliers = false;
};

class WatchCards : public QWidget {
    Q_OBJECT
public:
    // The runs drawn are those `runs` shows, each in its colour there; the dashed
    // lines are the prediction and card capacity of `document`'s plan (the next
    // draw after its analysisChanged draws them anew).
    WatchCards(const WatchRunsModel& runs, const PlanDocument& document, QWidget* parent = nullptr);
    ~WatchCards() override;

    // The view changed (not only points): the next draw makes every card whole, items and all.
    void invalidate() { m_redrawAll = true; }
    // Rescale to the newest data again (after a zoom or pan stopped it).
    void followEdge() { m_followEdge = true; }
    // Draws what changed since the last draw: within CardGraphs' copying budget,
    // so a big file fills the cards over several draws (copying()).
    void draw(const CardView& view);
    // Every point on the cards before returning (an export draws them all).
    void drawAll(const CardView& view);
    bool copying() const { return m_graphs->copying(); }
    // What the draws so far cost beyond the new points: cards drawn whole (items,
    // plan lines, every graph handed its envelope again: the view changed) and
    // series copied anew (CardGraphs::recopies).
    int wholeDraws() const { return m_wholeDraws; }
    int recopies() const { return m_graphs->recopies(); }

    const std::vector<QCustomPlot*>& cards() const { return m_cards; }
    std::vector<const metrics::Run*> shownRuns() const;  // the runs the cards draw
    const std::vector<metrics::Card>& kinds() const { return m_kinds; }
    QString title(int card) const;  // the card's title before the straggler or capacity line
    int indexOf(const QCustomPlot* plot) const;  // -1: not a card
    // Whether the window shows the card's legend: the run list names the runs by
    // their colours, so only for one run's ranks, which nothing else names.
    bool legendInWindow(int card) const;

signals:
    void viewChanged();  // a card resized, zoomed or panned, or the plan changed: every card to draw again
    void menuRequested(int card, const QPoint& global);  // a card's context menu

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;  // a card resized: its envelopes at the new width

private:
    void syncCards();
    QCustomPlot* makeCard();
    void drawCard(int card, const CardView& view);
    QString stragglerTitle(const metrics::Run& run);

    const WatchRunsModel& m_runs;
    const PlanDocument& m_document;
    std::unique_ptr<CardGraphs> m_graphs;  // which graphs draw which series on which card, and their copies
    QGridLayout* m_grid = nullptr;
    std::vector<QCustomPlot*> m_cards;
    std::vector<metrics::Card> m_kinds;  // what each card draws (core decides: cards.h)
    QString m_drawnSignature;            // smoothing, x axis and shown runs the graphs were drawn with
    QElapsedTimer m_stragglerClock;
    QString m_straggler;
    // Per card and run: the dashed line's value, and whether it is left out of the
    // range (a capacity far above the curve: the title names it instead).
    struct PlanLine {
        double value = 0;
        bool offScale = false;
    };
    std::map<std::pair<int, const metrics::Run*>, PlanLine> m_planLines;
    std::optional<double> capacityOffScale(int card) const;
    bool m_followEdge = true;  // rescale to the newest data until the user zooms or pans
    bool m_redrawing = false;  // our own range changes do not ask for another draw
    bool m_redrawAll = true;   // the view changed (not only points): every card drawn, items and all
    int m_wholeDraws = 0;
};

}  // namespace traindeck::gui
