#pragma once
// The input for one plan field: a line edit for free text, a combo box for a
// field with a few values, a check box for yes/no. It knows nothing of what
// the value means; it reports the text typed and shows the error it is given.

#include "plan/plan.h"

#include <QWidget>

#include <string>

class QCheckBox;
class QComboBox;
class QLineEdit;

namespace traindeck::gui {

class FieldEditor : public QWidget {
    Q_OBJECT
public:
    FieldEditor(std::string key, const Plan& probe, QWidget* parent = nullptr);

    const std::string& key() const { return m_key; }
    // Shows `text` (the field's value in the plan) without reporting an edit.
    void setValue(const QString& text);
    QString value() const;
    // The widget that takes keyboard focus and the label's buddy.
    QWidget* input() const;
    void setInvalid(bool invalid);
    // Rebuilds translated choice labels, keeping the value.
    void retranslate(const Plan& probe);

signals:
    void edited(const std::string& key, const QString& text);
    void editingFinished(const std::string& key);

private:
    void fillChoices(const Plan& probe);

    std::string m_key;
    QLineEdit* m_line = nullptr;
    QComboBox* m_combo = nullptr;
    QCheckBox* m_check = nullptr;
    bool m_updating = false;
};

}  // namespace traindeck::gui
