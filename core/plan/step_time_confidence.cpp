#include "plan/step_time_confidence.h"

#include "plan/calibration_workload.h"
#include "plan/estimate.h"
#include "plan/plan_fields.h"
#include "plan/truth_fixtures.h"
#include "text/number_text.h"

#include "model/architecture.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <string>

namespace traindeck {
namespace {

// One measured step of a fixture: the plan that describes it and how it held its states.
struct TruthStep {
    std::string group;        // "gpt2 amp", "tuning 2gpu llama-3.1-8b"
    Plan plan;
    Layout layout{1, 1};
    model::Numerics numerics = model::Numerics::Mixed;
    StateBytes bytes{4, 4, 8};
    double measuredS = 0;
    double hostS = 0;         // the host issue time its run would say (truth_fixtures.h protocolHostS)
    bool reference = true;    // may be the run a user calibrates on (below)
};

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

// The architecture of an embedded config (configs/NAME) cut to `layers` blocks.
bool configArchitecture(const std::string& config, long long layers, model::Architecture& arch) {
    const std::string* text = embedded("configs/" + config);
    Text error;
    if (!text || !model::architectureFromHfConfig(*text, arch, error))
        return false;
    arch.layers = layers;
    return true;
}

// The point's plan from its fields; false when one does not read (a fixture of a newer format).
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
        if (!entry.contains("layers") || !entry.contains("config") ||
            !configArchitecture(entry["config"].get<std::string>(), entry["layers"].get<long long>(), arch))
            continue;
        for (const auto& point : entry.value("points", nlohmann::json::array())) {
            if (point.contains("oom") || !point.contains("step_s"))
                continue;
            TruthStep s;
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
    for (const auto& point : truth["points"]) {
        if (!point.contains("step_s") || !point.contains("model") || !point.contains("layers"))
            continue;
        const std::string model = point["model"].get<std::string>();
        const std::string strategy = point.value("strategy", std::string("single"));
        model::Architecture arch;
        if (!configArchitecture(model + ".json", point["layers"].get<long long>(), arch))
            continue;
        TruthStep s;
        s.group = point.value("set", std::string("tuning")) + " " + point.value("machine", std::string("2gpu")) + " " + model;
        const int gpus = point.value("gpus", 1);
        s.layout = {1, gpus};
        const std::string checkpointing = point.value("checkpointing", std::string("none"));
        s.reference = strategy == "single" && checkpointing == "none";
        const bool sharded = strategy == "full_shard" || strategy == "shard_grad_op";
        s.measuredS = point["step_s"].get<double>();
        s.hostS = protocolHostS(point.value("host_s", 0.0), s.measuredS);
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

// The fixtures' points as plans; a point that does not read is left out, so a fixture of a
// newer format never stops the planner.
std::vector<TruthStep> truthSteps() {
    std::vector<TruthStep> out;
    for (const EmbeddedFile& file : truthFixtureFiles()) {
        if (std::string_view(file.name).starts_with("configs/"))
            continue;
        const nlohmann::json truth = nlohmann::json::parse(file.text, nullptr, false);
        if (!truth.is_object())
            continue;
        if (truth.contains("models"))
            modelTruthSteps(truth, out);
        else if (truth.contains("points") && truth["points"].is_array())
            stepTruthSteps(truth, out);
    }
    return out;
}

Estimate truthEstimate(const TruthStep& s, const Plan& plan) {
    return estimateUncalibrated(plan, s.layout, s.numerics, s.bytes);
}

double relativeError(const TruthStep& s, const Estimate& e) { return e.stepTimeS.value / s.measuredS - 1; }

// The 90th percentile of the errors' sizes: nine figures in ten are within it.
double p90(std::vector<double> errors) {
    if (errors.empty())
        return 0;
    for (double& e : errors)
        e = std::fabs(e);
    std::sort(errors.begin(), errors.end());
    const double at = 0.9 * double(errors.size() - 1);
    const std::size_t i = std::size_t(at);
    return i + 1 < errors.size() ? errors[i] + (at - double(i)) * (errors[i + 1] - errors[i]) : errors[i];
}

// Errors kept whole and by the regime of the estimate they came from.
struct Errors {
    std::vector<double> all;
    std::array<std::vector<double>, kStepRegimeCount> byRegime;
    void add(const TruthStep& s, const Estimate& e) {
        const double error = relativeError(s, e);
        all.push_back(error);
        byRegime[std::size_t(stepRegime(stepShares(e)))].push_back(error);
    }
    std::array<RegimeSpread, kStepRegimeCount> spreads() const {
        std::array<RegimeSpread, kStepRegimeCount> out{};
        for (std::size_t r = 0; r < out.size(); ++r)
            out[r] = {int(byRegime[r].size()), p90(byRegime[r])};
        return out;
    }
};

TruthSpread computeSpread() {
    const std::vector<TruthStep> steps = truthSteps();
    TruthSpread spread;
    spread.points = int(steps.size());
    Errors before, after;
    std::map<std::string, std::vector<const TruthStep*>> groups;
    for (const TruthStep& s : steps) {
        before.add(s, truthEstimate(s, s.plan));
        groups[s.group].push_back(&s);
    }
    // As a user calibrates: one measured run (the longest step, the most GPU-bound, of those
    // a user would measure first), every other point of the model predicted with the
    // constants it fits, and put in its regime by the calibrated model's terms.
    for (const auto& [group, members] : groups) {
        if (members.size() < 2)
            continue;
        ++spread.models;
        const TruthStep* reference = nullptr;
        for (const TruthStep* s : members)
            if (s->reference && (!reference || s->measuredS > reference->measuredS))
                reference = s;
        if (!reference)
            continue;
        Calibration point{reference->layout, reference->measuredS, Calibration::Unit::SecondsPerStep, {}};
        point.workload.hostS = reference->hostS;
        const FittedModel fit = fitModel(reference->plan, {point}, reference->numerics, reference->bytes);
        for (const TruthStep* s : members) {
            if (s == reference)
                continue;
            Plan plan = s->plan;
            applyFit(plan.recipe, fit);
            after.add(*s, truthEstimate(*s, plan));
        }
    }
    spread.calibratedPoints = int(after.all.size());
    spread.uncalibrated = p90(before.all);
    spread.calibrated = p90(after.all);
    spread.uncalibratedByRegime = before.spreads();
    spread.calibratedByRegime = after.spreads();
    return spread;
}

// A share under 0.05% is rounding (a fit through one point reproduces it exactly): "0%", not "5.7e-14%".
std::string percentText(double share) { return std::fabs(share) < 5e-4 ? "0%" : significant(100 * share, 2) + "%"; }
Text percentValue(double share) { return Text::value(percentText(share)); }
Text count(int n) { return Text::value(std::to_string(n)); }

// Each regime's names, in StepRegime's order: --json's key, the words, the table's word.
const struct {
    StepRegime regime;
    const char* key;
    TextTemplate name, tag;
} kRegimes[] = {
    {StepRegime::Gpu, "gpu", TD_TEXT("Calibration", "GPU-bound"), TD_TEXT("Calibration", "GPU")},
    {StepRegime::Host, "host", TD_TEXT("Calibration", "host-bound"), TD_TEXT("Calibration", "host")},
    {StepRegime::Communication, "communication", TD_TEXT("Calibration", "comm-bound"), TD_TEXT("Calibration", "comm")},
};
static_assert(std::size(kRegimes) == std::size_t(kStepRegimeCount), "names for every regime");

double shareOf(const StepShares& s, StepRegime r) {
    switch (r) {
    case StepRegime::Gpu: return s.gpu;
    case StepRegime::Host: return s.host;
    case StepRegime::Communication: return s.communication;
    }
    return 0;
}

// What the regime's time depends on, and what would narrow the figure (uncalibrated).
Text regimeCause(StepRegime r) {
    const Text calibrateFrom = Text::value("--calibrate-from");
    switch (r) {
    case StepRegime::Gpu:
        return Text(TD_TEXT("Calibration", "the GPU's work varies little between machines of one GPU type"));
    case StepRegime::Host:
        return Text(TD_TEXT("Calibration", "eager PyTorch's issue time varies between hosts and from run to run "
                                           "(1.7× apart on one cloud VM): a run on this machine with %1 narrows it"),
                    {calibrateFrom});
    case StepRegime::Communication:
        return Text(TD_TEXT("Calibration", "the exposed communication depends on the network and NCCL: a run on this "
                                           "network with %1 fixes it"),
                    {calibrateFrom});
    }
    return {};
}

}  // namespace

StepShares stepShares(const Estimate& e) {
    const double step = e.stepTimeS.value;
    if (!(step > 0))
        return {1, 0, 0};
    const double exposed = e.exposedCommTimeS.value;
    // The host's share is the on-device time's elasticity to it, taken through the model's
    // own formula (onDeviceStepS) nudged by a millionth: the formula is the estimate's,
    // not restated here. The GPU has the rest of the on-device time (the formula is of
    // degree one: the parts' elasticities sum to its own value).
    constexpr double kNudge = 1e-6;
    const double c = e.computeTimeS.value, m = e.memoryTimeS.value, o = e.optimizerTimeS, h = e.hostTimeS.value;
    auto onDeviceWithHost = [&](double host) {  // with every argument the estimate gave it, the experts' serial part too
        return onDeviceStepS(c, m, o, host, e.gradAccum, e.synchronisedComputeS, e.synchronisedMemoryS);
    };
    const double hostMoves = (onDeviceWithHost(h * (1 + kNudge)) - onDeviceWithHost(h)) / kNudge;
    StepShares s;
    s.communication = std::clamp(exposed / step, 0.0, 1.0);
    s.host = std::clamp(hostMoves / step, 0.0, 1.0 - s.communication);
    s.gpu = 1.0 - s.communication - s.host;
    return s;
}

StepRegime stepRegime(const StepShares& s) {
    if (s.host > s.gpu && s.host >= s.communication)
        return StepRegime::Host;
    if (s.communication > s.gpu)
        return StepRegime::Communication;
    return StepRegime::Gpu;
}

std::string stepRegimeKey(StepRegime r) { return kRegimes[std::size_t(r)].key; }
Text stepRegimeName(StepRegime r) { return Text(kRegimes[std::size_t(r)].name); }
Text stepRegimeTag(StepRegime r) { return Text(kRegimes[std::size_t(r)].tag); }

const TruthSpread& truthSpread() {
    static const TruthSpread spread = computeSpread();
    return spread;
}

StepTimeConfidence stepTimeConfidence(const Plan& plan, const FittedModel& fit, const Estimate& estimate) {
    StepTimeConfidence c;
    c.layout = estimate.layout;
    c.truth = truthSpread();
    c.calibrated = !plan.calibrations.empty() && !fit.points.empty();
    c.shares = stepShares(estimate);
    c.regime = stepRegime(c.shares);
    const auto& byRegime = c.calibrated ? c.truth.calibratedByRegime : c.truth.uncalibratedByRegime;
    c.regimeSpread = byRegime[std::size_t(c.regime)];
    c.regimeMeasured = c.regimeSpread.points >= kMinRegimePoints;
    const double measured = c.regimeMeasured ? c.regimeSpread.spread : c.calibrated ? c.truth.calibrated : c.truth.uncalibrated;
    const Text regime = stepRegimeName(c.regime);
    const Text share = Text::value(std::to_string(std::lround(100 * shareOf(c.shares, c.regime))) + "%");
    if (!c.calibrated) {
        c.expectedError = measured;
        c.basis = c.regimeMeasured
                      ? Text(TD_TEXT("Calibration", "uncalibrated: ±%1, %2 (%3 of the step): nine in ten of %4 measured "
                                                    "steps so bound were within it at the assumed efficiency; %5"),
                             {percentValue(c.expectedError), regime, share, count(c.regimeSpread.points), regimeCause(c.regime)})
                      : Text(TD_TEXT("Calibration", "uncalibrated: ±%1, %2 (%3 of the step): too few measured steps so "
                                                    "bound (%4), so nine in ten of all %5 (%6 models) were within it at "
                                                    "the assumed efficiency; %7"),
                             {percentValue(c.expectedError), regime, share, count(c.regimeSpread.points), count(c.truth.points),
                              count(c.truth.models), regimeCause(c.regime)});
    } else {
        double sum = 0;
        for (const PointResidual& r : fit.points)
            sum += r.relative() * r.relative();
        c.fitPoints = int(fit.points.size());
        c.fitResidual = std::sqrt(sum / double(c.fitPoints));
        c.expectedError = std::max(c.fitResidual, measured);
        c.basis = c.regimeMeasured
                      ? Text(TD_TEXT("Calibration", "calibrated: ±%1, %2 (%3 of the step): the fit's residual %4 over %5 "
                                                    "point(s), and no less than the %6 that %7 measured steps so bound "
                                                    "show after one run of their model"),
                             {percentValue(c.expectedError), regime, share, percentValue(c.fitResidual), count(c.fitPoints),
                              percentValue(measured), count(c.regimeSpread.points)})
                      : Text(TD_TEXT("Calibration", "calibrated: ±%1, %2 (%3 of the step): the fit's residual %4 over %5 "
                                                    "point(s), and no less than the %6 that all %7 measured steps show "
                                                    "after one run of their model (too few so bound: %8)"),
                             {percentValue(c.expectedError), regime, share, percentValue(c.fitResidual), count(c.fitPoints),
                              percentValue(measured), count(c.truth.calibratedPoints), count(c.regimeSpread.points)});
    }
    // Narrow enough for the table's 80 columns with four layouts ("±8.7% (host)"); the words say "host-bound".
    c.summary = Text(TD_TEXT("Calibration", "±%1 (%2)"), {percentValue(c.expectedError), stepRegimeTag(c.regime)});
    return c;
}

}  // namespace traindeck
