#pragma once
// The new-plan wizard: cluster → model → data → recipe → platform and workload
// → review. It edits its own copy of a plan; the caller takes plan() when it is
// accepted. Every keystroke is checked by core, findings appear beside their
// fields, and Next stays disabled (saying why) while an error stands. Every page
// shows what the choices so far settle (figures()), computed here by core once
// per edit.

#include "plan/estimate.h"
#include "plan/findings.h"
#include "plan/plan.h"
#include "plan/plan_analysis.h"

#include <QWizard>

#include <optional>
#include <string>
#include <vector>

namespace traindeck::gui {

class FieldsPage;
class ReviewPage;

// What the plan settles so far, as core computes it for the plan's own layout.
struct WizardFigures {
    bool valid = false;            // the plan passed validatePlan(); nothing below otherwise
    Estimate estimate;             // memory per GPU and its breakdown, the solved accumulation, ...
    long long params = 0;          // exact, from the architecture when the plan has one
    long long activeParams = 0;    // per token; below params only for a mixture of experts
    Text peakPhase;                // where in the step the memory peaks
    std::optional<Finding> overCard;  // core's "does not fit" finding, with its fix; none: it fits
};

class PlanWizard : public QWizard {
    Q_OBJECT
public:
    explicit PlanWizard(const Plan& start, QWidget* parent = nullptr);

    const Plan& plan() const { return m_plan; }
    // core's judgement of the plan so far, made once per edit.
    const PlanAnalysis& analysis() const { return m_analysis; }
    const std::vector<Finding>& currentFindings() const { return m_analysis.findings; }
    const WizardFigures& figures() const { return m_figures; }
    // core's cross-field check of the plan (validatePlan); empty when valid.
    QString planError() const { return m_planError; }

    // Applies one typed edit; returns core's message when it is not valid.
    Text applyField(const std::string& key, const QString& text);
    void applyFix(const Finding& finding);
    // The model from core's catalogue, or from a Hugging Face config.json; returns
    // core's one-line error (the plan is unchanged then).
    Text chooseCatalogueModel(const std::string& name);
    Text importHfConfig(const QString& path);

protected:
    void changeEvent(QEvent* event) override;

signals:
    void planUpdated();

private:
    Text applyEdits(const std::vector<FieldEdit>& edits);
    void recompute();
    void retranslate();

    Plan m_plan;
    PlanAnalysis m_analysis;
    WizardFigures m_figures;
    QString m_planError;
    std::vector<FieldsPage*> m_fieldPages;
    ReviewPage* m_review = nullptr;
};

}  // namespace traindeck::gui
