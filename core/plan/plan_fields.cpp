#include "plan/plan_fields.h"

#include "plan/calibrate.h"
#include "plan/hardware.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>

namespace traindeck {
namespace {

std::string trimmed(std::string_view s) {
    const auto b = s.find_first_not_of(" \t");
    if (b == std::string_view::npos)
        return {};
    const auto e = s.find_last_not_of(" \t");
    return std::string(s.substr(b, e - b + 1));
}

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
using Setter = std::function<std::string(Plan&, std::string_view)>;

// A whole-number field within [min, max].
template <typename T>
PlanField integer(std::string key, std::string flag, std::string help, T Plan::*section,
                  auto member, long long min, long long max) {
    Getter get = [=](const Plan& p) { return std::to_string((p.*section).*member); };
    Setter set = [=](Plan& p, std::string_view text) -> std::string {
        double v = 0;
        if (!parseNumber(text, v) || v != std::floor(v))
            return "expected a whole number, got '" + std::string(text) + "'";
        if (v < double(min))
            return "must be at least " + std::to_string(min) + ", got " + trimmed(text);
        if (v > double(max))
            return "must be at most " + std::to_string(max) + ", got " + trimmed(text);
        (p.*section).*member = static_cast<std::remove_reference_t<decltype((p.*section).*member)>>(v);
        return {};
    };
    return {std::move(key), std::move(flag), std::move(help), get, set};
}

enum class Bound { Inclusive, Exclusive };

// A real-number field; `min` is exclusive where zero makes no sense (an LR of 0).
template <typename T>
PlanField real(std::string key, std::string flag, std::string help, T Plan::*section,
               double T::*member, double min, Bound minBound,
               double max = std::numeric_limits<double>::infinity()) {
    Getter get = [=](const Plan& p) { return formatNumber((p.*section).*member); };
    Setter set = [=](Plan& p, std::string_view text) -> std::string {
        double v = 0;
        if (!parseNumber(text, v))
            return "expected a number, got '" + std::string(text) + "'";
        if (minBound == Bound::Exclusive ? v <= min : v < min)
            return std::string(minBound == Bound::Exclusive ? "must be greater than " : "must be at least ") +
                   formatNumber(min) + ", got " + trimmed(text);
        if (v > max)
            return "must be at most " + formatNumber(max) + ", got " + trimmed(text);
        (p.*section).*member = v;
        return {};
    };
    return {std::move(key), std::move(flag), std::move(help), get, set};
}

template <typename T>
PlanField boolean(std::string key, std::string flag, std::string help, T Plan::*section, bool T::*member) {
    Getter get = [=](const Plan& p) { return std::string((p.*section).*member ? "true" : "false"); };
    Setter set = [=](Plan& p, std::string_view text) -> std::string {
        const std::string t = trimmed(text);
        if (t == "true" || t == "yes" || t == "on" || t == "1")
            (p.*section).*member = true;
        else if (t == "false" || t == "no" || t == "off" || t == "0")
            (p.*section).*member = false;
        else
            return "expected true or false, got '" + std::string(text) + "'";
        return {};
    };
    return {std::move(key), std::move(flag), std::move(help), get, set, false, true};
}

// A field that takes one of a fixed set of names.
template <typename T, typename E>
PlanField choice(std::string key, std::string flag, std::string help, T Plan::*section, E T::*member,
                 std::vector<std::pair<std::string, E>> names) {
    Getter get = [=](const Plan& p) {
        for (const auto& [name, value] : names)
            if ((p.*section).*member == value)
                return name;
        return std::string("?");
    };
    Setter set = [=](Plan& p, std::string_view text) -> std::string {
        const std::string t = trimmed(text);
        std::string all;
        for (const auto& [name, value] : names) {
            if (name == t) {
                (p.*section).*member = value;
                return {};
            }
            all += (all.empty() ? "" : ", ") + name;
        }
        return "expected one of " + all + ", got '" + std::string(text) + "'";
    };
    return {std::move(key), std::move(flag), std::move(help), get, set};
}

// A free-text field; `check` returns an error for text the field cannot hold.
template <typename T>
PlanField text(std::string key, std::string flag, std::string help, T Plan::*section, std::string T::*member,
               std::function<std::string(const std::string&)> check = {}) {
    Getter get = [=](const Plan& p) { return (p.*section).*member; };
    Setter set = [=](Plan& p, std::string_view value) -> std::string {
        std::string v(value);
        if (check)
            if (std::string error = check(v); !error.empty())
                return error;
        (p.*section).*member = v;
        return {};
    };
    return {std::move(key), std::move(flag), std::move(help), get, set, true};
}

std::string oneLine(const std::string& v) {
    return v.find_first_of("\n\r") == std::string::npos ? std::string() : "must be a single line";
}

// A list field's text: comma-separated items, trimmed, empty ones dropped (the YAML list
// and repeated flags both arrive as one such text).
std::vector<std::string> listItems(std::string_view text) {
    std::vector<std::string> items;
    while (!text.empty()) {
        const auto comma = text.find(',');
        if (std::string item = trimmed(text.substr(0, comma)); !item.empty())
            items.push_back(std::move(item));
        text = comma == std::string_view::npos ? std::string_view() : text.substr(comma + 1);
    }
    return items;
}

template <typename Catalogue>
std::string inCatalogue(const std::string& v, const Catalogue& catalogue, const char* what) {
    std::string keys;
    for (const auto& entry : catalogue) {
        if (entry.key == v)
            return {};
        keys += (keys.empty() ? "" : ", ") + entry.key;
    }
    return "unknown " + std::string(what) + " '" + v + "' (known: " + keys + ")";
}

// The trainer's model presets (shared/design/trainer-workload.md): width D and depth L.
struct Preset { const char* name; int width; int layers; };
constexpr Preset kPresets[] = {{"tiny", 128, 2}, {"base", 1024, 3}, {"large", 4096, 4}};

// Parameters of tae-mlp: encoder 192→D→…→D→16 and decoder 16→D→…→D→192, each with L−1 hidden D×D layers.
double taeMlpParams(int d, int l) {
    const double encoder = (192.0 * d + d) + (l - 1) * (double(d) * d + d) + (double(d) * 16 + 16);
    const double decoder = (16.0 * d + d) + (l - 1) * (double(d) * d + d) + (double(d) * 192 + 192);
    return encoder + decoder;
}

std::vector<PlanField> makeFields() {
    using R = Recipe;
    std::vector<PlanField> f;
    f.push_back({"name", "--plan-name", "the plan's name",
                 [](const Plan& p) { return p.name; },
                 [](Plan& p, std::string_view v) -> std::string {
                     if (std::string e = oneLine(std::string(v)); !e.empty())
                         return e;
                     p.name = std::string(v);
                     return {};
                 },
                 true});
    // Cluster.
    f.push_back(integer("cluster.nodes", "--nodes", "number of nodes (machines)", &Plan::cluster, &Cluster::nodes, 1, 4096));
    f.push_back(integer("cluster.gpus_per_node", "--gpus-per-node", "GPUs used on each node", &Plan::cluster,
                        &Cluster::gpusPerNode, 1, 64));
    f.push_back(text("cluster.gpu", "--gpu", "GPU model: h100, h200, a800, a100, l40s", &Plan::cluster, &Cluster::gpu,
                     [](const std::string& v) { return inCatalogue(v, gpuCatalogue(), "GPU"); }));
    f.push_back(text("cluster.network", "--network", "network between nodes: ib-8x400, roce-2x200, eth-100, ...",
                     &Plan::cluster, &Cluster::network,
                     [](const std::string& v) { return inCatalogue(v, networkCatalogue(), "network"); }));
    // Model.
    f.push_back(text("model.name", "--model-name", "the model's name", &Plan::model, &ModelSpec::name, oneLine));
    f.push_back({"model.preset", "--preset", "trainer model preset tiny|base|large (sets --params); empty: custom",
                 [](const Plan& p) { return p.model.preset; },
                 [](Plan& p, std::string_view v) -> std::string {
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
                             return {};
                         }
                     return "expected tiny, base, large or nothing, got '" + std::string(v) + "'";
                 }});
    {
        // A parameter count other than the preset's means a custom model: the preset
        // name would otherwise claim a model the numbers no longer describe.
        PlanField params = real("model.params", "--params", "trainable parameters (7.5B, 102.4M, ...)", &Plan::model,
                                &ModelSpec::params, 0, Bound::Exclusive, 1e14);
        params.set = [check = params.set](Plan& p, std::string_view v) -> std::string {
            if (std::string error = check(p, v); !error.empty())
                return error;
            for (const Preset& preset : kPresets)
                if (p.model.preset == preset.name && p.model.params != taeMlpParams(preset.width, preset.layers)) {
                    // The preset's name would otherwise claim a model the numbers no longer describe.
                    if (p.model.name == std::string("tae-mlp-") + preset.name)
                        p.model.name = "custom";
                    p.model.preset.clear();
                }
            return {};
        };
        f.push_back(std::move(params));
    }
    f.push_back(real("model.tokens_per_sample", "--tokens-per-sample", "tokens one sample feeds through the model",
                     &Plan::model, &ModelSpec::tokensPerSample, 0, Bound::Exclusive, 1e9));
    f.push_back(real("model.flops_per_sample", "--flops-per-sample",
                     "training FLOPs per sample; 0: 6 × params × tokens", &Plan::model, &ModelSpec::flopsPerSample, 0,
                     Bound::Inclusive, 1e24));
    f.push_back(real("model.activation_gb_per_sample", "--activation-gb", "activation memory per sample, GB",
                     &Plan::model, &ModelSpec::activationGbPerSample, 0, Bound::Inclusive, 1e4));
    // Recipe.
    f.push_back(integer("recipe.micro_batch", "--micro-batch", "samples per GPU per micro-step", &Plan::recipe,
                        &R::microBatch, 1, 1 << 20));
    f.push_back(integer("recipe.grad_accum", "--grad-accum", "gradient accumulation steps (when no global batch)",
                        &Plan::recipe, &R::gradAccum, 1, 1 << 20));
    f.push_back(integer("recipe.global_batch", "--global-batch",
                        "target effective batch; solves the accumulation (0: use --grad-accum)", &Plan::recipe,
                        &R::globalBatch, 0, 1ll << 40));
    f.push_back(real("recipe.base_lr", "--base-lr", "learning rate tuned at the base batch", &Plan::recipe, &R::baseLr,
                     0, Bound::Exclusive, 100));
    f.push_back(integer("recipe.base_batch", "--base-batch", "effective batch the base LR was tuned at",
                        &Plan::recipe, &R::baseBatch, 1, 1ll << 40));
    f.push_back(choice("recipe.lr_rule", "--lr-rule", "LR scaling with the batch: linear|sqrt|none", &Plan::recipe,
                       &R::lrRule,
                       std::vector<std::pair<std::string, LrRule>>{
                           {"linear", LrRule::Linear}, {"sqrt", LrRule::Sqrt}, {"none", LrRule::None}}));
    f.push_back(boolean("recipe.scale_warmup", "--scale-warmup", "shorten warmup as the batch grows (same samples)",
                        &Plan::recipe, &R::scaleWarmup));
    f.push_back(integer("recipe.warmup_steps", "--warmup-steps", "warmup steps at the base batch", &Plan::recipe,
                        &R::warmupSteps, 0, 1ll << 40));
    f.push_back(integer("recipe.total_steps", "--steps", "optimizer steps (when no epochs)", &Plan::recipe,
                        &R::totalSteps, 1, 1ll << 40));
    f.push_back(real("recipe.epochs", "--epochs", "epochs over the dataset; 0: use --steps", &Plan::recipe, &R::epochs,
                     0, Bound::Inclusive, 1e6));
    f.push_back(integer("recipe.dataset_size", "--dataset-size", "samples in the dataset", &Plan::recipe,
                        &R::datasetSize, 1, 1ll << 50));
    f.push_back(boolean("recipe.drop_last", "--drop-last", "drop the last partial batch of an epoch", &Plan::recipe,
                        &R::dropLast));
    f.push_back(integer("recipe.zero_stage", "--zero-stage", "DeepSpeed ZeRO stage 0-3", &Plan::recipe, &R::zeroStage,
                        0, 3));
    f.push_back(boolean("recipe.offload_optimizer", "--offload-optimizer", "optimizer states in CPU memory",
                        &Plan::recipe, &R::offloadOptimizer));
    f.push_back(choice("recipe.precision", "--precision", "bf16|fp16|fp32", &Plan::recipe, &R::precision,
                       std::vector<std::pair<std::string, Precision>>{
                           {"bf16", Precision::Bf16}, {"fp16", Precision::Fp16}, {"fp32", Precision::Fp32}}));
    f.push_back(real("recipe.mfu", "--mfu", "model FLOPs utilisation assumed (0-1]", &Plan::recipe, &R::mfu, 0,
                     Bound::Exclusive, 1));
    f.push_back(real("recipe.memory_overhead_gb", "--memory-overhead-gb",
                     "per-GPU memory beyond model states and activations", &Plan::recipe, &R::memoryOverheadGb, 0,
                     Bound::Inclusive, 1e4));
    f.push_back(integer("recipe.checkpoint_every", "--checkpoint-every", "steps between checkpoints (0: none)",
                        &Plan::recipe, &R::checkpointEvery, 0, 1 << 30));
    f.push_back(integer("recipe.eval_every", "--eval-every", "steps between evaluations (0: none)", &Plan::recipe,
                        &R::evalEvery, 0, 1 << 30));
    // Launch.
    f.push_back(choice("launch.platform", "--platform", "k8s|pytorchjob|pai|slurm|ssh|torchrun", &Plan::launch,
                       &LaunchSettings::platform,
                       std::vector<std::pair<std::string, Platform>>{{"k8s", Platform::Kubernetes},
                                                                     {"pytorchjob", Platform::PyTorchJob},
                                                                     {"pai", Platform::PaiDlc},
                                                                     {"slurm", Platform::Slurm},
                                                                     {"ssh", Platform::Ssh},
                                                                     {"torchrun", Platform::Torchrun}}));
    f.push_back(text("launch.job_name", "--job-name", "job name", &Plan::launch, &LaunchSettings::jobName, oneLine));
    f.push_back(text("launch.image", "--image", "container image", &Plan::launch, &LaunchSettings::image, oneLine));
    f.push_back(text("launch.namespace", "--namespace", "Kubernetes namespace", &Plan::launch,
                     &LaunchSettings::nameSpace, oneLine));
    f.push_back(text("launch.command", "--command", "workload command template; empty: traindeck-trainer",
                     &Plan::launch, &LaunchSettings::command));
    f.push_back(integer("launch.master_port", "--master-port", "rendezvous port on the master node", &Plan::launch,
                        &LaunchSettings::masterPort, 1, 65535));
    f.push_back(integer("launch.comm_timeout_s", "--comm-timeout", "collective timeout, seconds", &Plan::launch,
                        &LaunchSettings::commTimeoutS, 1, 7 * 24 * 3600));
    f.push_back(integer("launch.num_processes", "--num-processes",
                        "accelerate num_processes as written (whole job); 0: derived", &Plan::launch,
                        &LaunchSettings::numProcesses, 0, 1 << 20));
    f.push_back({"launch.hosts", "--hosts",
                 "ssh target and launch: host,host,... one per node, node 0 first: [user@]host[:port] or an ssh alias",
                 [](const Plan& p) {
                     std::string s;
                     for (const std::string& h : p.launch.hosts)
                         s += (s.empty() ? "" : ",") + h;
                     return s;
                 },
                 [](Plan& p, std::string_view v) -> std::string {
                     // Checked as hosts where they are used (core/generate, core/launch): here a list of words.
                     std::vector<std::string> hosts;
                     for (const std::string& item : listItems(v)) {
                         if (std::string error = oneLine(item); !error.empty())
                             return error;
                         hosts.push_back(item);
                     }
                     p.launch.hosts = std::move(hosts);
                     return {};
                 }});
    // Layouts and calibration.
    f.push_back({"compare", "--layouts", "layouts shown side by side: 1x8,2x8,8x8",
                 [](const Plan& p) {
                     std::string s;
                     for (const Layout& l : p.compare)
                         s += (s.empty() ? "" : ",") + layoutText(l);
                     return s;
                 },
                 [](Plan& p, std::string_view v) -> std::string {
                     std::vector<Layout> layouts;
                     for (const std::string& item : listItems(v)) {
                         Layout l;
                         if (!parseLayout(item, l))
                             return "expected layouts like 1x8,2x8, got '" + item + "'";
                         layouts.push_back(l);
                     }
                     p.compare = std::move(layouts);
                     return {};
                 }});
    f.push_back({"calibration", "--calibrate",
                 "measured speed on a layout, repeatable: 1x8=0.9steps/s, =115samples/s, =1.1s/step",
                 [](const Plan& p) {
                     std::string s;
                     for (const Calibration& c : p.calibrations)
                         s += (s.empty() ? "" : ",") + calibrationText(c);
                     return s;
                 },
                 [](Plan& p, std::string_view v) -> std::string {
                     std::vector<Calibration> points;
                     for (const std::string& item : listItems(v)) {
                         Calibration c;
                         std::string error;
                         if (!parseCalibration(item, c, error))
                             return error;
                         points.push_back(c);
                     }
                     p.calibrations = std::move(points);
                     return {};
                 }});
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

bool isListField(const PlanField& field) {
    return field.key == "compare" || field.key == "calibration" || field.key == "launch.hosts";
}

const std::vector<Precedence>& fieldPrecedences() {
    static const std::vector<Precedence> table = {
        {"recipe.grad_accum", "recipe.global_batch", "0"},  // a global batch solves the accumulation
        {"recipe.total_steps", "recipe.epochs", "0"},       // epochs decide the steps
        {"recipe.mfu", "calibration", ""},                  // measured points refit the MFU
    };
    return table;
}

std::string setPlanField(Plan& plan, std::string_view key, std::string_view text) {
    const PlanField* field = findPlanField(key);
    if (!field)
        return "unknown plan field '" + std::string(key) + "'";
    Plan edited = plan;  // setters may touch several members (a preset sets params): all or nothing
    if (std::string error = field->set(edited, text); !error.empty())
        return error;
    plan = std::move(edited);
    return {};
}

std::string validatePlan(const Plan& plan) {
    // A plan built in code (the GUI, a test) may not have come through the
    // setters; running every value through them applies the same checks.
    Plan copy = plan;
    for (const PlanField& f : planFields())
        if (f.key != "model.preset")  // the preset would overwrite params; its name is checked below
            if (std::string error = f.set(copy, f.get(plan)); !error.empty())
                return f.key + ": " + error;
    if (!plan.model.preset.empty() &&
        std::none_of(std::begin(kPresets), std::end(kPresets),
                     [&](const Preset& p) { return plan.model.preset == p.name; }))
        return "model.preset: unknown preset '" + plan.model.preset + "'";
    if (plan.version > kPlanVersion)
        return "version: plan version " + std::to_string(plan.version) + " is newer than this TrainDeck reads (" +
               std::to_string(kPlanVersion) + ")";
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

std::string formatNumber(double value) {
    char buf[64];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, value);
    return ec == std::errc() ? std::string(buf, end) : std::string("nan");
}

}  // namespace traindeck
