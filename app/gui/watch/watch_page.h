#pragma once
// The Watch page: live plots of the runs a user follows (core/metrics), the
// alarms as they happen, and the measured speed back into the plan.
// Reading is polled by a timer in bounded slices (core's Watch::poll), and
// replots are coalesced to at most 25 per second, so the window never waits on
// a big file or a fast stream.

#include "gui/watch/card_graphs.h"
#include "metrics/cards.h"
#include "watch/watch.h"
#include "plan/plan_analysis.h"

#include <QElapsedTimer>
#include <QWidget>

#include <map>
#include <memory>
#include <vector>

class QCheckBox;
class QComboBox;
class QCPGraph;
class QCustomPlot;
class QDoubleSpinBox;
class QGridLayout;
class QImage;
class QLabel;
class QListView;
class QMessageBox;
class QPushButton;
class QSystemTrayIcon;
class QTimer;

namespace traindeck::gui {

class SshSettings;

class WatchRunsModel;

class WatchPage : public QWidget {
    Q_OBJECT
public:
    explicit WatchPage(QWidget* parent = nullptr);
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
    // The plan as the document analysed it: its predicted samples/s and the card's
    // memory as dashed lines, and the calibration a measured run adds to.
    void setAnalysis(const PlanAnalysis& analysis);

    // For tests and the benchmarks.
    watch::Watch& watch() { return *m_watch; }
    const std::vector<QCustomPlot*>& cards() const { return m_cards; }
    QString banner() const;
    QString summary() const;  // the summary beside the run list, as plain text
    int replots() const { return m_replots; }
    bool copying() const;  // points of the store not on the cards yet (a big file being drawn)
    const std::vector<metrics::Card>& cardKinds() const { return m_cardKinds; }
    WatchRunsModel& runsModel() { return *m_runsModel; }
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
    bool eventFilter(QObject* watched, QEvent* event) override;  // a card resized: its envelopes at the new width

private:
    void retranslate();
    void poll();
    void scheduleReplot();      // the view changed: every card is drawn again
    void scheduleDataReplot();  // points came: the cards whose points changed are
    void redraw();
    void syncCards();
    QCustomPlot* makeCard();
    void drawCard(int card);
    void drawPlanLine(int card, const metrics::Run& run, int runIndex, metrics::ValueRange& y);
    void drawAlarmMarks(QCustomPlot* plot, const metrics::Run& run);
    void setScales(QCustomPlot* plot);
    void rescale(QCustomPlot* plot, const metrics::ValueRange& x, const metrics::ValueRange& y, const std::vector<QCPGraph*>& raw);
    QString cardTitle(int card) const;
    QString stragglerTitle(const metrics::Run& run);
    void showAlarms();
    void hover(QCustomPlot* plot, QMouseEvent* event);
    void cardMenu(QCustomPlot* plot, const QPoint& at);
    void runMenu(const QPoint& at);
    void showSummary(bool now);
    void dressForExport(QCustomPlot* plot, bool on);
    static bool legendInWindow(QCustomPlot* plot, metrics::CardKind kind, std::size_t runs);
    QString askImagePath(const QString& caption);
    void askForRun();
    bool following(bool added, const Text& error);
    bool settleAdds();
    void askHostKey();
    void calibrate();

    std::unique_ptr<watch::Watch> m_watch;
    std::unique_ptr<CardGraphs> m_graphs;  // which graphs draw which series on which card, and their copies
    PlanAnalysis m_analysis;  // not valid() until the window gives one
    QTimer* m_pollTimer = nullptr;
    QTimer* m_replotTimer = nullptr;
    QLabel* m_banner = nullptr;
    QLabel* m_status = nullptr;
    QLabel* m_summary = nullptr;  // the current run's summary, beside the run list
    WatchRunsModel* m_runsModel = nullptr;  // the run list: core's store, and which runs are shown
    QListView* m_runs = nullptr;
    QPushButton* m_addFile = nullptr;
    QPushButton* m_addFolder = nullptr;
    QPushButton* m_addRun = nullptr;
    QPushButton* m_pngButton = nullptr;
    QPushButton* m_csvButton = nullptr;
    QPushButton* m_calibrateButton = nullptr;
    QPushButton* m_followButton = nullptr;
    QLabel* m_smoothingLabel = nullptr;
    QDoubleSpinBox* m_smoothing = nullptr;
    QCheckBox* m_logY = nullptr;
    QCheckBox* m_outliers = nullptr;
    QLabel* m_xLabel = nullptr;
    QComboBox* m_x = nullptr;
    QGridLayout* m_grid = nullptr;
    std::vector<QCustomPlot*> m_cards;
    std::vector<metrics::Card> m_cardKinds;  // what each card draws (core decides: cards.h)
    QSystemTrayIcon* m_tray = nullptr;       // made on the first alarm, where there is a tray
    QMessageBox* m_keyQuestion = nullptr;    // an unknown host key being asked (window-modal, not blocking)
    std::string m_knownHosts;                // where an accepted key is recorded

    QString m_drawnSignature;  // smoothing, x axis and shown runs the graphs were drawn with
    QElapsedTimer m_stragglerClock;
    QString m_straggler;
    std::map<const metrics::Run*, std::size_t> m_alarmsSeen;
    std::map<const metrics::Run*, std::uint64_t> m_generations;
    bool m_followEdge = true;  // rescale to the newest data until the user zooms or pans
    bool m_redrawing = false;  // our own range changes do not ask for another redraw
    bool m_redrawAll = true;   // the view changed (not only points): every card drawn, items and all
    bool m_redrawAllWas = true;  // the last redraw's m_redrawAll
    QElapsedTimer m_summaryClock;
    std::map<int, double> m_capacityOffScale;  // per card: a capacity line left out of the range (GiB)
    std::map<std::pair<int, const metrics::Run*>, double> m_planLines;  // per card and run: the dashed line's value
    std::size_t m_alarmCount = 0;  // over all runs: a new alarm adds a mark to the plots
    int m_replots = 0;
};

}  // namespace traindeck::gui
