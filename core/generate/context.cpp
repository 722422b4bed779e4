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
            throw GenerateError(Text(TD_TEXT("GenerateErrors", "environment variable name '%1' is not valid: use letters, "
                                                               "digits and '_', not starting with a digit"),
                                     {Text::value(printable(name, kWholeValue))}));
        if (platform::isReservedName(name))
            throw GenerateError(Text(TD_TEXT("GenerateErrors", "environment variable %1 is set by the entrypoint for each "
                                                               "node and cannot be overridden"),
                                     {Text::value(name)}));
        if (platform::looksLikeSecret(name))
            throw GenerateError(Text(TD_TEXT("GenerateErrors", "environment variable %1 looks like a secret and would be "
                                                               "written in plain text: pass it by reference with "
                                                               "--secret-env %1=SECRET:KEY"),
                                     {Text::value(name)}));
        if (value.find('\0') != std::string::npos)
            throw GenerateError(Text(TD_TEXT("GenerateErrors", "environment variable %1 holds a NUL byte, which no "
                                                               "environment can carry"),
                                     {Text::value(name)}));
    }
    for (const SecretEnv& s : secrets) {
        if (!platform::isEnvName(s.var))
            throw GenerateError(Text(TD_TEXT("GenerateErrors", "secret variable name '%1' is not a valid environment name"),
                                     {Text::value(printable(s.var, kWholeValue))}));
        if (platform::isReservedName(s.var))
            throw GenerateError(Text(TD_TEXT("GenerateErrors", "secret variable %1 would override a variable the entrypoint sets"),
                                     {Text::value(s.var)}));
        if (env.count(s.var))
            throw GenerateError(Text(TD_TEXT("GenerateErrors", "variable %1 is given both as a secret and as a plain value"),
                                     {Text::value(s.var)}));
    }
}

}  // namespace

Context makeContext(const PlanAnalysis& analysis, const GenerateOptions& options) {
    // The figures need a complete plan (a known GPU, ...); the window asks
    // with one being edited, so check rather than assume.
    if (!analysis.valid()) throw GenerateError(analysis.invalid);
    const Plan& plan = analysis.plan;
    Context ctx{plan, options, {}, {}};
    checkEnvironment(plan.launch.env, options.secrets);
    if (ctx.plan.launch.jobName.empty())
        throw GenerateError(Text(TD_TEXT("GenerateErrors", "the job needs a name (%1)"), {planFieldName("launch.job_name")}));
    if (ctx.plan.launch.jobName.find('\0') != std::string::npos ||
        ctx.plan.launch.command.find('\0') != std::string::npos)
        throw GenerateError(Text(TD_TEXT("GenerateErrors", "the job name and command cannot hold NUL bytes")));
    if (options.retries < 0) throw GenerateError(Text(TD_TEXT("GenerateErrors", "retries must be 0 or more")));
    // DeepSpeed offloads optimizer state only as part of ZeRO (stages 1-3).
    if (plan.recipe.offloadOptimizer && plan.recipe.zeroStage == 0)
        throw GenerateError(Text(TD_TEXT("GenerateErrors", "optimizer offload needs ZeRO stage 1 or more (%1)"),
                                 {planFieldName("recipe.zero_stage")}));
    const Layout own = plan.cluster.layout();
    ctx.figures = launchFigures(plan, *analysis.estimateFor(own));  // a complete plan's analysis holds its own layout
    for (const Finding& f : analysis.findingsFor(own))
        if (f.severity == Severity::Warning) ctx.planWarnings.push_back(f.message);
    return ctx;
}

std::string warningComments(const Context& ctx, const std::string& prefix) {
    std::string out;
    for (const Text& w : ctx.planWarnings)
        // printable(, kWholeValue): a value quoted in a finding (an environment value) may hold a newline.
        out += prefix + "planner warning: " + printable(w.english(), kWholeValue) + "\n";
    return out;
}

std::vector<GeneratedFile> supportFiles(const Context& ctx) {
    std::vector<GeneratedFile> files = {
        {kEntrypointFile, entrypointScript(ctx.plan, ctx.figures, ctx.options), true},
        {kAccelerateFile, accelerateConfig(ctx.plan, ctx.figures, warningComments(ctx, "# ")), false},
    };
    // Under FSDP there is no DeepSpeed config (accelerate.yaml says so).
    if (hasDeepSpeedConfig(ctx.plan)) files.push_back({kDeepSpeedFile, deepSpeedConfig(ctx.plan, ctx.figures), false});
    return files;
}

}  // namespace traindeck::generate
