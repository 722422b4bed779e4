#pragma once
// One layout's figures in the plan view: a column of cells in the view's grid,
// one per row of core's layout rows (plan/layout_rows.h: the names, texts and
// order `traindeck plan` prints too), each with the formula and the worked
// numbers as its tooltip. The column owns its cells; the plan view owns the grid
// and the row names. What the cells say is read from the document's analysis as
// they are drawn: the column keeps only which layout it shows.

#include "plan/layout_rows.h"
#include "plan/plan.h"

#include <QObject>
#include <QString>

#include <vector>

class QGridLayout;
class QLabel;
class QToolButton;
class QWidget;

namespace traindeck::gui {

class MemoryBar;
class PlanDocument;

// The figures shown for each layout, top to bottom, are core's rows (LayoutRow).
// A row's name as the window writes it: core's, with a capital ("Effective batch").
QString layoutRowLabel(LayoutRow row);

class LayoutColumn : public QObject {
    Q_OBJECT
public:
    // Fills grid column `column` from row `firstRow` on (row firstRow is the header).
    LayoutColumn(const PlanDocument& document, QGridLayout* grid, int firstRow, int column, bool removable,
                 QWidget* parent);
    ~LayoutColumn() override;

    // Shows `layout`, a layout of the document's complete analysis.
    void setLayout(const Layout& layout);
    const Layout& layout() const { return m_layout; }
    QString cellText(LayoutRow row) const;
    QWidget* cell(LayoutRow row) const;
    QToolButton* removeButton() const { return m_remove; }
    void retranslate();

signals:
    void removeRequested(const traindeck::Layout& layout);

private:
    const PlanDocument& m_document;
    Layout m_layout;
    bool m_shown = false;  // setLayout() was called: there is something to draw
    QLabel* m_header = nullptr;
    QToolButton* m_remove = nullptr;
    QWidget* m_headerBox = nullptr;
    std::vector<QWidget*> m_cells;  // indexed by LayoutRow
    MemoryBar* m_memory = nullptr;
};

}  // namespace traindeck::gui
