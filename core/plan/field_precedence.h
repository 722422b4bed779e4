#pragma once
// Which value wins when the user sets a field: the rules of plan_fields.h's
// fieldPrecedences (a field that only counts while another is off: the
// accumulation while no global batch is set, the total steps while no epochs
// are, the MFU while no measured point is), applied once here for both faces.
// The window sets one field at a time (setFieldByUser); the command line gives
// all its flags at once over the plan file (applyUserEdits). The user's word
// wins over a field of the plan that would decide it instead; two words of the
// user against each other cannot both win, and the error says why.

#include "plan/plan.h"
#include "text/text.h"

#include <string>
#include <string_view>
#include <vector>

namespace traindeck {

// One field as the user gave it: its key, its text, and how the user named it
// (the flag typed, "--grad-accum"; another face may name it by its label).
struct UserEdit {
    std::string key;
    std::string value;
    std::string name;
};

// Sets `key` to `text` on the user's word; a field that would decide it instead
// is turned off (a global batch set to 0 when the accumulation is typed). Returns
// setPlanField's error, and the plan is unchanged on error.
Text setFieldByUser(Plan& plan, std::string_view key, std::string_view text);

// Applies the user's edits in order over `plan` (a file's or the demo's), then the
// precedence: each edited field wins over a field of the plan that would decide it,
// unless the user also gave that one (an error naming both). Errors name the edit
// by its UserEdit::name ("--micro-batch: must be at least 1"); the plan is
// unchanged on error.
Text applyUserEdits(Plan& plan, const std::vector<UserEdit>& edits);

}  // namespace traindeck
