#include "gui/field_sections.h"

#include "localized.h"

#include "plan/plan_fields.h"

#include <QCoreApplication>

#include <algorithm>
#include <set>

namespace traindeck::gui {

namespace {

QString translated(const char* text) { return QCoreApplication::translate("FieldLabels", text); }

const std::vector<std::string>& listedKeys(Section section) {
    static const std::vector<std::string> cluster = {"cluster.nodes", "cluster.gpus_per_node", "cluster.gpu",
                                                     "cluster.network"};
    static const std::vector<std::string> model = {"name", "model.name", "model.preset", "model.params",
                                                   "model.tokens_per_sample", "model.activation_gb_per_sample",
                                                   "recipe.dataset_size", "recipe.drop_last"};
    static const std::vector<std::string> recipe = {
        "recipe.micro_batch", "recipe.grad_accum",   "recipe.global_batch", "recipe.base_lr",
        "recipe.base_batch",  "recipe.lr_rule",      "recipe.scale_warmup", "recipe.warmup_steps",
        "recipe.total_steps", "recipe.epochs",       "recipe.zero_stage",   "recipe.offload_optimizer",
        "recipe.precision"};
    static const std::vector<std::string> launch = {
        "launch.platform",    "launch.job_name",       "launch.image",           "launch.namespace",
        "launch.command",     "launch.processes",      "launch.master_port",     "launch.comm_timeout_s",
        "recipe.checkpoint_every", "recipe.eval_every", "launch.hosts"};
    static const std::vector<std::string> none;
    switch (section) {
    case Section::Cluster: return cluster;
    case Section::ModelData: return model;
    case Section::Recipe: return recipe;
    case Section::Launch: return launch;
    case Section::Advanced: return none;
    }
    return none;
}

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
    case Section::Cluster: return translated(QT_TRANSLATE_NOOP("FieldLabels", "Cluster"));
    case Section::ModelData: return translated(QT_TRANSLATE_NOOP("FieldLabels", "Model and data"));
    case Section::Recipe: return translated(QT_TRANSLATE_NOOP("FieldLabels", "Recipe"));
    case Section::Launch: return translated(QT_TRANSLATE_NOOP("FieldLabels", "Platform and workload"));
    case Section::Advanced: return translated(QT_TRANSLATE_NOOP("FieldLabels", "Advanced"));
    }
    return {};
}

QString sectionSubtitle(Section section) {
    switch (section) {
    case Section::Cluster:
        return translated(QT_TRANSLATE_NOOP("FieldLabels", "How many machines, how many GPUs in each, and what connects them."));
    case Section::ModelData:
        return translated(QT_TRANSLATE_NOOP("FieldLabels", "The model's size and the data it trains on."));
    case Section::Recipe:
        return translated(QT_TRANSLATE_NOOP("FieldLabels",
                                    "Batch, learning rate and schedule. The learning rate is rescaled for the effective batch."));
    case Section::Launch:
        return translated(QT_TRANSLATE_NOOP("FieldLabels", "Where the job runs and what it runs."));
    case Section::Advanced:
        return translated(QT_TRANSLATE_NOOP("FieldLabels", "Assumptions of the estimate."));
    }
    return {};
}

std::vector<std::string> sectionKeys(Section section) {
    std::vector<std::string> keys;
    if (section == Section::Advanced) {
        std::set<std::string> shown;
        for (Section s : allSections())
            for (const std::string& k : listedKeys(s))
                shown.insert(k);
        // The compared layouts and the calibration have their own controls
        // (plan view, calibration panel), better than their text forms.
        shown.insert("compare");
        shown.insert("calibration");
        for (const PlanField& f : planFields())
            if (!shown.count(f.key))
                keys.push_back(f.key);
        return keys;
    }
    for (const std::string& k : listedKeys(section))
        if (findPlanField(k))
            keys.push_back(k);
    return keys;
}

std::vector<std::string> unknownKeys() {
    std::vector<std::string> unknown;
    for (Section s : allSections())
        for (const std::string& k : listedKeys(s))
            if (!findPlanField(k))
                unknown.push_back(k);
    return unknown;
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
