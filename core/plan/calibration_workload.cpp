#include "plan/calibration_workload.h"

#include "plan/hardware.h"
#include "plan/plan_fields.h"
#include "plan/step_memory.h"
#include "text/lower_case.h"
#include "text/number_text.h"
#include "text/trimmed.h"

#include "model/architecture.h"
#include "model/parameters.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <functional>
#include <initializer_list>
#include <utility>

namespace traindeck {
namespace {

// One key of the spelling: the plan field it stands for, how the workload holds it.
// The enums' names are the field table's own (plan_fields.cpp), read and written
// through a scratch plan, so a point says "full_shard" exactly as a plan file does.
struct WorkloadKey {
    const char* name;
    const char* field;  // the plan field that gives the value its text form; empty: free text
    std::function<bool(const MeasuredWorkload&)> said;
    std::function<void(const MeasuredWorkload&, Plan&)> put;    // onto a plan
    std::function<void(const Plan&, MeasuredWorkload&)> take;   // from a plan the value was set on
};

const std::vector<WorkloadKey>& workloadKeys() {
    using W = MeasuredWorkload;
    static const std::vector<WorkloadKey> k = {
        {"micro", "recipe.micro_batch", [](const W& w) { return w.microBatch > 0; },
         [](const W& w, Plan& p) { p.recipe.microBatch = w.microBatch; },
         [](const Plan& p, W& w) { w.microBatch = p.recipe.microBatch; }},
        {"accum", "recipe.grad_accum", [](const W& w) { return w.gradAccum > 0; },
         [](const W& w, Plan& p) { p.recipe.gradAccum = w.gradAccum; },
         [](const Plan& p, W& w) { w.gradAccum = p.recipe.gradAccum; }},
        {"seq", "model.tokens_per_sample", [](const W& w) { return w.tokensPerSample > 0; },
         [](const W& w, Plan& p) { p.model.tokensPerSample = w.tokensPerSample; },
         [](const Plan& p, W& w) { w.tokensPerSample = p.model.tokensPerSample; }},
        {"ckpt", "model.activation_checkpointing", [](const W& w) { return w.checkpointing.has_value(); },
         [](const W& w, Plan& p) { p.model.checkpointing = *w.checkpointing; },
         [](const Plan& p, W& w) { w.checkpointing = p.model.checkpointing; }},
        {"precision", "recipe.precision", [](const W& w) { return w.precision.has_value(); },
         [](const W& w, Plan& p) { p.recipe.precision = *w.precision; },
         [](const Plan& p, W& w) { w.precision = p.recipe.precision; }},
        {"zero", "recipe.zero_stage", [](const W& w) { return w.zeroStage >= 0; },
         [](const W& w, Plan& p) { p.recipe.zeroStage = w.zeroStage; },
         [](const Plan& p, W& w) { w.zeroStage = p.recipe.zeroStage; }},
        {"fsdp", "recipe.fsdp", [](const W& w) { return w.fsdp.has_value(); },
         [](const W& w, Plan& p) { p.recipe.fsdp = *w.fsdp; },
         [](const Plan& p, W& w) { w.fsdp = p.recipe.fsdp; }},
        {"gpu", "", [](const W& w) { return !w.gpu.empty(); }, nullptr, nullptr},
        {"params", "", [](const W& w) { return w.params > 0; }, nullptr, nullptr},
        {"model", "", [](const W& w) { return !w.model.empty(); }, nullptr, nullptr},
        {"host", "", [](const W& w) { return w.hostS > 0; }, nullptr, nullptr},
        {"write", "", [](const W& w) { return w.checkpointGBps > 0; }, nullptr, nullptr},
        {"eval", "", [](const W& w) { return w.evalSpeedRatio > 0; }, nullptr, nullptr},
    };
    return k;
}

// A free-text value kept to what the spelling can carry (no separators, no spaces).
std::string spellingWord(std::string_view text) {
    std::string out;
    for (const char c : text)
        out += (c == ':' || c == ',' || c == '@' || c == '=' || std::isspace(static_cast<unsigned char>(c))) ? '_' : c;
    return out;
}

// A positive number and the unit after it, as the spelling takes it: false for another unit.
bool parseScaled(std::string_view text, std::initializer_list<std::pair<std::string_view, double>> units, double& out) {
    double v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || !std::isfinite(v) || v <= 0)
        return false;
    const std::string_view unit(end, std::size_t(text.data() + text.size() - end));
    for (const auto& [name, scale] : units)
        if (unit == name) {
            out = v * scale;
            return true;
        }
    return false;
}

// "124M", "1.5B", "33559040": a parameter count as people write it.
bool parseCount(std::string_view text, double& out) {
    return parseScaled(text, {{"", 1}, {"K", 1e3}, {"k", 1e3}, {"M", 1e6}, {"B", 1e9}, {"G", 1e9}, {"T", 1e12}}, out);
}

// "43ms", "0.043s": a time as the spelling writes it (workloadText writes ms).
bool parseSeconds(std::string_view text, double& out) { return parseScaled(text, {{"ms", 1e-3}, {"s", 1}}, out); }

// As shortCountText, but every digit below a million: the spelling reads back exactly.
std::string parameterCountText(double v) { return v >= 1e6 ? shortCountText(v) : formatNumber(v); }

// The model's parameters as the plan knows them: the architecture's exact count, else its figure.
double planParameterCount(const Plan& plan) {
    model::Architecture arch;
    return planArchitecture(plan, arch) ? double(model::countParameters(arch).total) : plan.model.params;
}

// What names the plan's model beside its size: the architecture's model_type and the trainer's preset.
std::vector<std::string> planModelNames(const Plan& plan) {
    std::vector<std::string> names;
    model::Architecture arch;
    if (planArchitecture(plan, arch) && !arch.type.empty())
        names.push_back(lowerCase(arch.type));
    if (!plan.model.preset.empty())
        names.push_back(lowerCase(plan.model.preset));
    return names;
}

}  // namespace

