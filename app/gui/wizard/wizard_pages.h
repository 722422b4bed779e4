#pragma once
// The pages of the new-plan wizard: one page of fields per step, each with the
// figures the plan's choices settle so far beneath it, the model page with the
// model catalogue and "Import config.json…" above its fields, and the review
// page with the figures and every finding before the plan is created.

#include "gui/plan/field_sections.h"

#include <QFrame>
#include <QWizardPage>

#include <string>
#include <vector>

class QComboBox;
class QLabel;
class QPushButton;
class QVBoxLayout;

namespace traindeck::gui {

class FieldForm;
class FindingView;
class LayoutsPage;
class MemoryBar;
class PlanView;
class PlanWizard;

enum class WizardStep { Cluster, Model, Data, Recipe, Launch };

// The plan field keys a step asks for, in order (limited to keys core knows).
std::vector<std::string> stepKeys(WizardStep step);
// The model's parameter count (and the active ones of a mixture of experts), as the pages show it.
struct WizardFigures;
QString parametersText(const WizardFigures& figures);

// What the choices so far settle (PlanWizard::figures()): parameters (active ones
// for a mixture of experts), memory per GPU with its parts and where in the step
// it peaks, the accumulation that reaches the batch, and whether it fits, with
// core's fix as one click when it does not.
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

// The model from core's catalogue or from a config.json; the fields below it
// (a trainer preset, your own numbers) are the other ways.
class ModelSourceBox : public QWidget {
    Q_OBJECT
public:
    explicit ModelSourceBox(PlanWizard* wizard, QWidget* parent = nullptr);
    void refresh();
    // Imports the file as the button does after its dialog.
    void importConfig(const QString& path);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void chooseFromCatalogue(int index);
    void showError(const QString& error);

    PlanWizard* m_wizard;
    QLabel* m_label = nullptr;
    QComboBox* m_catalogue = nullptr;
    QPushButton* m_import = nullptr;
    QLabel* m_error = nullptr;
};

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
    void refresh();
    void updateReason();

    WizardStep m_step;
    PlanWizard* m_wizard;
    ModelSourceBox* m_source = nullptr;
    FieldForm* m_form = nullptr;
    PlanFiguresBox* m_figures = nullptr;
    QLabel* m_reason = nullptr;
};

class ReviewPage : public QWizardPage {
    Q_OBJECT
public:
    explicit ReviewPage(PlanWizard* wizard);
    bool isComplete() const override;
    void initializePage() override;
    QString blockedReason() const;
    PlanView* planView() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void refresh();

    PlanWizard* m_wizard;
    LayoutsPage* m_layouts = nullptr;
    QLabel* m_params = nullptr;
    QLabel* m_reason = nullptr;
};

}  // namespace traindeck::gui
