#pragma once
// A plan as a document: the plan, the file it lives in, whether it has unsaved
// changes, and the undo history. Every change goes through here as an undo
// command, so undo, the modified mark and the views all see the same edits.
//
// Edits are text, through core's field table (plan_fields.h): the same parser
// and range checks as YAML and the command line, no per-field code here.
//
// The document also holds the plan's analysis (core's PlanAnalysis: validity,
// figures, findings, launch readiness), recomputed once per change, before
// analysisChanged. The pages observe the document: on analysisChanged they read
// analysis() and redraw; none keeps a copy, none judges the plan itself.

#include "plan/findings.h"
#include "plan/plan.h"
#include "plan/plan_analysis.h"

#include <QObject>
#include <QString>
#include <QUndoStack>

#include <string>
#include <vector>

namespace traindeck::gui {

class PlanDocument : public QObject {
    Q_OBJECT
public:
    explicit PlanDocument(QObject* parent = nullptr);

    const Plan& plan() const { return m_plan; }
    const PlanAnalysis& analysis() const { return m_analysis; }
    QString filePath() const { return m_filePath; }
    // The file's name, or "Untitled" for a plan not saved yet.
    QString displayName() const;
    bool isModified() const;
    QUndoStack* undoStack() { return &m_undo; }

    // Sets one field from text. Returns the field's error message (and changes
    // nothing) when the text is not valid. Consecutive edits of the same field
    // merge into one undo step, so typing "128" is one step, not three.
    Text setField(const std::string& key, const QString& text);
    // Applies a finding's one-click fix as one undo step.
    QString applyEdits(const std::vector<FieldEdit>& edits, const QString& description);
    // Replaces the whole plan as one undo step: for edits that are not a single
    // field (the compared layouts, the calibration).
    void replacePlan(const Plan& plan, const QString& description);

    // Starts a new document: no undo history. `modified` marks a plan that came
    // from somewhere other than its file (the wizard), so closing asks first.
    void reset(const Plan& plan, const QString& filePath, bool modified);
    // Loads a plan file. On error returns the message and the document is untouched.
    QString load(const QString& path);
    // Saves to `path` and makes it the document's file. Returns an error message, empty on success.
    QString save(const QString& path);

signals:
    // The plan changed and analysis() is its new analysis (made once for the change).
    void analysisChanged();
    void modifiedChanged(bool modified);
    void filePathChanged(const QString& path);
    // Another plan (opened, created, the demo) in place of the one before, after its
    // analysisChanged: a page drops what it showed of the plan before (a launch's end).
    void planReplaced();

private:
    friend class PlanChangeCommand;
    void assign(const Plan& plan);
    void push(const Plan& after, const QString& description, const std::string& mergeKey);
    void updateModified();

    Plan m_plan;
    PlanAnalysis m_analysis;
    QString m_filePath;
    QUndoStack m_undo;
    bool m_dirtyWithoutHistory = false;
    bool m_lastModified = false;
};

}  // namespace traindeck::gui
