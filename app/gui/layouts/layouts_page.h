#pragma once
// The layouts side by side with every finding of the plan beneath them: the
// main window's Layouts tab and the wizard's review page.

#include "plan/findings.h"
#include "plan/plan.h"
#include "plan/plan_analysis.h"

#include <QWidget>

#include <functional>
#include <vector>

class QLabel;

namespace traindeck::gui {

class CostPanel;
class FindingsList;
class PlanView;

class LayoutsPage : public QWidget {
    Q_OBJECT
public:
    using ApplyFix = std::function<void(const Finding&)>;
    LayoutsPage(bool editableLayouts, ApplyFix applyFix, QWidget* parent = nullptr);

    // The plan's analysis, as its owner (the window's PlanDocument) computed it once.
    void setAnalysis(const PlanAnalysis& analysis);
    PlanView* planView() const { return m_view; }
    CostPanel* costPanel() const { return m_cost; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();

    PlanView* m_view = nullptr;
    QLabel* m_findingsTitle = nullptr;
    FindingsList* m_findings = nullptr;
    CostPanel* m_cost = nullptr;
};

}  // namespace traindeck::gui
