#include "gui/window/settings_dialog.h"

#include "gui/window/language.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace traindeck::gui {

SettingsDialog::SettingsDialog(const QString& current, QWidget* parent) : QDialog(parent) {
    auto* column = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    m_languageLabel = new QLabel(this);
    m_language = new QComboBox(this);
    m_language->setObjectName(QStringLiteral("language"));
    m_languageLabel->setBuddy(m_language);
    form->addRow(m_languageLabel, m_language);
    column->addLayout(form);
    m_note = new QLabel(this);
    m_note->setWordWrap(true);
    column->addWidget(m_note);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    column->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::accept);
    setMinimumWidth(440);

    m_language->addItem(QString(), QString());
    for (const QString& code : Language::available())
        m_language->addItem(Language::nativeName(code), code);
    m_language->setCurrentIndex(std::max(0, m_language->findData(current)));
    connect(m_language, &QComboBox::currentIndexChanged, this,
            [this](int index) { emit languageChosen(m_language->itemData(index).toString()); });
    retranslate();
}

void SettingsDialog::retranslate() {
    setWindowTitle(tr("Settings"));
    m_languageLabel->setText(tr("Language:"));
    m_language->setItemText(0, tr("Follow the system (%1)").arg(Language::nativeName(Language::resolve(QString()))));
    m_note->setText(tr("The language changes at once; numbers follow its format."));
}

void SettingsDialog::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDialog::changeEvent(event);
}

}  // namespace traindeck::gui
