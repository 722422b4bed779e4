// traindeck generate: writes the launch files of a plan for one or more targets.

#include "cli/commands.h"
#include "cli/plan_arguments.h"
#include "cli/write_files.h"
#include "generate/generate.h"
#include "generate/workload.h"
#include "cli/terminal_text.h"
#include "localized.h"
#include "plan/plan_analysis.h"
#include "plan/plan_fields.h"
#include "text/exit_status.h"

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

namespace traindeck::cli {

namespace {

using generate::GenerateOptions;
using generate::Target;

std::vector<std::string> splitList(const std::string& text) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = text.find(',', start);
        std::string item = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        if (!item.empty()) out.push_back(item);
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return out;
}

std::string parseTargets(const std::string& value, std::vector<Target>& which, bool& all) {
    for (const std::string& key : splitList(value)) {
        if (key == "all") {
            all = true;
            continue;
        }
        const auto t = generate::findTarget(key);
        if (!t) {
            std::string known;
            for (const auto& info : generate::targets()) known += info.key + "|";
            return app::localized(TD_TEXT("GenerateCommand", "unknown target '%1' (targets: %2all)"),
                                  {Text::value(printable(key)), Text::value(known)});
        }
        which.push_back(*t);
    }
    return {};
}

// CLAIM:PATH or CLAIM:PATH:ro
std::string parseMount(const std::string& value, GenerateOptions& o) {
    const auto colon = value.find(':');
    if (colon == std::string::npos || colon == 0)
        return app::localized(TD_TEXT("GenerateCommand", "--mount needs CLAIM:/path[:ro], got '%1'"),
                              {Text::value(printable(value))});
    generate::VolumeMount m;
    m.claim = value.substr(0, colon);
    m.mountPath = value.substr(colon + 1);
    if (m.mountPath.size() > 3 && m.mountPath.ends_with(":ro")) {
        m.readOnly = true;
        m.mountPath.resize(m.mountPath.size() - 3);
    }
    o.mounts.push_back(m);
    return {};
}

// VAR=SECRET:KEY
std::string parseSecret(const std::string& value, GenerateOptions& o) {
    const auto eq = value.find('=');
    const auto colon = value.find(':', eq == std::string::npos ? 0 : eq);
    if (eq == std::string::npos || eq == 0 || colon == std::string::npos || colon == eq + 1 ||
        colon + 1 == value.size())
        return app::localized(TD_TEXT("GenerateCommand", "--secret-env needs VAR=SECRET:KEY (a Kubernetes Secret and its "
                                                         "key), got '%1'"),
                              {Text::value(printable(value))});
    o.secrets.push_back({value.substr(0, eq), value.substr(eq + 1, colon - eq - 1), value.substr(colon + 1)});
    return {};
}

void printGenerateHelp(const std::vector<Option>& own) {
    printHelpOpening(app::localized(TD_TEXT("GenerateCommand", "Usage: traindeck generate [PLAN.yaml] --target "
                                                               "T[,T...]|all --out DIR [OPTIONS]")),
                     {app::localized(TD_TEXT("GenerateCommand", "Writes the launch files of a plan. Without PLAN.yaml the "
                                                                "built-in demo plan is used; plan flags override the "
                                                                "file. Existing files are kept unless --force is given. "
                                                                "--target all writes every target it can and names each "
                                                                "one it skips, and why.")),
                      app::localized(exitStatusHelp(Text(TD_TEXT(
                          "GenerateCommand", "0 written; 1 written, but a compared layout has an error finding; 2 "
                                             "nothing written (bad input, errors in the plan's own layout, or a "
                                             "target named in --target that cannot be written)."))))});
    std::printf("\n%s\n", app::localized(TD_TEXT("GenerateCommand", "Targets:")).c_str());
    for (const auto& t : generate::targets())
        printWrapped(padded("  " + t.key, 13), app::localized(t.summary), 13);
    std::printf("\n%s\n", app::localized(TD_TEXT("GenerateCommand", "Command template placeholders (--command):")).c_str());
    for (const auto& p : generate::placeholders())
        printWrapped("  {" + p.name + "}", app::localized(p.help), kHanging);
    std::putchar('\n');
    printOptions(stdout, own);
    std::putchar('\n');
    printPlanFlags(stdout);
}

std::string value(const std::string& v, std::string& into) {
    into = v;
    return {};
}

// One line on stderr, made printable whatever a value quoted in it held.
void say(const std::string& line) { std::fprintf(stderr, "traindeck generate: %s\n", printable(line, 2000).c_str()); }

// The targets to write and their files, each target built once: the files that
// showed it can be generated are the files written. A target named in --target
// that cannot be written is the user's error (nothing is written); one that `all`
// brought in is skipped and named, with the reason. Returns the error, or empty.
std::string chooseTargets(const PlanAnalysis& analysis, const std::vector<Target>& named, bool all,
                          const GenerateOptions& o, std::vector<Target>& chosen,
                          std::vector<generate::GeneratedFile>& files) {
    const std::vector<Target> candidates = [&] {
        if (!all) return named;
        std::vector<Target> every;
        for (const auto& info : generate::targets()) every.push_back(info.target);
        return every;
    }();
    for (Target t : candidates) {
        if (std::find(chosen.begin(), chosen.end(), t) != chosen.end()) continue;
        Text why = generate::missingOptions(analysis.plan, t, o);
        std::vector<generate::GeneratedFile> built;
        if (why.empty()) try {
                built = generate::generate(analysis, t, o);
            } catch (const generate::GenerateError& e) {
                why = e.text();
            }
        const std::string key = generate::targetInfo(t).key;
        if (why.empty()) {
            chosen.push_back(t);
            generate::addFiles(files, std::move(built));
        } else if (std::find(named.begin(), named.end(), t) != named.end()) {
            return app::localized(Text(TD_TEXT("GenerateCommand", "cannot write %1, nothing written: %2"),
                                       {Text::value(key), why}));
        } else {
            say(app::localized(Text(TD_TEXT("GenerateCommand", "skipping %1: %2"), {Text::value(key), why})));
        }
    }
    if (chosen.empty()) return app::localized(TD_TEXT("GenerateCommand", "no target could be written, nothing written"));
    return {};
}

// The plan's findings as generate sees them: errors of the layout the files are
// for stop it; its warnings are printed (the files carry them as comments); a
// compared layout's errors are printed and make the exit status 1.
struct PlanCheck {
    std::string error;                // non-empty: nothing may be written
    std::vector<std::string> said;    // the lines to print once the files are written
    bool comparedErrors = false;
};

PlanCheck checkPlan(const PlanAnalysis& analysis) {
    const Layout own = analysis.plan.cluster.layout();
    const std::vector<Finding>& found = analysis.findings;
    if (const Finding* blocker = analysis.launchBlocker())
        return {app::localized(Text(TD_TEXT("GenerateCommand", "the plan has errors, nothing written: %1 (run "
                                                               "'traindeck plan' for all findings)"),
                                    {blocker->message})),
                {},
                false};
    PlanCheck check;
    for (const Finding& f : found) {
        if (f.severity == Severity::Error) {
            check.comparedErrors = true;
            check.said.push_back(app::localized(
                Text(TD_TEXT("GenerateCommand", "error in compared layout %1, not the one generated (%2): %3"),
                     {Text::value(layoutText(*f.layout)), Text::value(layoutText(own)), f.message})));
        } else if (f.severity == Severity::Warning && (!f.layout || *f.layout == own)) {
            check.said.push_back(app::localized(
                Text(TD_TEXT("GenerateCommand", "warning, written into the files as a comment: %1"), {f.message})));
        }
    }
    return check;
}

// The targets' notes (the master address chosen, what a platform cannot carry), each once.
void printNotes(const PlanAnalysis& analysis, const std::vector<Target>& chosen, const GenerateOptions& o) {
    std::vector<std::string> said;
    for (Target t : chosen)
        for (const Text& n : generate::notes(analysis, t, o)) {
            const std::string line = app::localized(Text(TD_TEXT("GenerateCommand", "note: %1"), {n}));
            if (std::find(said.begin(), said.end(), line) != said.end()) continue;
            said.push_back(line);
            say(line);
        }
}

}  // namespace

