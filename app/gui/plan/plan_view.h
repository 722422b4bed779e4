#pragma once
// The layouts of a plan side by side (core's order: smallest first; the plan's
// own layout is marked), one column of figures per layout, as the plan's
// analysis (plan_analysis.h) holds them, redrawn whenever its document analyses
// an edit. Layouts can be added ("4x8") and removed.

#include "plan/layout_rows.h"
#include "plan/plan.h"

#include <QWidget>

#include <memory>
#include <vector>

class QGridLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QToolButton;

namespace traindeck::gui {

class LayoutColumn;
class PlanDocument;

class PlanView : public QWidget {
    Q_OBJECT
public:
    // `editableLayouts`: offer adding and removing layouts (the main window);
    // the wizard's review shows them read-only.
    PlanView(const PlanDocument& document, bool editableLayouts, QWidget* parent = nullptr);
    ~PlanView() override;

    int columnCount() const { return int(m_columns.size()); }
    Layout columnLayout(int column) const;
    QString cellText(int column, LayoutRow row) const;
    QWidget* cell(int column, LayoutRow row) const;
    QToolButton* removeButton(int column) const;  // null for the plan's own layout

signals:
    void addLayoutRequested(const traindeck::Layout& layout);
    void removeLayoutRequested(const traindeck::Layout& layout);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void onAdd();

    void showAnalysis();

    const PlanDocument& m_document;
    bool m_editable;
    QGridLayout* m_grid = nullptr;
    QWidget* m_table = nullptr;
    QLabel* m_invalid = nullptr;
    std::vector<QLabel*> m_rowNames;
    std::vector<std::unique_ptr<LayoutColumn>> m_columns;
    QLabel* m_addLabel = nullptr;
    QLineEdit* m_addEdit = nullptr;
    QPushButton* m_addButton = nullptr;
    QLabel* m_addError = nullptr;
};

}  // namespace traindeck::gui
