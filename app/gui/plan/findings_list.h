#pragma once
// Every finding of the plan in one list, errors first, each with its fix
// button; "No problems found" when there are none. The rows are the only copy
// of what it shows (each FindingView holds its finding, for its Fix click).

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
    int count() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();

    ApplyFix m_applyFix;
    QLabel* m_empty = nullptr;
    QVBoxLayout* m_rows = nullptr;
};

}  // namespace traindeck::gui
