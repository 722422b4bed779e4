#include "gui/plan/plan_document.h"

#include "localized.h"
#include "gui/plan/field_sections.h"
#include "cost/pricing.h"
#include "plan/field_precedence.h"
#include "plan/plan_fields.h"
#include "plan/plan_yaml.h"

#include <QFileInfo>
#include <QUndoCommand>

namespace traindeck::gui {

// One change of plan, kept as the whole plan before and after: a plan is a few
// hundred bytes, and whole snapshots make every kind of edit undoable alike.
class PlanChangeCommand : public QUndoCommand {
public:
    PlanChangeCommand(PlanDocument* doc, Plan before, Plan after, const QString& text, std::string mergeKey)
        : QUndoCommand(text), m_doc(doc), m_before(std::move(before)), m_after(std::move(after)),
          m_mergeKey(std::move(mergeKey)) {}

    void undo() override { m_doc->assign(m_before); }
    void redo() override { m_doc->assign(m_after); }
    int id() const override { return m_mergeKey.empty() ? -1 : 1; }
    bool mergeWith(const QUndoCommand* other) override {
        const auto* next = static_cast<const PlanChangeCommand*>(other);
        if (next->m_mergeKey != m_mergeKey)
            return false;
        m_after = next->m_after;
        return true;
    }

private:
    PlanDocument* m_doc;
    Plan m_before;
    Plan m_after;
    std::string m_mergeKey;  // the field typed into; empty: never merges
};

PlanDocument::PlanDocument(QObject* parent) : QObject(parent), m_plan(demoPlan()), m_analysis(analysePriced(m_plan)) {
    connect(&m_undo, &QUndoStack::cleanChanged, this, [this] { updateModified(); });
}

QString PlanDocument::displayName() const {
    // Not saved yet: the plan's own name (the demo is "demo", a wizard's plan its job's name).
    if (m_filePath.isEmpty())
        return plan().name.empty() ? tr("Untitled") : QString::fromStdString(plan().name);
    return QFileInfo(m_filePath).fileName();
}

bool PlanDocument::isModified() const { return m_dirtyWithoutHistory || !m_undo.isClean(); }

void PlanDocument::updateModified() {
    const bool modified = isModified();
    if (modified != m_lastModified) {
        m_lastModified = modified;
        emit modifiedChanged(modified);
    }
}

void PlanDocument::assign(const Plan& plan) {
    m_plan = plan;
    m_analysis = analysePriced(m_plan);  // priced: the cost and the goal (core/cost)
    emit analysisChanged();
}

void PlanDocument::push(const Plan& after, const QString& description, const std::string& mergeKey) {
    if (after == m_plan)
        return;
    m_undo.push(new PlanChangeCommand(this, m_plan, after, description, mergeKey));
}

Text PlanDocument::setField(const std::string& key, const QString& text) {
    Plan next = m_plan;
    // The user's word, by core's rules of which field wins (field_precedence.h), as the command line's flags.
    if (Text error = setFieldByUser(next, key, text.trimmed().toStdString()); !error.empty())
        return error;
    push(next, tr("Edit %1").arg(fieldLabel(key)), key);
    return {};
}

QString PlanDocument::applyEdits(const std::vector<FieldEdit>& edits, const QString& description) {
    Plan next = m_plan;
    for (const FieldEdit& edit : edits) {
        if (Text error = setPlanField(next, edit.key, edit.value); !error.empty())
            return app::qLocalized(fieldError(edit.key, error));
    }
    push(next, description, {});
    return {};
}

void PlanDocument::replacePlan(const Plan& plan, const QString& description) { push(plan, description, {}); }

void PlanDocument::reset(const Plan& plan, const QString& filePath, bool modified) {
    m_undo.clear();
    m_dirtyWithoutHistory = modified;
    m_filePath = filePath;
    assign(plan);
    emit filePathChanged(m_filePath);
    updateModified();
    emit planReplaced();
}

QString PlanDocument::load(const QString& path) {
    Plan loaded = m_plan;
    const LoadResult result = loadPlanFile(path.toStdString(), loaded);
    if (!result.ok)
        return app::qLocalized(result.error);
    reset(loaded, path, false);
    return {};
}

QString PlanDocument::save(const QString& path) {
    if (const Text error = savePlanFile(path.toStdString(), m_plan); !error.empty())
        return app::qLocalized(error);
    m_dirtyWithoutHistory = false;
    m_undo.setClean();
    if (path != m_filePath) {
        m_filePath = path;
        emit filePathChanged(m_filePath);
    }
    updateModified();
    return {};
}

}  // namespace traindeck::gui
