#pragma once
// One finding of the planner, as shown beside a field or in the findings list:
// its severity, what is wrong, the fix in words, and the fix as one click
// when core offers it as plan edits.

#include "plan/findings.h"

#include <QWidget>

#include <functional>

class QLabel;
class QPushButton;

namespace traindeck::gui {

class FindingView : public QWidget {
    Q_OBJECT
public:
    using ApplyFix = std::function<void(const Finding&)>;
    FindingView(Finding finding, ApplyFix applyFix, QWidget* parent = nullptr);

    const Finding& finding() const { return m_finding; }
    QPushButton* fixButton() const { return m_fixButton; }

    static QString severityText(Severity severity);
    // The finding's headline (core's, by its code), in the language of the moment; empty for a code core does not know.
    static QString title(const Finding& finding);
    // "2 errors, 1 warning", or "No problems": the count a column or status bar shows.
    static QString summary(const std::vector<Finding>& findings);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();

    Finding m_finding;
    ApplyFix m_applyFix;
    QLabel* m_icon = nullptr;
    QLabel* m_text = nullptr;
    QPushButton* m_fixButton = nullptr;
};

}  // namespace traindeck::gui
