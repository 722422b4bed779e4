#include "gui/wizard/plan_wizard.h"

#include "localized.h"
#include "gui/parts/widget_parts.h"
#include "gui/wizard/wizard_pages.h"
#include "cost/pricing.h"
#include "model/parameters.h"
#include "plan/model_source.h"
#include "plan/plan_fields.h"
#include "plan/step_memory.h"

#include <QEvent>

namespace traindeck::gui {

PlanWizard::PlanWizard(const Plan& start, QWidget* parent) : QWizard(parent), m_plan(start) {
    setObjectName(QStringLiteral("planWizard"));
    installWheelGuard();  // the wheel scrolls a page; a choice changes only in the box that has the focus
    setWizardStyle(QWizard::ModernStyle);
    setOption(QWizard::NoBackButtonOnStartPage);
    // Finish only on the review page: the user sees the figures before committing.
    setOption(QWizard::HaveFinishButtonOnEarlyPages, false);
    for (WizardStep step : {WizardStep::Cluster, WizardStep::Model, WizardStep::Data, WizardStep::Recipe,
                            WizardStep::Launch}) {
        auto* page = new FieldsPage(step, this);
        m_fieldPages.push_back(page);
        addPage(page);
    }
    m_review = new ReviewPage(this);
    addPage(m_review);
    resize(820, 760);
    recompute();
    retranslate();
}

Text PlanWizard::applyField(const std::string& key, const QString& text) {
    if (Text error = setPlanField(m_plan, key, text.trimmed().toStdString()); !error.empty())
        return error;
    recompute();
    return {};
}

Text PlanWizard::applyEdits(const std::vector<FieldEdit>& edits) {
    Plan next = m_plan;  // all or nothing
    for (const FieldEdit& edit : edits)
        if (Text error = setPlanField(next, edit.key, edit.value); !error.empty())
            return fieldError(edit.key, std::move(error));
    m_plan = next;
    recompute();
    return {};
}

void PlanWizard::applyFix(const Finding& finding) {
    // core offered an edit it does not accept: the plan stays as it is.
    (void)applyEdits(finding.edits);
}

Text PlanWizard::chooseCatalogueModel(const std::string& name) {
    std::vector<FieldEdit> edits;
    if (Text error = catalogueModelEdits(name, edits); !error.empty())
        return error;
    nameJobAfterModel(m_plan, edits);  // not the demo's "demo" for a Llama plan
    return applyEdits(edits);
}

Text PlanWizard::importHfConfig(const QString& path) {
    std::vector<FieldEdit> edits;
    if (Text error = hfConfigEdits(path.toStdString(), edits); !error.empty())
        return error;
    nameJobAfterModel(m_plan, edits);
    return applyEdits(edits);
}

void PlanWizard::recompute() {
    // Findings and figures need a plan core considers whole (estimate.h); until
    // then the cross-field error is the only thing to show.
    m_analysis = analysePriced(m_plan);  // priced: the cost and the goal (core/cost)
    m_planError = app::qLocalized(m_analysis.invalid);
    m_figures = {};
    const Layout own = m_plan.cluster.layout();
    if (const Estimate* e = m_analysis.valid() ? m_analysis.estimateFor(own) : nullptr) {
        m_figures.valid = true;
        m_figures.estimate = *e;
        m_figures.peakPhase = Text(stepMemory(m_plan, own).phase);
        model::Architecture arch;
        const model::ParameterCount count =
            planArchitecture(m_plan, arch) ? model::countParameters(arch) : model::ParameterCount{};
        m_figures.params = count.total > 0 ? count.total : static_cast<long long>(m_plan.model.params);
        m_figures.activeParams = count.total > 0 ? count.active : m_figures.params;
        for (const Finding& f : m_analysis.findings)
            if (f.code == "memory_over_card" && (!f.layout || *f.layout == own))
                m_figures.overCard = f;
    }
    emit planUpdated();
}

void PlanWizard::retranslate() { setWindowTitle(tr("New plan")); }

void PlanWizard::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWizard::changeEvent(event);
}

}  // namespace traindeck::gui
