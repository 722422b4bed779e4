#pragma once
// The window's sections of core's plan fields (plan_fields.h): the groups the
// wizard walks and the editor panel shows. Which field is in which section, its
// label, help and choice names all live in core's one field table; the helpers
// below only render them in the interface language. Parsing and checking stay in core.

#include "plan/plan.h"
#include "plan/plan_fields.h"

#include <QString>

#include <string>
#include <vector>

namespace traindeck::gui {

using Section = FieldGroup;

const std::vector<Section>& allSections();
QString sectionTitle(Section section);
QString sectionSubtitle(Section section);
// The keys of the section's fields, in the table's order.
std::vector<std::string> sectionKeys(Section section);

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
