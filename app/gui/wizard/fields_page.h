#pragma once
// A page of fields of the new-plan wizard, one per step: the step's fields of
// the wizard's document (only those the plan's model reads), the figures the
// choices settle so far beneath them, and why Next is unavailable while an
// error stands. The model page has the model catalogue and "Import
// config.json…" above its fields.

#include <QWizardPage>

#include <string>
#include <vector>

class QLabel;

namespace traindeck::gui {

class FieldForm;
class ModelSourceBox;
class PlanFiguresBox;
class PlanWizard;

enum class WizardStep { Cluster, Model, Data, Recipe, Launch };

// The plan field keys a step asks for, in order (limited to keys core knows).
std::vector<std::string> stepKeys(WizardStep step);
// The label that says why Next (or Finish) is unavailable.
QLabel* makeBlockedReasonLabel(QWidget* parent);

class FieldsPage : public QWizardPage {
    Q_OBJECT
public:
    FieldsPage(WizardStep step, PlanWizard* wizard);
    bool isComplete() const override;
    void initializePage() override;
    FieldForm* form() const { return m_form; }
    PlanFiguresBox* figures() const { return m_figures; }
    QString blockedReason() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void updateReason();

    WizardStep m_step;
    PlanWizard* m_wizard;
    ModelSourceBox* m_source = nullptr;
    FieldForm* m_form = nullptr;
    PlanFiguresBox* m_figures = nullptr;
    QLabel* m_reason = nullptr;
};

}  // namespace traindeck::gui
