#include "gui/wizard/wizard_pages.h"

#include "localized.h"
#include "gui/plan/field_form.h"
#include "gui/parts/figure_format.h"
#include "gui/plan/finding_view.h"
#include "gui/layouts/layouts_page.h"
#include "gui/layouts/memory_bar.h"
#include "gui/plan/plan_view.h"
#include "gui/wizard/plan_wizard.h"
#include "gui/parts/widget_parts.h"
#include "model/architecture.h"
#include "model/catalogue.h"
#include "plan/estimate.h"
#include "plan/findings.h"
#include "plan/model_source.h"
#include "plan/plan_fields.h"

#include <algorithm>
#include <QComboBox>
#include <QEvent>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
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

QLabel* makeFigureLabel(const char* name, QWidget* parent) {
    auto* label = new QLabel(parent);
    label->setObjectName(QString::fromLatin1(name));
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

QString gigabytes(double gb) { return PlanFiguresBox::tr("%1 GiB").arg(localeNumber(gb)); }

// A part's figure with a square of its colour on the bar, so the text is the bar's legend.
QString part(MemoryBar::Part which, double gb) {
    return QStringLiteral("<span style=\"color:%1\">■</span>&nbsp;%2")
        .arg(MemoryBar::partColor(which).name(), gigabytes(gb).toHtmlEscaped());
}

}  // namespace

QString parametersText(const WizardFigures& f) {
    const QLocale locale;
    return f.activeParams < f.params ? PlanFiguresBox::tr("Parameters: %1, of which %2 active per token")
                                           .arg(locale.toString(f.params), locale.toString(f.activeParams))
                                     : PlanFiguresBox::tr("Parameters: %1").arg(locale.toString(f.params));
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
    case WizardStep::Recipe: {
        // FSDP beside ZeRO: the two ways to shard (the form keeps it under Advanced).
        keys = sectionKeys(Section::Recipe);
        const auto zero = std::find(keys.begin(), keys.end(), "recipe.zero_stage");
        keys.insert(zero == keys.end() ? keys.end() : zero + 1, "recipe.fsdp");
        break;
    }
    case WizardStep::Launch: return sectionKeys(Section::Launch);
    case WizardStep::Model: keys = model; break;
    case WizardStep::Data: keys = data; break;
    }
    std::erase_if(keys, [](const std::string& k) { return !findPlanField(k); });
    return keys;
}

PlanFiguresBox::PlanFiguresBox(PlanWizard* wizard, QWidget* parent) : QFrame(parent), m_wizard(wizard) {
    setObjectName(QStringLiteral("planFigures"));
    setFrameShape(QFrame::StyledPanel);
    auto* column = new QVBoxLayout(this);
    column->setContentsMargins(8, 6, 8, 6);
    column->setSpacing(3);
    m_summary = makeFigureLabel("planSummary", this);
    m_params = makeFigureLabel("figure:params", this);
    m_bar = new MemoryBar(this);
    m_bar->setObjectName(QStringLiteral("memoryBar"));
    m_memory = makeFigureLabel("figure:memory", this);
    m_memory->setTextFormat(Qt::RichText);
    m_accumulation = makeFigureLabel("figure:accumulation", this);
    m_fits = makeFigureLabel("figure:fits", this);
    m_findingSlot = new QVBoxLayout;
    for (QWidget* w : {static_cast<QWidget*>(m_summary), static_cast<QWidget*>(m_params)})
        column->addWidget(w);
    column->addWidget(m_bar);
    for (QLabel* l : {m_memory, m_accumulation, m_fits})
        column->addWidget(l);
    column->addLayout(m_findingSlot);
}

void PlanFiguresBox::dropFinding() {
    // Later: the view may be the one whose fix button is being handled.
    // Out of the box at once (a search for the box's view finds the new one only).
    if (FindingView* old = std::exchange(m_finding, nullptr)) {
        old->hide();
        old->setParent(nullptr);
        old->deleteLater();
    }
}

