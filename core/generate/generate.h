#pragma once
// Launch files from one plan. Each target is a function from (plan, options) to
// a set of named files; every file of every target is derived from the same plan
// and the same per-node environment (core/platform), so they cannot disagree.
//
// The GUI previews files through generate(); the CLI writes them to disk. Both
// pass the plan's PlanAnalysis, which judged it once: the generators take the
// figures and warnings from it rather than estimating the plan again per target.
// The overloads taking a Plan analyse it first (for callers holding only a plan).

#include "generate/options.h"
#include "plan/plan.h"
#include "plan/plan_analysis.h"
#include "text/text.h"

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace traindeck::generate {

enum class Target { Kubernetes, PyTorchJob, PaiDlc, Slurm, Ssh, Accelerate, DeepSpeed, SkyPilot };

struct TargetInfo {
    Target target;
    std::string key;          // command-line name: "k8s"
    Text displayName;         // "Kubernetes Indexed Job" (context "Targets", as both faces show it)
    Text summary;             // one line: what the files are for
};

// Every target, in the order `--target all` writes them.
const std::vector<TargetInfo>& targets();
const TargetInfo& targetInfo(Target);
std::optional<Target> findTarget(std::string_view key);

struct GeneratedFile {
    std::string path;     // relative to the output directory, '/'-separated
    std::string content;
    bool executable = false;
};

// Bad input for a target (a job name Kubernetes forbids, a missing option, ...).
// what() is one line, fit for the CLI's stderr and a GUI message.
// What a generator refuses, as a Text (what() is its English).
class GenerateError : public std::runtime_error {
public:
    explicit GenerateError(Text text) : std::runtime_error(text.english()), text_(std::move(text)) {}
    const Text& text() const { return text_; }

private:
    Text text_;
};

// The files of one target. Throws GenerateError for an incomplete plan and on
// input the target cannot express safely.
std::vector<GeneratedFile> generate(const PlanAnalysis& analysis, Target target, const GenerateOptions& options);
std::vector<GeneratedFile> generate(const Plan& plan, Target target, const GenerateOptions& options);

// The files of several targets, each path once (targets share the entrypoint and
// the accelerate and DeepSpeed configs, which are identical by construction).
std::vector<GeneratedFile> generate(const PlanAnalysis& analysis, const std::vector<Target>& which,
                                    const GenerateOptions& options);
std::vector<GeneratedFile> generate(const Plan& plan, const std::vector<Target>& which,
                                    const GenerateOptions& options);

// Adds one target's files to those of the targets before it, each path once:
// how generate() above combines targets, for a caller that built each target
// on its own (to check it) and writes the files it checked.
void addFiles(std::vector<GeneratedFile>& all, std::vector<GeneratedFile> files);

// How many times a target's files were built in this process. Tests assert that
// a command builds each target once (checking and writing the same files).
long builtTargetCount();

// What the user should read beside the files of `target`, one line each: the
// address chosen for the master, what a platform's files cannot carry. (The
// planner's warnings for the layout, which the files carry as comments, are the
// plan's findings.) Throws GenerateError as generate() does.
std::vector<Text> notes(const PlanAnalysis& analysis, Target target, const GenerateOptions& options);

// Why a target cannot be generated with these options (a required option is
// missing), or empty. `--target all` skips such targets and says so.
Text missingOptions(const Plan& plan, Target target, const GenerateOptions& options);

}  // namespace traindeck::generate
