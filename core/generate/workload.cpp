#include "generate/workload.h"

#include "generate/checkpoint_place.h"
#include "generate/generate.h"
#include "generate/ml_configs.h"
#include "generate/shell_quote.h"
#include "plan/plan_fields.h"

#include <functional>

namespace traindeck::generate {

namespace {

// A quoted reference to a variable the entrypoint exports on the node.
std::string nodeVar(const std::string& name) { return "\"${" + name + "}\""; }
std::string configPath(const char* file) { return "\"${TRAINDECK_CONFIG_DIR}/" + std::string(file) + "\""; }

using Value = std::function<std::string(const Plan&, const LaunchFigures&)>;

struct Entry {
    Placeholder placeholder;
    Value value;
};

const std::vector<Entry>& entries() {
    static const std::vector<Entry> table = {
        {{"nodes", Text(TD_TEXT("Placeholders", "node count"))}, [](const Plan&, const LaunchFigures& f) { return std::to_string(f.nodes); }},
        {{"gpus_per_node", Text(TD_TEXT("Placeholders", "GPUs (processes) per node"))},
         [](const Plan&, const LaunchFigures& f) { return std::to_string(f.gpusPerNode); }},
        {{"nproc_per_node", Text(TD_TEXT("Placeholders", "processes per node (= GPUs per node)"))},
         [](const Plan&, const LaunchFigures& f) { return std::to_string(f.gpusPerNode); }},
        {{"world_size", Text(TD_TEXT("Placeholders", "processes in the whole job"))},
         [](const Plan&, const LaunchFigures& f) { return std::to_string(f.worldSize); }},
        {{"num_processes", Text(TD_TEXT("Placeholders", "accelerate's num_processes: the whole job's"))},
         [](const Plan&, const LaunchFigures& f) { return std::to_string(f.worldSize); }},
        {{"micro_batch", Text(TD_TEXT("Placeholders", "samples per GPU per micro-step"))},
         [](const Plan&, const LaunchFigures& f) { return std::to_string(f.microBatch); }},
        {{"grad_accum", Text(TD_TEXT("Placeholders", "gradient accumulation steps"))},
         [](const Plan&, const LaunchFigures& f) { return std::to_string(f.gradAccum); }},
        {{"effective_batch", Text(TD_TEXT("Placeholders", "micro × accumulation × world"))},
         [](const Plan&, const LaunchFigures& f) { return std::to_string(f.effectiveBatch); }},
        {{"lr", Text(TD_TEXT("Placeholders", "peak learning rate after scaling"))},
         [](const Plan&, const LaunchFigures& f) { return numberText(f.lr); }},
        {{"warmup_steps", Text(TD_TEXT("Placeholders", "warmup steps"))},
         [](const Plan&, const LaunchFigures& f) { return std::to_string(f.warmupSteps); }},
        {{"total_steps", Text(TD_TEXT("Placeholders", "optimizer steps in the run"))},
         [](const Plan&, const LaunchFigures& f) { return std::to_string(f.totalSteps); }},
        {{"zero_stage", Text(TD_TEXT("Placeholders", "DeepSpeed ZeRO stage"))},
         [](const Plan& p, const LaunchFigures&) { return std::to_string(p.recipe.zeroStage); }},
        {{"precision", Text(TD_TEXT("Placeholders", "bf16, fp16 or fp32"))},
         // The plan's own text form, from its field table.
         [](const Plan& p, const LaunchFigures&) { return findPlanField("recipe.precision")->get(p); }},
        {{"comm_timeout", Text(TD_TEXT("Placeholders", "collective timeout, seconds"))},
         [](const Plan& p, const LaunchFigures&) { return std::to_string(p.launch.commTimeoutS); }},
        {{"job_name", Text(TD_TEXT("Placeholders", "the job's name"))}, [](const Plan& p, const LaunchFigures&) { return p.launch.jobName; }},
        {{"checkpoint_every", Text(TD_TEXT("Placeholders", "steps between checkpoints (0: none)"))},
         [](const Plan& p, const LaunchFigures&) { return std::to_string(p.recipe.checkpointEvery); }},
        {{"eval_every", Text(TD_TEXT("Placeholders", "steps between evaluations (0: none)"))},
         [](const Plan& p, const LaunchFigures&) { return std::to_string(p.recipe.evalEvery); }},
        {{"eval_samples", Text(TD_TEXT("Placeholders", "held-out samples one evaluation reads"))},
         [](const Plan& p, const LaunchFigures&) { return std::to_string(p.recipe.evalSamples); }},
        // Known only on the node: references to what the entrypoint exports.
        {{"node_rank", Text(TD_TEXT("Placeholders", "this node's index (on the node)"))},
         [](const Plan&, const LaunchFigures&) { return nodeVar("NODE_RANK"); }},
        {{"master_addr", Text(TD_TEXT("Placeholders", "node 0's address (on the node)"))},
         [](const Plan&, const LaunchFigures&) { return nodeVar("MASTER_ADDR"); }},
        {{"master_port", Text(TD_TEXT("Placeholders", "rendezvous port (on the node; PAI may choose its own)"))},
         [](const Plan&, const LaunchFigures&) { return nodeVar("MASTER_PORT"); }},
        {{"config_dir", Text(TD_TEXT("Placeholders", "directory of the entrypoint and configs (on the node)"))},
         [](const Plan&, const LaunchFigures&) { return nodeVar("TRAINDECK_CONFIG_DIR"); }},
        {{"checkpoint_dir", Text(TD_TEXT("Placeholders", "the checkpoint folder this platform keeps (on the node)"))},
         [](const Plan&, const LaunchFigures&) { return nodeVar(kCheckpointDirVar); }},
        {{"accelerate_config", Text(TD_TEXT("Placeholders", "path of the generated accelerate config"))},
         [](const Plan&, const LaunchFigures&) { return configPath(kAccelerateFile); }},
        {{"deepspeed_config", Text(TD_TEXT("Placeholders", "path of the generated DeepSpeed config"))},
         [](const Plan& p, const LaunchFigures&) {
             if (!hasDeepSpeedConfig(p)) throw GenerateError(noDeepSpeedConfig(p));
             return configPath(kDeepSpeedFile);
         }},
        // Whole argument lists, so the right launch is also the easy one to write:
        // `accelerate launch {accelerate_args} train.py`, `torchrun {torchrun_args} train.py`.
        {{"accelerate_args", Text(TD_TEXT("Placeholders", "accelerate launch's config, machine rank and main process address/port"))},
         [](const Plan& plan, const LaunchFigures&) {
             // deepspeed.json by its absolute path on the node (the config's own is relative).
             const std::string ds = plan.recipe.zeroStage > 0 ? " --deepspeed_config_file " + configPath(kDeepSpeedFile) : "";
             return "--config_file " + configPath(kAccelerateFile) + ds + " --machine_rank " + nodeVar("NODE_RANK") +
                    " --main_process_ip " + nodeVar("MASTER_ADDR") + " --main_process_port " + nodeVar("MASTER_PORT");
         }},
        {{"torchrun_args", Text(TD_TEXT("Placeholders", "torchrun's node count, processes per node, node rank and master"))},
         // The underscore spellings: every torchrun since torch 1.10 takes them; the
         // dashed ones came later (torch 1.13, Debian 12's, refuses --nproc-per-node).
         [](const Plan&, const LaunchFigures& f) {
             return "--nnodes " + std::to_string(f.nodes) + " --nproc_per_node " + std::to_string(f.gpusPerNode) +
                    " --node_rank " + nodeVar("NODE_RANK") + " --master_addr " + nodeVar("MASTER_ADDR") +
                    " --master_port " + nodeVar("MASTER_PORT");
         }},
    };
    return table;
}

// Values computed on the node are already quoted shell text; plan values are data.
bool isNodeValue(const std::string& name) {
    return name == "node_rank" || name == "master_addr" || name == "master_port" || name == "config_dir" ||
           name == "checkpoint_dir" ||
           name == "accelerate_config" || name == "deepspeed_config" || name == "accelerate_args" ||
           name == "torchrun_args";
}

bool isNameChar(char c) { return (c >= 'a' && c <= 'z') || c == '_'; }

}  // namespace

const std::vector<Placeholder>& placeholders() {
    static const std::vector<Placeholder> list = [] {
        std::vector<Placeholder> l;
        for (const Entry& e : entries()) l.push_back(e.placeholder);
        return l;
    }();
    return list;
}

std::string fillTemplate(std::string_view tmpl, const Plan& plan, const LaunchFigures& figures) {
    std::string out;
    std::size_t i = 0;
    while (i < tmpl.size()) {
        const char c = tmpl[i];
        // `${name}` is the shell's own expansion, not a placeholder.
        if (c == '{' && !(i > 0 && tmpl[i - 1] == '$')) {
            std::size_t j = i + 1;
            while (j < tmpl.size() && isNameChar(tmpl[j])) ++j;
            if (j < tmpl.size() && tmpl[j] == '}' && j > i + 1) {
                const std::string name(tmpl.substr(i + 1, j - i - 1));
                const Entry* found = nullptr;
                for (const Entry& e : entries())
                    if (e.placeholder.name == name) found = &e;
                if (!found) {
                    std::string known;
                    for (const Entry& e : entries()) known += (known.empty() ? "" : ", ") + e.placeholder.name;
                    throw GenerateError(Text(TD_TEXT("GenerateErrors", "command template: unknown placeholder {%1} (known: %2)"),
                                             {Text::value(printable(name, kWholeValue)), Text::value(known)}));
                }
                const std::string value = found->value(plan, figures);
                out += isNodeValue(name) ? value : shellQuote(value);
                i = j + 1;
                continue;
            }
        }
        out += c;
        ++i;
    }
    return out;
}

std::optional<Text> workloadMissing(const Plan& plan) {
    if (!plan.launch.command.empty() || !plan.model.preset.empty()) return std::nullopt;
    // The trainer trains its presets only: a custom model would silently train the default.
    // The field by its name in each face (the window's label, the command line's flag).
    return Text(TD_TEXT("GenerateErrors", "the model '%1' is not one of traindeck-trainer's presets "
                                          "(tiny, base, large): set %2 to the command that trains it, or choose a preset"),
                {Text::value(printable(plan.model.name, kWholeValue)), Text::field("launch.command", "--command")});
}

std::string workloadShell(const Plan& plan, const LaunchFigures& f, const GenerateOptions& options) {
    if (!plan.launch.command.empty()) return fillTemplate(plan.launch.command, plan, f);
    if (std::optional<Text> missing = workloadMissing(plan)) throw GenerateError(std::move(*missing));
    // traindeck-trainer is itself the per-node launcher: it starts one process per
    // GPU and reads NODE_RANK, NNODES, MASTER_ADDR and MASTER_PORT.
    std::vector<std::pair<std::string, std::string>> flags = {
        {"--nproc-per-node", std::to_string(f.gpusPerNode)},
        {"--micro-batch", std::to_string(f.microBatch)},
        {"--grad-accum", std::to_string(f.gradAccum)},
        {"--steps", std::to_string(f.totalSteps)},
        {"--lr", numberText(f.lr)},
        {"--warmup", std::to_string(f.warmupSteps)},
        {"--comm-timeout", std::to_string(plan.launch.commTimeoutS)},
        // Every plan field the workload reads: the clip the plan's compute assumes.
        {"--frames", std::to_string(plan.model.clipFrames)},
        {"--height", std::to_string(plan.model.clipHeight)},
        {"--width", std::to_string(plan.model.clipWidth)},
    };
    flags.insert(flags.begin() + 1, {"--preset", plan.model.preset});
    if (plan.recipe.evalEvery > 0) {
        flags.push_back({"--eval-every", std::to_string(plan.recipe.evalEvery)});
        flags.push_back({"--eval-samples", std::to_string(plan.recipe.evalSamples)});
    }
    if (!options.metricsFile.empty()) flags.push_back({"--metrics-file", options.metricsFile});
    std::string out = "exec traindeck-trainer";
    for (const auto& [flag, value] : flags) out += " \\\n    " + flag + " " + shellQuote(value);
    // The checkpoint folder is the platform's (each target's file sets it, see
    // checkpoint_place.h); the trainer refuses an interval without a place to write to.
    const std::string dir = std::string("${") + kCheckpointDirVar;
    out += " \\\n    " + dir + ":+--checkpoint-dir \"$" + kCheckpointDirVar + "\"}";
    if (plan.recipe.checkpointEvery > 0)
        out += " \\\n    " + dir + ":+--checkpoint-every " + shellQuote(std::to_string(plan.recipe.checkpointEvery)) + "}";
    return out;
}

}  // namespace traindeck::generate
