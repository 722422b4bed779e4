#pragma once
// The run as a timeline over the wall clock (QCustomPlot): for each compared layout
// the planned run started now, its warm-up, evaluations and checkpoint writes, and
// its finish as a date and time in the user's time zone; for each watched run its
// actual progress on the same axis beside the planned line it should follow.
// Every figure comes from core (its document's PlanAnalysis's timelines,
// core/plan/run_timeline.h), redrawn whenever the document analyses an edit; this only draws.

#include "metrics/run.h"
#include "plan/run_timeline.h"

#include <QColor>
#include <QString>
#include <QWidget>

#include <vector>

class QCustomPlot;
class QLabel;

namespace traindeck::gui {

class PlanDocument;

class TimelinePlot : public QWidget {
    Q_OBJECT
public:
    explicit TimelinePlot(const PlanDocument& document, QWidget* parent = nullptr);
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
        metrics::RunInfo facts;  // what its start event said: whether it is the plan's run
        RunTimeline planned;
        QString notThePlans;     // why the plan's line is not drawn over it; empty: it is
    };
    void redraw();
    void followPlan();
    void plan(Watched& w) const;  // its planned line, or why it gets none
    void drawPlanned(const RunTimeline& t, double start, const QColor& color, const QString& name, bool dashed);
    void labelFinishes();

    struct Finish {
        double time, steps;
        QColor color;
        QString text;
    };
    std::vector<Finish> m_finishes;  // the labels of the lines drawn, placed once the axes are set
    // The marks drawn on the planned lines (evaluations, checkpoints, the warm-up's end):
    // the legend says what each shape is.
    bool m_evalMarks = false, m_checkpointMarks = false, m_warmupMarks = false;

    const PlanDocument& m_document;
    std::vector<Watched> m_watched;
    double m_plannedStart = 0;
    QCustomPlot* m_plot = nullptr;
    QLabel* m_caption = nullptr;
};

}  // namespace traindeck::gui
