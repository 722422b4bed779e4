#pragma once
// Calibration input: measured speeds on one or several layouts, typed or read
// from a run's metrics. Core fits the model to them (calibration_fit.h); this
// panel only collects the measurements and shows what the fit made of them:
// the fitted constants and how far the fitted model misses each point, from its
// document's analysis, redrawn whenever the document analyses an edit.

#include "plan/plan.h"

#include <QWidget>

#include <vector>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QListWidget;
class QPushButton;

namespace traindeck::gui {

class PlanDocument;

class CalibrationPanel : public QWidget {
    Q_OBJECT
public:
    // Shows `document`'s layouts, points and fit whenever its analysis changes.
    explicit CalibrationPanel(const PlanDocument& document, QWidget* parent = nullptr);

    // Reads a run's metrics (trainer JSON lines or a run folder) and asks for its
    // point to be added; false, with the reason shown, when it cannot be read.
    bool addRun(const QString& path);

    QComboBox* layoutBox() const { return m_layout; }
    QDoubleSpinBox* valueBox() const { return m_value; }
    QComboBox* unitBox() const { return m_unit; }
    QPushButton* applyButton() const { return m_apply; }
    QPushButton* runButton() const { return m_fromRun; }
    QListWidget* pointList() const { return m_points; }
    QLabel* fitLabel() const { return m_fit; }

signals:
    // The measurements to fit to; empty to clear them.
    void calibrationsRequested(const std::vector<traindeck::Calibration>& calibrations);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void showAnalysis();
    void showFit();

    const PlanDocument& m_document;
    QLabel* m_title = nullptr;
    QLabel* m_layoutLabel = nullptr;
    QComboBox* m_layout = nullptr;
    QLabel* m_valueLabel = nullptr;
    QDoubleSpinBox* m_value = nullptr;
    QComboBox* m_unit = nullptr;
    QPushButton* m_apply = nullptr;
    QPushButton* m_fromRun = nullptr;
    QListWidget* m_points = nullptr;
    QPushButton* m_remove = nullptr;
    QPushButton* m_clear = nullptr;
    QLabel* m_fit = nullptr;
    QString m_runMessage;  // what reading the last run said, shown with the fit
};

}  // namespace traindeck::gui
