#pragma once
// Plans as YAML files: versioned, saved and loaded losslessly.

#include "plan/plan.h"
#include "text/text.h"

#include <string>

namespace traindeck {

std::string planToYaml(const Plan& plan);

struct LoadResult {
    bool ok = false;
    Text error;  // one line: "FILE:LINE: key 'recipe.micro_batch': must be at least 1"
};

// Parses `text` into `plan`. On any error `plan` is left exactly as it was.
// `source` names the file in the error message.
LoadResult planFromYaml(const std::string& text, const std::string& source, Plan& plan);
LoadResult loadPlanFile(const std::string& path, Plan& plan);
// Writes atomically (temporary file, then rename). Returns an error message, empty on success.
Text savePlanFile(const std::string& path, const Plan& plan);

}  // namespace traindeck
