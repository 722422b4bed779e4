#pragma once
// What each node runs once its environment is set: `traindeck-trainer` with the
// plan's flags, or the user's own command template with {placeholders} filled
// from the plan (`accelerate launch --config_file {accelerate_config} train.py
// --lr {lr}`).
//
// The template is the user's shell code and stays so; only the values put into
// it are quoted. Values fixed by the plan are written as quoted words; values
// known only on the node ({node_rank}, {master_addr}, ...) become quoted
// references to the variables the entrypoint exports.

#include "generate/launch_figures.h"
#include "generate/options.h"
#include "plan/plan.h"

#include "text/text.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace traindeck::generate {

struct Placeholder {
    std::string name;  // "lr", written {lr} in a template
    Text help;
};
const std::vector<Placeholder>& placeholders();

// The template with each {name} replaced; `${...}` shell expansions are left
// alone. Throws GenerateError naming an unknown placeholder.
std::string fillTemplate(std::string_view tmpl, const Plan& plan, const LaunchFigures& figures);

// Shell text that starts the workload in the foreground (the body of the
// entrypoint's run_workload function).
std::string workloadShell(const Plan& plan, const LaunchFigures& figures, const GenerateOptions& options);
// Why the plan has no workload to launch (no command, and a model that is not one
// of the trainer's presets): the error workloadShell() throws. Nothing when it has one.
std::optional<Text> workloadMissing(const Plan& plan);

// Names of the config files the entrypoint's directory holds.
inline constexpr const char* kEntrypointFile = "entrypoint.sh";
inline constexpr const char* kAccelerateFile = "accelerate.yaml";
inline constexpr const char* kDeepSpeedFile = "deepspeed.json";

}  // namespace traindeck::generate
