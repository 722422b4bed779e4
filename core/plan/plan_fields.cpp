#include "plan/plan_fields.h"

#include "plan/calibrate.h"
#include "plan/goal.h"
#include "plan/hardware.h"
#include "plan/list_items.h"
#include "text/trimmed.h"

#include "model/architecture.h"
#include "model/parameters.h"

#include <algorithm>
#include <cctype>
#include <ctime>
#include <charconv>
#include <cmath>
#include <limits>
#include <type_traits>
#include <utility>

namespace traindeck {
namespace {

// Parses a number, allowing the K/M/B/G/T suffixes people write parameter
// counts and dataset sizes with ("7.5B", "29.5K").
bool parseNumber(std::string_view text, double& out) {
    std::string s = trimmed(text);
    if (s.empty())
        return false;
    double scale = 1;
    switch (s.back()) {
    case 'K': case 'k': scale = 1e3; break;
    case 'M': case 'm': scale = 1e6; break;
    case 'B': case 'G': case 'g': scale = 1e9; break;
    case 'T': case 't': scale = 1e12; break;
    default: break;
    }
    if (scale != 1)
        s.pop_back();
    double v = 0;
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || end != s.data() + s.size() || !std::isfinite(v))
        return false;
    out = v * scale;
    return true;
}

using Getter = std::function<std::string(const Plan&)>;

Text val(std::string v) { return Text::value(std::move(v)); }
// A user's value quoted in a message: one line, not too long.
Text typed(std::string_view v) { return Text::value(printable(v)); }
using Setter = std::function<Text(Plan&, std::string_view)>;

// A whole-number field within [min, max].
template <typename T>
PlanField integer(std::string key, std::string flag, T Plan::*section,
                  auto member, long long min, long long max) {
    Getter get = [=](const Plan& p) { return std::to_string((p.*section).*member); };
    Setter set = [=](Plan& p, std::string_view text) -> Text {
        double v = 0;
        if (!parseNumber(text, v) || v != std::floor(v))
            return Text(TD_TEXT("CoreMessages", "expected a whole number, got '%1'"), {typed(text)});
        if (v < double(min))
            return Text(TD_TEXT("CoreMessages", "must be at least %1, got %2"), {val(std::to_string(min)), typed(trimmed(text))});
        if (v > double(max))
            return Text(TD_TEXT("CoreMessages", "must be at most %1, got %2"), {val(std::to_string(max)), typed(trimmed(text))});
        (p.*section).*member = static_cast<std::remove_reference_t<decltype((p.*section).*member)>>(v);
        return {};
    };
    return {std::move(key), std::move(flag), get, set};
}

enum class Bound { Inclusive, Exclusive };

// A real-number field; `min` is exclusive where zero makes no sense (an LR of 0).
template <typename T>
PlanField real(std::string key, std::string flag, T Plan::*section,
               double T::*member, double min, Bound minBound,
               double max = std::numeric_limits<double>::infinity()) {
    Getter get = [=](const Plan& p) { return formatNumber((p.*section).*member); };
    Setter set = [=](Plan& p, std::string_view text) -> Text {
        double v = 0;
        if (!parseNumber(text, v))
            return Text(TD_TEXT("CoreMessages", "expected a number, got '%1'"), {typed(text)});
        if (minBound == Bound::Exclusive ? v <= min : v < min)
            return Text(minBound == Bound::Exclusive ? TD_TEXT("CoreMessages", "must be greater than %1, got %2")
                                                     : TD_TEXT("CoreMessages", "must be at least %1, got %2"),
                        {val(formatNumber(min)), typed(trimmed(text))});
        if (v > max)
            return Text(TD_TEXT("CoreMessages", "must be at most %1, got %2"), {val(formatNumber(max)), typed(trimmed(text))});
        (p.*section).*member = v;
        return {};
    };
    return {std::move(key), std::move(flag), get, set};
}

template <typename T>
PlanField boolean(std::string key, std::string flag, T Plan::*section, bool T::*member) {
    Getter get = [=](const Plan& p) { return std::string((p.*section).*member ? "true" : "false"); };
    Setter set = [=](Plan& p, std::string_view text) -> Text {
        const std::string t = trimmed(text);
        if (t == "true" || t == "yes" || t == "on" || t == "1")
            (p.*section).*member = true;
        else if (t == "false" || t == "no" || t == "off" || t == "0")
            (p.*section).*member = false;
        else
            return Text(TD_TEXT("CoreMessages", "expected true or false, got '%1'"), {typed(text)});
        return {};
    };
    return {std::move(key), std::move(flag), get, set, false, true};
}

// A name of a choice field's value, and what the faces call it (the name itself when empty).
template <typename E>
struct Named {
    std::string name;
    E value;
    Text label = Text();
};

// A field that takes one of a fixed set of names.
template <typename T, typename E>
PlanField choice(std::string key, std::string flag, T Plan::*section, E T::*member, std::vector<Named<E>> names) {
    Getter get = [=](const Plan& p) {
        for (const Named<E>& n : names)
            if ((p.*section).*member == n.value)
                return n.name;
        return std::string("?");
    };
    Setter set = [=](Plan& p, std::string_view text) -> Text {
        const std::string t = trimmed(text);
        std::string all;
        for (const Named<E>& n : names) {
            if (n.name == t) {
                (p.*section).*member = n.value;
                return {};
            }
            all += (all.empty() ? "" : ", ") + n.name;
        }
        return Text(TD_TEXT("CoreMessages", "expected one of %1, got '%2'"), {val(all), typed(text)});
    };
    PlanField f{std::move(key), std::move(flag), get, set};
    for (const Named<E>& n : names)
        f.choices.push_back({n.name, n.label.empty() ? Text::value(n.name) : n.label});
    return f;
}

// A free-text field; `check` returns an error for text the field cannot hold.
template <typename T>
PlanField text(std::string key, std::string flag, T Plan::*section, std::string T::*member,
               std::function<Text(const std::string&)> check = {}) {
    Getter get = [=](const Plan& p) { return (p.*section).*member; };
    Setter set = [=](Plan& p, std::string_view value) -> Text {
        std::string v(value);
        if (check)
            if (Text error = check(v); !error.empty())
                return error;
        (p.*section).*member = v;
        return {};
    };
    return {std::move(key), std::move(flag), get, set, true};
}

Text oneLine(const std::string& v) {
    return v.find_first_of("\n\r") == std::string::npos ? Text() : Text(TD_TEXT("CoreMessages", "must be a single line"));
}

template <typename Catalogue>
Text inCatalogue(const std::string& v, const Catalogue& catalogue, TextTemplate what) {
    std::string keys;
    for (const auto& entry : catalogue) {
        if (entry.key == v)
            return {};
        keys += (keys.empty() ? "" : ", ") + entry.key;
    }
    return Text(TD_TEXT("CoreMessages", "unknown %1 '%2' (known: %3)"), {Text(what), typed(v), val(keys)});
}

// The trainer's model presets (docs/trainer-workload.md): width D and depth L.
struct Preset { const char* name; int width; int layers; };
constexpr Preset kPresets[] = {{"tiny", 128, 2}, {"base", 1024, 3}, {"large", 4096, 4}};

// Parameters of tae-mlp: encoder 192→D→…→D→16 and decoder 16→D→…→D→192, each with L−1 hidden D×D layers.
double taeMlpParams(int d, int l) {
    const double encoder = (192.0 * d + d) + (l - 1) * (double(d) * d + d) + (double(d) * 16 + 16);
    const double decoder = (16.0 * d + d) + (l - 1) * (double(d) * d + d) + (double(d) * 192 + 192);
    return encoder + decoder;
}

// Tokens one sample is, where the architecture says: a ViT's patches and [CLS], the
// trainer's 8×8 patches of every frame, a video model's pixels.
void followArchitecture(Plan& p, const model::Architecture& a) {
    const double pixels = double(p.model.clipFrames) * p.model.clipHeight * p.model.clipWidth;
    if (a.family() == model::Family::Vit) p.model.tokensPerSample = double(a.positions);
    if (a.family() == model::Family::TaeMlp) p.model.tokensPerSample = pixels / 64;
    if (a.family() == model::Family::ConvVideo) p.model.tokensPerSample = pixels;
}

Text setArchitecture(Plan& p, const std::string& text) {
    if (text.empty()) {
        p.model.architecture.clear();
        return {};
    }
    model::Architecture a;
    Text error;
    if (!model::parseArchitecture(text, a, error)) return error;
    p.model.architecture = model::architectureText(a);
    p.model.params = double(model::countParameters(a).total);
    followArchitecture(p, a);
    return {};
}

// A clip dimension (frames, height, width); the trainer's patches need multiples of 8.
PlanField clipField(std::string key, std::string flag, int ModelSpec::*member) {
    PlanField f = integer(key, flag, &Plan::model, member, 1, 65536);
    f.set = [check = f.set, member](Plan& p, std::string_view v) -> Text {
        if (Text error = check(p, v); !error.empty()) return error;
        if (member != &ModelSpec::clipFrames && (p.model.*member) % 8 != 0)
            return Text(TD_TEXT("CoreMessages", "must be a multiple of 8 (the trainer's patches are 8×8), got %1"),
                        {val(std::to_string(p.model.*member))});
        model::Architecture a;
        Text ignored;
        if (!p.model.architecture.empty() && model::parseArchitecture(p.model.architecture, a, ignored))
            followArchitecture(p, a);
        return {};
    };
    return f;
}

// The table. Each field is written once: its key and flag, how its text is read
// and checked, where a form shows it, its label and help for both faces (context
// "FieldLabels"), and the names of the values it takes from a short list. The
// order is the plan file's, section by section, and the forms' within a group.

// A field's place and words, given with its parser.
PlanField in(FieldGroup group, PlanField f, TextTemplate label, TextTemplate help, std::vector<FieldChoice> choices = {}) {
    f.group = group;
    f.label = Text(label);
    f.helpText = Text(help);
    if (!choices.empty())
        f.choices = std::move(choices);
    return f;
}

template <typename Catalogue>
std::vector<FieldChoice> catalogueChoices(const Catalogue& catalogue) {
    std::vector<FieldChoice> out;
    for (const auto& entry : catalogue)
        out.push_back({entry.key, Text::value(entry.name)});
    return out;
}

PlanField nameField() {
    return {"name", "--plan-name", [](const Plan& p) { return p.name; },
            [](Plan& p, std::string_view v) -> Text {
                if (Text e = oneLine(std::string(v)); !e.empty())
                    return e;
                p.name = std::string(v);
                return {};
            },
            true};
}

PlanField presetField() {
    return {"model.preset", "--preset", [](const Plan& p) { return p.model.preset; },
            [](Plan& p, std::string_view v) -> Text {
                const std::string t = trimmed(v);
                if (t.empty()) {
                    p.model.preset.clear();
                    return {};
                }
                for (const Preset& preset : kPresets)
                    if (t == preset.name) {
                        // A name that was a preset's (or "custom") follows the preset.
                        if (p.model.name == "custom" || p.model.name.starts_with("tae-mlp-"))
                            p.model.name = "tae-mlp-" + t;
                        p.model.preset = t;
                        p.model.params = taeMlpParams(preset.width, preset.layers);
                        p.model.architecture = "tae_mlp width=" + std::to_string(preset.width) +
                                               " layers=" + std::to_string(preset.layers);
                        return {};
                    }
                return Text(TD_TEXT("CoreMessages", "expected tiny, base, large or nothing, got '%1'"), {typed(v)});
            }};
}

// A parameter count other than the preset's means a custom model: the preset
// name would otherwise claim a model the numbers no longer describe.
PlanField paramsField() {
    PlanField params = real("model.params", "--params", &Plan::model, &ModelSpec::params, 0, Bound::Exclusive, 1e14);
    params.set = [check = params.set](Plan& p, std::string_view v) -> Text {
        if (Text error = check(p, v); !error.empty())
            return error;
        for (const Preset& preset : kPresets)
            if (p.model.preset == preset.name && p.model.params != taeMlpParams(preset.width, preset.layers)) {
                if (p.model.name == std::string("tae-mlp-") + preset.name)
                    p.model.name = "custom";
                p.model.preset.clear();
            }
        // Likewise an architecture whose count differs no longer describes the model.
        model::Architecture arch;
        Text ignored;
        if (!p.model.architecture.empty() && model::parseArchitecture(p.model.architecture, arch, ignored) &&
            double(model::countParameters(arch).total) != p.model.params)
            p.model.architecture.clear();
        return {};
    };
    return params;
}

void addClusterAndModelFields(std::vector<PlanField>& f) {
    using G = FieldGroup;
    f.push_back(in(G::ModelData, nameField(),
                   TD_TEXT("FieldLabels", "Plan name"),
                   TD_TEXT("FieldLabels", "A name for this plan; the file name is chosen when saving.")));
    f.push_back(in(G::Cluster, integer("cluster.nodes", "--nodes", &Plan::cluster, &Cluster::nodes, 1, 4096),
                   TD_TEXT("FieldLabels", "Nodes"),
                   TD_TEXT("FieldLabels", "Machines in the job.")));
    f.push_back(in(G::Cluster, integer("cluster.gpus_per_node", "--gpus-per-node", &Plan::cluster, &Cluster::gpusPerNode, 1, 64),
                   TD_TEXT("FieldLabels", "GPUs per node"),
                   TD_TEXT("FieldLabels", "GPUs the job uses on each machine; at most what the node type has.")));
    f.push_back(in(G::Cluster,
                   text("cluster.gpu", "--gpu", &Plan::cluster, &Cluster::gpu,
                        [](const std::string& v) { return inCatalogue(v, gpuCatalogue(), TD_TEXT("CoreMessages", "GPU")); }),
                   TD_TEXT("FieldLabels", "GPU model"),
                   TD_TEXT("FieldLabels", "Sets the memory, peak speed and NVLink bandwidth the estimate uses."), catalogueChoices(gpuCatalogue())));
    f.push_back(in(G::Cluster,
                   text("cluster.network", "--network", &Plan::cluster, &Cluster::network,
                        [](const std::string& v) { return inCatalogue(v, networkCatalogue(), TD_TEXT("CoreMessages", "network")); }),
                   TD_TEXT("FieldLabels", "Network between nodes"),
                   TD_TEXT("FieldLabels", "The bandwidth each node has to the others; the gradient all-reduce across nodes runs over it."), catalogueChoices(networkCatalogue())));
    f.push_back(in(G::ModelData, text("model.name", "--model-name", &Plan::model, &ModelSpec::name, oneLine),
                   TD_TEXT("FieldLabels", "Model name"),
                   TD_TEXT("FieldLabels", "For your reference; the estimate does not use it.")));
    f.push_back(in(G::ModelData, presetField(),
                   TD_TEXT("FieldLabels", "Trainer preset"),
                   TD_TEXT("FieldLabels", "A model of traindeck-trainer, or Custom to enter your own model's size."),
                   {{"", Text(TD_TEXT("FieldLabels", "Custom"))}, {"tiny", Text::value("tiny")},
                    {"base", Text::value("base")}, {"large", Text::value("large")}}));
    f.push_back(in(G::ModelData, paramsField(),
                   TD_TEXT("FieldLabels", "Parameters"),
                   TD_TEXT("FieldLabels", "Trainable parameters, e.g. 7e9 for a 7B model.")));
    // The architecture and what changes its activations (core/model).
    f.push_back(in(G::Advanced,
                   {"model.architecture", "--architecture", [](const Plan& p) { return p.model.architecture; },
                    [](Plan& p, std::string_view v) -> Text { return setArchitecture(p, trimmed(v)); }, true},
                   TD_TEXT("FieldLabels", "Architecture"),
                   TD_TEXT("FieldLabels", "The model's architecture (from --hf-config or --model): its parameters, FLOPs and "
                                          "activation memory follow from it. Empty: enter parameters and activation memory yourself.")));
    // The memory levers a fix names are where the model is described, not under Advanced.
    f.push_back(in(G::ModelData,
                   choice("model.activation_checkpointing", "--activation-checkpointing", &Plan::model, &ModelSpec::checkpointing,
                          std::vector<Named<ActivationCheckpointing>>{
                              {"none", ActivationCheckpointing::None, Text(TD_TEXT("FieldLabels", "None"))},
                              {"selective", ActivationCheckpointing::Selective, Text(TD_TEXT("FieldLabels", "Selective (attention scores)"))},
                              {"full", ActivationCheckpointing::Full, Text(TD_TEXT("FieldLabels", "Full (each block)"))}}),
                   TD_TEXT("FieldLabels", "Activation checkpointing"),
                   TD_TEXT("FieldLabels", "none keeps every activation; selective recomputes attention's scores; full keeps only "
                                          "each block's input and recomputes the block in backward (about 1/3 more compute).")));
    f.push_back(in(G::ModelData, boolean("model.flash_attention", "--flash-attention", &Plan::model, &ModelSpec::flashAttention),
                   TD_TEXT("FieldLabels", "Flash attention"),
                   TD_TEXT("FieldLabels", "Attention that keeps no sequence × sequence scores (PyTorch's SDPA picks it by default).")));
    f.push_back(in(G::Advanced, clipField("model.clip_frames", "--frames", &ModelSpec::clipFrames),
                   TD_TEXT("FieldLabels", "Clip frames"),
                   TD_TEXT("FieldLabels", "Frames of one video sample; the trainer trains on clips of this size.")));
    f.push_back(in(G::Advanced, clipField("model.clip_height", "--height", &ModelSpec::clipHeight),
                   TD_TEXT("FieldLabels", "Clip height"),
                   TD_TEXT("FieldLabels", "Pixels; a multiple of 8.")));
    f.push_back(in(G::Advanced, clipField("model.clip_width", "--width", &ModelSpec::clipWidth),
                   TD_TEXT("FieldLabels", "Clip width"),
                   TD_TEXT("FieldLabels", "Pixels; a multiple of 8.")));
    f.push_back(in(G::ModelData,
                   real("model.tokens_per_sample", "--tokens-per-sample", &Plan::model, &ModelSpec::tokensPerSample, 0, Bound::Exclusive, 1e9),
                   TD_TEXT("FieldLabels", "Tokens per sample"),
                   TD_TEXT("FieldLabels", "Tokens one sample feeds through the model (sequence length).")));
    f.push_back(in(G::Advanced,
                   real("model.flops_per_sample", "--flops-per-sample", &Plan::model, &ModelSpec::flopsPerSample, 0, Bound::Inclusive, 1e24),
                   TD_TEXT("FieldLabels", "FLOPs per sample"),
                   TD_TEXT("FieldLabels", "0 uses 6 × parameters × tokens (forward and backward).")));
    f.push_back(in(G::ModelData,
                   real("model.activation_gb_per_sample", "--activation-gb", &Plan::model, &ModelSpec::activationGbPerSample, 0,
                        Bound::Inclusive, 1e4),
                   TD_TEXT("FieldLabels", "Activation memory per sample (GiB)"),
                   TD_TEXT("FieldLabels", "Memory the activations of one sample hold at the peak of backward.")));
}

void addRecipeFields(std::vector<PlanField>& f) {
    using G = FieldGroup;
    using R = Recipe;
    f.push_back(in(G::Recipe, integer("recipe.micro_batch", "--micro-batch", &Plan::recipe, &R::microBatch, 1, 1 << 20),
                   TD_TEXT("FieldLabels", "Micro-batch per GPU"),
                   TD_TEXT("FieldLabels", "Samples each GPU processes per forward and backward pass.")));
    f.push_back(in(G::Recipe, integer("recipe.grad_accum", "--grad-accum", &Plan::recipe, &R::gradAccum, 1, 1 << 20),
                   TD_TEXT("FieldLabels", "Gradient accumulation"),
                   TD_TEXT("FieldLabels", "Micro-steps per optimizer step; used when the target batch is 0.")));
    f.push_back(in(G::Recipe, integer("recipe.global_batch", "--global-batch", &Plan::recipe, &R::globalBatch, 0, 1ll << 40),
                   TD_TEXT("FieldLabels", "Target global batch"),
                   TD_TEXT("FieldLabels", "Above 0: the accumulation is solved to reach this effective batch.")));
    f.push_back(in(G::Recipe, real("recipe.base_lr", "--base-lr", &Plan::recipe, &R::baseLr, 0, Bound::Exclusive, 100),
                   TD_TEXT("FieldLabels", "Base learning rate"),
                   TD_TEXT("FieldLabels", "The learning rate known to work at the reference batch.")));
    f.push_back(in(G::Recipe, integer("recipe.base_batch", "--base-batch", &Plan::recipe, &R::baseBatch, 1, 1ll << 40),
                   TD_TEXT("FieldLabels", "Reference batch"),
                   TD_TEXT("FieldLabels", "The effective batch the base learning rate was tuned at.")));
    f.push_back(in(G::Recipe,
                   choice("recipe.lr_rule", "--lr-rule", &Plan::recipe, &R::lrRule,
                          std::vector<Named<LrRule>>{
                              {"linear", LrRule::Linear, Text(TD_TEXT("FieldLabels", "Linear (LR grows with the batch)"))},
                              {"sqrt", LrRule::Sqrt, Text(TD_TEXT("FieldLabels", "Square root"))},
                              {"none", LrRule::None, Text(TD_TEXT("FieldLabels", "None (keep the base LR)"))}}),
                   TD_TEXT("FieldLabels", "LR scaling rule"),
                   TD_TEXT("FieldLabels", "How the learning rate follows the effective batch: in proportion, with its square root, or not at all.")));
    f.push_back(in(G::Recipe, boolean("recipe.scale_warmup", "--scale-warmup", &Plan::recipe, &R::scaleWarmup),
                   TD_TEXT("FieldLabels", "Scale warmup with the batch"),
                   TD_TEXT("FieldLabels", "Keep the warmup's samples constant: fewer warmup steps as the batch grows.")));
    f.push_back(in(G::Recipe, integer("recipe.warmup_steps", "--warmup-steps", &Plan::recipe, &R::warmupSteps, 0, 1ll << 40),
                   TD_TEXT("FieldLabels", "Warmup steps"),
                   TD_TEXT("FieldLabels", "Steps of linear warmup at the reference batch, before the cosine decay.")));
    f.push_back(in(G::Recipe, integer("recipe.total_steps", "--steps", &Plan::recipe, &R::totalSteps, 1, 1ll << 40),
                   TD_TEXT("FieldLabels", "Total steps"),
                   TD_TEXT("FieldLabels", "Used when epochs is 0.")));
    f.push_back(in(G::Recipe, real("recipe.epochs", "--epochs", &Plan::recipe, &R::epochs, 0, Bound::Inclusive, 1e6),
                   TD_TEXT("FieldLabels", "Epochs"),
                   TD_TEXT("FieldLabels", "Above 0: total steps = epochs × steps per epoch.")));
    f.push_back(in(G::ModelData, integer("recipe.dataset_size", "--dataset-size", &Plan::recipe, &R::datasetSize, 1, 1ll << 50),
                   TD_TEXT("FieldLabels", "Dataset size (samples)"),
                   TD_TEXT("FieldLabels", "Samples in one epoch; gives the steps per epoch.")));
    f.push_back(in(G::ModelData, boolean("recipe.drop_last", "--drop-last", &Plan::recipe, &R::dropLast),
                   TD_TEXT("FieldLabels", "Drop the last partial batch"),
                   TD_TEXT("FieldLabels", "As the data loader's drop_last: steps per epoch round down instead of up.")));
    f.push_back(in(G::Recipe, integer("recipe.zero_stage", "--zero-stage", &Plan::recipe, &R::zeroStage, 0, 3),
                   TD_TEXT("FieldLabels", "ZeRO stage"),
                   TD_TEXT("FieldLabels", "DeepSpeed ZeRO: what is sharded across GPUs to save memory."),
                   {{"0", Text(TD_TEXT("FieldLabels", "0: plain data parallel"))},
                    {"1", Text(TD_TEXT("FieldLabels", "1: shard optimizer state"))},
                    {"2", Text(TD_TEXT("FieldLabels", "2: shard optimizer state and gradients"))},
                    {"3", Text(TD_TEXT("FieldLabels", "3: shard everything, parameters too"))}}));
    f.push_back(in(G::Recipe,  // beside ZeRO: the two ways to shard
                   choice("recipe.fsdp", "--fsdp", &Plan::recipe, &R::fsdp,
                          std::vector<Named<Recipe::Fsdp>>{{"none", Recipe::Fsdp::None, Text(TD_TEXT("FieldLabels", "None"))},
                                                           {"full_shard", Recipe::Fsdp::FullShard},
                                                           {"shard_grad_op", Recipe::Fsdp::ShardGradOp},
                                                           {"hybrid_shard", Recipe::Fsdp::HybridShard}}),
                   TD_TEXT("FieldLabels", "FSDP sharding"),
                   TD_TEXT("FieldLabels", "PyTorch FSDP instead of ZeRO: full_shard shards weights, gradients and optimizer; "
                                          "shard_grad_op keeps the weights gathered from forward to backward; hybrid_shard "
                                          "shards within each node.")));
    f.push_back(in(G::Recipe, boolean("recipe.offload_optimizer", "--offload-optimizer", &Plan::recipe, &R::offloadOptimizer),
                   TD_TEXT("FieldLabels", "Offload optimizer to CPU"),
                   TD_TEXT("FieldLabels", "Keep the optimizer state in CPU memory (needs ZeRO).")));
    f.push_back(in(G::Recipe,
                   choice("recipe.precision", "--precision", &Plan::recipe, &R::precision,
                          std::vector<Named<Precision>>{
                              {"bf16", Precision::Bf16}, {"fp16", Precision::Fp16}, {"fp32", Precision::Fp32}}),
                   TD_TEXT("FieldLabels", "Precision"),
                   TD_TEXT("FieldLabels", "The number format of training; sets the bytes per parameter and gradient.")));
    f.push_back(in(G::Advanced, real("recipe.mfu", "--mfu", &Plan::recipe, &R::mfu, 0, Bound::Exclusive, 1),
                   TD_TEXT("FieldLabels", "Model FLOPs utilisation"),
                   TD_TEXT("FieldLabels", "The share of the GPU's peak the compute time assumes (0–1).")));
    f.push_back(in(G::Advanced,
                   real("recipe.memory_overhead_gb", "--memory-overhead-gb", &Plan::recipe, &R::memoryOverheadGb, 0,
                        Bound::Inclusive, 1e4),
                   TD_TEXT("FieldLabels", "Memory overhead per GPU (GiB)"),
                   TD_TEXT("FieldLabels", "CUDA context, NCCL buffers and allocator slack, beyond model states and activations.")));
}

// A list field: items joined by ',' (the YAML list and repeated flags both arrive
// as one such text). `items` reaches the plan's list, `write` and `read` one item's text.
template <typename Items, typename Write, typename Read>
PlanField listField(std::string key, std::string flag, Items items, Write write, Read read) {
    using Item = typename std::decay_t<decltype(items(std::declval<Plan&>()))>::value_type;
    Getter get = [=](const Plan& p) {
        std::string s;
        for (const Item& item : items(p)) {
            if (!s.empty()) s += ',';
            s += write(item);
        }
        return s;
    };
    Setter set = [=](Plan& p, std::string_view text) -> Text {
        std::vector<Item> parsed;
        for (const std::string& itemText : listItems(text)) {
            Item item;
            if (Text error = read(itemText, item); !error.empty())
                return error;
            parsed.push_back(std::move(item));
        }
        items(p) = std::move(parsed);
        return {};
    };
    return {std::move(key), std::move(flag), get, set, false, false, true};
}

PlanField hostsField() {
    // Checked as hosts where they are used (core/generate, core/launch): here a list of words.
    return listField(
        "launch.hosts", "--hosts", [](auto& p) -> auto& { return p.launch.hosts; },
        [](const std::string& host) { return host; },
        [](const std::string& text, std::string& host) {
            host = text;
            return oneLine(text);
        });
}

// An absolute path, or empty (the platform's default): a relative one would name a
// different folder on every node, or one inside a run's own folder.
Text absolutePathOrEmpty(const std::string& v) {
    if (Text e = oneLine(v); !e.empty()) return e;
    return v.empty() || v.front() == '/' ? Text()
                                         : Text(TD_TEXT("CoreMessages", "must be an absolute path on the nodes, got '%1'"),
                                                {typed(v)});
}

PlanField visibleGpusField() {
    return listField(
        "launch.visible_gpus", "--visible-gpus", [](auto& p) -> auto& { return p.launch.visibleGpus; },
        [](const int& gpu) { return std::to_string(gpu); },
        [](const std::string& text, int& gpu) {
            const auto r = std::from_chars(text.data(), text.data() + text.size(), gpu);
            return r.ec == std::errc() && r.ptr == text.data() + text.size() && gpu >= 0 && gpu < 1024
                       ? Text()
                       : Text(TD_TEXT("CoreMessages", "expected GPU indices like 0,1,2,3, got '%1'"), {typed(text)});
        });
}

PlanField compareField() {
    return listField(
        "compare", "--layouts", [](auto& p) -> auto& { return p.compare; }, layoutText,
        [](const std::string& text, Layout& layout) {
            return parseLayout(text, layout)
                       ? Text()
                       : Text(TD_TEXT("CoreMessages", "expected layouts like 1x8,2x8, got '%1'"), {typed(text)});
        });
}

PlanField calibrationField() {
    return listField(
        "calibration", "--calibrate", [](auto& p) -> auto& { return p.calibrations; }, calibrationText,
        [](const std::string& text, Calibration& point) {
            Text error;
            return parseCalibration(text, point, error) ? Text() : error;
        });
}

// Where a Slurm job queues. sbatch reads #SBATCH lines itself, with no shell: a
// value is one word of these characters (core/generate/slurm.cpp writes them).
Text sbatchWord(const std::string& v) {
    for (char ch : v) {
        const auto c = static_cast<unsigned char>(ch);
        if (!(std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == ':'))
            return Text(TD_TEXT("CoreMessages", "may only hold letters, digits, '-', '_', '.' and ':'"));
    }
    return {};
}

PlanField slurmOptionsField() {
    return listField(
        "launch.slurm_options", "--sbatch-option", [](auto& p) -> auto& { return p.launch.slurmOptions; },
        [](const std::string& option) { return option; },
        [](const std::string& text, std::string& option) {
            option = text;
            if (Text e = oneLine(text); !e.empty()) return e;
            return text.rfind("--", 0) == 0 && text.size() > 2
                       ? Text()
                       : Text(TD_TEXT("CoreMessages", "an sbatch option starts with '--', got '%1'"), {typed(text)});
        });
}

void addSlurmFields(std::vector<PlanField>& f) {
    using G = FieldGroup;
    using L = LaunchSettings;
    f.push_back(in(G::Launch, text("launch.slurm_partition", "--partition", &Plan::launch, &L::slurmPartition, sbatchWord),
                   TD_TEXT("FieldLabels", "Slurm partition"),
                   TD_TEXT("FieldLabels", "The partition the Slurm job queues in; empty: the cluster's default.")));
    f.push_back(in(G::Launch, text("launch.slurm_account", "--account", &Plan::launch, &L::slurmAccount, sbatchWord),
                   TD_TEXT("FieldLabels", "Slurm account"),
                   TD_TEXT("FieldLabels", "The account the Slurm job is charged to; empty: your default account.")));
    f.push_back(in(G::Launch, text("launch.slurm_qos", "--slurm-qos", &Plan::launch, &L::slurmQos, sbatchWord),
                   TD_TEXT("FieldLabels", "Slurm QOS"),
                   TD_TEXT("FieldLabels", "The Slurm quality of service; empty: the account's default.")));
    f.push_back(in(G::Launch, text("launch.slurm_time_limit", "--slurm-time", &Plan::launch, &L::slurmTimeLimit, sbatchWord),
                   TD_TEXT("FieldLabels", "Slurm time limit"),
                   TD_TEXT("FieldLabels", "The job's time limit as sbatch --time takes it (\"2-00:00:00\", \"90\"); empty: the "
                                          "partition's default.")));
    f.push_back(in(G::Launch, slurmOptionsField(), TD_TEXT("FieldLabels", "More sbatch options"),
                   TD_TEXT("FieldLabels", "More #SBATCH lines for the job, separated by commas: --constraint=h100, "
                                          "--mail-type=END.")));
}

// The launch section; the checkpoint and validation intervals are the recipe's,
// but the forms show them with the workload they ask of.
void addLaunchFields(std::vector<PlanField>& f) {
    using G = FieldGroup;
    f.push_back(in(G::Launch,
                   choice("launch.platform", "--platform", &Plan::launch, &LaunchSettings::platform,
                          std::vector<Named<Platform>>{{"k8s", Platform::Kubernetes, Text::value("Kubernetes (Indexed Job)")},
                                                       {"pytorchjob", Platform::PyTorchJob, Text::value("Kubeflow PyTorchJob")},
                                                       {"pai", Platform::PaiDlc, Text::value("PAI-DLC")},
                                                       {"slurm", Platform::Slurm, Text::value("SLURM")},
                                                       {"ssh", Platform::Ssh, Text(TD_TEXT("FieldLabels", "Plain SSH"))},
                                                       {"torchrun", Platform::Torchrun}}),
                   TD_TEXT("FieldLabels", "Target platform"),
                   TD_TEXT("FieldLabels", "Where the job is launched; decides which variables carry the ranks.")));
    f.push_back(in(G::Launch, text("launch.job_name", "--job-name", &Plan::launch, &LaunchSettings::jobName, oneLine),
                   TD_TEXT("FieldLabels", "Job name"),
                   TD_TEXT("FieldLabels", "The job's name on the platform; Kubernetes allows lower-case letters, digits and '-'.")));
    f.push_back(in(G::Launch, text("launch.image", "--image", &Plan::launch, &LaunchSettings::image, oneLine),
                   TD_TEXT("FieldLabels", "Container image"),
                   TD_TEXT("FieldLabels", "The image every node runs (Kubernetes, PyTorchJob, PAI-DLC).")));
    f.push_back(in(G::Launch, text("launch.namespace", "--namespace", &Plan::launch, &LaunchSettings::nameSpace, oneLine),
                   TD_TEXT("FieldLabels", "Namespace"),
                   TD_TEXT("FieldLabels", "The Kubernetes namespace of the job.")));
    f.push_back(in(G::Launch, text("launch.command", "--command", &Plan::launch, &LaunchSettings::command),
                   TD_TEXT("FieldLabels", "Workload command"),
                   TD_TEXT("FieldLabels", "Your training command; empty runs traindeck-trainer.")));
    f.push_back(in(G::Launch,
                   choice("launch.processes", "--processes", &Plan::launch, &LaunchSettings::processes,
                          std::vector<Named<Processes>>{
                              {"single", Processes::Single,
                               Text(TD_TEXT("FieldLabels", "Once per node (the command starts its processes)"))},
                              {"per-gpu", Processes::PerGpu,
                               Text(TD_TEXT("FieldLabels", "Once per GPU (TrainDeck starts them, as torchrun)"))}}),
                   TD_TEXT("FieldLabels", "Processes per node"),
                   TD_TEXT("FieldLabels", "single: the command starts its own processes (torchrun, accelerate launch); per-gpu: "
                                          "TrainDeck starts the command once per GPU with torchrun's variables (RANK, LOCAL_RANK, "
                                          "WORLD_SIZE, ...).")));
    f.push_back(in(G::Launch, integer("launch.master_port", "--master-port", &Plan::launch, &LaunchSettings::masterPort, 1, 65535),
                   TD_TEXT("FieldLabels", "Rendezvous port"),
                   TD_TEXT("FieldLabels", "The port on node 0 where the nodes meet (MASTER_PORT).")));
    f.push_back(in(G::Launch,
                   integer("launch.comm_timeout_s", "--comm-timeout", &Plan::launch, &LaunchSettings::commTimeoutS, 1, 7 * 24 * 3600),
                   TD_TEXT("FieldLabels", "Collective timeout (s)"),
                   TD_TEXT("FieldLabels", "Set where the framework reads it (e.g. torch init_process_group timeout).")));
    f.push_back(in(G::Launch,
                   integer("recipe.checkpoint_every", "--checkpoint-every", &Plan::recipe, &Recipe::checkpointEvery, 0, 1 << 30),
                   TD_TEXT("FieldLabels", "Checkpoint every (steps)"),
                   TD_TEXT("FieldLabels", "0: no checkpoints.")));
    f.push_back(in(G::Launch, text("launch.checkpoint_dir", "--checkpoint-dir", &Plan::launch, &LaunchSettings::checkpointDir,
                                   absolutePathOrEmpty),
                   TD_TEXT("FieldLabels", "Checkpoint folder"),
                   TD_TEXT("FieldLabels", "Where the job writes its checkpoints, an absolute path on the nodes (the trainer's "
                                          "--checkpoint-dir, {checkpoint_dir} in your command). Empty: a place that outlives "
                                          "the pod or node: the first mounted volume claim (Kubernetes, PyTorchJob), the "
                                          "job's submit folder (SLURM); PAI-DLC and SSH need a path.")));
    f.push_back(in(G::Launch, integer("recipe.eval_every", "--eval-every", &Plan::recipe, &Recipe::evalEvery, 0, 1 << 30),
                   TD_TEXT("FieldLabels", "Validate every (steps)"),
                   TD_TEXT("FieldLabels", "0: no validation.")));
    f.push_back(in(G::Launch, integer("recipe.eval_samples", "--eval-samples", &Plan::recipe, &Recipe::evalSamples, 1, 1ll << 40),
                   TD_TEXT("FieldLabels", "Samples per validation"),
                   TD_TEXT("FieldLabels", "Held-out samples one validation reads; its time counts in the time to finish.")));
    f.push_back(in(G::Launch,
                   real("recipe.checkpoint_write_gbps", "--checkpoint-write-gbps", &Plan::recipe,
                        &Recipe::checkpointWriteGBps, 0, Bound::Exclusive, 1e4),
                   TD_TEXT("FieldLabels", "Checkpoint write speed (GB/s)"),
                   TD_TEXT("FieldLabels", "How fast a checkpoint (weights and optimizer states) reaches storage; its "
                                          "write time counts in the time to finish.")));
    f.push_back(in(G::Advanced,
                   integer("launch.num_processes", "--num-processes", &Plan::launch, &LaunchSettings::numProcesses, 0, 1 << 20),
                   TD_TEXT("FieldLabels", "Processes (accelerate config)"),
                   TD_TEXT("FieldLabels", "The whole job's process count as written in your accelerate config; 0 derives it.")));
    f.push_back(in(G::Launch, hostsField(),
                   TD_TEXT("FieldLabels", "Hosts"),
                   TD_TEXT("FieldLabels", "Where the Launch page and the ssh files start the nodes: one per node, node 0 first, "
                                          "[user@]host[:port] or an ssh alias, separated by commas.")));
    f.push_back(in(G::Launch, visibleGpusField(),
                   TD_TEXT("FieldLabels", "GPUs to use on each host"),
                   TD_TEXT("FieldLabels", "GPU indices each SSH node runs on (its CUDA_VISIBLE_DEVICES), as many as GPUs per "
                                          "node: 0,1,2,3 runs a 4-GPU plan on an 8-GPU machine. Empty: all of the node's "
                                          "GPUs.")));
    addSlurmFields(f);
}

// What the GPUs cost and what the run must meet (core/cost). The cluster's rows join
// its section in the plan file; the goal is a section of its own.
void addCostFields(std::vector<PlanField>& f) {
    using G = FieldGroup;
    using C = Cluster;
    const auto word = [](const std::string& v) -> Text {
        for (char c : v)
            if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_'))
                return Text(TD_TEXT("CoreMessages", "expected a name of letters, digits, '-' and '_', got '%1'"), {typed(v)});
        return {};
    };
    f.push_back(in(G::Cluster, text("cluster.cloud", "--cloud", &Plan::cluster, &C::cloud, word),
                   TD_TEXT("FieldLabels", "Cloud"),
                   TD_TEXT("FieldLabels", "The cloud whose prices the cost uses (traindeck prices lists them: aws, gcp, azure, "
                                          "lambda, alibaba, or your own); empty: no cost unless a price per GPU-hour is set.")));
    f.push_back(in(G::Cluster, text("cluster.region", "--region", &Plan::cluster, &C::region, word),
                   TD_TEXT("FieldLabels", "Region"),
                   TD_TEXT("FieldLabels", "The cloud's region; empty: its cheapest region for the GPU.")));
    f.push_back(in(G::Cluster, boolean("cluster.spot", "--spot", &Plan::cluster, &C::spot),
                   TD_TEXT("FieldLabels", "Spot price"),
                   TD_TEXT("FieldLabels", "Price the GPUs at the spot (preemptible) price instead of on-demand.")));
    f.push_back(in(G::Cluster,
                   real("cluster.price_per_gpu_hour", "--price-per-gpu-hour", &Plan::cluster, &C::pricePerGpuHour, 0,
                        Bound::Inclusive, 1e6),
                   TD_TEXT("FieldLabels", "Price per GPU-hour"),
                   TD_TEXT("FieldLabels", "Your own price, which wins over the catalogue; 0: the catalogue's.")));
    f.push_back(in(G::Cluster, text("cluster.currency", "--currency", &Plan::cluster, &C::currency, word),
                   TD_TEXT("FieldLabels", "Currency"),
                   TD_TEXT("FieldLabels", "Of your own price and budget (USD, CNY, ...); empty: the cloud's, else USD.")));
    f.push_back(in(G::Cluster, integer("cluster.max_nodes", "--max-nodes", &Plan::cluster, &C::maxNodes, 1, 4096),
                   TD_TEXT("FieldLabels", "Most nodes"),
                   TD_TEXT("FieldLabels", "The most nodes a deadline or budget may choose.")));
    f.push_back(in(G::Cluster,
                   text("goal.deadline", "--deadline", &Plan::goal, &Goal::deadline,
                        [](const std::string& v) {
                            Text error;
                            return v.empty() || deadlineHours(v, std::time(nullptr), error) ? Text() : error;
                        }),
                   TD_TEXT("FieldLabels", "Deadline"),
                   TD_TEXT("FieldLabels", "Finish within 36h, 90m, 2d, or by a date and time (2026-11-30T09:00, UTC): the "
                                          "cheapest layout that does is chosen.")));
    f.push_back(in(G::Cluster, real("goal.budget", "--budget", &Plan::goal, &Goal::budget, 0, Bound::Inclusive, 1e12),
                   TD_TEXT("FieldLabels", "Budget"),
                   TD_TEXT("FieldLabels", "The most the run may cost: the fastest layout within it is chosen; 0: none.")));
    f.push_back(in(G::Cluster, boolean("goal.across_gpus", "--across-gpus", &Plan::goal, &Goal::acrossGpus),
                   TD_TEXT("FieldLabels", "Across GPU types and clouds"),
                   TD_TEXT("FieldLabels", "A deadline or budget also tries the catalogue's other GPU types and clouds.")));
}

std::vector<PlanField> makeFields() {
    std::vector<PlanField> f;
    addClusterAndModelFields(f);
    addRecipeFields(f);
    addLaunchFields(f);
    addCostFields(f);
    // Layouts and calibration: the plan view and the calibration panel are their controls.
    f.push_back(in(FieldGroup::OwnControl, compareField(),
                   TD_TEXT("FieldLabels", "Compared layouts"),
                   TD_TEXT("FieldLabels", "Layouts shown beside the plan's own, NODESxGPUS separated by commas: 1x8,2x8,8x8.")));
    f.push_back(in(FieldGroup::OwnControl, calibrationField(),
                   TD_TEXT("FieldLabels", "Measured speeds"),
                   TD_TEXT("FieldLabels", "Speeds measured on a layout, which refit the model: 1x8=0.9steps/s, 2x8=115samples/s "
                                          "or 2x8=1.1s/step, separated by commas; after '@' the workload it ran "
                                          "(1x1=22.8samples/s@micro=8:seq=1024:ckpt=full), else the plan as it stands.")));
    return f;
}

}  // namespace

