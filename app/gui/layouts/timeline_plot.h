#pragma once
// The run as a timeline over the wall clock (QCustomPlot): for each compared layout
// the planned run started now, its warm-up, evaluations and checkpoint writes, and
// its finish as a date and time in the user's time zone; for each watched run its
// actual progress on the same axis beside the planned line it should follow.
// Every figure comes from core (PlanAnalysis's timelines, core/plan/run_timeline.h);
// this only draws.

#include "plan/plan_analysis.h"

#include <QColor>
#include <QString>
#include <QWidget>

#include <vector>

class QCustomPlot;
class QLabel;

namespace traindeck::metrics {
class Run;
}

namespace traindeck::gui {

class TimelinePlot : public QWidget {
    Q_OBJECT
public:
    explicit TimelinePlot(QWidget* parent = nullptr);
    void setAnalysis(const PlanAnalysis& analysis);
    // The runs the Watch page shows: their progress and planned lines are copied now.
    void setWatchedRuns(const std::vector<const metrics::Run*>& runs);
    // Where the planned runs start (Unix seconds); 0: now, at each redraw. Tests and
    // screenshots fix it so that the picture does not move.
    void setPlannedStart(double unixSeconds);

    QCustomPlot* plot() const { return m_plot; }
    QString caption() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    struct Watched {
        QString name;
        std::vector<std::pair<double, double>> progress;  // (Unix time, steps done)
        double startTime = 0;
        RunTimeline planned;
    };
    void redraw();
    void drawPlanned(const RunTimeline& t, double start, const QColor& color, const QString& name, bool dashed);
    void labelFinishes();

    struct Finish {
        double time, steps;
        QColor color;
        QString text;
    };
    std::vector<Finish> m_finishes;  // the labels of the lines drawn, placed once the axes are set

    PlanAnalysis m_analysis;
    std::vector<Watched> m_watched;
    double m_plannedStart = 0;
    QCustomPlot* m_plot = nullptr;
    QLabel* m_caption = nullptr;
};

}  // namespace traindeck::gui
