#include "gui/wizard_pages.h"

#include "localized.h"
#include "gui/field_form.h"
#include "gui/figure_format.h"
#include "gui/layouts_page.h"
#include "gui/plan_view.h"
#include "gui/plan_wizard.h"
#include "gui/widget_parts.h"
#include "plan/estimate.h"
#include "plan/findings.h"

#include <QEvent>
#include <QLabel>
#include <QScrollArea>
#include <QTimer>
#include <QVBoxLayout>

namespace traindeck::gui {

namespace {

QLabel* makeReasonLabel(QWidget* parent) {
    QLabel* label = makeErrorLabel(parent, true);
    label->setObjectName(QStringLiteral("blockedReason"));
    return label;
}

}  // namespace

FieldsPage::FieldsPage(Section section, PlanWizard* wizard) : QWizardPage(wizard), m_section(section), m_wizard(wizard) {
    auto* column = new QVBoxLayout(this);
    m_form = new FieldForm(
        sectionKeys(section), wizard->plan(),
        [wizard](const std::string& key, const QString& text) { return wizard->applyField(key, text); },
        [wizard](const Finding& finding) { wizard->applyFix(finding); }, nullptr);
    column->addWidget(makeScrollArea(m_form, this, false), 1);
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("planSummary"));
    m_summary->setWordWrap(true);
    m_summary->setFrameShape(QFrame::StyledPanel);
    m_summary->setMargin(6);
    column->addWidget(m_summary);
    m_reason = makeReasonLabel(this);
    column->addWidget(m_reason);
    connect(m_form, &FieldForm::validityChanged, this, &FieldsPage::updateReason);
    connect(wizard, &PlanWizard::planUpdated, this, &FieldsPage::refresh);
    retranslate();
    refresh();
}

void FieldsPage::refresh() {
    m_form->setPlan(m_wizard->plan());
    m_form->setFindings(m_wizard->currentFindings());
    // What the page's numbers mean so far, on every page: the user sees the
    // effect of a field while typing it, not only on the review page.
    const Plan& plan = m_wizard->plan();
    if (!m_wizard->planError().isEmpty()) {
        m_summary->setText(m_wizard->planError());
        return;
    }
    const Estimate e = estimate(plan, plan.cluster.layout());
    m_summary->setText(tr("So far: %1 · effective batch %2 · learning rate %3 · %4 per GPU · finishes in %5")
                           .arg(layoutName(e.layout), formatFigure(e.effectiveBatch), formatFigure(e.lr),
                                formatFigure(e.memoryPerGpuGb), formatFigure(e.hoursToFinish)));
}

void FieldsPage::updateReason() {
    const QString reason = blockedReason();
    m_reason->setText(reason.isEmpty() ? QString() : tr("Next is unavailable until this is fixed: %1").arg(reason));
    m_reason->setVisible(!reason.isEmpty());
    emit completeChanged();
}

QString FieldsPage::blockedReason() const { return m_form->blockingReason(); }
bool FieldsPage::isComplete() const { return blockedReason().isEmpty(); }

void FieldsPage::initializePage() {
    refresh();
    // After QWizard has finished switching pages (it moves the focus to its
    // buttons), so that typing starts in the page's first field.
    if (QWidget* first = m_form->firstInput())
        QTimer::singleShot(0, first, [first] { first->setFocus(Qt::TabFocusReason); });
}

void FieldsPage::retranslate() {
    setTitle(sectionTitle(m_section));
    setSubTitle(sectionSubtitle(m_section));
}

void FieldsPage::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        refresh();
        updateReason();
    }
    QWizardPage::changeEvent(event);
}

ReviewPage::ReviewPage(PlanWizard* wizard) : QWizardPage(wizard), m_wizard(wizard) {
    m_layouts = new LayoutsPage(false, [wizard](const Finding& f) { wizard->applyFix(f); });
    auto* column = new QVBoxLayout(this);
    column->addWidget(makeScrollArea(m_layouts, this, false), 1);
    m_reason = makeReasonLabel(this);
    column->addWidget(m_reason);
    connect(wizard, &PlanWizard::planUpdated, this, &ReviewPage::refresh);
    retranslate();
    refresh();
}

QString ReviewPage::blockedReason() const {
    if (!m_wizard->planError().isEmpty())
        return m_wizard->planError();
    for (const Finding& f : m_wizard->currentFindings())
        if (f.severity == Severity::Error)
            return app::qLocalized(f.message);
    return {};
}

PlanView* ReviewPage::planView() const { return m_layouts->planView(); }

bool ReviewPage::isComplete() const { return blockedReason().isEmpty(); }

void ReviewPage::initializePage() { refresh(); }

void ReviewPage::refresh() {
    m_layouts->setPlan(m_wizard->plan(), m_wizard->currentFindings());
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
