#include "gui/plan/field_editor.h"

#include "gui/plan/field_sections.h"
#include "plan/plan_fields.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLineEdit>

namespace traindeck::gui {

FieldEditor::FieldEditor(std::string key, const Plan& probe, QWidget* parent)
    : QWidget(parent), m_key(std::move(key)) {
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    const QString name = QString::fromStdString(m_key);
    if (isBooleanField(m_key)) {
        m_check = new QCheckBox(this);
        connect(m_check, &QCheckBox::toggled, this, [this](bool on) {
            if (!m_updating) {
                emit edited(m_key, on ? QStringLiteral("true") : QStringLiteral("false"));
                emit editingFinished(m_key);
            }
        });
        layout->addWidget(m_check);
        layout->addStretch();
    } else if (!fieldChoices(m_key, probe).empty()) {
        m_combo = new QComboBox(this);
        // Long choices ("NVIDIA H100 SXM 80GB") must not widen the whole form.
        m_combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        m_combo->setMinimumContentsLength(12);
        fillChoices(probe);
        connect(m_combo, &QComboBox::currentIndexChanged, this, [this](int index) {
            if (!m_updating && index >= 0) {
                emit edited(m_key, m_combo->itemData(index).toString());
                emit editingFinished(m_key);
            }
        });
        layout->addWidget(m_combo, 1);
    } else {
        m_line = new QLineEdit(this);
        // Every keystroke is checked by core: validation as the user types.
        connect(m_line, &QLineEdit::textEdited, this, [this](const QString& text) { emit edited(m_key, text); });
        connect(m_line, &QLineEdit::editingFinished, this, [this] { emit editingFinished(m_key); });
        layout->addWidget(m_line, 1);
    }
    input()->setObjectName(QStringLiteral("field:") + name);
    if (const PlanField* f = findPlanField(m_key))
        setValue(QString::fromStdString(f->get(probe)));
}

QWidget* FieldEditor::input() const {
    if (m_check)
        return m_check;
    if (m_combo)
        return m_combo;
    return m_line;
}

void FieldEditor::fillChoices(const Plan& probe) {
    m_updating = true;
    const QString current = value();
    m_combo->clear();
    for (const Choice& c : fieldChoices(m_key, probe))
        m_combo->addItem(c.label, QString::fromStdString(c.value));
    m_updating = false;
    setValue(current);
}

void FieldEditor::retranslate(const Plan& probe) {
    if (m_combo)
        fillChoices(probe);
}

void FieldEditor::setValue(const QString& text) {
    m_updating = true;
    if (m_check) {
        m_check->setChecked(text == QLatin1String("true"));
    } else if (m_combo) {
        int index = m_combo->findData(text);
        if (index < 0 && !text.isNull()) {
            // A value core accepts but this window has no label for: still show it.
            m_combo->addItem(text, text);
            index = m_combo->count() - 1;
        }
        m_combo->setCurrentIndex(index);
    } else if (m_line->text() != text) {
        m_line->setText(text);
        // A value longer than the box (an architecture) reads from its start, not its end.
        if (!m_line->hasFocus())
            m_line->setCursorPosition(0);
    }
    m_updating = false;
}

QString FieldEditor::value() const {
    if (m_check)
        return m_check->isChecked() ? QStringLiteral("true") : QStringLiteral("false");
    if (m_combo)
        return m_combo->currentData().toString();
    return m_line->text();
}

void FieldEditor::setInvalid(bool invalid) {
    // A red frame as well as the message beside it: the field is found at a glance.
    input()->setStyleSheet(invalid ? QStringLiteral("border: 2px solid #c00000;") : QString());
}

}  // namespace traindeck::gui
