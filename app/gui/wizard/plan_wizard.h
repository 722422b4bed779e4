#pragma once
// The new-plan wizard: cluster → model → data → recipe → platform and workload
// → review. It edits a PlanDocument of its own, the same document the window
// edits, so every keystroke is checked by core and analysed once (PlanAnalysis);
// the caller takes plan() when it is accepted. Findings appear beside their
// fields, and Next stays disabled (saying why) while an error stands. Every page
// observes the document and shows what the choices so far settle (figures()):
// the document's analysis of the plan's own layout, as the Layouts page shows it.

#include "plan/estimate.h"
#include "plan/findings.h"
#include "plan/plan.h"

#include <QWizard>

#include <string>
#include <vector>

namespace traindeck::gui {

class FieldsPage;
class PlanDocument;
class ReviewPage;

// What the plan settles so far: the plan's own layout in the document's analysis
// (pointers into it, valid until its next edit) and the model's size.
struct WizardFigures {
    const Estimate* estimate = nullptr;  // memory per GPU and its parts, the solved accumulation, ...; null
                                         // until the plan is complete (validatePlan)
    long long params = 0;                // exact, from the architecture when the plan has one
    long long activeParams = 0;          // per token; below params only for a mixture of experts
    Text peakPhase;                      // where in the step the memory peaks (the estimate's memory formula says)
    const Finding* overCard = nullptr;   // core's "does not fit" finding, with its fix; none: it fits
    bool valid() const { return estimate != nullptr; }
};

class PlanWizard : public QWizard {
    Q_OBJECT
public:
    explicit PlanWizard(const Plan& start, QWidget* parent = nullptr);

    // The wizard's own document: the pages observe it and edit it.
    PlanDocument* document() const { return m_document; }
    const Plan& plan() const;
    // What the document's analysis settles for the plan's own layout.
    WizardFigures figures() const;
    // core's cross-field check of the plan (validatePlan); empty when valid.
    QString planError() const;

    // Applies one typed edit; returns core's message when it is not valid.
    Text applyField(const std::string& key, const QString& text);
    void applyFix(const Finding& finding);
    // The model from core's catalogue, or from a Hugging Face config.json; returns
    // core's one-line error (the plan is unchanged then).
    Text chooseCatalogueModel(const std::string& name);
    Text importHfConfig(const QString& path);

protected:
    void changeEvent(QEvent* event) override;

private:
    Text applyEdits(std::vector<FieldEdit> edits, const QString& description);
    void retranslate();

    PlanDocument* m_document = nullptr;
    std::vector<FieldsPage*> m_fieldPages;
    ReviewPage* m_review = nullptr;
};

}  // namespace traindeck::gui
