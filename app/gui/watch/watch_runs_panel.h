#pragma once
// The Watch page's left column: the run list (WatchRunsModel over core's store:
// a row per run, its colour, whether it is shown), its menu (show only this run,
// every run, copy a run's summary), and under it the summary of the run the
// list's cursor is on (else the first shown), as `traindeck watch` prints it.

#include "metrics/run.h"

#include <QElapsedTimer>
#include <QWidget>

class QLabel;
class QListView;

namespace traindeck::gui {

class WatchRunsModel;

class WatchRunsPanel : public QWidget {
    Q_OBJECT
public:
    explicit WatchRunsPanel(const metrics::Store& store, QWidget* parent = nullptr);

    WatchRunsModel& model() { return *m_model; }
    const WatchRunsModel& model() const { return *m_model; }
    // The summary again: at once when `now` (the view changed), else at most once
    // a second while points come (summarize() walks the run).
    void showSummary(bool now);
    QString summary() const;  // as plain text

private:
    void runMenu(const QPoint& at);

    const metrics::Store& m_store;
    WatchRunsModel* m_model = nullptr;
    QListView* m_runs = nullptr;
    QLabel* m_summary = nullptr;
    QElapsedTimer m_summaryClock;
};

}  // namespace traindeck::gui
