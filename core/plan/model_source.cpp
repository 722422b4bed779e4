#include "plan/model_source.h"

#include "model/architecture.h"
#include "model/catalogue.h"
#include "plan/plan_fields.h"
#include "plan/step_memory.h"

#include "model/parameters.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <fstream>

namespace traindeck {
namespace {

// The name a config.json gives its model: its _name_or_path's last part
// ("meta-llama/Llama-3.1-8B" → "Llama-3.1-8B"), else its model_type and size
// ("llama-8b"). Not the folder it sits in: a download's folder is anyone's ("gui").
std::string hfModelName(const std::string& path, const model::Architecture& a) {
    std::ifstream in(path);
    const nlohmann::json c = nlohmann::json::parse(in, nullptr, false);
    if (c.is_object() && c.contains("_name_or_path") && c["_name_or_path"].is_string()) {
        std::string n = c["_name_or_path"].get<std::string>();
        while (!n.empty() && n.back() == '/') n.pop_back();
        n = n.substr(n.find_last_of('/') + 1);
        if (!n.empty()) return n;
    }
    const double total = double(model::countParameters(a).total);
    char size[32];
    if (total >= 1e9)
        std::snprintf(size, sizeof size, "%.2gb", total / 1e9);
    else
        std::snprintf(size, sizeof size, "%.3gm", total / 1e6);
    return a.type + "-" + size;
}

// "Llama-3.1-8B" → "llama-3-1-8b": lower case, runs of other characters one '-', at
// most 40 long, starting with a letter; empty when no such label comes of it.
std::string modelLabel(const std::string& model) {
    std::string label;
    for (char ch : model) {
        if (std::isalnum(static_cast<unsigned char>(ch))) label += char(std::tolower(static_cast<unsigned char>(ch)));
        else if (!label.empty() && label.back() != '-') label += '-';
    }
    label = label.substr(0, 40);
    while (!label.empty() && label.back() == '-') label.pop_back();
    return !label.empty() && std::isalpha(static_cast<unsigned char>(label.front())) ? label : std::string();
}

}  // namespace

Text hfConfigEdits(const std::string& path, std::vector<FieldEdit>& edits) {
    model::Architecture a;
    Text error;
    if (!model::architectureFromHfConfigFile(path, a, error)) return error;
    edits = {{"model.preset", ""}, {"model.name", hfModelName(path, a)},
             {"model.architecture", model::architectureText(a)}};
    return {};
}

Text catalogueModelEdits(const std::string& name, std::vector<FieldEdit>& edits) {
    const model::CatalogueModel* m = model::findCatalogueModel(name);
    if (!m)
        return Text(TD_TEXT("CoreMessages", "unknown model '%1' (known: %2)"),
                    {Text::value(printable(name)), Text::value(model::catalogueNames())});
    edits = {{"model.preset", m->preset}, {"model.name", m->name},
             {"model.architecture", model::architectureText(m->architecture)}};
    if (m->tokens > 0) edits.push_back({"model.tokens_per_sample", formatNumber(m->tokens)});
    return {};
}

void nameAfterModel(const Plan& plan, std::vector<FieldEdit>& edits) {
    const auto chosen = std::find_if(edits.begin(), edits.end(), [](const FieldEdit& e) { return e.key == "model.name"; });
    if (chosen == edits.end()) return;
    const std::string label = modelLabel(chosen->value);
    if (label.empty()) return;
    const std::string current = modelLabel(plan.model.name);  // what the plan's model named it
    const auto unchosen = [&](const std::string& name, const std::string& byDefault) {
        return name == byDefault || (!current.empty() && name == current);
    };
    if (unchosen(plan.name, Plan{}.name)) edits.push_back({"name", label});
    if (unchosen(plan.launch.jobName, LaunchSettings{}.jobName)) edits.push_back({"launch.job_name", label});
}

bool modelFieldUsed(const Plan& plan, std::string_view key) {
    model::Architecture a;
    const bool known = planArchitecture(plan, a);
    const model::Family family = a.family();
    const bool frames = !known || family == model::Family::TaeMlp || family == model::Family::ConvVideo;
    if (key == "model.tokens_per_sample") return !known || a.isLanguageModel();
    if (key.starts_with("model.clip_")) return frames;
    if (key == "model.flash_attention") return known && (a.isLanguageModel() || family == model::Family::Vit);
    // step_memory.cpp: the trainer's MLP and a model without architecture keep this figure.
    if (key == "model.activation_gb_per_sample") return !known || family == model::Family::TaeMlp;
    return true;
}

}  // namespace traindeck
