#include "plan/plan_yaml.h"

#include "files/write_whole.h"
#include "plan/list_items.h"
#include "plan/model_source.h"
#include "plan/plan_fields.h"
#include "text/system_error.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
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
        for (const std::string& item : listItems(value))
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
    Text message;
};

// yaml-cpp's words for a file that is not YAML (yaml-cpp/exceptions.h), the ones a
// hand-edited plan file runs into; `prefix`: the message goes on with a detail (%1).
const struct {
    const char* message;
    TextTemplate text;
    bool prefix = false;
} kYamlErrors[] = {
    {"end of map not found", TD_TEXT("PlanFiles", "end of map not found")},
    {"end of map flow not found", TD_TEXT("PlanFiles", "end of map flow not found")},
    {"end of sequence not found", TD_TEXT("PlanFiles", "end of sequence not found")},
    {"end of sequence flow not found", TD_TEXT("PlanFiles", "end of sequence flow not found")},
    {"illegal map value", TD_TEXT("PlanFiles", "illegal map value")},
    {"illegal map key", TD_TEXT("PlanFiles", "illegal map key")},
    {"illegal block entry", TD_TEXT("PlanFiles", "illegal block entry")},
    {"illegal flow end", TD_TEXT("PlanFiles", "illegal flow end")},
    {"illegal EOF in scalar", TD_TEXT("PlanFiles", "illegal EOF in scalar")},
    {"illegal character in scalar", TD_TEXT("PlanFiles", "illegal character in scalar")},
    {"illegal document indicator in scalar", TD_TEXT("PlanFiles", "illegal document indicator in scalar")},
    {"illegal tab when looking for indentation", TD_TEXT("PlanFiles", "illegal tab when looking for indentation")},
    {"unknown token", TD_TEXT("PlanFiles", "unknown token")},
    {"unknown escape character: ", TD_TEXT("PlanFiles", "unknown escape character: %1"), true},
    {"invalid unicode: ", TD_TEXT("PlanFiles", "invalid unicode: %1"), true},
    {"bad character found while scanning hex number", TD_TEXT("PlanFiles", "bad character found while scanning hex number")},
    {"the referenced anchor is not defined", TD_TEXT("PlanFiles", "the referenced anchor is not defined")},
    {"alias not found after *", TD_TEXT("PlanFiles", "alias not found after *")},
    {"anchor not found after &", TD_TEXT("PlanFiles", "anchor not found after &")},
    {"illegal character found while scanning alias", TD_TEXT("PlanFiles", "illegal character found while scanning alias")},
    {"illegal character found while scanning anchor", TD_TEXT("PlanFiles", "illegal character found while scanning anchor")},
    {"cannot assign multiple tags to the same node", TD_TEXT("PlanFiles", "cannot assign multiple tags to the same node")},
    {"cannot assign multiple anchors to the same node", TD_TEXT("PlanFiles", "cannot assign multiple anchors to the same node")},
    {"cannot assign multiple aliases to the same node", TD_TEXT("PlanFiles", "cannot assign multiple aliases to the same node")},
    {"aliases can't have any content, *including* tags", TD_TEXT("PlanFiles", "aliases can't have any content, *including* tags")},
    {"unexpected character in block scalar", TD_TEXT("PlanFiles", "unexpected character in block scalar")},
    {"cannot set zero indentation for a block scalar", TD_TEXT("PlanFiles", "cannot set zero indentation for a block scalar")},
    {"invalid character in tag handle", TD_TEXT("PlanFiles", "invalid character in tag handle")},
    {"tag handle with no suffix", TD_TEXT("PlanFiles", "tag handle with no suffix")},
    {"end of verbatim tag not found", TD_TEXT("PlanFiles", "end of verbatim tag not found")},
    {"invalid tag", TD_TEXT("PlanFiles", "invalid tag")},
    {"invalid anchor", TD_TEXT("PlanFiles", "invalid anchor")},
    {"invalid alias", TD_TEXT("PlanFiles", "invalid alias")},
    {"invalid node; ", TD_TEXT("PlanFiles", "invalid node"), true},  // the rest is advice for C++ programmers
    {"bad conversion", TD_TEXT("PlanFiles", "bad conversion")},
    {"YAML directives must have exactly one argument", TD_TEXT("PlanFiles", "YAML directives must have exactly one argument")},
    {"bad YAML version: ", TD_TEXT("PlanFiles", "bad YAML version: %1"), true},
    {"YAML major version too large", TD_TEXT("PlanFiles", "YAML major version too large")},
    {"repeated YAML directive", TD_TEXT("PlanFiles", "repeated YAML directive")},
    {"TAG directives must have exactly two arguments", TD_TEXT("PlanFiles", "TAG directives must have exactly two arguments")},
    {"repeated TAG directive", TD_TEXT("PlanFiles", "repeated TAG directive")},
};

