#pragma once
// Where a generated job writes its checkpoints: a place that outlives the pod or
// the node, or none, with the reason. The plan's launch.checkpoint_dir where the
// user set one; otherwise each platform's own lasting place: the first read-write
// volume claim mounted into the pods (Kubernetes, PyTorchJob), the job's submit
// folder, which every node shares (SLURM). A PAI-DLC node's disk goes with the job
// and an SSH node's folder is the user's to choose, so those need a path.
//
// The entrypoint every target shares reads the place from TRAINDECK_CHECKPOINT_DIR,
// which each target's own file sets (pod env, sbatch export, PAI Envs, node script):
// one entrypoint for all of them, each with its platform's place.

#include "generate/context.h"
#include "generate/generate.h"
#include "text/text.h"

#include <string>

namespace traindeck::generate {

inline constexpr const char* kCheckpointDirVar = "TRAINDECK_CHECKPOINT_DIR";

struct CheckpointPlace {
    // The folder as shell text for a double-quoted context on the node: a plain path,
    // or one under a variable the platform sets (SLURM: ${SLURM_SUBMIT_DIR}/...). Empty: none.
    std::string shellValue;
    std::string path;  // the same for the user and for non-shell files (YAML, JSON); empty: none
    Text where;        // one line: where checkpoints go, or why this job writes none
};

// The place for `target`'s job. Targets that start no trainer (accelerate, deepspeed)
// have none, and no line.
CheckpointPlace checkpointPlace(const Context& ctx, Target target);

// Throws GenerateError when the user's command names {checkpoint_dir} and `target`
// has no place to give it.
void checkCheckpointPlaceholder(const Context& ctx, Target target);

}  // namespace traindeck::generate
