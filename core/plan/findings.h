#pragma once
// Checks of a plan against the mistakes that cost our users days. Each finding
// says what is wrong, why, and the fix in words; where the fix is a change of
// plan fields it also carries that change, so that a UI can offer it as one click.

#include "plan/calibration_fit.h"
#include "plan/estimate.h"
#include "plan/plan.h"
#include "text/text.h"

#include <optional>
#include <string>
#include <vector>

namespace traindeck {

enum class Severity { Info, Warning, Error };
const char* severityName(Severity);  // "info", "warning", "error"

struct FieldEdit {
    std::string key;    // plan field key, see plan_fields.h
    std::string value;  // new value, as the field's text form
};

struct Finding {
    Severity severity = Severity::Info;
    std::string code;               // stable identifier: "gpus_per_node_exceeds_node"
    std::string field;              // the plan field it concerns, for a UI to mark
    std::optional<Layout> layout;   // the layout it concerns; none: the whole plan
    Text message;
    Text fix;                       // the fix in words; empty for information that needs none
    std::vector<FieldEdit> edits;   // the fix as plan edits; empty when none applies
    Text title;                     // the headline: findingTitle(code), what the window and `traindeck plan` show first
};

// The headline of a finding's code (what is wrong, in a few words; the message
// carries the numbers), from core's one table; empty for a code it does not know.
Text findingTitle(const std::string& code);

// Findings for the plan's own layout and each compared layout, errors first,
// judged on figures computed once (analyse(), plan_analysis.h): `estimates` are
// estimate(plan, layout) for each layout of layoutsOf(plan), in that order, and
// `fit` is fitModel(plan). A fix is tried on a changed copy of the plan, which is
// estimated anew. The plan must have passed validatePlan().
std::vector<Finding> findings(const Plan& plan, const std::vector<Estimate>& estimates, const FittedModel& fit);
// analyse(plan).findings, for a caller that holds no analysis; none for an incomplete plan.
std::vector<Finding> findings(const Plan& plan);
bool hasErrors(const std::vector<Finding>&);

}  // namespace traindeck