std::string workloadText(const MeasuredWorkload& w) {
    std::string out;
    for (const WorkloadKey& k : workloadKeys()) {
        if (!k.said(w))
            continue;
        std::string value;
        if (*k.field) {
            Plan scratch;
            k.put(w, scratch);
            value = findPlanField(k.field)->get(scratch);
        } else if (std::string_view(k.name) == "gpu") {
            value = spellingWord(w.gpu);
        } else if (std::string_view(k.name) == "params") {
            value = parameterCountText(w.params);
        } else if (std::string_view(k.name) == "host") {
            value = formatNumber(std::round(w.hostS * 1e6) / 1e3) + "ms";
        } else if (std::string_view(k.name) == "write") {
            value = significant(w.checkpointGBps, 3) + "GB/s";
        } else if (std::string_view(k.name) == "eval") {
            value = significant(w.evalSpeedRatio, 3) + "x";
        } else {
            value = spellingWord(w.model);
        }
        if (!out.empty())
            out += ':';
        out.append(k.name).append("=").append(value);
    }
    return out;
}

bool parseWorkload(std::string_view text, MeasuredWorkload& out, Text& error) {
    MeasuredWorkload w;
    while (!text.empty()) {
        const auto colon = text.find(':');
        const std::string item = trimmed(text.substr(0, colon), " \t\n\v\f\r");
        text = colon == std::string_view::npos ? std::string_view() : text.substr(colon + 1);
        if (item.empty())
            continue;
        const auto eq = item.find('=');
        const std::string name = item.substr(0, eq), value = eq == std::string::npos ? "" : item.substr(eq + 1);
        const auto k = std::find_if(workloadKeys().begin(), workloadKeys().end(), [&](const WorkloadKey& key) { return name == key.name; });
        if (eq == std::string::npos || value.empty() || k == workloadKeys().end()) {
            error = Text(TD_TEXT("Calibration", "unknown workload '%1' after '@' (known: micro, accum, seq, ckpt, "
                                                "precision, zero, fsdp, gpu, params, model, host, write, eval; e.g. "
                                                "@micro=8:seq=1024)"),
                         {Text::value(printable(item))});
            return false;
        }
        if (*k->field) {
            Plan scratch;
            if (Text e = setPlanField(scratch, k->field, value); !e.empty()) {
                error = Text(TD_TEXT("Calibration", "%1 after '@': %2"), {Text::value(name), e});
                return false;
            }
            k->take(scratch, w);
        } else if (name == "params") {
            if (!parseCount(value, w.params)) {
                error = Text(TD_TEXT("Calibration", "params after '@' expects a count like 124M or 1.5B, got '%1'"),
                             {Text::value(printable(value))});
                return false;
            }
        } else if (name == "gpu") {
            w.gpu = gpuKeyOfDevice(value);
        } else if (name == "host") {
            if (!parseSeconds(value, w.hostS)) {
                error = Text(TD_TEXT("Calibration", "host after '@' expects the host's issue time per step like 43ms "
                                                    "or 0.043s, got '%1'"),
                             {Text::value(printable(value))});
                return false;
            }
        } else if (name == "write") {
            if (!parseScaled(value, {{"GB/s", 1}, {"MB/s", 1e-3}}, w.checkpointGBps)) {
                error = Text(TD_TEXT("Calibration", "write after '@' expects the run's checkpoint write speed like "
                                                    "0.3GB/s or 300MB/s, got '%1'"),
                             {Text::value(printable(value))});
                return false;
            }
        } else if (name == "eval") {
            if (!parseScaled(value, {{"x", 1}}, w.evalSpeedRatio)) {
                error = Text(TD_TEXT("Calibration", "eval after '@' expects how many times faster than training the "
                                                    "run evaluated its samples, like 2.9x, got '%1'"),
                             {Text::value(printable(value))});
                return false;
            }
        } else {
            w.model = lowerCase(value);
        }
    }
    out = w;
    return true;
}

