#include "generate/context.h"

#include "generate/entrypoint.h"
#include "generate/ml_configs.h"
#include "generate/shell_quote.h"
#include "generate/workload.h"
#include "plan/plan_fields.h"
#include "platform/node_env.h"

namespace traindeck::generate {

namespace {

void checkEnvironment(const std::map<std::string, std::string>& env, const std::vector<SecretEnv>& secrets) {
    for (const auto& [name, value] : env) {
        if (!platform::isEnvName(name))
            throw GenerateError("environment variable name '" + printable(name) +
                                "' is not valid: use letters, digits and '_', not starting with a digit");
        if (platform::isReservedName(name))
            throw GenerateError("environment variable " + name +
                                " is set by the entrypoint for each node and cannot be overridden");
        if (platform::looksLikeSecret(name))
            throw GenerateError("environment variable " + name +
                                " looks like a secret and would be written in plain text: pass it by reference "
                                "with --secret-env " + name + "=SECRET:KEY");
        if (value.find('\0') != std::string::npos)
            throw GenerateError("environment variable " + name + " holds a NUL byte, which no environment can carry");
    }
    for (const SecretEnv& s : secrets) {
        if (!platform::isEnvName(s.var))
            throw GenerateError("secret variable name '" + printable(s.var) + "' is not a valid environment name");
        if (platform::isReservedName(s.var))
            throw GenerateError("secret variable " + s.var + " would override a variable the entrypoint sets");
        if (env.count(s.var))
            throw GenerateError("variable " + s.var + " is given both as a secret and as a plain value");
    }
}

}  // namespace

Context makeContext(const Plan& plan, const GenerateOptions& options) {
    // The estimate the figures come from needs a valid plan (a known GPU, ...);
    // the GUI may call with one being edited, so check rather than assume.
    if (std::string error = validatePlan(plan); !error.empty()) throw GenerateError(error);
    Context ctx{plan, options, {}};
    // The options' extra environment joins the plan's (options win), so one
    // builder (platform::jobEnvironment) sees all of it.
    for (const auto& [name, value] : options.env) ctx.plan.launch.env[name] = value;
    checkEnvironment(ctx.plan.launch.env, options.secrets);
    if (ctx.plan.launch.jobName.empty()) throw GenerateError("the job needs a name (--name)");
    if (ctx.plan.launch.jobName.find('\0') != std::string::npos ||
        ctx.plan.launch.command.find('\0') != std::string::npos)
        throw GenerateError("the job name and command cannot hold NUL bytes");
    if (options.retries < 0) throw GenerateError("retries must be 0 or more");
    // DeepSpeed offloads optimizer state only as part of ZeRO (stages 1-3).
    if (plan.recipe.offloadOptimizer && plan.recipe.zeroStage == 0)
        throw GenerateError("optimizer offload needs ZeRO stage 1 or more (--zero-stage)");
    ctx.figures = launchFigures(ctx.plan);
    return ctx;
}

std::vector<GeneratedFile> supportFiles(const Context& ctx) {
    return {
        {kEntrypointFile, entrypointScript(ctx.plan, ctx.figures, ctx.options), true},
        {kAccelerateFile, accelerateConfig(ctx.plan, ctx.figures), false},
        {kDeepSpeedFile, deepSpeedConfig(ctx.plan, ctx.figures), false},
    };
}

}  // namespace traindeck::generate
