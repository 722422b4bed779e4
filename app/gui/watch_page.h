#pragma once
// The Watch page: live plots of the runs a user follows (core/metrics), the
// alarms as they happen, and the measured speed back into the plan.
// Reading is polled by a timer in bounded slices (core's Watch::poll), and
// replots are coalesced to at most 25 per second, so the window never waits on
// a big file or a fast stream.

#include "metrics/watch.h"
#include "plan/plan.h"

#include <QElapsedTimer>
#include <QWidget>

#include <limits>
#include <map>
#include <memory>
#include <tuple>
#include <vector>

class QCheckBox;
class QComboBox;
class QCPGraph;
class QCustomPlot;
class QDoubleSpinBox;
class QLabel;
class QListWidget;
class QPushButton;
class QTimer;

namespace traindeck::gui {

class WatchPage : public QWidget {
    Q_OBJECT
public:
    explicit WatchPage(QWidget* parent = nullptr);
    ~WatchPage() override;

    // Follows a source (a metrics file, a log, an event file, a logdir, a run folder).
    // False, with the reason shown, when it holds no run.
    bool addSource(const QString& path);
    void setPlan(const Plan& plan);  // for the predicted samples/s line

    enum class XAxis { Step, RelativeTime, WallTime };

    // For tests and the benchmarks.
    metrics::Watch& watch() { return *m_watch; }
    const std::vector<QCustomPlot*>& cards() const { return m_cards; }
    QString banner() const;
    int replots() const { return m_replots; }
    bool exportPng(const QString& path);
    bool exportCsv(const QString& path);
    void replotNow();

signals:
    // The measured steady speed of a run, for the plan's calibration ("2x8=115samples/s").
    void calibrationMeasured(const QString& calibration);
    void alarmRaised(const QString& run, const QString& message, bool failing);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void poll();
    void scheduleReplot();
    void redraw();
    void drawCard(int card);
    void syncRunList();
    void showAlarms();
    void hover(QCustomPlot* plot, QMouseEvent* event);
    void calibrate();
    std::vector<const metrics::Run*> shownRuns() const;
    double xOf(const metrics::Run& run, const metrics::Point& p) const;

    std::unique_ptr<metrics::Watch> m_watch;
    Plan m_plan;
    bool m_havePlan = false;
    QTimer* m_pollTimer = nullptr;
    QTimer* m_replotTimer = nullptr;
    QLabel* m_banner = nullptr;
    QLabel* m_status = nullptr;
    QListWidget* m_runs = nullptr;
    QPushButton* m_addFile = nullptr;
    QPushButton* m_addFolder = nullptr;
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
    std::vector<QCustomPlot*> m_cards;

    // One series on one card, as far as it was handed to QCustomPlot: later redraws
    // append only the new points (and continue the running EMA), so a redraw costs
    // what arrived since the last one, not the whole history.
    struct Drawn {
        QCPGraph* raw = nullptr;     // faint, behind the smoothed line (absent without smoothing)
        QCPGraph* smooth = nullptr;
        QCPGraph* marks = nullptr;   // non-finite points
        std::size_t copied = 0;      // points[0, copied) are in the graphs
        std::size_t rewrites = 0;    // the series' rewrites() when they were copied
        double ema = 0, debias = 1, lastFinite = 0;
        double xMin = std::numeric_limits<double>::infinity(), xMax = -std::numeric_limits<double>::infinity();
        double yMin = std::numeric_limits<double>::infinity(), yMax = -std::numeric_limits<double>::infinity();
        double yMinPositive = std::numeric_limits<double>::infinity();
    };
    std::map<std::tuple<int, const metrics::Run*, const metrics::Series*>, Drawn> m_drawn;
    QString m_drawnSignature;
    QElapsedTimer m_stragglerClock;
    QString m_straggler;  // smoothing, x axis and shown runs the graphs were drawn with
    std::map<const metrics::Run*, std::size_t> m_alarmsSeen;
    std::map<const metrics::Run*, std::uint64_t> m_generations;
    bool m_followEdge = true;  // rescale to the newest data until the user zooms or pans
    int m_replots = 0;
};

}  // namespace traindeck::gui