// A name's words: its runs of letters and digits ("nvidia a100-sxm4-40gb" → nvidia, a100, sxm4, 40gb).
static std::vector<std::string> nameWords(const std::string& name) {
    std::vector<std::string> words(1);
    for (const char c : name) {
        if (std::isalnum(static_cast<unsigned char>(c))) words.back() += c;
        else if (!words.back().empty()) words.emplace_back();
    }
    if (words.back().empty()) words.pop_back();
    return words;
}

std::string gpuKeyOfDevice(std::string_view device) {
    const std::string name = lowerCase(std::string(device));
    if (name == "cpu")
        return name;
    // A key matches when each of its words is a whole word of the name: a key inside a longer
    // word is another GPU ("h200" in "gh200"). Of the keys that match, the one of most words
    // is the most precise ("a100-40gb" over "a100" for an A100-SXM4-40GB).
    const std::vector<std::string> words = nameWords(name);
    const GpuModel* best = nullptr;
    size_t bestWords = 0;
    for (const GpuModel& g : gpuCatalogue()) {
        if (name == g.key)
            return g.key;
        const std::vector<std::string> keyWords = nameWords(g.key);
        const bool all = std::all_of(keyWords.begin(), keyWords.end(), [&](const std::string& k) {
            return std::find(words.begin(), words.end(), k) != words.end();
        });
        if (all && keyWords.size() > bestWords) {
            best = &g;
            bestWords = keyWords.size();
        }
    }
    return best ? best->key : spellingWord(name);
}

// The accumulation the plan runs `layout` with: its own, or solved from its global batch (as estimate.cpp).
static int accumulationAt(const Plan& plan, int microBatch, const Layout& layout) {
    if (plan.recipe.globalBatch <= 0)
        return plan.recipe.gradAccum;
    const long perAccum = long(microBatch) * layout.worldSize();
    return int(std::max(1L, std::lround(double(plan.recipe.globalBatch) / double(perAccum))));
}

MeasuredWorkload workloadOfPlan(const Plan& plan, const Layout& layout) {
    MeasuredWorkload w;
    for (const WorkloadKey& k : workloadKeys())
        if (k.take)
            k.take(plan, w);
    w.gradAccum = accumulationAt(plan, plan.recipe.microBatch, layout);
    w.gpu = plan.cluster.gpu;
    w.params = planParameterCount(plan);
    const std::vector<std::string> names = planModelNames(plan);
    w.model = names.empty() ? std::string() : names.front();
    return w;
}

Plan planAtPoint(const Plan& plan, const Calibration& point) {
    Plan p = plan;
    for (const WorkloadKey& k : workloadKeys())
        if (k.put && k.said(point.workload))
            k.put(point.workload, p);
    if (point.workload.gradAccum > 0 || point.workload.microBatch > 0)
        p.recipe.globalBatch = 0;  // the point's accumulation as measured, not solved from the plan's batch
    if (point.workload.gradAccum == 0 && point.workload.microBatch > 0)  // the plan's rule at the point's micro-batch
        p.recipe.gradAccum = accumulationAt(plan, point.workload.microBatch, point.layout);
    p.cluster.nodes = point.layout.nodes;
    p.cluster.gpusPerNode = point.layout.gpusPerNode;
    return p;
}

std::optional<Text> calibrationRefusal(const Plan& plan, const Calibration& point) {
    const MeasuredWorkload& w = point.workload;
    const GpuModel* gpu = findGpu(plan.cluster.gpu);
    const std::string planGpu = gpu ? gpu->name : plan.cluster.gpu;
    if (w.gpu == "cpu")
        return Text(TD_TEXT("Calibration", "measured on CPUs, the plan runs on %1: a CPU's speed says nothing of "
                                           "a GPU's efficiency"),
                    {Text::value(planGpu)});
    if (!w.gpu.empty() && w.gpu != plan.cluster.gpu) {
        const GpuModel* measured = findGpu(w.gpu);
        return Text(TD_TEXT("Calibration", "measured on %1, the plan runs on %2: the efficiency fitted on one GPU "
                                           "type does not carry to another; measure on the plan's GPU"),
                    {Text::value(measured ? measured->name : printable(w.gpu)), Text::value(planGpu)});
    }
    const std::vector<std::string> names = planModelNames(plan);
    if (!w.model.empty() && !names.empty() && std::find(names.begin(), names.end(), w.model) == names.end())
        return Text(TD_TEXT("Calibration", "measured on a %1 model, the plan's model is %2: its constants are "
                                           "another model's"),
                    {Text::value(printable(w.model)), Text::value(printable(names.front()))});
    const double params = planParameterCount(plan);
    if (w.params > 0 && params > 0 && std::max(w.params, params) > 1.1 * std::min(w.params, params))
        return Text(TD_TEXT("Calibration", "measured on a model of %1 parameters, the plan's has %2: its constants "
                                           "are another model's"),
                    {Text::value(parameterCountText(w.params)), Text::value(parameterCountText(params))});
    return std::nullopt;
}

}  // namespace traindeck
