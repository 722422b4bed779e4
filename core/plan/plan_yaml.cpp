#include "plan/plan_yaml.h"

#include "plan/plan_fields.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

namespace traindeck {
namespace {

// Plan files group the fields by the section before the dot of their key:
//   version: 1
//   name: demo
//   cluster: {nodes: 2, ...}
//   compare: [1x8, 2x8, 8x8]
std::pair<std::string, std::string> splitKey(const std::string& key) {
    const auto dot = key.find('.');
    if (dot == std::string::npos)
        return {{}, key};
    return {key.substr(0, dot), key.substr(dot + 1)};
}

void emitField(YAML::Emitter& out, const PlanField& f, const Plan& plan) {
    const std::string value = f.get(plan);
    if (isListField(f)) {
        out << YAML::Key << splitKey(f.key).second << YAML::Value << YAML::Flow << YAML::BeginSeq;
        std::stringstream items(value);
        for (std::string item; std::getline(items, item, ',');)
            out << item;
        out << YAML::EndSeq;
        return;
    }
    out << YAML::Key << splitKey(f.key).second << YAML::Value;
    if (f.freeText)
        out << YAML::DoubleQuoted << value;
    else
        out << value;
}

struct LoadError {
    int line;
    std::string key;
    std::string message;
};

// Applies one scalar to the plan through the field table.
void applyScalar(Plan& plan, const std::string& key, const YAML::Node& node) {
    if (node.IsSequence() && isListField(*findPlanField(key))) {  // launch.hosts: [a, b]
        std::string text;
        for (const auto& item : node) {
            if (!item.IsScalar())
                throw LoadError{item.Mark().line + 1, key, "expected a single value"};  // an item of the list
            text += (text.empty() ? "" : ",") + item.Scalar();
        }
        if (std::string error = setPlanField(plan, key, text); !error.empty())
            throw LoadError{node.Mark().line + 1, key, error};
        return;
    }
    if (!node.IsScalar() && !node.IsNull())
        throw LoadError{node.Mark().line + 1, key, "expected a single value"};
    if (std::string error = setPlanField(plan, key, node.IsNull() ? std::string() : node.Scalar()); !error.empty())
        throw LoadError{node.Mark().line + 1, key, error};
}

void applyDocument(Plan& plan, const YAML::Node& root) {
    if (!root.IsMap())  // an empty document has no position: report its first line
        throw LoadError{std::max(1, root.Mark().line + 1), "",
                        "a plan file is a map of sections (cluster, model, recipe, ...)"};
    if (const YAML::Node v = root["version"]; v) {
        int version = 0;
        try {
            version = v.as<int>();
        } catch (const YAML::Exception&) {
            throw LoadError{v.Mark().line + 1, "version", "expected a whole number"};
        }
        if (version < 1 || version > kPlanVersion)
            throw LoadError{v.Mark().line + 1, "version",
                            "plan version " + std::to_string(version) + " is not one this TrainDeck reads (1 to " +
                                std::to_string(kPlanVersion) + ")"};
        plan.version = version;
    }
    for (const auto& entry : root) {
        const std::string section = entry.first.as<std::string>();
        const YAML::Node& value = entry.second;
        const int line = entry.first.Mark().line + 1;
        if (section == "version")
            continue;
        if (section == "compare" || section == "calibration") {  // a list, or one item as a scalar
            std::string text;
            if (value.IsSequence())
                for (const auto& item : value)
                    text += (text.empty() ? "" : ",") + (item.IsScalar() ? item.Scalar() : std::string("?"));
            else if (value.IsScalar())
                text = value.Scalar();
            if (std::string error = setPlanField(plan, section, text); !error.empty())
                throw LoadError{value.Mark().line + 1, section, error};
            continue;
        }
        if (const PlanField* f = findPlanField(section); f && f->key == section) {  // name, calibration
            applyScalar(plan, section, value);
            continue;
        }
        if (section != "cluster" && section != "model" && section != "recipe" && section != "launch")
            throw LoadError{line, section, "unknown section (expected cluster, model, recipe, launch, compare, "
                                           "calibration, name, version)"};
        if (!value.IsMap())
            throw LoadError{value.Mark().line + 1, section, "expected a map of fields"};
        for (const auto& field : value) {
            const std::string key = section + "." + field.first.as<std::string>();
            if (key == "launch.env") {
                if (!field.second.IsMap() && !field.second.IsNull())
                    throw LoadError{field.second.Mark().line + 1, key, "expected a map of NAME: value"};
                plan.launch.env.clear();
                for (const auto& var : field.second) {
                    if (!var.second.IsScalar())
                        throw LoadError{var.second.Mark().line + 1, key, "expected a text value"};
                    plan.launch.env[var.first.as<std::string>()] = var.second.Scalar();
                }
                continue;
            }
            if (!findPlanField(key))
                throw LoadError{field.first.Mark().line + 1, key, "unknown field"};
            applyScalar(plan, key, field.second);
        }
    }
    if (!root["calibration"])
        plan.calibrations.clear();
}

}  // namespace

std::string planToYaml(const Plan& plan) {
    YAML::Emitter out;
    out << YAML::BeginMap;
    out << YAML::Key << "version" << YAML::Value << plan.version;
    std::string open;  // the section whose map is open
    for (const PlanField& f : planFields()) {
        if (f.key == "calibration" && plan.calibrations.empty())
            continue;
        const std::string section = splitKey(f.key).first;
        if (section != open) {
            if (!open.empty()) {
                if (open == "launch") {
                    out << YAML::Key << "env" << YAML::Value << YAML::BeginMap;
                    for (const auto& [name, value] : plan.launch.env)
                        out << YAML::Key << name << YAML::Value << YAML::DoubleQuoted << value;
                    out << YAML::EndMap;
                }
                out << YAML::EndMap;
            }
            if (!section.empty())
                out << YAML::Key << section << YAML::Value << YAML::BeginMap;
            open = section;
        }
        emitField(out, f, plan);
    }
    if (!open.empty())
        out << YAML::EndMap;
    out << YAML::EndMap;
    return std::string("# TrainDeck plan\n") + out.c_str() + "\n";
}

LoadResult planFromYaml(const std::string& text, const std::string& source, Plan& plan) {
    // Everything is applied to a copy: the caller's plan changes only when the whole file is good.
    Plan loaded;  // fields absent from the file take their defaults
    loaded.launch.env.clear();
    try {
        applyDocument(loaded, YAML::Load(text));
    } catch (const LoadError& e) {
        return {false, source + ":" + std::to_string(e.line) + ": " + (e.key.empty() ? "" : "key '" + e.key + "': ") +
                           e.message};
    } catch (const YAML::Exception& e) {
        return {false, source + ":" + std::to_string(e.mark.line + 1) + ": not valid YAML: " + e.msg};
    }
    if (std::string error = validatePlan(loaded); !error.empty())
        return {false, source + ": " + error};
    plan = std::move(loaded);
    return {true, {}};
}

LoadResult loadPlanFile(const std::string& path, Plan& plan) {
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return {false, path + ": cannot open: " + std::strerror(errno)};
    std::stringstream buffer;
    buffer << in.rdbuf();
    return planFromYaml(buffer.str(), path, plan);
}

std::string savePlanFile(const std::string& path, const Plan& plan) {
    namespace fs = std::filesystem;
    const fs::path target(path);
    const fs::path temp = target.parent_path() / ("." + target.filename().string() + ".tmp");
    {
        std::ofstream out(temp, std::ios::binary | std::ios::trunc);
        if (!out)
            return path + ": cannot write: " + std::strerror(errno);
        out << planToYaml(plan);
        out.flush();
        if (!out)
            return path + ": write failed: " + std::strerror(errno);
    }
    std::error_code ec;
    fs::rename(temp, target, ec);
    if (ec) {
        std::error_code ignored;  // the rename's reason is the one to report
        fs::remove(temp, ignored);
        return path + ": cannot replace: " + ec.message();
    }
    return {};
}

}  // namespace traindeck
