#pragma once
// The Watch page: live plots of the runs a user follows (core/watch), the
// alarms as they happen, and the measured speed back into the plan. The page
// assembles its parts and passes clicks on: the sources (WatchSources), the run
// list (WatchRunsPanel), the cards (WatchCards) and how they show their series
// (CardViewBar), the alarms (WatchAlarms) and the exports (WatchExport). The
// plan is its document's: its predicted samples/s and the card's memory as
// dashed lines, and the calibration a measured run adds to.
// Replots are coalesced to at most 25 per second, so the window never waits on
// a big file or a fast stream.

#include "metrics/cards.h"
#include "watch/watch.h"

#include <QWidget>

#include <vector>

class QCustomPlot;
class QLabel;
class QPushButton;
class QTimer;

namespace traindeck::gui {

class CardViewBar;
class PlanDocument;
class SshSettings;
class WatchAlarms;
class WatchCards;
class WatchExport;
class WatchRunsModel;
class WatchRunsPanel;
class WatchSources;

class WatchPage : public QWidget {
    Q_OBJECT
public:
    explicit WatchPage(const PlanDocument& document, QWidget* parent = nullptr);
    ~WatchPage() override;

    // Follows a source (a metrics file, a log, an event file, a logdir, a run folder,
    // any of them on another machine as ssh://[user@]host[:port]/path).
    // False, with the reason shown, when it holds no run. An ssh:// source
    // connects off the window's thread (core's watch): true at once, and its
    // outcome is shown when it comes; an unknown host key is asked first.
    bool addSource(const QString& path);
    // How ssh:// sources connect (identity, known_hosts, ssh config): as `traindeck launch`.
    void setSsh(const ssh::Settings& settings);
    // The window's one SSH settings object: applied now and whenever they change.
    void useSsh(const SshSettings* shared);
    // Follows a command whose output is a run's lines (kubectl logs -f … --prefix).
    bool addCommand(const QString& command);

    // For tests and the benchmarks.
    watch::Watch& watch();
    const std::vector<QCustomPlot*>& cards() const;
    QString banner() const;
    QString summary() const;  // the summary beside the run list, as plain text
    int replots() const { return m_replots; }
    // What the page's draws cost beyond the new points, counted since it was made:
    // whole redraws of the cards, series copied anew onto them, summaries of a run.
    struct Work {
        int wholeDraws = 0, recopies = 0, summaries = 0;
    };
    Work work() const;
    bool copying() const;  // points of the store not on the cards yet (a big file being drawn)
    const std::vector<metrics::Card>& cardKinds() const;
    WatchRunsModel& runsModel();
    // The cards as one picture: SVG for a path ending in .svg, else PNG; with the
    // legend and the x axis's title, which the window leaves to the list and the controls.
    bool exportImage(const QString& path);
    bool exportPng(const QString& path);
    bool exportSvg(const QString& path);
    bool exportCsv(const QString& path);
    // One card: its picture (PNG) and the points it draws (CSV).
    bool exportCardPng(int card, const QString& path);
    bool exportCardCsv(int card, const QString& path);
    bool exportCardSvg(int card, const QString& path);  // the card as vector graphics
    void replotNow();
    // The runs the page shows now (the timeline draws their progress).
    std::vector<const metrics::Run*> shownRuns() const;

signals:
    // The shown runs were drawn again: new points, or other runs shown.
    void runsRedrawn();
    // The plan's calibration points with a run's measured steady speed added
    // ("1x8=60samples/s,2x8=115samples/s"), for the plan's calibration field.
    void calibrationMeasured(const QString& calibration);
    void alarmRaised(const QString& run, const QString& message, bool failing);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void runsChanged();         // points came: the run list, the alarms, the cards whose points changed
    void scheduleReplot();      // the view changed: every card is drawn again
    void scheduleDataReplot();  // points came: the cards whose points changed are
    void redraw();
    void showStatus();
    void calibrate();

    const PlanDocument& m_document;
    WatchSources* m_sources = nullptr;
    WatchRunsPanel* m_runs = nullptr;
    CardViewBar* m_viewBar = nullptr;
    WatchCards* m_cards = nullptr;
    WatchAlarms* m_alarms = nullptr;
    WatchExport* m_export = nullptr;
    QTimer* m_replotTimer = nullptr;
    QLabel* m_status = nullptr;
    QPushButton* m_addFile = nullptr;
    QPushButton* m_addFolder = nullptr;
    QPushButton* m_addRun = nullptr;
    QPushButton* m_pngButton = nullptr;
    QPushButton* m_csvButton = nullptr;
    QPushButton* m_calibrateButton = nullptr;
    int m_replots = 0;
};

}  // namespace traindeck::gui
