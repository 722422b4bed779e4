#pragma once
// The framework configs: HuggingFace accelerate's config YAML (with its
// deepspeed_config block when the plan uses ZeRO or offload, its fsdp_config block
// when it uses PyTorch FSDP) and a DeepSpeed JSON config. Both take every number
// from LaunchFigures, so they agree with each other and with the plan:
// DeepSpeed's train_batch_size = micro × accumulation × world, accelerate's
// num_processes = the whole job's process count (not per node).

#include "generate/launch_figures.h"
#include "plan/plan.h"
#include "text/text.h"

#include <string>

namespace traindeck::generate {

// `comments`: lines starting with "# " put before the settings (empty: none).
std::string accelerateConfig(const Plan& plan, const LaunchFigures& figures, const std::string& comments = {});
// Throws GenerateError for a plan that shards with FSDP: DeepSpeed runs ZeRO, not FSDP.
std::string deepSpeedConfig(const Plan& plan, const LaunchFigures& figures);

// Whether the plan has a DeepSpeed config at all (not under FSDP), and the one line
// that says why not; a plan that asks for FSDP and a ZeRO stage at once is refused
// by both configs (GenerateError) with that line.
bool hasDeepSpeedConfig(const Plan& plan);
Text noDeepSpeedConfig(const Plan& plan);

}  // namespace traindeck::generate
