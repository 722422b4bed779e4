#pragma once
// What every target works from: the plan (with the options' extra environment
// merged in), the options, and the figures derived once. Built and checked in
// one place, so each target sees the same validated inputs.

#include "generate/generate.h"
#include "generate/launch_figures.h"
#include "generate/options.h"
#include "plan/plan.h"

#include <vector>

namespace traindeck::generate {

struct Context {
    Plan plan;
    GenerateOptions options;
    LaunchFigures figures;
};

// Checks what every target writes (environment names, secrets kept out of
// plain values, the job name) and derives the figures. Throws GenerateError.
Context makeContext(const Plan& plan, const GenerateOptions& options);

// The files every node-script target ships beside its own: entrypoint.sh and
// the accelerate and DeepSpeed configs the workload may name.
std::vector<GeneratedFile> supportFiles(const Context& ctx);

// One target each (targets.cpp dispatches).
std::vector<GeneratedFile> kubernetesFiles(const Context& ctx);
std::vector<GeneratedFile> pyTorchJobFiles(const Context& ctx);
std::vector<GeneratedFile> paiFiles(const Context& ctx);
std::vector<GeneratedFile> slurmFiles(const Context& ctx);
std::vector<GeneratedFile> sshFiles(const Context& ctx);

}  // namespace traindeck::generate
