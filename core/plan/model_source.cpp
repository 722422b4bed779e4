#include "plan/model_source.h"

#include "model/architecture.h"
#include "model/catalogue.h"
#include "plan/plan_fields.h"
#include "plan/step_memory.h"

#include <filesystem>

namespace traindeck {

Text hfConfigEdits(const std::string& path, std::vector<FieldEdit>& edits) {
    model::Architecture a;
    Text error;
    if (!model::architectureFromHfConfigFile(path, a, error)) return error;
    // The folder a config.json sits in is the model's name on the hub and on disk.
    const std::filesystem::path p(path);
    std::string name = p.filename() == "config.json" && p.has_parent_path() ? p.parent_path().filename().string()
                                                                            : p.stem().string();
    edits = {{"model.preset", ""}, {"model.name", name.empty() ? a.type : name},
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
