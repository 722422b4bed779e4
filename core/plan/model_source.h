#pragma once
// A plan's model taken from a Hugging Face config.json or from the model catalogue
// (core/model), as the plan-field edits that make it so: the architecture, the
// model's name, the trainer preset (or none) and the usual sequence length. The
// command line's --hf-config and --model and the wizard's model page apply them.

#include "plan/findings.h"
#include "text/text.h"

#include <string>
#include <string_view>
#include <vector>

namespace traindeck {

// On failure returns the one-line error and leaves `edits` alone.
Text hfConfigEdits(const std::string& path, std::vector<FieldEdit>& edits);
Text catalogueModelEdits(const std::string& name, std::vector<FieldEdit>& edits);

// Whether the plan's model reads the field `key` describing a sample, so that a face
// asks only for what counts: the sequence length (model.tokens_per_sample) where
// tokens are the user's choice (a language model, a model known only by numbers),
// the clip (model.clip_*) where frames make the sample (the trainer's and video
// models, or a model without an architecture, which runs the trainer), flash
// attention where there is attention, the per-sample activation memory where no
// architecture gives it. Any other key: true.
bool modelFieldUsed(const Plan& plan, std::string_view key);

// A plan still called by the default job name ("demo") is named after the model
// that `edits` choose: "llama-3.1-8b" (lower case, a DNS label as Kubernetes
// wants). A name the user gave stays. Adds the edit to `edits`.
void nameJobAfterModel(const Plan& plan, std::vector<FieldEdit>& edits);

}  // namespace traindeck
