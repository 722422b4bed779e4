#pragma once
// How the window groups core's plan fields (plan_fields.h): the sections the
// wizard walks and the editor panel shows. The fields' labels, help and choice
// names live in core's field table, as templates; the helpers below only render
// them in the interface language. Parsing and checking stay in core.

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
// The keys this file lists that core does not know: a test keeps this empty.
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
