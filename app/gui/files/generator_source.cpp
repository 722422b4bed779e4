#include "gui/files/generator_source.h"

#include "generate/generate.h"
#include "localized.h"

namespace traindeck::gui {

namespace {

namespace gen = traindeck::generate;

gen::GenerateOptions toCore(const TargetOptions& o) {
    gen::GenerateOptions options;
    options.queue = o.queue.toStdString();
    for (const QString& h : o.hosts)
        options.hosts.push_back(h.toStdString());
    options.ecsSpec = o.ecsSpec.toStdString();
    options.workspaceId = o.workspaceId.toStdString();
    return options;
}

class CoreGenerators : public GeneratorSource {
public:
    std::vector<TargetChoice> targets() const override {
        std::vector<TargetChoice> out;
        for (const gen::TargetInfo& t : gen::targets())
            out.push_back({QString::fromStdString(t.key), app::qLocalized(t.displayName), app::qLocalized(t.summary)});
        return out;
    }

    QStringList optionKeys(const QString& target) const override {
        switch (gen::findTarget(target.toStdString()).value_or(gen::Target::Accelerate)) {
        case gen::Target::Kubernetes:
        case gen::Target::PyTorchJob:
            return {QStringLiteral("generate.queue")};
        case gen::Target::PaiDlc:
            return {QStringLiteral("generate.ecs_spec"), QStringLiteral("generate.workspace_id")};
        default:  // SLURM's partition and QOS, SSH's hosts: the plan's fields
            return {};
        }
    }

    Text missing(const Plan& plan, const QString& target, const TargetOptions& options) const override {
        const auto t = gen::findTarget(target.toStdString());
        if (!t)
            return Text::value("unknown target " + target.toStdString());  // a page's own bug, not the user's
        return gen::missingOptions(plan, *t, toCore(options));
    }

    std::vector<Text> notes(const PlanAnalysis& analysis, const QString& target,
                            const TargetOptions& options) const override {
        const auto t = gen::findTarget(target.toStdString());
        if (!t)
            return {};
        try {
            return gen::notes(analysis, *t, toCore(options));
        } catch (const std::exception&) {
            return {};  // the target's refusal is shown where its files would be
        }
    }

    std::vector<FileText> generate(const PlanAnalysis& analysis, const QStringList& targets, const TargetOptions& options,
                                   Text* error) const override {
        std::vector<gen::Target> which;
        for (const QString& key : targets)
            if (const auto t = gen::findTarget(key.toStdString()))
                which.push_back(*t);
        try {
            std::vector<FileText> out;
            for (const gen::GeneratedFile& f : gen::generate(analysis, which, toCore(options)))
                out.push_back({QString::fromStdString(f.path), QString::fromStdString(f.content), f.executable});
            return out;
        } catch (const gen::GenerateError& e) {
            if (error)
                *error = e.text();
            return {};
        } catch (const std::exception& e) {
            // Anything else is reported too, rather than taking the window down.
            if (error)
                *error = Text::value(e.what());
            return {};
        }
    }
};

}  // namespace

std::unique_ptr<GeneratorSource> coreGenerators() { return std::make_unique<CoreGenerators>(); }

}  // namespace traindeck::gui
