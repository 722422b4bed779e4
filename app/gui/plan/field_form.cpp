#include "gui/plan/field_form.h"

#include "localized.h"
#include "cost/price_catalogue.h"
#include "cost/pricing.h"
#include "gui/plan/field_editor.h"
#include "gui/plan/field_sections.h"
#include "gui/plan/finding_view.h"
#include "gui/plan/plan_document.h"
#include "gui/parts/figure_format.h"
#include "gui/parts/widget_parts.h"
#include "plan/model_source.h"
#include "plan/plan_analysis.h"
#include "plan/plan_fields.h"

#include <QEvent>
#include <QFormLayout>
#include <QLocale>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>

namespace traindeck::gui {
namespace {

const std::string kMoneyFields[] = {"cluster.price_per_gpu_hour", "goal.budget"};

}  // namespace

FieldForm::FieldForm(std::vector<std::string> keys, PlanDocument& document, ApplyFix applyFix, QWidget* parent)
    : QWidget(parent), m_keys(std::move(keys)), m_document(document), m_applyFix(std::move(applyFix)) {
    const Plan& plan = m_document.plan();
    auto* form = new QFormLayout(this);
    form->setRowWrapPolicy(QFormLayout::DontWrapRows);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    for (const std::string& key : m_keys) {
        Row row;
        row.editor = new FieldEditor(key, plan, this);
        if (const PlanField* f = findPlanField(key))
            row.planValue = QString::fromStdString(f->get(plan));
        row.label = new QLabel(this);
        row.label->setBuddy(row.editor->input());
        auto* cell = new QWidget(this);
        auto* column = new QVBoxLayout(cell);
        column->setContentsMargins(0, 0, 0, 0);
        column->setSpacing(2);
        column->addWidget(row.editor);
        row.error = makeErrorLabel(cell);
        row.error->setObjectName(QStringLiteral("error:") + QString::fromStdString(key));
        column->addWidget(row.error);
        row.decided = new QLabel(cell);
        row.decided->setObjectName(QStringLiteral("decided:") + QString::fromStdString(key));
        row.decided->setWordWrap(true);
        row.decided->setStyleSheet(QStringLiteral("color: #555;"));
        row.decided->hide();
        column->addWidget(row.decided);
        row.findings = new QVBoxLayout;
        row.findings->setSpacing(2);
        column->addLayout(row.findings);
        form->addRow(row.label, cell);
        connect(row.editor, &FieldEditor::edited, this, &FieldForm::onEdited);
        connect(row.editor, &FieldEditor::editingFinished, this, &FieldForm::onEditingFinished);
        m_rows.emplace(key, row);
    }
    connect(&m_document, &PlanDocument::analysisChanged, this, &FieldForm::showAnalysis);
    retranslate();
    showAnalysis();
}

void FieldForm::showAnalysis() {
    showPlan(m_document.plan());
    showFindings(m_document.analysis().findings);
    // Only what the plan's model and platform read (core decides): a Llama plan has no
    // activation memory per sample to type, a Kubernetes plan no Slurm partition.
    for (const std::string& key : m_keys)
        setFieldShown(key, modelFieldUsed(m_document.plan(), key) && platformFieldUsed(m_document.plan(), key));
    showDecided();
    for (const std::string& money : kMoneyFields)  // the currency may have changed with the cloud
        if (auto it = m_rows.find(money); it != m_rows.end())
            it->second.label->setText(rowLabel(money));
}

// A field's label; an amount of money's with its currency (core's planCurrency: the
// plan's, else its cloud's, else USD), "Budget (USD)".
QString FieldForm::rowLabel(const std::string& key) const {
    if (std::find(std::begin(kMoneyFields), std::end(kMoneyFields), key) == std::end(kMoneyFields))
        return fieldLabel(key);
    const QString currency = QString::fromStdString(planCurrency(m_document.plan(), defaultPrices().rows));
    return tr("%1 (%2)", "a field's label and its currency").arg(fieldLabel(key), currency);
}

// A field another decides (core's fieldPrecedences: a global batch solves the
// accumulation, epochs the steps, measured points the MFU) says so beneath it, with the
// value in effect on the plan's own layout where core's estimate has it: the field's own
// text is not what the figures use.
void FieldForm::showDecided() {
    const PlanAnalysis& analysis = m_document.analysis();
    const Plan& plan = m_document.plan();
    const Estimate* own = analysis.valid() ? analysis.estimateFor(plan.cluster.layout()) : nullptr;
    for (auto& [key, row] : m_rows) {
        QString note;
        for (const Precedence& rule : fieldPrecedences()) {
            if (key != rule.field || findPlanField(rule.decider)->get(plan) == rule.off)
                continue;
            QString value;
            if (own && key == "recipe.grad_accum")
                value = QLocale().toString(own->gradAccum);
            else if (own && key == "recipe.total_steps")
                value = localeNumber(own->totalSteps.value);
            note = value.isEmpty() ? tr("%1 decides it.").arg(fieldLabel(rule.decider))
                                   : tr("%1 decides it: %2 on %3.").arg(fieldLabel(rule.decider), value, layoutName(own->layout));
        }
        row.decided->setText(note);
        row.decided->setVisible(!note.isEmpty());
    }
}

void FieldForm::retranslate() {
    for (auto& [key, row] : m_rows) {
        row.label->setText(rowLabel(key));
        row.label->setToolTip(fieldToolTip(key));
        row.editor->input()->setToolTip(fieldToolTip(key));
        // Help › What's this, then a click on the field or its label: the same help, in a box that stays.
        row.label->setWhatsThis(fieldToolTip(key));
        row.editor->input()->setWhatsThis(fieldToolTip(key));
        row.editor->input()->setAccessibleName(fieldLabel(key));
        row.editor->retranslate(m_document.plan());
        row.error->setText(app::qLocalized(row.errorText));
    }
}

void FieldForm::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void FieldForm::onEdited(const std::string& key, const QString& text) {
    Row& row = m_rows.at(key);
    m_applying = key;
    const Text error = m_document.setField(key, text);
    m_applying.clear();
    row.errorText = error;
    row.error->setText(app::qLocalized(error));
    row.error->setVisible(!error.empty());
    row.editor->setInvalid(!error.empty());
    emit validityChanged();
}

void FieldForm::onEditingFinished(const std::string& key) {
    // Once the user leaves a valid field, show it as core reads it back ("1e-3" → "0.001").
    Row& row = m_rows.at(key);
    if (row.errorText.empty())
        if (const PlanField* f = findPlanField(key))
            row.editor->setValue(QString::fromStdString(f->get(m_document.plan())));
}

void FieldForm::showPlan(const Plan& plan) {
    for (auto& [key, row] : m_rows) {
        const PlanField* f = findPlanField(key);
        if (!f)
            continue;
        const QString value = QString::fromStdString(f->get(plan));
        const QString before = std::exchange(row.planValue, value);
        if (key == m_applying)
            continue;  // the user is typing here; their text is the truth
        if (!row.errorText.empty()) {
            // Text still being corrected stays, unless this field itself was
            // changed from elsewhere (undo, a fix).
            if (value == before)
                continue;
            row.errorText = Text();
            row.error->hide();
            row.editor->setInvalid(false);
        } else if (row.editor->value() == value) {
            continue;
        } else if (row.editor->input()->hasFocus()) {
            // The same value in the user's spelling ("1e-3" for "0.001"): leave it.
            Plan probe = plan;
            if (setPlanField(probe, key, row.editor->value().toStdString()).empty() && probe == plan)
                continue;
        }
        row.editor->setValue(value);
    }
    emit validityChanged();
}

void FieldForm::setFieldShown(const std::string& key, bool shown) {
    if (auto it = m_rows.find(key); it != m_rows.end())
        if (auto* form = qobject_cast<QFormLayout*>(layout()))
            form->setRowVisible(it->second.label, shown);
}

void FieldForm::showFindings(const std::vector<Finding>& findings) {
    for (auto& [key, row] : m_rows) {
        std::vector<Finding> mine;
        for (const Finding& f : findings) {
            if (f.field != key)
                continue;
            // The same finding on several layouts is shown once beside the field.
            const bool seen = std::any_of(mine.begin(), mine.end(), [&](const Finding& m) {
                return m.code == f.code && m.message == f.message;
            });
            if (!seen)
                mine.push_back(f);
        }
        const auto same = [](const std::vector<Finding>& a, const std::vector<Finding>& b) {
            return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](const Finding& x, const Finding& y) {
                       return x.code == y.code && x.message == y.message && x.fix == y.fix;
                   });
        };
        if (same(mine, row.shown))
            continue;  // keeps focus on a Fix button the user is about to press
        while (QLayoutItem* item = row.findings->takeAt(0)) {
            // Later, not now: the finding being replaced may be the one whose
            // Fix button is still delivering its click.
            item->widget()->hide();
            item->widget()->deleteLater();
            delete item;
        }
        for (const Finding& f : mine)
            row.findings->addWidget(new FindingView(f, m_applyFix, this));
        row.shown = std::move(mine);
    }
    updateTabOrder();
    emit validityChanged();
}

