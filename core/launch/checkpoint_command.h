#pragma once
// A plan that names a checkpoint folder (launch.checkpoint_dir) promises the user
// that a stop saves the run there, so the workload must be told the folder. Our
// trainer run by the generated entrypoint (no command) gets --checkpoint-dir from
// it; a command that runs traindeck-trainer gets --checkpoint-dir (and the plan's
// --checkpoint-every) added by the launcher; any other command must name the
// folder itself, as {checkpoint_dir} or $TRAINDECK_CHECKPOINT_DIR. One that does
// neither would run unprotected while the user believes otherwise: refused.

#include "plan/plan.h"

#include <string>

namespace traindeck::launch {

// The command the nodes run for `plan` (its launch.command, with the trainer's
// checkpoint flags added where the launcher adds them); throws LaunchError, one
// line naming both ways, for a command that would never learn the folder.
std::string commandWithCheckpoints(const Plan& plan);

}  // namespace traindeck::launch
