#pragma once
// The command-line arguments every plan-reading subcommand shares:
// an optional PLAN.yaml, then any plan field as a flag that overrides the file
// (the flags come from core's field table), plus the subcommand's own options.

#include "plan/plan.h"
#include "text/text.h"

#include <cstdio>
#include <functional>
#include <string>
#include <vector>

namespace traindeck::cli {

struct Option {
    std::string flag;        // "--json"
    bool takesValue = false;
    Text help;
    std::function<std::string(const std::string& value)> apply;  // returns an error, empty when fine
};

// Reads `argv` into `plan`: the demo plan's values (or the file's, when a
// PLAN.yaml is named), then the flags in order. Returns one line describing
// the first bad argument (in the interface language), empty on success. `file`
// receives the file named, if any.
std::string readPlanArguments(int argc, char** argv, const std::vector<Option>& own, Plan& plan,
                              std::string& file);

// Lists the plan flags, two columns, for --help: each field's label and help from
// core's field table, in the interface language.
void printPlanFlags(std::FILE* out);
void printOptions(std::FILE* out, const std::vector<Option>& options);

}  // namespace traindeck::cli
