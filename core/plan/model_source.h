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

// The plan's name and its job name follow the model that `edits` choose while no
// one chose them: the demo's ("demo", "traindeck-demo"), or the name the plan's
// current model gave them ("llama-3-1-70b" when 70B becomes 8B). Both become the
// model's name as a DNS label, as Kubernetes wants ("llama-3-1-8b"); a name the
// user gave stays. Adds the edits to `edits`. The wizard and `--model` both name so.
void nameAfterModel(const Plan& plan, std::vector<FieldEdit>& edits);

}  // namespace traindeck