void FieldForm::updateTabOrder() {
    // A finding's Fix button comes right after its field, not after the whole
    // window (where Qt puts widgets created later): keyboard users reach the
    // fix where they are working.
    QWidget* previous = nullptr;
    for (const std::string& key : m_keys) {
        const Row& row = m_rows.at(key);
        std::vector<QWidget*> chain = {row.editor->input()};
        for (int i = 0; i < row.findings->count(); ++i)
            if (auto* view = qobject_cast<FindingView*>(row.findings->itemAt(i)->widget()); view && view->fixButton())
                chain.push_back(view->fixButton());
        for (QWidget* w : chain) {
            if (previous)
                QWidget::setTabOrder(previous, w);
            previous = w;
        }
    }
}

QString FieldForm::blockingReason() const {
    for (const std::string& key : m_keys) {
        const Row& row = m_rows.at(key);
        if (!row.errorText.empty())
            return QStringLiteral("%1: %2").arg(fieldLabel(key), app::qLocalized(row.errorText));
    }
    // A compared layout's error is shown but stops nothing (core's launch rule).
    for (const std::string& key : m_keys)
        for (const Finding& f : m_rows.at(key).shown)
            if (blocksLaunch(f, m_document.plan()))
                return QStringLiteral("%1: %2").arg(fieldLabel(key), app::qLocalized(f.message));
    return {};
}

int FieldForm::labelWidth() const {
    int width = 0;
    for (const auto& [key, row] : m_rows)
        width = std::max(width, row.label->sizeHint().width());
    return width;
}

void FieldForm::setLabelWidth(int width) {
    for (auto& [key, row] : m_rows)
        row.label->setMinimumWidth(width);
}

FieldEditor* FieldForm::editor(const std::string& key) const {
    const auto it = m_rows.find(key);
    return it == m_rows.end() ? nullptr : it->second.editor;
}

QWidget* FieldForm::firstInput() const {
    return m_keys.empty() ? nullptr : m_rows.at(m_keys.front()).editor->input();
}

}  // namespace traindeck::gui
