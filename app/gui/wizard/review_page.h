#pragma once
// The wizard's last page: the plan on its own layout and the layouts it is
// compared with, as the window's Layouts page shows them (the same page, over
// the wizard's document), the model's size, and why Finish is unavailable while
// an error stands.

#include <QWizardPage>

class QLabel;

namespace traindeck::gui {

class LayoutsPage;
class PlanView;
class PlanWizard;

class ReviewPage : public QWizardPage {
    Q_OBJECT
public:
    explicit ReviewPage(PlanWizard* wizard);
    bool isComplete() const override;
    void initializePage() override;
    QString blockedReason() const;
    PlanView* planView() const;
    LayoutsPage* layouts() const { return m_layouts; }

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
