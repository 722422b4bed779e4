#pragma once
// The layouts side by side with every finding of the plan beneath them: the
// main window's Layouts tab and the wizard's review page, each over its own
// document (the wizard edits one of its own until Finish).

#include "plan/findings.h"

#include <QWidget>

#include <functional>
#include <vector>

class QLabel;

namespace traindeck::gui {

class CostPanel;
class FindingsList;
class PlanDocument;
class PlanView;

class LayoutsPage : public QWidget {
    Q_OBJECT
public:
    using ApplyFix = std::function<void(const Finding&)>;
    // Draws `document`'s analysis whenever it changes.
    LayoutsPage(const PlanDocument& document, bool editableLayouts, ApplyFix applyFix, QWidget* parent = nullptr);

    PlanView* planView() const { return m_view; }
    CostPanel* costPanel() const { return m_cost; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void showFindings();

    const PlanDocument& m_document;
    PlanView* m_view = nullptr;
    QLabel* m_findingsTitle = nullptr;
    FindingsList* m_findings = nullptr;
    CostPanel* m_cost = nullptr;
};

}  // namespace traindeck::gui