Text yamlErrorText(const std::string& message) {
    for (const auto& e : kYamlErrors) {
        if (!e.prefix && message == e.message)
            return Text(e.text);
        if (e.prefix && message.starts_with(e.message))
            return Text(e.text, {Text::value(printable(message.substr(std::strlen(e.message))))});
    }
    return Text::value(printable(message, 2000));
}

// Applies one scalar to the plan through the field table.
void applyScalar(Plan& plan, const std::string& key, const YAML::Node& node) {
    if (node.IsSequence() && isListField(*findPlanField(key))) {  // launch.hosts: [a, b]
        std::string text;
        for (const auto& item : node) {
            if (!item.IsScalar())
                throw LoadError{item.Mark().line + 1, key, Text(TD_TEXT("CoreMessages", "expected a single value"))};  // an item of the list
            text += (text.empty() ? "" : ",") + item.Scalar();
        }
        if (Text error = setPlanField(plan, key, text); !error.empty())
            throw LoadError{node.Mark().line + 1, key, error};
        return;
    }
    if (!node.IsScalar() && !node.IsNull())
        throw LoadError{node.Mark().line + 1, key, Text(TD_TEXT("CoreMessages", "expected a single value"))};
    if (Text error = setPlanField(plan, key, node.IsNull() ? std::string() : node.Scalar()); !error.empty())
        throw LoadError{node.Mark().line + 1, key, error};
}

