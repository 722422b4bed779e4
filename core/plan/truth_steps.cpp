#include "plan/truth_steps.h"

#include "plan/calibration_workload.h"
#include "plan/plan_fields.h"
#include "plan/plan_yaml.h"
#include "plan/run_speed.h"
#include "plan/truth_fixtures.h"

#include "metrics/run.h"
#include "metrics/text_stream.h"
#include "model/architecture.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <string_view>

namespace traindeck {
namespace {
namespace truth_steps {  // its own names: core/plan builds in unity chunks

const std::string* embedded(const std::string& name) {
    static std::map<std::string, std::string> files = [] {
        std::map<std::string, std::string> out;
        for (const EmbeddedFile& f : truthFixtureFiles())
            out[f.name] = std::string(f.text);
        return out;
    }();
    const auto it = files.find(name);
    return it == files.end() ? nullptr : &it->second;
}

// The architecture of an embedded config (configs/NAME) cut to `layers` blocks (0: as it is),
// with the keys the run changed (`overrides`, into the text model where the config nests one,
// as bench/step_truth.py sets them), and its model_type (the family).
bool configArchitecture(const std::string& config, long long layers, model::Architecture& arch, std::string& family,
                        const nlohmann::json& overrides = nlohmann::json::object()) {
    const std::string* text = embedded("configs/" + config);
    if (!text)
        return false;
    nlohmann::json j = nlohmann::json::parse(*text, nullptr, false);
    if (!j.is_object())
        return false;
    if (overrides.is_object())
        for (const auto& [key, value] : overrides.items())
            (j.contains("text_config") ? j["text_config"] : j)[key] = value;
    Text error;
    if (!model::architectureFromHfConfig(j.dump(), arch, error))
        return false;
    if (layers > 0)
        arch.layers = layers;
    family = j.value("model_type", std::string());
    return !family.empty();
}

bool setFields(Plan& plan, const std::vector<std::pair<std::string, std::string>>& fields) {
    for (const auto& [key, value] : fields)
        if (!setPlanField(plan, key, value).empty())
            return false;
    return true;
}

// bench/model_truth.py's format: models with their points, one GPU (H100), AMP or pure bf16.
// A user calibrates on any of a model's runs.
void modelTruthSteps(const nlohmann::json& truth, std::vector<TruthStep>& out) {
    const std::string gpu = gpuKeyOfDevice(truth.value("device", std::string("h100")));
    for (const auto& [name, entry] : truth["models"].items()) {
        model::Architecture arch;
        std::string family;
        if (!entry.contains("layers") || !entry.contains("config") ||
            !configArchitecture(entry["config"].get<std::string>(), entry["layers"].get<long long>(), arch, family))
            continue;
        for (const auto& point : entry.value("points", nlohmann::json::array())) {
            if (point.contains("oom") || !point.contains("step_s"))
                continue;
            TruthStep s;
            s.family = family;
            const std::string mode = point.value("mode", std::string("amp"));
            s.group = name + " " + mode;
            if (mode != "amp") {
                s.numerics = model::Numerics::Half;
                s.bytes = {2, 2, 4};
            }
            s.layout = {1, point.value("gpus", 1)};
            std::vector<std::pair<std::string, std::string>> fields = {
                {"model.architecture", model::architectureText(arch)},
                {"recipe.micro_batch", std::to_string(point.value("micro_batch", 1))},
                {"recipe.global_batch", "0"},
                {"recipe.grad_accum", "1"},
                {"model.activation_checkpointing", point.value("checkpointing", std::string("none"))},
                {"cluster.gpu", gpu},
                {"recipe.fsdp", point.value("fsdp", std::string("none"))}};
            if (arch.isLanguageModel() && point.contains("seq"))
                fields.push_back({"model.tokens_per_sample", std::to_string(point["seq"].get<int>())});
            s.measuredS = point["step_s"].get<double>();
            // bench/model_truth.py's host_s is time until step() returned, waits included: the
            // protocol's issue time only where it fills the step (truth_fixtures.h).
            s.hostS = 0;  // its runs do not say it
            s.hostShare = point.value("host_s", -s.measuredS) / s.measuredS;
            s.hostBound = protocolHostS(point.value("host_s", 0.0), s.measuredS) > 0;
            if (setFields(s.plan, fields) && s.measuredS > 0)
                out.push_back(std::move(s));
        }
    }
}

// bench/step_truth.py's format: flat points, each a model on one machine (its own host) on
// one GPU (AMP), in DDP (AMP) or FSDP2 (bf16 parameters) on all its GPUs. A user calibrates
// on a one-GPU run without checkpointing, as tests/plan/tst_step_time_layouts does.
void stepTruthSteps(const nlohmann::json& truth, std::vector<TruthStep>& out) {
    const std::string gpu = gpuKeyOfDevice(truth.value("device", std::string("h200")));
    // The points that do not name their machine ran on the fixture's first one, named by its
    // GPU count ("2gpu": the tuning set's; "1gpu": the families').
    int unnamedGpus = 1;
    for (const auto& point : truth["points"])
        if (!point.contains("machine"))
            unnamedGpus = std::max(unnamedGpus, point.value("gpus", 1));
    const std::string unnamedMachine = std::to_string(unnamedGpus) + "gpu";
    for (const auto& point : truth["points"]) {
        if (!point.contains("step_s") || !point.contains("model") || !point.contains("layers"))
            continue;
        const std::string model = point["model"].get<std::string>();
        const std::string strategy = point.value("strategy", std::string("single"));
        model::Architecture arch;
        TruthStep s;
        if (!configArchitecture(point.value("config", model) + ".json", point["layers"].get<long long>(), arch, s.family,
                                point.value("overrides", nlohmann::json::object())))
            continue;
        const int gpus = point.value("gpus", 1);
        // DDP on one GPU (the families' fixture measures it for its memory): a plan of one GPU runs
        // no DDP (torchrun, accelerate and the HF Trainer do not wrap a single process), so no plan
        // describes that step.
        if (strategy == "ddp" && gpus == 1)
            continue;
        s.group = point.value("set", std::string("tuning")) + " " + point.value("machine", unnamedMachine) + " " + model;
        s.layout = {1, gpus};
        const std::string checkpointing = point.value("checkpointing", std::string("none"));
        s.reference = strategy == "single" && checkpointing == "none";
        const bool sharded = strategy == "full_shard" || strategy == "shard_grad_op";
        s.measuredS = point["step_s"].get<double>();
        s.hostS = protocolHostS(point.value("host_s", 0.0), s.measuredS);
        s.hostShare = point.value("host_s", -s.measuredS) / s.measuredS;
        s.hostBound = s.hostS > 0;
        if (!setFields(s.plan, {{"model.architecture", model::architectureText(arch)},
                                {"model.tokens_per_sample", std::to_string(point.value("seq", 1024))},
                                {"recipe.micro_batch", std::to_string(point.value("micro_batch", 1))},
                                {"recipe.global_batch", "0"},
                                {"recipe.grad_accum", "1"},
                                {"model.activation_checkpointing", checkpointing},
                                {"cluster.gpu", gpu},
                                {"cluster.nodes", "1"},
                                {"cluster.gpus_per_node", std::to_string(gpus)},
                                {"recipe.fsdp", sharded ? strategy : std::string("none")}}) ||
            s.measuredS <= 0)
            continue;
        s.numerics = planNumerics(s.plan);
        s.bytes = planStateBytes(s.plan);
        out.push_back(std::move(s));
    }
}

// A user's run (runs/FOLDER/NAME.jsonl) read as --calibrate-from reads it, on its folder's
// plan (runs/FOLDER/plan.yaml, else the example's, hf_causal_lm/plan.yaml) at the run's own
// workload. The plan's MFU is the planner's default, as the other truth's. Its host_s, where
// the meter wrote it, is the protocol's; the host bounds the run where it is 90% of its step.
void runSteps(std::vector<TruthStep>& out) {
    for (const EmbeddedFile& file : truthFixtureFiles()) {
        const std::string_view name(file.name);
        if (!name.ends_with(".jsonl"))
            continue;
        const std::string folder(name.substr(0, name.find('/')));
        const std::string* planText = embedded(folder + "/plan.yaml");
        if (!planText)
            planText = embedded(folder.substr(0, folder.find('-')) + "/plan.yaml");
        Plan base;
        if (!planText || !planFromYaml(*planText, folder, base).ok)
            continue;
        metrics::Run run{std::string(name)};
        metrics::TextStreamReader reader(run);
        reader.feed(file.text, 0);
        reader.finish(0);
        Text error;
        const std::optional<RunSpeed> speed = runSpeedOf(run, std::string(name), error);
        if (!speed || speed->calibration.unit != Calibration::Unit::SamplesPerSecond || speed->effectiveBatch <= 0)
            continue;
        TruthStep s;
        s.family = speed->calibration.workload.model;
        if (base.model.architecture.empty()) {  // the plan names its model by its config (--hf-config)
            model::Architecture arch;
            std::string family;
            if (!configArchitecture(s.family + ".json", 0, arch, family))
                continue;
            if (!setFields(base, {{"model.preset", ""}, {"model.architecture", model::architectureText(arch)}}))
                continue;
        }
        base.recipe.mfu = Recipe{}.mfu;
        const Calibration& c = speed->calibration;
        s.plan = planAtPoint(base, c);
        s.plan.calibrations.clear();
        if (!setFields(s.plan, {{"cluster.nodes", std::to_string(c.layout.nodes)},
                                {"cluster.gpus_per_node", std::to_string(c.layout.gpusPerNode)}}))
            continue;
        s.group = folder;
        s.layout = c.layout;
        s.measuredS = double(speed->effectiveBatch) / c.value;
        s.hostS = c.workload.hostS;
        s.hostShare = s.hostS > 0 ? s.hostS / s.measuredS : -1;
        s.hostBound = s.hostS >= 0.9 * s.measuredS;
        s.numerics = planNumerics(s.plan);
        s.bytes = planStateBytes(s.plan);
        s.source = file.name;
        if (s.measuredS > 0 && !s.family.empty())
            out.push_back(std::move(s));
    }
}

std::vector<TruthStep> readTruthSteps() {
    std::vector<TruthStep> out;
    for (const EmbeddedFile& file : truthFixtureFiles()) {
        if (!std::string_view(file.name).ends_with(".json") || std::string_view(file.name).starts_with("configs/"))
            continue;
        const nlohmann::json truth = nlohmann::json::parse(file.text, nullptr, false);
        if (!truth.is_object())
            continue;
        const std::size_t before = out.size();
        if (truth.contains("models"))
            modelTruthSteps(truth, out);
        else if (truth.contains("points") && truth["points"].is_array())
            stepTruthSteps(truth, out);
        for (std::size_t i = before; i < out.size(); ++i)
            out[i].source = file.name;
    }
    runSteps(out);
    return out;
}

}  // namespace truth_steps
}  // namespace

const std::vector<TruthStep>& truthSteps() {
    static const std::vector<TruthStep> steps = truth_steps::readTruthSteps();
    return steps;
}

Estimate truthEstimate(const TruthStep& s, const Plan& plan) {
    return estimateUncalibrated(plan, s.layout, s.numerics, s.bytes);
}

}  // namespace traindeck
