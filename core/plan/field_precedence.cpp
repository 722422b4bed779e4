#include "plan/field_precedence.h"

#include "plan/plan_fields.h"

#include <algorithm>

namespace traindeck {
namespace {

// Turns off what decides `key` in `plan`, where a rule says so and it is on.
Text turnOffDeciders(Plan& plan, std::string_view key) {
    for (const Precedence& rule : fieldPrecedences()) {
        if (key != rule.field)
            continue;
        const PlanField* decider = findPlanField(rule.decider);
        if (decider->get(plan) == rule.off)
            continue;
        if (Text error = setPlanField(plan, rule.decider, rule.off); !error.empty())
            return error;
    }
    return {};
}

}  // namespace

Text setFieldByUser(Plan& plan, std::string_view key, std::string_view text) {
    Plan edited = plan;
    if (Text error = setPlanField(edited, key, text); !error.empty())
        return error;
    if (Text error = turnOffDeciders(edited, key); !error.empty())
        return error;
    plan = std::move(edited);
    return {};
}

Text applyUserEdits(Plan& plan, const std::vector<UserEdit>& edits) {
    Plan result = plan;
    const auto named = [](const UserEdit& e, Text error) {
        return Text(TD_TEXT("CoreMessages", "%1: %2"), {Text::value(e.name), std::move(error)});
    };
    for (const UserEdit& e : edits)
        if (Text error = setPlanField(result, e.key, e.value); !error.empty())
            return named(e, error);
    const auto given = [&](const char* key) {
        return std::find_if(edits.begin(), edits.end(), [&](const UserEdit& e) { return e.key == key; });
    };
    for (const Precedence& rule : fieldPrecedences()) {
        const auto field = given(rule.field), decider = given(rule.decider);
        if (field == edits.end() || findPlanField(rule.decider)->get(result) == rule.off)
            continue;
        if (decider != edits.end())
            return Text(TD_TEXT("CoreMessages", "%1 %2 has no effect while %3 %4 is given: %3 decides it; give one of "
                                                "the two (%3 %5 lets %1 decide)"),
                        {Text::value(field->name), Text::value(printable(field->value)), Text::value(decider->name),
                         Text::value(printable(decider->value)), Text::value(*rule.off ? rule.off : "''")});
        if (Text error = setPlanField(result, rule.decider, rule.off); !error.empty())
            return named(*field, error);
    }
    plan = std::move(result);
    return {};
}

}  // namespace traindeck
