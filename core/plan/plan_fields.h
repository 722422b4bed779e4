#pragma once
// The single table of plan fields: key, command-line flag, label and help, and how to read
// and write the field as text. YAML loading and saving, command-line overrides
// and one-click fixes all go through it, so a new field is added in one place.

#include "plan/plan.h"
#include "text/text.h"

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace traindeck {

struct PlanField {
    std::string key;        // "recipe.micro_batch": YAML path, section.name
    std::string flag;       // "--micro-batch"
    std::function<std::string(const Plan&)> get;
    // Parses and range-checks `text`; on error returns a message and leaves the plan unchanged.
    std::function<Text(Plan&, std::string_view text)> set;
    bool freeText = false;  // arbitrary text (names, commands): YAML quotes it so "true" stays text
    bool boolean = false;   // true/false: a bare --flag turns it on, a GUI shows a check box
    // Filled by planFields() from its table of texts (context "FieldLabels"), the one
    // source of both faces' words for a field:
    Text label = Text();    // what the faces call the field (the window's labels, --help)
    Text helpText = Text(); // what it means (the window's tooltip, --help)
};

const std::vector<PlanField>& planFields();
const PlanField* findPlanField(std::string_view keyOrFlag);

// The values a field takes from a short list, each with its name for the user;
// empty for free text. A face offers only those setPlanField accepts.
struct FieldChoice {
    std::string value;  // the field's text form, as setPlanField accepts it
    Text label;
};
std::vector<FieldChoice> fieldChoices(std::string_view key);

// A list field (compare, calibration): a flag given several times adds items;
// the field's text joins them with ','.
bool isListField(const PlanField& field);

// A field that only counts while another is off (the accumulation while no global
// batch is set). A face that sets `field` on the user's word turns `decider` off
// (to `off`), or, when the user also gave `decider`, says why it cannot.
struct Precedence {
    const char* field;
    const char* decider;
    const char* off;
};
const std::vector<Precedence>& fieldPrecedences();

// Applies one edit; returns an error message, empty on success. The plan is unchanged on error.
Text setPlanField(Plan& plan, std::string_view key, std::string_view text);

// Cross-field checks a single field cannot make (the GPU model is known, ...). Empty when valid.
// The error names its field with Text::field (the key), so a face may show its own name.
Text validatePlan(const Plan& plan);

// A field named in a message by its flag ("--job-name"; a face may use its label).
Text planFieldName(const std::string& key);

// "KEY: error", the field named with Text::field: how a face reports a field's bad value.
Text fieldError(const std::string& key, Text error);

// Text forms shared by fields, YAML and the CLI.
std::string layoutText(const Layout&);                       // "2x8"
bool parseLayout(std::string_view text, Layout& out);        // "2x8" → {2, 8}
std::string formatNumber(double value);                      // shortest text that reads back exactly

}  // namespace traindeck
