#pragma once
// The single table of plan fields: each field written once, with its key,
// command-line flag, how it is read and written as text, where a form shows it,
// its label and help, and the names of the values it takes. YAML loading and
// saving, command-line overrides and --help, the window's forms and one-click
// fixes all go through it, so a new field is added in one place.

#include "plan/plan.h"
#include "text/number_text.h"
#include "text/text.h"

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace traindeck {

// Where a form shows a field: the window's sections, which the wizard walks.
enum class FieldGroup {
    Cluster,
    ModelData,
    Recipe,
    Launch,
    Advanced,    // the estimate's assumptions, and what the other groups do not show
    OwnControl,  // compare and calibration: the plan view and the calibration panel are their controls
};

// A value a field takes from a short list, with its name for the user.
struct FieldChoice {
    std::string value;  // the field's text form, as setPlanField accepts it
    Text label;
};

struct PlanField {
    std::string key;        // "recipe.micro_batch": YAML path, section.name
    std::string flag;       // "--micro-batch"
    std::function<std::string(const Plan&)> get;
    // Parses and range-checks `text`; on error returns a message and leaves the plan unchanged.
    std::function<Text(Plan&, std::string_view text)> set;
    bool freeText = false;  // arbitrary text (names, commands): YAML quotes it so "true" stays text
    bool boolean = false;   // true/false: a bare --flag turns it on, a GUI shows a check box
    bool list = false;      // a list: a flag given several times adds items; the text joins them with ','
    FieldGroup group = FieldGroup::Advanced;
    Text label = Text();    // what the faces call the field (the window's labels, --help), context "FieldLabels"
    Text helpText = Text(); // what it means (the window's tooltip, --help)
    std::vector<FieldChoice> choices = {};  // the values it takes from a short list; empty for free text
};

// In the order of --help and of the forms within a group; a plan file writes
// them section by section (a section's fields in this order).
const std::vector<PlanField>& planFields();
const PlanField* findPlanField(std::string_view keyOrFlag);

// The field's choices (PlanField::choices); empty for free text. A face offers only those setPlanField accepts.
std::vector<FieldChoice> fieldChoices(std::string_view key);

// PlanField::list (compare, calibration, launch.hosts).
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
// formatNumber (text/number_text.h): the shortest text that reads back exactly.

// Whether the plan's platform reads the launch field `key`, so that a face asks only
// for what counts there: the Slurm options on Slurm, the container image on the
// container platforms (Kubernetes, Kubeflow, PAI-DLC), the namespace on Kubernetes and
// Kubeflow. Any other key: true.
bool platformFieldUsed(const Plan& plan, std::string_view key);

}  // namespace traindeck