const std::vector<PlanField>& planFields() {
    static const std::vector<PlanField> fields = makeFields();
    return fields;
}

const PlanField* findPlanField(std::string_view keyOrFlag) {
    for (const PlanField& f : planFields())
        if (f.key == keyOrFlag || f.flag == keyOrFlag)
            return &f;
    return nullptr;
}

std::vector<FieldChoice> fieldChoices(std::string_view key) {
    const PlanField* f = findPlanField(key);
    return f ? f->choices : std::vector<FieldChoice>{};
}

bool isListField(const PlanField& field) { return field.list; }

const std::vector<Precedence>& fieldPrecedences() {
    static const std::vector<Precedence> table = {
        {"recipe.grad_accum", "recipe.global_batch", "0"},  // a global batch solves the accumulation
        {"recipe.total_steps", "recipe.epochs", "0"},       // epochs decide the steps
        {"recipe.mfu", "calibration", ""},                  // measured points refit the MFU
    };
    return table;
}

Text setPlanField(Plan& plan, std::string_view key, std::string_view text) {
    const PlanField* field = findPlanField(key);
    if (!field)
        return Text(TD_TEXT("CoreMessages", "unknown plan field '%1'"), {typed(key)});
    Plan edited = plan;  // setters may touch several members (a preset sets params): all or nothing
    if (Text error = field->set(edited, text); !error.empty())
        return error;
    plan = std::move(edited);
    return {};
}

