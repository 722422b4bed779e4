#pragma once
// How the window names and groups core's plan fields (plan_fields.h): the
// translated label of each key, the sections the wizard walks and the editor
// panel shows, and the choices of fields that take one of a few values.
// Parsing and checking stay in core; this file only presents.

#include "plan/plan.h"

#include <QString>

#include <string>
#include <vector>

namespace traindeck::gui {

enum class Section { Cluster, ModelData, Recipe, Launch, Advanced };

const std::vector<Section>& allSections();
QString sectionTitle(Section section);
QString sectionSubtitle(Section section);
// The section's field keys, in order, limited to keys core knows. Advanced
// holds every core field the other sections do not show, so each field has
// an editor somewhere.
std::vector<std::string> sectionKeys(Section section);
// The keys this file names that core does not know: a test keeps this empty.
std::vector<std::string> unknownKeys();

QString fieldLabel(const std::string& key);  // translated; the key itself when unnamed
QString fieldToolTip(const std::string& key);  // translated help, or core's help text
bool hasOwnLabel(const std::string& key);
bool hasOwnHelp(const std::string& key);

struct Choice {
    std::string value;  // the field's text form, as setPlanField accepts it
    QString label;      // what the user sees
};
// The values a field can take; empty for free text. Only values core accepts
// are listed (each is tried on a copy of `probe`).
std::vector<Choice> fieldChoices(const std::string& key, const Plan& probe);
// True for yes/no fields, shown as a check box.
bool isBooleanField(const std::string& key);

}  // namespace traindeck::gui
