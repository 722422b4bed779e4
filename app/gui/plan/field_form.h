#pragma once
// A form of plan fields, each with its label, its input, the error of what was
// typed and the planner's findings about it (with their one-click fixes) right
// beneath. The wizard pages and the main window's plan panel are both this
// form, each over its document (the wizard's own until Finish, the window's):
// an edit goes to the document, and the form shows the document's plan and
// findings whenever it analyses an edit.

#include "plan/findings.h"
#include "plan/plan.h"

#include <QString>
#include <QWidget>

#include <functional>
#include <map>
#include <string>
#include <vector>

class QFormLayout;
class QLabel;
class QVBoxLayout;

namespace traindeck::gui {

class FieldEditor;
class PlanDocument;

class FieldForm : public QWidget {
    Q_OBJECT
public:
    using ApplyFix = std::function<void(const Finding&)>;

    FieldForm(std::vector<std::string> keys, PlanDocument& document, ApplyFix applyFix, QWidget* parent = nullptr);

    const std::vector<std::string>& keys() const { return m_keys; }

    // The first reason this form cannot be accepted: an invalid entry or an
    // error finding on one of its fields, as "Label: message". Empty when none.
    QString blockingReason() const;
    FieldEditor* editor(const std::string& key) const;
    // Shows or hides a field's whole row (a field the plan's model does not read).
    void setFieldShown(const std::string& key, bool shown);
    // The width the labels need, and a common width for several forms
    // stacked in one column, so their fields line up.
    int labelWidth() const;
    void setLabelWidth(int width);
    QWidget* firstInput() const;

signals:
    // Something that changes blockingReason() happened.
    void validityChanged();

protected:
    void changeEvent(QEvent* event) override;

private:
    struct Row {
        QLabel* label = nullptr;
        FieldEditor* editor = nullptr;
        QLabel* error = nullptr;       // core's message for the typed text
        QLabel* decided = nullptr;     // which field decides this one's value, and the value
        QVBoxLayout* findings = nullptr;
        Text errorText;                // empty: the typed text was applied
        QString planValue;             // the field's value in the plan last shown
        std::vector<Finding> shown;    // the findings currently under the field
    };
    void showAnalysis();
    // Shows the plan's values. Fields with text the user is still correcting keep it.
    void showPlan(const Plan& plan);
    // Shows each finding under the field it concerns; findings about fields not
    // in this form are ignored.
    void showFindings(const std::vector<Finding>& findings);
    void showDecided();
    QString rowLabel(const std::string& key) const;
    void onEdited(const std::string& key, const QString& text);
    void onEditingFinished(const std::string& key);
    void retranslate();
    void updateTabOrder();

    std::vector<std::string> m_keys;
    std::map<std::string, Row> m_rows;
    PlanDocument& m_document;
    ApplyFix m_applyFix;
    std::string m_applying;  // the field whose edit is being applied: its text is the user's
};

}  // namespace traindeck::gui