Text planFieldName(const std::string& key) {
    const PlanField* f = findPlanField(key);
    return Text::field(key, f ? f->flag : key);
}

Text fieldError(const std::string& key, Text error) {
    //: A field of the plan and what is wrong with its value.
    return Text(TD_TEXT("CoreMessages", "%1: %2"), {Text::field(key, key), std::move(error)});
}

Text validatePlan(const Plan& plan) {
    // A plan built in code (the GUI, a test) may not have come through the
    // setters; running every value through them applies the same checks.
    Plan copy = plan;
    for (const PlanField& f : planFields())
        if (f.key != "model.preset")  // the preset would overwrite params; its name is checked below
            if (Text error = f.set(copy, f.get(plan)); !error.empty())
                return fieldError(f.key, std::move(error));
    if (!plan.model.preset.empty() &&
        std::none_of(std::begin(kPresets), std::end(kPresets),
                     [&](const Preset& p) { return plan.model.preset == p.name; }))
        return fieldError("model.preset", Text(TD_TEXT("CoreMessages", "unknown preset '%1'"), {typed(plan.model.preset)}));
    // One plan, one way of sharding: DeepSpeed does not run FSDP, accelerate's FSDP no ZeRO.
    if (plan.recipe.fsdp != Recipe::Fsdp::None && plan.recipe.zeroStage > 0) {
        const auto value = [&](const char* key) { return Text::value(findPlanField(key)->get(plan)); };
        return Text(TD_TEXT("CoreMessages", "%1 %2 and %3 %4 both shard the model: choose FSDP or a ZeRO stage, not both"),
                    {planFieldName("recipe.fsdp"), value("recipe.fsdp"), planFieldName("recipe.zero_stage"),
                     value("recipe.zero_stage")});
    }
    if (!plan.launch.visibleGpus.empty()) {
        std::vector<int> gpus = plan.launch.visibleGpus;
        std::sort(gpus.begin(), gpus.end());
        if (std::adjacent_find(gpus.begin(), gpus.end()) != gpus.end())
            return fieldError("launch.visible_gpus", Text(TD_TEXT("CoreMessages", "names a GPU twice")));
        if (int(gpus.size()) != plan.cluster.gpusPerNode)
            return fieldError("launch.visible_gpus",
                              Text(TD_TEXT("CoreMessages", "names %1 GPUs but the plan runs %2 per node"),
                                   {val(std::to_string(gpus.size())), val(std::to_string(plan.cluster.gpusPerNode))}));
    }
    if (plan.version > kPlanVersion)  // the text names the version already
        return Text(TD_TEXT("CoreMessages", "plan version %1 is newer than this TrainDeck reads (%2)"),
                    {val(std::to_string(plan.version)), val(std::to_string(kPlanVersion))});
    return {};
}

