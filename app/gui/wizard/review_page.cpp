#include "gui/wizard/review_page.h"

#include "localized.h"
#include "gui/layouts/layouts_page.h"
#include "gui/parts/widget_parts.h"
#include "gui/plan/plan_document.h"
#include "gui/wizard/fields_page.h"
#include "gui/wizard/plan_figures_box.h"
#include "gui/wizard/plan_wizard.h"
#include "plan/plan_analysis.h"

#include <QEvent>
#include <QLabel>
#include <QScrollArea>
#include <QVBoxLayout>

namespace traindeck::gui {

ReviewPage::ReviewPage(PlanWizard* wizard) : QWizardPage(wizard), m_wizard(wizard) {
    m_layouts = new LayoutsPage(*wizard->document(), false, [wizard](const Finding& f) { wizard->applyFix(f); });
    auto* column = new QVBoxLayout(this);
    m_params = new QLabel(this);  // the model's size, which the layouts do not show
    m_params->setObjectName(QStringLiteral("reviewParameters"));
    column->addWidget(m_params);
    column->addWidget(makeScrollArea(m_layouts, this, false), 1);
    m_reason = makeBlockedReasonLabel(this);
    column->addWidget(m_reason);
    connect(wizard->document(), &PlanDocument::analysisChanged, this, &ReviewPage::refresh);
    retranslate();
    refresh();
}

QString ReviewPage::blockedReason() const {
    if (!m_wizard->planError().isEmpty())
        return m_wizard->planError();
    // core's one launch-blocking rule: the plan's own layout's errors, not a compared one's.
    if (const Finding* blocker = m_wizard->document()->analysis().launchBlocker())
        return app::qLocalized(blocker->message);
    return {};
}

PlanView* ReviewPage::planView() const { return m_layouts->planView(); }

bool ReviewPage::isComplete() const { return blockedReason().isEmpty(); }

void ReviewPage::initializePage() { refresh(); }

void ReviewPage::refresh() {
    const WizardFigures figures = m_wizard->figures();
    m_params->setText(figures.valid() ? parametersText(figures) : QString());
    m_params->setVisible(figures.valid());
    const QString reason = blockedReason();
    m_reason->setText(reason.isEmpty() ? QString() : tr("Finish is unavailable until this is fixed: %1").arg(reason));
    m_reason->setVisible(!reason.isEmpty());
    emit completeChanged();
}

void ReviewPage::retranslate() {
    setTitle(tr("Review"));
    setSubTitle(tr("The plan on its own layout and the layouts it is compared with. Hover a figure for its formula."));
}

void ReviewPage::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        refresh();
    }
    QWizardPage::changeEvent(event);
}

}  // namespace traindeck::gui
