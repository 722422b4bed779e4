#pragma once
// A list field's text (core/plan/plan_fields.cpp): how it is cut into items, for the
// field that reads it and the plan file that writes it as a YAML list.

#include <string>
#include <string_view>
#include <vector>

namespace traindeck {

// Comma-separated items, trimmed, empty ones dropped (a YAML list and a repeated flag
// both arrive as one such text). A list of command-line options (its text starts with
// "--", as sbatch options do) is cut only before the next option, so that an option's
// value may hold commas: "--gres=gpu:8,nvme:1,--exclusive" is two items.
std::vector<std::string> listItems(std::string_view text);

}  // namespace traindeck
