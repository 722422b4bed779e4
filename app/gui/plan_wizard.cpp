#include "gui/plan_wizard.h"

#include "localized.h"
#include "gui/field_sections.h"
#include "gui/wizard_pages.h"
#include "plan/plan_fields.h"

#include <QEvent>

namespace traindeck::gui {

PlanWizard::PlanWizard(const Plan& start, QWidget* parent) : QWizard(parent), m_plan(start) {
    setObjectName(QStringLiteral("planWizard"));
    setWizardStyle(QWizard::ModernStyle);
    setOption(QWizard::NoBackButtonOnStartPage);
    // Finish only on the review page: the user sees the figures before committing.
    setOption(QWizard::HaveFinishButtonOnEarlyPages, false);
    for (Section section : {Section::Cluster, Section::ModelData, Section::Recipe, Section::Launch}) {
        auto* page = new FieldsPage(section, this);
        m_fieldPages.push_back(page);
        addPage(page);
    }
    m_review = new ReviewPage(this);
    addPage(m_review);
    resize(760, 640);
    recompute();
    retranslate();
}

Text PlanWizard::applyField(const std::string& key, const QString& text) {
    if (Text error = setPlanField(m_plan, key, text.trimmed().toStdString()); !error.empty())
        return error;
    recompute();
    return {};
}

void PlanWizard::applyFix(const Finding& finding) {
    Plan next = m_plan;
    for (const FieldEdit& edit : finding.edits)
        if (!setPlanField(next, edit.key, edit.value).empty())
            return;  // core offered an edit it does not accept: leave the plan as it is
    m_plan = next;
    recompute();
}

void PlanWizard::recompute() {
    // Findings need a plan core considers whole (estimate.h); until then the
    // cross-field error is the only thing to show.
    m_planError = app::qLocalized(validatePlan(m_plan));
    m_findings = m_planError.isEmpty() ? findings(m_plan) : std::vector<Finding>{};
    emit planUpdated();
}

void PlanWizard::retranslate() { setWindowTitle(tr("New plan")); }

void PlanWizard::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWizard::changeEvent(event);
}

}  // namespace traindeck::gui
