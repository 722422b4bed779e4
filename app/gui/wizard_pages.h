#pragma once
// The pages of the new-plan wizard: one page of fields per section, and the
// review page with the figures and every finding before the plan is created.

#include "gui/field_sections.h"

#include <QWizardPage>

class QLabel;

namespace traindeck::gui {

class FieldForm;
class LayoutsPage;
class PlanView;
class PlanWizard;


class FieldsPage : public QWizardPage {
    Q_OBJECT
public:
    FieldsPage(Section section, PlanWizard* wizard);
    bool isComplete() const override;
    void initializePage() override;
    FieldForm* form() const { return m_form; }
    QString blockedReason() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void refresh();
    void updateReason();

    Section m_section;
    PlanWizard* m_wizard;
    FieldForm* m_form = nullptr;
    QLabel* m_summary = nullptr;
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
    QLabel* m_reason = nullptr;
};

}  // namespace traindeck::gui
