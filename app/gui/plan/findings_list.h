#pragma once
// Every finding of the plan in one list, errors first, each with its fix
// button; "No problems found" when there are none.

#include "plan/findings.h"

#include <QWidget>

#include <functional>
#include <vector>

class QLabel;
class QVBoxLayout;

namespace traindeck::gui {

class FindingsList : public QWidget {
    Q_OBJECT
public:
    using ApplyFix = std::function<void(const Finding&)>;
    explicit FindingsList(ApplyFix applyFix, QWidget* parent = nullptr);
    void setFindings(const std::vector<Finding>& findings);
    int count() const { return int(m_findings.size()); }

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();

    ApplyFix m_applyFix;
    std::vector<Finding> m_findings;
    QLabel* m_empty = nullptr;
    QVBoxLayout* m_rows = nullptr;
};

}  // namespace traindeck::gui
