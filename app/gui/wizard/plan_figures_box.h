#pragma once
// What the choices so far settle, beneath every field page of the wizard
// (PlanWizard::figures(), its document's analysis): parameters (active ones for
// a mixture of experts), memory per GPU with its parts and where in the step it
// peaks, the accumulation that reaches the batch, and whether it fits, with
// core's fix as one click when it does not. Redrawn whenever the document
// analyses an edit.

#include <QFrame>

class QLabel;
class QVBoxLayout;

namespace traindeck::gui {

class FindingView;
class MemoryBar;
class PlanWizard;
struct WizardFigures;

// The model's parameter count (and the active ones of a mixture of experts), as the pages show it.
QString parametersText(const WizardFigures& figures);

class PlanFiguresBox : public QFrame {
    Q_OBJECT
public:
    explicit PlanFiguresBox(PlanWizard* wizard, QWidget* parent = nullptr);
    void refresh();

protected:
    void changeEvent(QEvent* event) override;

private:
    void dropFinding();

    PlanWizard* m_wizard;
    QLabel* m_summary = nullptr;
    QLabel* m_params = nullptr;
    MemoryBar* m_bar = nullptr;
    QLabel* m_memory = nullptr;
    QLabel* m_accumulation = nullptr;
    QLabel* m_fits = nullptr;
    QVBoxLayout* m_findingSlot = nullptr;
    FindingView* m_finding = nullptr;
};

}  // namespace traindeck::gui