void PlanFiguresBox::refresh() {
    const WizardFigures& f = m_wizard->figures();
    for (QWidget* w : {static_cast<QWidget*>(m_params), static_cast<QWidget*>(m_bar),
                       static_cast<QWidget*>(m_memory), static_cast<QWidget*>(m_accumulation),
                       static_cast<QWidget*>(m_fits)})
        w->setVisible(f.valid);
    if (!f.valid) {
        m_summary->setText(m_wizard->planError());
        dropFinding();
        return;
    }
    const Estimate& e = f.estimate;
    m_summary->setText(tr("So far: %1 · learning rate %2 · finishes in %3")
                           .arg(layoutName(e.layout), formatFigure(e.lr), formatFigure(e.hoursToFinish)));
    m_params->setText(parametersText(f));
    m_bar->setEstimate(e);
    const MemoryBreakdown& m = e.memory;
    m_memory->setText(tr("Memory per GPU %1, peaking %2: weights %3, gradients %4, optimizer %5, "
                         "activations %6, logits %7, overhead %8")
                          .arg(gigabytes(e.memoryPerGpuGb.value).toHtmlEscaped(),
                               app::qLocalized(f.peakPhase).toHtmlEscaped(), part(MemoryBar::Part::Weights, m.paramsGb),
                               part(MemoryBar::Part::Gradients, m.gradsGb), part(MemoryBar::Part::Optimizer, m.optimizerGb),
                               part(MemoryBar::Part::Activations, m.activationsGb),
                               part(MemoryBar::Part::Logits, m.logitsGb), part(MemoryBar::Part::Overhead, m.overheadGb)));
    // Why the weights weigh what they do (they halve from ZeRO 0 to 1): core's note.
    m_memory->setToolTip(figureToolTip(tr("Memory per GPU"), e.memoryPerGpuGb) + QStringLiteral("<br>") +
                         app::qLocalized(m.weightsNote).toHtmlEscaped());
    const Plan& plan = m_wizard->plan();
    QString accumulation = tr("Gradient accumulation %1 · micro-batch %2 per GPU · %3 GPUs · effective batch %4")
                               .arg(localeNumber(e.gradAccum), localeNumber(e.microBatch), localeNumber(e.worldSize),
                                    localeNumber(e.effectiveBatch.value));
    if (plan.recipe.globalBatch > 0)
        accumulation += tr(" (solved for the target batch %1)").arg(localeNumber(double(plan.recipe.globalBatch)));
    m_accumulation->setText(accumulation);
    m_accumulation->setToolTip(figureToolTip(tr("Effective batch"), e.effectiveBatch));
    // When it does not fit, core's finding below says so, with the numbers and the fix.
    m_fits->setText(tr("Fits: %1 per GPU, the card has %2.")
                        .arg(gigabytes(e.memoryPerGpuGb.value), gigabytes(e.gpuMemoryGb)));
    m_fits->setVisible(!f.overCard);
    // core's finding says the largest micro-batch that fits and the cheapest fix, as one click.
    // Kept only while both the message and the fix are the same: an edit elsewhere (the
    // target batch) changes the fix's figures under an unchanged message.
    const bool same = m_finding && f.overCard && m_finding->finding().message == f.overCard->message &&
                      m_finding->finding().fix == f.overCard->fix;
    if (!same) {
        dropFinding();
        if (f.overCard) {
            m_finding = new FindingView(*f.overCard, [w = m_wizard](const Finding& x) { w->applyFix(x); }, this);
            m_finding->setObjectName(QStringLiteral("figure:fix"));
            m_findingSlot->addWidget(m_finding);
        }
    }
}

void PlanFiguresBox::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        refresh();
    QFrame::changeEvent(event);
}

ModelSourceBox::ModelSourceBox(PlanWizard* wizard, QWidget* parent) : QWidget(parent), m_wizard(wizard) {
    auto* column = new QVBoxLayout(this);
    column->setContentsMargins(0, 0, 0, 0);
    auto* row = new QHBoxLayout;
    m_label = new QLabel(this);
    m_catalogue = new QComboBox(this);
    m_catalogue->setObjectName(QStringLiteral("modelCatalogue"));
    m_label->setBuddy(m_catalogue);
    m_import = new QPushButton(this);
    m_import->setObjectName(QStringLiteral("importConfig"));
    // Return stays the wizard's Next, as in every field, after a click here too.
    m_import->setAutoDefault(false);
    row->addWidget(m_label);
    row->addWidget(m_catalogue, 1);
    row->addWidget(m_import);
    column->addLayout(row);
    m_error = makeErrorLabel(this);
    m_error->setObjectName(QStringLiteral("importError"));
    column->addWidget(m_error);
    m_catalogue->addItem(QString(), QString());  // your own: the fields below
    for (const model::CatalogueModel& m : model::modelCatalogue())
        m_catalogue->addItem(QString::fromStdString(m.title), QString::fromStdString(m.name));
    connect(m_catalogue, &QComboBox::activated, this, &ModelSourceBox::chooseFromCatalogue);
    connect(m_import, &QPushButton::clicked, this, [this] {
        // Window-modal and without a nested event loop: the wizard stays as it is behind it.
        auto* dialog = new QFileDialog(this, tr("Import a Hugging Face config.json"));
        dialog->setObjectName(QStringLiteral("importConfigDialog"));
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->setFileMode(QFileDialog::ExistingFile);
        dialog->setNameFilters({tr("Model configs (*.json)"), tr("All files (*)")});
        dialog->setOption(QFileDialog::DontUseNativeDialog);  // the same dialog everywhere, and for the tests
        connect(dialog, &QFileDialog::fileSelected, this, &ModelSourceBox::importConfig);
        dialog->open();
    });
    retranslate();
    refresh();
}

