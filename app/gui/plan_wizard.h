#pragma once
// The new-plan wizard: cluster → model and data → recipe → platform and
// workload → review. It edits its own copy of a plan; the caller takes plan()
// when it is accepted. Every keystroke is checked by core, findings appear
// beside their fields, and Next stays disabled (saying why) while an error stands.

#include "plan/findings.h"
#include "plan/plan.h"

#include <QWizard>

#include <string>
#include <vector>

namespace traindeck::gui {

class FieldsPage;
class ReviewPage;

class PlanWizard : public QWizard {
    Q_OBJECT
public:
    explicit PlanWizard(const Plan& start, QWidget* parent = nullptr);

    const Plan& plan() const { return m_plan; }
    const std::vector<Finding>& currentFindings() const { return m_findings; }
    // core's cross-field check of the plan (validatePlan); empty when valid.
    QString planError() const { return m_planError; }

    // Applies one typed edit; returns core's message when it is not valid.
    Text applyField(const std::string& key, const QString& text);
    void applyFix(const Finding& finding);

protected:
    void changeEvent(QEvent* event) override;

signals:
    void planUpdated();

private:
    void recompute();
    void retranslate();

    Plan m_plan;
    std::vector<Finding> m_findings;
    QString m_planError;
    std::vector<FieldsPage*> m_fieldPages;
    ReviewPage* m_review = nullptr;
};

}  // namespace traindeck::gui