void applyDocument(Plan& plan, const YAML::Node& root) {
    if (!root.IsMap())  // an empty document has no position: report its first line
        throw LoadError{std::max(1, root.Mark().line + 1), "",
                        Text(TD_TEXT("CoreMessages", "a plan file is a map of sections (cluster, model, recipe, ...)"))};
    if (const YAML::Node v = root["version"]; v) {
        int version = 0;
        try {
            version = v.as<int>();
        } catch (const YAML::Exception&) {
            throw LoadError{v.Mark().line + 1, "version", Text(TD_TEXT("CoreMessages", "expected a whole number"))};
        }
        if (version < 1 || version > kPlanVersion)
            throw LoadError{v.Mark().line + 1, "version",
                            Text(TD_TEXT("CoreMessages", "plan version %1 is not one this TrainDeck reads (1 to %2)"),
                                 {Text::value(std::to_string(version)), Text::value(std::to_string(kPlanVersion))})};
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
            if (Text error = setPlanField(plan, section, text); !error.empty())
                throw LoadError{value.Mark().line + 1, section, error};
            continue;
        }
        if (const PlanField* f = findPlanField(section); f && f->key == section) {  // name, calibration
            applyScalar(plan, section, value);
            continue;
        }
        if (section != "cluster" && section != "model" && section != "recipe" && section != "launch" &&
            section != "goal")
            throw LoadError{line, section,
                            Text(TD_TEXT("CoreMessages", "unknown section (expected %1)"),
                                 {Text::value("cluster, model, recipe, launch, compare, calibration, name, version")})};
        if (!value.IsMap())
            throw LoadError{value.Mark().line + 1, section, Text(TD_TEXT("CoreMessages", "expected a map of fields"))};
        for (const auto& field : value) {
            const std::string key = section + "." + field.first.as<std::string>();
            if (key == "launch.env") {
                if (!field.second.IsMap() && !field.second.IsNull())
                    throw LoadError{field.second.Mark().line + 1, key, Text(TD_TEXT("CoreMessages", "expected a map of NAME: value"))};
                plan.launch.env.clear();
                for (const auto& var : field.second) {
                    if (!var.second.IsScalar())
                        throw LoadError{var.second.Mark().line + 1, key, Text(TD_TEXT("CoreMessages", "expected a text value"))};
                    plan.launch.env[var.first.as<std::string>()] = var.second.Scalar();
                }
                continue;
            }
            if (!findPlanField(key))
                throw LoadError{field.first.Mark().line + 1, key, Text(TD_TEXT("CoreMessages", "unknown field"))};
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
    std::vector<std::string> written;  // the sections written so far, each as one map
    // A field the model does not read (a clip on a language model) is left out while it
    // holds its default, which loading gives back: the file says only what counts.
    static const Plan defaults;
    const auto kept = [&](const PlanField& f) {
        return modelFieldUsed(plan, f.key) || f.get(plan) != f.get(defaults);
    };
    for (const PlanField& f : planFields()) {
        if (f.key == "calibration" && plan.calibrations.empty())
            continue;
        if (!kept(f))
            continue;
        const std::string section = splitKey(f.key).first;
        if (section.empty()) {
            emitField(out, f, plan);
            continue;
        }
        if (std::find(written.begin(), written.end(), section) != written.end())
            continue;
        written.push_back(section);
        out << YAML::Key << section << YAML::Value << YAML::BeginMap;
        for (const PlanField& g : planFields())
            if (splitKey(g.key).first == section && kept(g))
                emitField(out, g, plan);
        if (section == "launch") {
            out << YAML::Key << "env" << YAML::Value << YAML::BeginMap;
            for (const auto& [name, value] : plan.launch.env)
                out << YAML::Key << name << YAML::Value << YAML::DoubleQuoted << value;
            out << YAML::EndMap;
        }
        out << YAML::EndMap;
    }
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
        const Text file = Text::value(source), line = Text::value(std::to_string(e.line));
        if (!e.key.empty())
            return {false, Text(TD_TEXT("PlanFiles", "%1:%2: key '%3': %4"), {file, line, Text::value(printable(e.key)), e.message})};
        // An empty file has no line 1 to point at.
        return {false, e.line < 1 ? Text(TD_TEXT("PlanFiles", "%1: %2"), {file, e.message})
                                  : Text(TD_TEXT("PlanFiles", "%1:%2: %3"), {file, line, e.message})};
    } catch (const YAML::Exception& e) {
        return {false, Text(TD_TEXT("PlanFiles", "%1:%2: not valid YAML: %3"),
                            {Text::value(source), Text::value(std::to_string(e.mark.line + 1)), yamlErrorText(e.msg)})};
    }
    if (Text error = validatePlan(loaded); !error.empty())
        return {false, Text(TD_TEXT("PlanFiles", "%1: %2"), {Text::value(source), error})};
    plan = std::move(loaded);
    return {true, {}};
}

LoadResult loadPlanFile(const std::string& path, Plan& plan) {
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return {false, Text(TD_TEXT("PlanFiles", "%1: cannot open: %2"), {Text::value(path), systemErrorText(errno)})};
    std::stringstream buffer;
    buffer << in.rdbuf();
    return planFromYaml(buffer.str(), path, plan);
}

Text savePlanFile(const std::string& path, const Plan& plan) { return writeWhole(path, planToYaml(plan)); }

}  // namespace traindeck
