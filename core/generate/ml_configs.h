#pragma once
// The framework configs: HuggingFace accelerate's config YAML (with its
// deepspeed_config block when the plan uses ZeRO or offload) and a DeepSpeed JSON config. Both take every number
// from LaunchFigures, so they agree with each other and with the plan:
// DeepSpeed's train_batch_size = micro × accumulation × world, accelerate's
// num_processes = the whole job's process count (not per node).

#include "generate/launch_figures.h"
#include "plan/plan.h"

#include <string>

namespace traindeck::generate {

// `comments`: lines starting with "# " put before the settings (empty: none).
std::string accelerateConfig(const Plan& plan, const LaunchFigures& figures, const std::string& comments = {});
std::string deepSpeedConfig(const Plan& plan, const LaunchFigures& figures);

}  // namespace traindeck::generate