void ModelSourceBox::importConfig(const QString& path) {
    showError(app::qLocalized(m_wizard->importHfConfig(path)));
}

void ModelSourceBox::chooseFromCatalogue(int index) {
    const QString name = m_catalogue->itemData(index).toString();
    if (!name.isEmpty())
        showError(app::qLocalized(m_wizard->chooseCatalogueModel(name.toStdString())));
}

void ModelSourceBox::showError(const QString& error) {
    m_error->setText(error);
    m_error->setVisible(!error.isEmpty());
}

void ModelSourceBox::refresh() {
    // The catalogue entry the plan's model is, if it is one; else "your own".
    const Plan& plan = m_wizard->plan();
    int index = 0;
    for (int i = 1; i < m_catalogue->count(); ++i)
        if (const model::CatalogueModel* m = model::findCatalogueModel(m_catalogue->itemData(i).toString().toStdString()))
            if (plan.model.name == m->name && plan.model.architecture == model::architectureText(m->architecture))
                index = i;
    m_catalogue->setCurrentIndex(index);
}

void ModelSourceBox::retranslate() {
    m_label->setText(tr("&Model:"));
    m_catalogue->setItemText(0, tr("Your own (a trainer preset or the numbers below)"));
    m_catalogue->setToolTip(tr("Models whose architecture TrainDeck knows: parameters, FLOPs and activation memory "
                               "follow from it."));
    m_import->setText(tr("Import config.json…"));
    m_import->setToolTip(tr("Read the architecture from a Hugging Face config.json (llama, qwen2, mistral, mixtral, "
                            "gpt2, vit)."));
}

void ModelSourceBox::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

FieldsPage::FieldsPage(WizardStep step, PlanWizard* wizard) : QWizardPage(wizard), m_step(step), m_wizard(wizard) {
    auto* column = new QVBoxLayout(this);
    if (step == WizardStep::Model) {
        m_source = new ModelSourceBox(wizard, this);
        column->addWidget(m_source);
    }
    m_form = new FieldForm(
        stepKeys(step), wizard->plan(),
        [wizard](const std::string& key, const QString& text) { return wizard->applyField(key, text); },
        [wizard](const Finding& finding) { wizard->applyFix(finding); }, nullptr);
    column->addWidget(makeScrollArea(m_form, this, false), 1);
    m_figures = new PlanFiguresBox(wizard, this);
    column->addWidget(m_figures);
    m_reason = makeReasonLabel(this);
    column->addWidget(m_reason);
    connect(m_form, &FieldForm::validityChanged, this, &FieldsPage::updateReason);
    connect(wizard, &PlanWizard::planUpdated, this, &FieldsPage::refresh);
    retranslate();
    refresh();
}

void FieldsPage::refresh() {
    const Plan& plan = m_wizard->plan();
    m_form->setPlan(plan);
    m_form->setFindings(m_wizard->currentFindings());
    // Only what the model reads: a language model's sequence, a video model's clip.
    for (const std::string& key : m_form->keys())
        m_form->setFieldShown(key, modelFieldUsed(plan, key));
    if (m_source)
        m_source->refresh();
    // What the page's numbers mean so far, on every page: the user sees the
    // effect of a field while typing it, not only on the review page.
    m_figures->refresh();
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
        refresh();
        updateReason();
    }
    QWizardPage::changeEvent(event);
}

ReviewPage::ReviewPage(PlanWizard* wizard) : QWizardPage(wizard), m_wizard(wizard) {
    m_layouts = new LayoutsPage(false, [wizard](const Finding& f) { wizard->applyFix(f); });
    auto* column = new QVBoxLayout(this);
    m_params = new QLabel(this);  // the model's size, which the layouts do not show
    m_params->setObjectName(QStringLiteral("reviewParameters"));
    column->addWidget(m_params);
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
    // core's one launch-blocking rule: the plan's own layout's errors, not a compared one's.
    if (const Finding* blocker = m_wizard->analysis().launchBlocker())
        return app::qLocalized(blocker->message);
    return {};
}

PlanView* ReviewPage::planView() const { return m_layouts->planView(); }

bool ReviewPage::isComplete() const { return blockedReason().isEmpty(); }

void ReviewPage::initializePage() { refresh(); }

void ReviewPage::refresh() {
    m_layouts->setAnalysis(m_wizard->analysis());
    m_params->setText(m_wizard->figures().valid ? parametersText(m_wizard->figures()) : QString());
    m_params->setVisible(m_wizard->figures().valid);
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
