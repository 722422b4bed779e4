#pragma once
// The script every node of every platform runs (entrypoint.sh). It reads the
// node's rank and the job's size by the platform's convention, refuses to start
// when they or the node's GPUs disagree with the plan, exports the per-node
// environment (core/platform), runs the workload, forwards SIGTERM to it and
// exits with its status. In per-GPU mode it starts the workload once per GPU
// with torchrun's variables and supervises the ranks itself.

#include "generate/launch_figures.h"
#include "generate/options.h"
#include "plan/plan.h"

#include <string>

namespace traindeck::generate {

// Exit status of a refusal: a configuration error no retry can fix
// (EX_CONFIG of sysexits.h). The Kubernetes Job fails at once on it.
inline constexpr int kRefuseExitStatus = 78;

// Per-GPU mode (launch.processes: per-gpu): seconds a rank has between SIGTERM
// and SIGKILL once another rank failed or the node is stopped (torchrun's too).
inline constexpr int kRankGraceSeconds = 30;

std::string entrypointScript(const Plan& plan, const LaunchFigures& figures, const GenerateOptions& options);

}  // namespace traindeck::generate
