#include "gui/wizard/fields_page.h"

#include "gui/parts/widget_parts.h"
#include "gui/plan/field_form.h"
#include "gui/plan/field_sections.h"
#include "gui/plan/plan_document.h"
#include "gui/wizard/model_source_box.h"
#include "gui/wizard/plan_figures_box.h"
#include "gui/wizard/plan_wizard.h"
#include "plan/model_source.h"
#include "plan/plan_fields.h"

#include <QEvent>
#include <QLabel>
#include <QScrollArea>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace traindeck::gui {

QLabel* makeBlockedReasonLabel(QWidget* parent) {
    QLabel* label = makeErrorLabel(parent, true);
    label->setObjectName(QStringLiteral("blockedReason"));
    return label;
}

std::vector<std::string> stepKeys(WizardStep step) {
    // The model and what one sample of it is: the catalogue, a config.json or a
    // preset decide the first; the sequence (or clip) and how activations are kept
    // decide the second, and with it most of the memory.
    static const std::vector<std::string> model = {"name", "model.name", "model.preset", "model.params",
                                                   "model.architecture"};
    static const std::vector<std::string> data = {
        "model.tokens_per_sample", "model.clip_frames",     "model.clip_height",
        "model.clip_width",        "model.activation_checkpointing", "model.flash_attention",
        "model.activation_gb_per_sample", "recipe.dataset_size", "recipe.drop_last"};
    std::vector<std::string> keys;
    switch (step) {
    case WizardStep::Cluster: return sectionKeys(Section::Cluster);
    case WizardStep::Recipe: return sectionKeys(Section::Recipe);  // FSDP beside ZeRO, as in the form
    case WizardStep::Launch: return sectionKeys(Section::Launch);
    case WizardStep::Model: keys = model; break;
    case WizardStep::Data: keys = data; break;
    }
    std::erase_if(keys, [](const std::string& k) { return !findPlanField(k); });
    return keys;
}

FieldsPage::FieldsPage(WizardStep step, PlanWizard* wizard) : QWizardPage(wizard), m_step(step), m_wizard(wizard) {
    auto* column = new QVBoxLayout(this);
    if (step == WizardStep::Model) {
        m_source = new ModelSourceBox(wizard, this);
        column->addWidget(m_source);
    }
    m_form = new FieldForm(stepKeys(step), *wizard->document(), [wizard](const Finding& finding) { wizard->applyFix(finding); });
    column->addWidget(makeScrollArea(m_form, this, false), 1);
    m_figures = new PlanFiguresBox(wizard, this);
    column->addWidget(m_figures);
    m_reason = makeBlockedReasonLabel(this);
    column->addWidget(m_reason);
    connect(m_form, &FieldForm::validityChanged, this, &FieldsPage::updateReason);
    // The form, the model's source and the figures (what the page's numbers mean so far:
    // the user sees the effect of a field while typing it) observe the document themselves.
    retranslate();
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
    // After QWizard has finished switching pages (it moves the focus to its
    // buttons), so that typing starts in the page's first field.
    if (QWidget* first = m_form->firstInput())
        QTimer::singleShot(0, first, [first] { first->setFocus(Qt::TabFocusReason); });
}

void FieldsPage::retranslate() {
    switch (m_step) {
    case WizardStep::Cluster:
        setTitle(sectionTitle(Section::Cluster));
        setSubTitle(sectionSubtitle(Section::Cluster));
        break;
    case WizardStep::Model:
        setTitle(tr("Model"));
        setSubTitle(tr("A model from the catalogue, its Hugging Face config.json, a trainer preset or your own numbers."));
        break;
    case WizardStep::Data:
        setTitle(tr("Data"));
        setSubTitle(tr("What one sample is, how the activations are kept, and how many samples there are."));
        break;
    case WizardStep::Recipe:
        setTitle(sectionTitle(Section::Recipe));
        setSubTitle(sectionSubtitle(Section::Recipe));
        break;
    case WizardStep::Launch:
        setTitle(sectionTitle(Section::Launch));
        setSubTitle(sectionSubtitle(Section::Launch));
        break;
    }
}

void FieldsPage::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        updateReason();
    }
    QWizardPage::changeEvent(event);
}

}  // namespace traindeck::gui
