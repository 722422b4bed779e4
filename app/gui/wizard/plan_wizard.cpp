#include "gui/wizard/plan_wizard.h"

#include "localized.h"
#include "gui/parts/widget_parts.h"
#include "gui/plan/plan_document.h"
#include "gui/wizard/fields_page.h"
#include "gui/wizard/review_page.h"
#include "plan/model_source.h"
#include "plan/plan_analysis.h"
#include "plan/plan_fields.h"

#include <QEvent>
#include <QScreen>

namespace traindeck::gui {
namespace {

constexpr int kTitleBar = 40;  // a window manager's title bar and frame

}  // namespace

PlanWizard::PlanWizard(const Plan& start, QWidget* parent) : QWizard(parent), m_document(new PlanDocument(this)) {
    setObjectName(QStringLiteral("planWizard"));
    m_document->reset(start, QString(), false);
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
    // No taller than the screen it opens on, its title bar included (a 1366×768 laptop
    // has some 730 pixels under its panel): Next and Cancel stay on it.
    QSize size(820, 760);
    if (const QScreen* s = screen())
        size = size.boundedTo(s->availableGeometry().size() - QSize(0, kTitleBar));
    resize(size.expandedTo(minimumSizeHint()));
    retranslate();
}

const Plan& PlanWizard::plan() const { return m_document->plan(); }

QString PlanWizard::planError() const { return app::qLocalized(m_document->analysis().invalid); }

WizardFigures PlanWizard::figures() const {
    // Figures need a plan core considers whole (estimate.h); until then the
    // cross-field error is the only thing to show.
    const PlanAnalysis& analysis = m_document->analysis();
    const Layout own = analysis.plan.cluster.layout();
    WizardFigures f;
    f.estimate = analysis.valid() ? analysis.estimateFor(own) : nullptr;
    if (!f.estimate)
        return f;
    // The phase is the first argument of core's memory formula (step_memory.cpp): the
    // Layouts page's memory figure says the same, at the layout's own micro-batch.
    if (!f.estimate->memoryPerGpuGb.formula.args().empty())
        f.peakPhase = f.estimate->memoryPerGpuGb.formula.args().front();
    f.params = analysis.parameters.total;  // core's count (plan_analysis.h), as `traindeck plan` prints it
    f.activeParams = analysis.parameters.active;
    for (const Finding& finding : analysis.findings)
        if (finding.code == "memory_over_card" && (!finding.layout || *finding.layout == own))
            f.overCard = &finding;
    return f;
}

Text PlanWizard::applyField(const std::string& key, const QString& text) { return m_document->setField(key, text); }

Text PlanWizard::applyEdits(std::vector<FieldEdit> edits, const QString& description) {
    Plan next = plan();  // all or nothing
    for (const FieldEdit& edit : edits)
        if (Text error = setPlanField(next, edit.key, edit.value); !error.empty())
            return fieldError(edit.key, std::move(error));
    m_document->replacePlan(next, description);
    return {};
}

void PlanWizard::applyFix(const Finding& finding) {
    // core offered an edit it does not accept: the plan stays as it is.
    (void)applyEdits(finding.edits, QString());  // no description: the wizard shows no undo history
}

Text PlanWizard::chooseCatalogueModel(const std::string& name) {
    std::vector<FieldEdit> edits;
    if (Text error = catalogueModelEdits(name, edits); !error.empty())
        return error;
    nameAfterModel(plan(), edits);  // not the demo's "demo" for a Llama plan
    return applyEdits(std::move(edits), QString());
}

Text PlanWizard::importHfConfig(const QString& path) {
    std::vector<FieldEdit> edits;
    if (Text error = hfConfigEdits(path.toStdString(), edits); !error.empty())
        return error;
    nameAfterModel(plan(), edits);
    return applyEdits(std::move(edits), QString());
}

void PlanWizard::retranslate() { setWindowTitle(tr("New plan")); }

void PlanWizard::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWizard::changeEvent(event);
}

}  // namespace traindeck::gui
