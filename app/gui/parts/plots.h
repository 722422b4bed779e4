#pragma once
// The plan's plots (QCustomPlot): time to finish and throughput per layout,
// the learning-rate schedule with its checkpoint and validation marks, and,
// once a measured speed is entered, predicted against measured.
// Every number comes from core (the plan's analysis, learningRate); this only draws.

#include "plan/plan_analysis.h"

#include <QWidget>

#include <vector>

class QCustomPlot;
class QCPTextElement;

namespace traindeck::gui {

class PlotsPage : public QWidget {
    Q_OBJECT
public:
    explicit PlotsPage(QWidget* parent = nullptr);
    void setAnalysis(const PlanAnalysis& analysis);

    QCustomPlot* timePlot() const { return m_time; }
    QCustomPlot* throughputPlot() const { return m_throughput; }
    QCustomPlot* lrPlot() const { return m_lr; }
    QCustomPlot* calibrationPlot() const { return m_calibration; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void redraw();
    void drawPerLayout(QCustomPlot* plot, const std::vector<double>& values, const QString& unit);
    void drawLr();
    void drawCalibration();

    PlanAnalysis m_analysis;
    std::vector<Layout> m_layouts;
    QCustomPlot* m_time = nullptr;
    QCustomPlot* m_throughput = nullptr;
    QCustomPlot* m_lr = nullptr;
    QCustomPlot* m_calibration = nullptr;
};

}  // namespace traindeck::gui
