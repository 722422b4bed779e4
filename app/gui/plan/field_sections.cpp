#include "gui/plan/field_sections.h"

#include "localized.h"
#include "cost/price_catalogue.h"

#include "plan/plan_fields.h"

#include <QCoreApplication>

#include <set>

namespace traindeck::gui {

namespace {

QString fieldLabel(const char* text) { return QCoreApplication::translate("FieldLabels", text); }

// Probes whether core accepts `value` for `key`, on a copy.
bool accepts(const Plan& probe, const std::string& key, const std::string& value) {
    Plan copy = probe;
    return setPlanField(copy, key, value).empty();
}

}  // namespace

const std::vector<Section>& allSections() {
    static const std::vector<Section> sections = {Section::Cluster, Section::ModelData, Section::Recipe,
                                                  Section::Launch, Section::Advanced};
    return sections;
}

QString sectionTitle(Section section) {
    switch (section) {
    case Section::Cluster: return fieldLabel(QT_TRANSLATE_NOOP("FieldLabels", "Cluster"));
    case Section::ModelData: return fieldLabel(QT_TRANSLATE_NOOP("FieldLabels", "Model and data"));
    case Section::Recipe: return fieldLabel(QT_TRANSLATE_NOOP("FieldLabels", "Recipe"));
    case Section::Launch: return fieldLabel(QT_TRANSLATE_NOOP("FieldLabels", "Platform and workload"));
    case Section::Advanced: return fieldLabel(QT_TRANSLATE_NOOP("FieldLabels", "Advanced"));
    case Section::OwnControl: break;  // not a section of the forms
    }
    return {};
}

QString sectionSubtitle(Section section) {
    switch (section) {
    case Section::Cluster:
        return fieldLabel(QT_TRANSLATE_NOOP("FieldLabels", "How many machines, how many GPUs in each, and what connects them."));
    case Section::ModelData:
        return fieldLabel(QT_TRANSLATE_NOOP("FieldLabels", "The model's size and the data it trains on."));
    case Section::Recipe:
        return fieldLabel(QT_TRANSLATE_NOOP("FieldLabels",
                                    "Batch, learning rate and schedule. The learning rate is rescaled for the effective batch."));
    case Section::Launch:
        return fieldLabel(QT_TRANSLATE_NOOP("FieldLabels", "Where the job runs and what it runs."));
    case Section::Advanced:
        return fieldLabel(QT_TRANSLATE_NOOP("FieldLabels", "Assumptions of the estimate."));
    case Section::OwnControl: break;
    }
    return {};
}

std::vector<std::string> sectionKeys(Section section) {
    std::vector<std::string> keys;
    for (const PlanField& f : planFields())
        if (f.group == section)
            keys.push_back(f.key);
    return keys;
}

bool hasOwnLabel(const std::string& key) {
    const PlanField* f = findPlanField(key);
    return f && !f->label.isValue();
}

QString fieldLabel(const std::string& key) {
    if (const PlanField* f = findPlanField(key))
        return app::qLocalized(f->label);
    return QString::fromStdString(key);
}

QString fieldToolTip(const std::string& key) {
    if (const PlanField* f = findPlanField(key))
        return app::qLocalized(f->helpText);
    return {};
}

bool hasOwnHelp(const std::string& key) {
    const PlanField* f = findPlanField(key);
    return f && !f->helpText.isValue();
}

std::vector<Choice> fieldChoices(const std::string& key, const Plan& probe) {
    std::vector<Choice> accepted;
    if (key == "cluster.cloud") {
        // The clouds the price catalogue has (the shipped one and the user's own file), or
        // none; a plan's other cloud still shows as itself (field_editor).
        accepted.push_back({"", QCoreApplication::translate("FieldSections", "None (your own price)")});
        std::set<std::string> clouds;
        for (const PriceRow& row : defaultPrices().rows)
            clouds.insert(row.cloud);
        for (const std::string& cloud : clouds)
            accepted.push_back({cloud, QString::fromStdString(cloud)});
        return accepted;
    }
    for (const FieldChoice& c : traindeck::fieldChoices(key))
        if (accepts(probe, key, c.value))
            accepted.push_back({c.value, app::qLocalized(c.label)});
    return accepted;
}

bool isBooleanField(const std::string& key) {
    const PlanField* f = findPlanField(key);
    return f && f->boolean;
}

}  // namespace traindeck::gui
