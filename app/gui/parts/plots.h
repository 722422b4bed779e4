#pragma once
// The plan's plots (QCustomPlot): time to finish and throughput per layout,
// the learning-rate schedule with its checkpoint and validation marks, and,
// once a measured speed is entered, predicted against measured.
// Every number comes from core (its document's analysis, learningRate), redrawn
// whenever the document analyses an edit; this only draws.

#include "plan/plan_analysis.h"

#include <QWidget>

#include <vector>

class QCustomPlot;
class QCPTextElement;

namespace traindeck::gui {

class PlanDocument;

class PlotsPage : public QWidget {
    Q_OBJECT
public:
    explicit PlotsPage(const PlanDocument& document, QWidget* parent = nullptr);

    QCustomPlot* timePlot() const { return m_time; }
    QCustomPlot* throughputPlot() const { return m_throughput; }
    QCustomPlot* lrPlot() const { return m_lr; }
    QCustomPlot* calibrationPlot() const { return m_calibration; }

protected:
    void changeEvent(QEvent* event) override;

private:
    const PlanAnalysis& analysis() const;
    void redraw();
    void drawPerLayout(QCustomPlot* plot, const std::vector<double>& values, const QString& unit);
    void drawLr();
    void drawCalibration();

    const PlanDocument& m_document;
    QCustomPlot* m_time = nullptr;
    QCustomPlot* m_throughput = nullptr;
    QCustomPlot* m_lr = nullptr;
    QCustomPlot* m_calibration = nullptr;
};

}  // namespace traindeck::gui
