#include "model/catalogue.h"

#include "model/models_yaml.h"  // generated from resources/models.yaml: kModelsYaml

#include <nlohmann/json.hpp>
#include <yaml-cpp/yaml.h>

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
