#pragma once
// Where the Generated-files page gets its files: the generators of
// core/generate, behind a small interface so the page can be tested with
// files of its own and so the page holds no generator knowledge.

#include "plan/plan_analysis.h"
#include "text/text.h"

#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

namespace traindeck::gui {

struct TargetChoice {
    QString key;      // "k8s"
    QString name;     // "Kubernetes Indexed Job"
    QString summary;  // one line: what the files are for
};

struct FileText {
    QString path;  // relative, '/'-separated
    QString content;
    bool executable = false;
};

// Options of the generators beside the plan: cluster-side details a plan does not
// hold, and the hosts (the plan's launch.hosts).
struct TargetOptions {
    QString queue;      // Kueue LocalQueue
    QStringList hosts;  // ssh: one per node, node 0 first
    QString ecsSpec;    // PAI-DLC instance type
    QString workspaceId;  // PAI-DLC workspace
};

class GeneratorSource {
public:
    virtual ~GeneratorSource() = default;
    virtual std::vector<TargetChoice> targets() const = 0;
    // The options beyond the plan that `target` reads, by key ("generate.queue",
    // "generate.ecs_spec", "generate.workspace_id"); none by default.
    virtual QStringList optionKeys(const QString& /*target*/) const { return {}; }
    // Why `target` cannot be generated with these options, or empty. The texts name an
    // option by its key ("generate.ecs_spec", Text::field): the page names it its way.
    virtual Text missing(const Plan& plan, const QString& target, const TargetOptions& options) const = 0;
    // The files of the chosen targets, from the plan as the document analysed it.
    // On failure returns nothing and sets `error` to one line.
    virtual std::vector<FileText> generate(const PlanAnalysis& analysis, const QStringList& targets,
                                           const TargetOptions& options, Text* error) const = 0;
    // What to read beside `target`'s files (the master address chosen, what the
    // platform cannot carry), one line each; none by default.
    virtual std::vector<Text> notes(const PlanAnalysis&, const QString& /*target*/, const TargetOptions&) const {
        return {};
    }
};

// The generators of core/generate.
std::unique_ptr<GeneratorSource> coreGenerators();

}  // namespace traindeck::gui
