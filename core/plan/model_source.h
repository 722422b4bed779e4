#pragma once
// A plan's model taken from a Hugging Face config.json or from the model catalogue
// (core/model), as the plan-field edits that make it so: the architecture, the
// model's name, the trainer preset (or none) and the usual sequence length. The
// command line's --hf-config and --model and the wizard's model page apply them.

#include "plan/findings.h"
#include "text/text.h"

#include <string>
#include <vector>

namespace traindeck {

// On failure returns the one-line error and leaves `edits` alone.
Text hfConfigEdits(const std::string& path, std::vector<FieldEdit>& edits);
Text catalogueModelEdits(const std::string& name, std::vector<FieldEdit>& edits);

}  // namespace traindeck
