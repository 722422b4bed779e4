#pragma once
// One layout's figures in the plan view: a column of cells in the view's grid,
// one per figure, each with the formula and the worked numbers as its tooltip.
// The column owns its cells; the plan view owns the grid and the row names.

#include "plan/estimate.h"
#include "plan/findings.h"

#include <QObject>
#include <QString>

#include <vector>

class QGridLayout;
class QLabel;
class QToolButton;
class QWidget;

namespace traindeck::gui {

class MemoryBar;

// The figures shown for each layout, top to bottom.
enum class FigureRow {
    WorldSize, MicroTimesAccum, EffectiveBatch, Lr, WarmupSteps, StepsPerEpoch, TotalSteps, Memory,
    StepTime, StepsPerS, SamplesPerS, TimeToFinish, GpuHours, ScalingEfficiency, Findings,
};
constexpr int kFigureRowCount = int(FigureRow::Findings) + 1;
QString figureRowName(FigureRow row);

class LayoutColumn : public QObject {
    Q_OBJECT
public:
    // Fills grid column `column` from row `firstRow` on (row firstRow is the header).
    LayoutColumn(QGridLayout* grid, int firstRow, int column, bool removable, QWidget* parent);
    ~LayoutColumn() override;

    void setEstimate(const Estimate& estimate, bool isPlanLayout, const std::vector<Finding>& findings);
    const Layout& layout() const { return m_estimate.layout; }
    QString cellText(FigureRow row) const;
    QWidget* cell(FigureRow row) const;
    QToolButton* removeButton() const { return m_remove; }
    void retranslate();

signals:
    void removeRequested(const traindeck::Layout& layout);

private:
    Estimate m_estimate;
    bool m_isPlanLayout = false;
    std::vector<Finding> m_findings;
    QLabel* m_header = nullptr;
    QToolButton* m_remove = nullptr;
    QWidget* m_headerBox = nullptr;
    std::vector<QWidget*> m_cells;  // indexed by FigureRow
    MemoryBar* m_memory = nullptr;
};

}  // namespace traindeck::gui