std::string layoutText(const Layout& l) {
    return std::to_string(l.nodes) + "x" + std::to_string(l.gpusPerNode);
}

bool parseLayout(std::string_view text, Layout& out) {
    const std::string t = trimmed(text);
    const auto x = t.find_first_of("x×*");
    if (x == std::string::npos)
        return false;
    // "×" is two bytes in UTF-8; accept it as people type it.
    const size_t after = t.compare(x, 2, "×") == 0 ? x + 2 : x + 1;
    int nodes = 0, gpus = 0;
    auto r1 = std::from_chars(t.data(), t.data() + x, nodes);
    auto r2 = std::from_chars(t.data() + after, t.data() + t.size(), gpus);
    if (r1.ec != std::errc() || r1.ptr != t.data() + x || r2.ec != std::errc() || r2.ptr != t.data() + t.size())
        return false;
    if (nodes < 1 || gpus < 1 || nodes > 4096 || gpus > 64)
        return false;
    out = {nodes, gpus};
    return true;
}

bool platformFieldUsed(const Plan& plan, std::string_view key) {
    const Platform p = plan.launch.platform;
    if (key.starts_with("launch.slurm_")) return p == Platform::Slurm;
    if (key == "launch.image") return p == Platform::Kubernetes || p == Platform::PyTorchJob || p == Platform::PaiDlc;
    if (key == "launch.namespace") return p == Platform::Kubernetes || p == Platform::PyTorchJob;
    return true;
}

}  // namespace traindeck
