#include "cli/plan_arguments.h"

#include "model/catalogue.h"
#include "plan/field_precedence.h"
#include "plan/model_source.h"
#include "plan/plan_fields.h"
#include "plan/plan_yaml.h"

#include "cli/terminal_text.h"
#include "localized.h"

#include <algorithm>
#include <cstring>

namespace traindeck::cli {
namespace {

Text typed(const std::string& v) { return Text::value(printable(v)); }

// "FLAG  help", the help wrapped under itself.
void printOption(std::FILE* out, const std::string& flag, const std::string& help) {
    // Two spaces in, the flag in 22 columns, a space: the shape packaging/cli_reference.py
    // reads (two or more spaces between a flag and its help).
    constexpr int kFlagColumn = 25;
    std::string first = "  " + flag;
    if (displayWidth(first) + 2 > kFlagColumn) {  // a long flag has the line to itself
        std::fprintf(out, "%s\n", first.c_str());
        first.clear();
    }
    for (const std::string& line : wrapped(padded(first, kFlagColumn), help, kFlagColumn))
        std::fprintf(out, "%s\n", line.c_str());
}

}  // namespace

std::string readPlanArguments(int argc, char** argv, const std::vector<Option>& own, Plan& plan, std::string& file) {
    // Flags apply after the file, whatever their order on the line, so collect them first.
    std::vector<UserEdit> edits;
    std::vector<FieldEdit> modelEdits;  // the last --model's or --hf-config's
    std::string modelFlag;
    std::vector<std::pair<std::string, std::string>> env;
    for (int i = 0; i < argc; ++i) {
        std::string arg = argv[i];
        if (arg.size() < 2 || arg[0] != '-') {
            if (!file.empty())
                return app::localized(TD_TEXT("PlanArguments", "only one plan file may be given (got '%1' and '%2')"),
                                      {typed(file), typed(arg)});
            file = arg;
            continue;
        }
        std::string value;
        bool hasValue = false;
        if (const auto eq = arg.find('='); eq != std::string::npos && arg.starts_with("--")) {
            value = arg.substr(eq + 1);
            arg.resize(eq);
            hasValue = true;
        }
        auto takeValue = [&]() -> bool {
            if (hasValue)
                return true;
            if (i + 1 >= argc)
                return false;
            value = argv[++i];
            return true;
        };
        if (const PlanField* f = findPlanField(arg); f && arg.starts_with("--")) {
            if (f->boolean && !hasValue)
                value = "true";  // a bare --drop-last turns it on
            else if (!takeValue())
                return app::localized(TD_TEXT("PlanArguments", "%1 needs a value"), {typed(arg)});
            // A list field given again adds to the list the first one started.
            const auto earlier = std::find_if(edits.begin(), edits.end(), [&](const UserEdit& e) { return e.key == f->key; });
            if (isListField(*f) && earlier != edits.end())
                earlier->value += "," + value;
            else
                edits.push_back({f->key, value, arg});
            continue;
        }
        if (arg.starts_with("--no-")) {
            if (const PlanField* f = findPlanField("--" + arg.substr(5)); f && f->boolean) {
                edits.push_back({f->key, "false", arg});
                continue;
            }
        }
        if (arg == "--hf-config" || arg == "--model") {
            if (!takeValue())
                return app::localized(TD_TEXT("PlanArguments", "%1 needs a value"), {typed(arg)});
            std::vector<FieldEdit> model;
            if (Text error = arg == "--hf-config" ? hfConfigEdits(value, model) : catalogueModelEdits(value, model);
                !error.empty())
                return app::localized(TD_TEXT("PlanArguments", "%1: %2"), {Text::value(arg), error});
            // The model comes first: the other flags (--tokens-per-sample ...) refine it.
            for (auto it = model.rbegin(); it != model.rend(); ++it) edits.insert(edits.begin(), {it->key, it->value, arg});
            modelEdits = std::move(model);
            modelFlag = arg;
            continue;
        }
        if (arg == "--env") {
            if (!takeValue())
                return app::localized(TD_TEXT("PlanArguments", "--env needs NAME=VALUE"));
            const auto eq = value.find('=');
            if (eq == std::string::npos || eq == 0)
                return app::localized(TD_TEXT("PlanArguments", "--env needs NAME=VALUE, got '%1'"), {typed(value)});
            env.emplace_back(value.substr(0, eq), value.substr(eq + 1));
            continue;
        }
        bool known = false;
        for (const Option& o : own) {
            if (o.flag != arg)
                continue;
            known = true;
            if (o.takesValue && !takeValue())
                return app::localized(TD_TEXT("PlanArguments", "%1 needs a value"), {typed(arg)});
            if (!o.takesValue && hasValue)
                return app::localized(TD_TEXT("PlanArguments", "%1 takes no value"), {typed(arg)});
            if (std::string error = o.apply(value); !error.empty())
                return error;
            break;
        }
        if (!known)
            return app::localized(TD_TEXT("PlanArguments", "unknown option '%1' (see --help)"), {typed(arg)});
    }

    Plan result = demoPlan();
    if (!file.empty()) {
        if (LoadResult r = loadPlanFile(file, result); !r.ok)
            return app::localized(r.error);
    }
    // The plan and its job named after the model, as the wizard names them, unless named (a --plan-name wins).
    const std::size_t modelOnly = modelEdits.size();
    nameAfterModel(result, modelEdits);
    for (std::size_t i = modelOnly; i < modelEdits.size(); ++i)
        edits.insert(edits.begin(), {modelEdits[i].key, modelEdits[i].value, modelFlag});
    // The flags over the file, and which of two fields wins: core's rules (field_precedence.h), as the window's.
    if (Text error = applyUserEdits(result, edits); !error.empty())
        return app::localized(error);
    for (const auto& [name, value] : env)
        result.launch.env[name] = value;
    if (Text error = validatePlan(result); !error.empty())
        return app::localized(error);
    plan = std::move(result);
    return {};
}

void printPlanFlags(std::FILE* out) {
    std::fprintf(out, "%s\n", app::localized(TD_TEXT("PlanArguments", "Plan fields (override the file; booleans also as --no-FLAG):")).c_str());
    for (const PlanField& f : planFields()) {
        // The window's label and tooltip, one source for both faces; the key too, as plan files name it.
        std::string values;
        for (const FieldChoice& c : fieldChoices(f.key))
            if (!c.value.empty())
                values += (values.empty() ? "" : ", ") + c.value;
        const std::string help =
            values.empty()
                ? app::localized(TD_TEXT("PlanArguments", "%1 (%2): %3"), {f.label, Text::value(f.key), f.helpText})
                : app::localized(TD_TEXT("PlanArguments", "%1 (%2): %3 One of: %4."),
                                 {f.label, Text::value(f.key), f.helpText, Text::value(values)});
        printOption(out, f.flag + (f.boolean ? "" : " V"), help);
    }
    std::string types;
    for (const std::string& t : model::knownModelTypes()) types += (types.empty() ? "" : ", ") + t;
    printOption(out, "--hf-config PATH",
                app::localized(TD_TEXT("PlanArguments", "the model from a Hugging Face config.json (%1; another decoder "
                                                        "is read as Llama-like, with a warning)"),
                               {Text::value(types)}));
    // The catalogue by family, smallest first in each.
    std::string models;
    for (const model::CatalogueFamily& family : model::catalogueByFamily()) {
        std::string names;
        for (const model::CatalogueModel* m : family.models) names += (names.empty() ? "" : ", ") + m->name;
        models += (models.empty() ? "" : "; ") + app::localized(family.title) + ": " + names;
    }
    printOption(out, "--model NAME", app::localized(TD_TEXT("PlanArguments", "a model of the catalogue: %1"), {Text::value(models)}));
    printOption(out, "--env NAME=VALUE", app::localized(TD_TEXT("PlanArguments", "extra environment for every node (repeatable)")));
}

void printOptions(std::FILE* out, const std::vector<Option>& options) {
    for (const Option& o : options)
        printOption(out, o.flag + (o.takesValue ? " V" : ""), app::localized(o.help));
}

}  // namespace traindeck::cli
