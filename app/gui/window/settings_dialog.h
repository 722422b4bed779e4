#pragma once
// The settings: the interface language, applied at once (no restart).

#include <QDialog>

class QComboBox;
class QDialogButtonBox;
class QLabel;

namespace traindeck::gui {

class SettingsDialog : public QDialog {
    Q_OBJECT
public:
    // `current`: the saved choice, "" for the system's language.
    SettingsDialog(const QString& current, QWidget* parent = nullptr);
    QComboBox* languageBox() const { return m_language; }

signals:
    void languageChosen(const QString& code);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();

    QLabel* m_languageLabel = nullptr;
    QComboBox* m_language = nullptr;
    QLabel* m_note = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
};

}  // namespace traindeck::gui
