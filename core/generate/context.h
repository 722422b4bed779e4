#pragma once
// What every target works from: the plan as analysed (core/plan/plan_analysis.h),
// the options, and the figures taken from that analysis. Built and checked in
// one place, so each target sees the same validated inputs.

#include "generate/generate.h"
#include "generate/launch_figures.h"
#include "generate/options.h"
#include "plan/plan.h"
#include "plan/plan_analysis.h"

#include <vector>

namespace traindeck::generate {

struct Context {
    Plan plan;
    GenerateOptions options;
    LaunchFigures figures;
    // The planner's warnings for the layout the files are for (a batch that grows
    // past the plan's global batch, an LR not rescaled, ...): the numbers in the
    // files follow the estimate, so the files say so beside them.
    std::vector<Text> planWarnings;
};

// Checks what every target writes (environment names, secrets kept out of
// plain values, the job name) and takes the figures and warnings from the
// analysis, which judged the plan already. Throws GenerateError.
Context makeContext(const PlanAnalysis& analysis, const GenerateOptions& options);

// `planWarnings` as comment lines, each starting with `prefix` ("# "); empty when none.
std::string warningComments(const Context& ctx, const std::string& prefix);

// How to follow a job of this target with `traindeck watch`, as comment lines
// starting with `prefix`; empty for targets without one.
std::string watchComment(const Context& ctx, Target target, const std::string& prefix);

// The files every node-script target ships beside its own: entrypoint.sh and
// the accelerate and DeepSpeed configs the workload may name.
std::vector<GeneratedFile> supportFiles(const Context& ctx);

// One target each (targets.cpp dispatches).
std::vector<GeneratedFile> kubernetesFiles(const Context& ctx);
std::vector<GeneratedFile> pyTorchJobFiles(const Context& ctx);
std::vector<GeneratedFile> paiFiles(const Context& ctx);
std::vector<GeneratedFile> slurmFiles(const Context& ctx);
std::vector<GeneratedFile> sshFiles(const Context& ctx);
std::vector<GeneratedFile> skyPilotFiles(const Context& ctx);

// What a target's files cannot carry or had to choose, one line each (generate.h: notes()).
std::vector<Text> paiNotes(const Context& ctx);
std::vector<Text> sshNotes(const Context& ctx);

}  // namespace traindeck::generate
