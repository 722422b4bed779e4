#pragma once
// A plan's deadline as its users write it: a duration from now ("36h", "90m", "2d",
// "3600s") or a date and time ("2026-11-30T09:00", "2026-11-30 09:00", UTC unless it
// ends in an offset such as +08:00). core/cost's solver asks for the hours it leaves.

#include "text/text.h"

#include <ctime>
#include <optional>
#include <string_view>

namespace traindeck {

// Hours from `now` to the deadline; nullopt with `error` set when the text is neither
// form, or the moment has passed.
std::optional<double> deadlineHours(std::string_view text, std::time_t now, Text& error);

}  // namespace traindeck