int runGenerate(int argc, char** argv) {
    std::vector<Target> named;
    bool all = false, force = false, help = false;
    std::string outDir, jobName;
    GenerateOptions o;
    const std::vector<Option> own = {
        {"--target", true, Text(TD_TEXT("CliOptions", "k8s|pytorchjob|pai|slurm|ssh|accelerate|deepspeed|all (comma list, repeatable)")),
         [&](const std::string& v) { return parseTargets(v, named, all); }},
        {"--out", true, Text(TD_TEXT("CliOptions", "directory to write into (created if missing)")), [&](const std::string& v) { return value(v, outDir); }},
        {"--name", true, Text(TD_TEXT("CliOptions", "job name (the plan's launch.job_name)")), [&](const std::string& v) { return value(v, jobName); }},
        {"--force", false, Text(TD_TEXT("CliOptions", "overwrite existing files")), [&](const std::string&) { force = true; return std::string(); }},
        {"--queue", true, Text(TD_TEXT("CliOptions", "Kueue LocalQueue (k8s, pytorchjob) and SLURM partition")), [&](const std::string& v) { return value(v, o.queue); }},
        {"--priority-class", true, Text(TD_TEXT("CliOptions", "Kubernetes PriorityClass (k8s, pytorchjob)")), [&](const std::string& v) { return value(v, o.priorityClass); }},
        {"--qos", true, Text(TD_TEXT("CliOptions", "SLURM quality of service")), [&](const std::string& v) { return value(v, o.qos); }},
        {"--resource-id", true, Text(TD_TEXT("CliOptions", "PAI-DLC resource group or quota id (instead of --ecs-spec)")), [&](const std::string& v) { return value(v, o.paiResourceId); }},
        {"--pai-priority", true, Text(TD_TEXT("CliOptions", "PAI-DLC priority, 1 (lowest) to 9")),
         [&](const std::string& v) {
             if (v.size() == 1 && v[0] >= '1' && v[0] <= '9') {
                 o.paiPriority = v[0] - '0';
                 return std::string();
             }
             return app::localized(TD_TEXT("GenerateCommand", "--pai-priority needs a whole number from 1 to 9, got '%1'"),
                                   {Text::value(printable(v))});
         }},
        {"--mount", true, Text(TD_TEXT("CliOptions", "CLAIM:/path[:ro]: a PersistentVolumeClaim in every pod (repeatable)")),
         [&](const std::string& v) { return parseMount(v, o); }},
        {"--secret-env", true, Text(TD_TEXT("CliOptions", "VAR=SECRET:KEY: an env var from a Kubernetes Secret (repeatable)")),
         [&](const std::string& v) { return parseSecret(v, o); }},
        {"--ecs-spec", true, Text(TD_TEXT("CliOptions", "PAI-DLC: ECS instance type of a node")), [&](const std::string& v) { return value(v, o.ecsSpec); }},
        {"--workspace-id", true, Text(TD_TEXT("CliOptions", "PAI-DLC: workspace id")), [&](const std::string& v) { return value(v, o.workspaceId); }},
        {"--ssh-config", true, Text(TD_TEXT("CliOptions", "ssh: the ssh configuration FILE that names the hosts (default: ssh's own)")), [&](const std::string& v) { return value(v, o.sshConfigFile); }},
        {"--shm-size", true, Text(TD_TEXT("CliOptions", "k8s: size limit of /dev/shm (e.g. 64Gi)")), [&](const std::string& v) { return value(v, o.shmSize); }},
        {"--time-limit", true, Text(TD_TEXT("CliOptions", "SLURM: --time of the job")), [&](const std::string& v) { return value(v, o.timeLimit); }},
        {"--metrics-file", true, Text(TD_TEXT("CliOptions", "traindeck-trainer --metrics-file")), [&](const std::string& v) { return value(v, o.metricsFile); }},
        {"--retries", true, Text(TD_TEXT("CliOptions", "failures of the whole job the platform retries (default 2)")),
         [&](const std::string& v) {
             try {
                 std::size_t used = 0;
                 o.retries = std::stoi(v, &used);
                 if (used == v.size() && o.retries >= 0 && o.retries <= 100) return std::string();
             } catch (...) {
             }
             return app::localized(TD_TEXT("GenerateCommand", "--retries needs a whole number from 0 to 100, got '%1'"),
                                   {Text::value(printable(v))});
         }},
        {"--help", false, Text(TD_TEXT("CliOptions", "show this help")), [&](const std::string&) { help = true; return std::string(); }},
    };
    Plan plan;
    std::string file;
    const std::string error = readPlanArguments(argc, argv, own, plan, file);
    if (help) {
        printGenerateHelp(own);
        return kExitDone;
    }
    auto fail = [](const std::string& message) {
        say(message);
        return kExitBadInput;
    };
    if (!error.empty()) return fail(error);
    if (named.empty() && !all)
        return fail(app::localized(TD_TEXT("GenerateCommand", "--target is required (k8s, pytorchjob, pai, slurm, ssh, "
                                                              "accelerate, deepspeed or all)")));
    if (outDir.empty()) return fail(app::localized(TD_TEXT("GenerateCommand", "--out DIR is required")));
    if (!jobName.empty()) plan.launch.jobName = jobName;
    o.hosts = plan.launch.hosts;  // the plan field launch.hosts (--hosts): the ssh target's hosts

    // The plan judged once: its findings, and the figures every target writes.
    const PlanAnalysis analysis = analyse(plan);
    const PlanCheck check = checkPlan(analysis);
    if (!check.error.empty()) return fail(check.error);
    std::vector<Target> chosen;
    std::vector<generate::GeneratedFile> files;
    if (std::string why = chooseTargets(analysis, named, all, o, chosen, files); !why.empty()) return fail(why);
    if (std::string writeError = writeFiles(outDir, files, force); !writeError.empty()) return fail(writeError);
    for (const auto& f : files)
        std::printf("%s\n", app::localized(TD_TEXT("GenerateCommand", "wrote %1"), {Text::value(outDir + "/" + f.path)}).c_str());
    for (const std::string& line : check.said) say(line);
    printNotes(analysis, chosen, o);
    return check.comparedErrors ? kExitNeedsAttention : kExitDone;
}

}  // namespace traindeck::cli
