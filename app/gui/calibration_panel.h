#pragma once
// Calibration input: a measured step time or throughput on one layout. Core
// refits the model from it (calibrate.h); this panel only collects the
// measurement and shows what the fit made of it.

#include "plan/plan.h"

#include <QWidget>

#include <optional>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;

namespace traindeck::gui {

class CalibrationPanel : public QWidget {
    Q_OBJECT
public:
    explicit CalibrationPanel(QWidget* parent = nullptr);
    void setPlan(const Plan& plan);

    QComboBox* layoutBox() const { return m_layout; }
    QDoubleSpinBox* valueBox() const { return m_value; }
    QComboBox* unitBox() const { return m_unit; }
    QPushButton* applyButton() const { return m_apply; }

signals:
    // A measurement to apply, or none to clear it.
    void calibrationRequested(const std::optional<traindeck::Calibration>& calibration);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void showFit();

    Plan m_plan;
    QLabel* m_title = nullptr;
    QLabel* m_layoutLabel = nullptr;
    QComboBox* m_layout = nullptr;
    QLabel* m_valueLabel = nullptr;
    QDoubleSpinBox* m_value = nullptr;
    QComboBox* m_unit = nullptr;
    QPushButton* m_apply = nullptr;
    QPushButton* m_clear = nullptr;
    QLabel* m_fit = nullptr;
};

}  // namespace traindeck::gui
