#include "model/catalogue.h"

#include "model/models_yaml.h"  // generated from resources/models.yaml: kModelsYaml
#include "model/parameters.h"
#include "text/number_text.h"

#include <nlohmann/json.hpp>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <stdexcept>

namespace traindeck::model {
namespace {

// A YAML mapping of scalars as the JSON a config.json would be, so that the
// catalogue's configs go through the same reader as --hf-config.
nlohmann::json toJson(const YAML::Node& node) {
    if (node.IsMap()) {
        nlohmann::json j = nlohmann::json::object();
        for (const auto& kv : node) j[kv.first.as<std::string>()] = toJson(kv.second);
        return j;
    }
    if (node.IsSequence()) {
        nlohmann::json j = nlohmann::json::array();
        for (const auto& item : node) j.push_back(toJson(item));
        return j;
    }
    if (node.IsNull()) return nullptr;
    const std::string s = node.Scalar();
    if (node.Tag() == "!") return s;  // quoted: a string
    if (s == "true" || s == "false") return s == "true";
    try {
        size_t used = 0;
        const long long i = std::stoll(s, &used);
        if (used == s.size()) return i;
        const double d = std::stod(s, &used);
        if (used == s.size()) return d;
    } catch (const std::exception&) {
    }
    return s;
}

std::vector<CatalogueModel> load() {
    std::vector<CatalogueModel> models;
    const YAML::Node root = YAML::Load(kModelsYaml);
    for (const YAML::Node& entry : root["models"]) {
        CatalogueModel m;
        m.name = entry["name"].as<std::string>();
        m.title = entry["title"].as<std::string>(m.name);
        m.preset = entry["preset"].as<std::string>("");
        m.tokens = entry["tokens"].as<double>(0);
        m.video = entry["video"].as<bool>(false);
        m.source = entry["source"].as<std::string>("");
        m.read = entry["read"].as<std::string>("");
        Text error;
        const bool ok = entry["config"] ? architectureFromHfConfig(toJson(entry["config"]).dump(), m.architecture, error)
                                        : parseArchitecture(entry["architecture"].as<std::string>(""), m.architecture, error);
        if (!ok) throw std::runtime_error("models.yaml: " + m.name + ": " + error.english());
        models.push_back(std::move(m));
    }
    return models;
}

}  // namespace

const std::vector<CatalogueModel>& modelCatalogue() {
    static const std::vector<CatalogueModel> models = load();
    return models;
}

const CatalogueModel* findCatalogueModel(std::string_view name) {
    for (const CatalogueModel& m : modelCatalogue())
        if (m.name == name) return &m;
    return nullptr;
}

std::string catalogueNames() {
    std::string s;
    for (const CatalogueModel& m : modelCatalogue()) s += (s.empty() ? "" : ", ") + m.name;
    return s;
}

}  // namespace traindeck::model

namespace traindeck::model {
namespace {

// A family's heading, by the architecture's type.
struct FamilyTitle {
    const char* type;
    TextTemplate title;
};
const FamilyTitle kFamilyTitles[] = {
    {"llama", TD_TEXT("ModelFamilies", "Llama")},
    {"qwen2", TD_TEXT("ModelFamilies", "Qwen2.5")},
    {"qwen3", TD_TEXT("ModelFamilies", "Qwen3")},
    {"qwen3_moe", TD_TEXT("ModelFamilies", "Qwen3 mixture of experts")},
    {"mistral", TD_TEXT("ModelFamilies", "Mistral")},
    {"mixtral", TD_TEXT("ModelFamilies", "Mixtral mixture of experts")},
    {"gemma2", TD_TEXT("ModelFamilies", "Gemma 2")},
    {"gemma3_text", TD_TEXT("ModelFamilies", "Gemma 3 (text)")},
    {"phi3", TD_TEXT("ModelFamilies", "Phi-3 and Phi-4")},
    {"deepseek_v2", TD_TEXT("ModelFamilies", "DeepSeek-V2 mixture of experts")},
    {"deepseek_v3", TD_TEXT("ModelFamilies", "DeepSeek-V3 and R1 mixture of experts")},
    {"olmo2", TD_TEXT("ModelFamilies", "OLMo 2")},
    {"granite", TD_TEXT("ModelFamilies", "Granite")},
    {"gpt_oss", TD_TEXT("ModelFamilies", "gpt-oss mixture of experts")},
    {"gpt2", TD_TEXT("ModelFamilies", "GPT-2")},
    {"vit", TD_TEXT("ModelFamilies", "Vision transformer")},
    {"tae_mlp", TD_TEXT("ModelFamilies", "traindeck-trainer and video autoencoders")},
    {"conv_video", TD_TEXT("ModelFamilies", "traindeck-trainer and video autoencoders")},
};

Text familyTitle(const std::string& type) {
    for (const FamilyTitle& f : kFamilyTitles)
        if (type == f.type) return Text(f.title);
    return Text::value(type);
}

}  // namespace

std::vector<CatalogueFamily> catalogueByFamily() {
    std::vector<CatalogueFamily> families;
    std::vector<std::string> keys;  // each family's title in English: trainer and video share one
    for (const CatalogueModel& m : modelCatalogue()) {
        const Text title = familyTitle(m.architecture.type);
        const auto at = std::find(keys.begin(), keys.end(), title.english());
        if (at == keys.end()) {
            keys.push_back(title.english());
            families.push_back({title, {&m}});
        } else {
            families[at - keys.begin()].models.push_back(&m);
        }
    }
    for (CatalogueFamily& f : families)
        std::stable_sort(f.models.begin(), f.models.end(), [](const CatalogueModel* a, const CatalogueModel* b) {
            return countParameters(a->architecture).total < countParameters(b->architecture).total;
        });
    return families;
}

std::string catalogueEntryText(const CatalogueModel& m) {
    return m.title + " · " + shortCountText(double(countParameters(m.architecture).total));
}

}  // namespace traindeck::model
