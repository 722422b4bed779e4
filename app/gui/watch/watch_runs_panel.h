#pragma once
// The Watch page's left column: the run list (WatchRunsModel over core's store:
// a row per run, its colour, whether it is shown), its menu (show only this run,
// every run, copy a run's summary), and under it the summary of the run the
// list's cursor is on (else the first shown), as `traindeck watch` prints it.

#include "metrics/run.h"
#include "metrics/summary_tracker.h"

#include <QElapsedTimer>
#include <QWidget>

#include <cstdint>
#include <map>

class QListView;
class QTimer;

namespace traindeck::gui {

class SummaryLabel;
class WatchRunsModel;

class WatchRunsPanel : public QWidget {
    Q_OBJECT
public:
    explicit WatchRunsPanel(const metrics::Store& store, QWidget* parent = nullptr);

    WatchRunsModel& model() { return *m_model; }
    const WatchRunsModel& model() const { return *m_model; }
    // The summary again, when there is something new to say: at once for another
    // run (the cursor moved, other runs shown), at most once a second while points
    // come (each run's SummaryTracker walks only the points new since), never for a
    // zoom, a pan or a resize.
    void showSummary();
    QString summary() const;  // as plain text
    // The run the list's cursor is on, else the first shown: the one the summary
    // describes and "Calibrate the plan from this run" measures. Null: no run.
    const metrics::Run* selectedRun() const;
    int summaries() const { return m_summaries; }  // how often a run was summarized
    std::size_t pointsWalked() const;              // by the summaries so far (SummaryTracker::pointsWalked)

protected:
    void changeEvent(QEvent* event) override;  // another language: the summary in it

private:
    void runMenu(const QPoint& at);

    const metrics::Store& m_store;
    WatchRunsModel* m_model = nullptr;
    QListView* m_runs = nullptr;
    SummaryLabel* m_summary = nullptr;
    QElapsedTimer m_summaryClock;
    QTimer* m_lateSummary = nullptr;  // the points that came within the second after a summary
    const metrics::Run* m_summarized = nullptr;
    std::uint64_t m_summarizedGeneration = 0;
    int m_summaries = 0;
    std::map<const metrics::Run*, metrics::SummaryTracker> m_trackers;  // per run summarized (the store keeps its runs)
};

}  // namespace traindeck::gui
