// traindeck watch: what runs did (or are doing), from the trainer's JSON lines,
// a TrainDeck run folder, TensorBoard event files or users' log lines.
//   without --follow: reads each source to its end and prints a summary per run;
//   with --follow: a line per new step and every alarm as it happens, until every run ends.
// Sources: local paths, ssh://host/path (followed over SSH), and --follow-command CMD (a command's output).
// Exit status: 0, 1 an alarm fired (non-finite loss, error event, lost node, failed end), 2 bad input.

#include "cli/commands.h"
#include "cli/stop_signals.h"
#include "cli/terminal_text.h"
#include "localized.h"

#include "metrics/metric_units.h"
#include "metrics/run_news.h"
#include "metrics/series_csv.h"
#include "metrics/summary.h"
#include "metrics/summary_rows.h"
#include "watch/watch.h"
#include "text/exit_status.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <map>
#include <set>
#include <string>
#include <thread>
#include <vector>

namespace traindeck::cli {
namespace {

using namespace traindeck::metrics;
using namespace traindeck::watch;

constexpr std::size_t kPollBytes = 4u << 20;   // per poll: a bounded slice, then the alarms are looked at
constexpr auto kFollowInterval = std::chrono::milliseconds(200);
constexpr auto kIdleInterval = std::chrono::milliseconds(20);

void printUsage() {
    printHelpOpening(app::localized(TD_TEXT("WatchCommand", "Usage: traindeck watch [SOURCE...] [--follow-command COMMAND] [--follow] [--json] [--csv FILE] [SSH OPTIONS]")),
                     {app::localized(TD_TEXT("WatchCommand", "SOURCE: a trainer's metrics file (JSON lines), a user's "
                                                             "training log, a TensorBoard event file, PyTorch Lightning's "
                                                             "CSVLogger file (metrics.csv), a logdir of them (every folder "
                                                             "of event files or a metrics.csv is a run), or a TrainDeck "
                                                             "run folder (node-*.out, launch.jsonl).")),
                      app::localized(TD_TEXT("WatchCommand", "A SOURCE on another machine is ssh://[user@]host[:port]/path "
                                                             "(/~/path: under the home), followed over SSH with host keys "
                                                             "checked as traindeck launch checks them; the host needs a "
                                                             "POSIX shell and GNU coreutils (any Linux). A dropped "
                                                             "connection is reopened without losing or repeating a line."))});
    std::putchar('\n');
    const std::pair<const char*, Text> options[] = {
        {"  --follow              ", TD_TEXT("WatchCommand", "print a line per new step and every alarm as it happens, until the runs end")},
        {"  --json                ", TD_TEXT("WatchCommand", "JSON: the summaries (an array), or with --follow one object per line")},
        {"  --csv FILE            ", TD_TEXT("WatchCommand", "also write every series read to FILE as CSV (run, metric, rank, "
                                                          "step, wall_time, value), at the end: once read, or with --follow "
                                                          "when the runs end or on Ctrl-C")},
        {"  --follow-command CMD  ", TD_TEXT("WatchCommand", "a command whose output is a run's lines, e.g. 'kubectl logs -f "
                                                          "-l job-name=NAME --prefix'; lines prefixed [pod/NAME/...] "
                                                          "(kubectl --prefix) or N: (srun --label) are that node's. "
                                                          "Without --follow: read until it exits, then summarise")},
        {"  --identity FILE       ", TD_TEXT("CliOptions", "private key to try first (then the agent and ~/.ssh/config's)")},
        {"  --known-hosts FILE    ", TD_TEXT("CliOptions", "known_hosts file (default ~/.ssh/known_hosts)")},
        {"  --ssh-config FILE     ", TD_TEXT("CliOptions", "ssh configuration file (default ~/.ssh/config)")},
        {"  --accept-new-host-keys", TD_TEXT("CliOptions", "record the keys of hosts not yet in known_hosts (a changed key is always refused)")},
    };
    for (const auto& [flag, text] : options)
        printWrapped(std::string(flag) + " ", app::localized(text), kHanging);
    std::putchar('\n');
    printWrapped("", app::localized(exitStatusHelp(Text(TD_TEXT("WatchCommand", "1 an alarm fired (non-finite loss, "
                                                                               "error event, lost node, failed "
                                                                               "pre-flight, failed end); 2 bad input (no "
                                                                               "such file, no run found, a host "
                                                                               "unreachable or its key refused) or the "
                                                                               "CSV file cannot be written; 130 --follow "
                                                                               "stopped by Ctrl-C.")))),
                 0);
}

// One line of a run's summary: its label in a column, then the value.
void printRow(const std::string& label, const std::string& value) {
    std::printf("  %s %s\n", padded(label, 18).c_str(), value.c_str());
}

nlohmann::json jsonNumber(double v) {
    return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr);
}

nlohmann::json alarmJson(const Run& run, const Alarm& a) {
    return {{"run", run.name()}, {"alarm", alarmKey(a.kind)}, {"step", a.step}, {"time", a.time},
            {"rank", a.rank}, {"failing", a.failing()}, {"message", app::localized(a.text())}};
}

void printSummary(const Run& run, const RunSummary& s) {
    std::printf("%s\n", run.name().c_str());
    for (const SummaryRow& r : summaryRows(run, s))
        printRow(app::localized(r.label), app::localized(r.value));
}

nlohmann::json summaryJson(const Run& run, const RunSummary& s) {
    nlohmann::json j{{"run", run.name()}, {"last_step", s.lastStep}, {"total_steps", s.totalSteps},
                     {"steady_samples_per_s", s.steadySamplesPerS}, {"steady_steps_per_s", s.steadyStepsPerS},
                     {"end", s.endStatus.empty() ? nlohmann::json(nullptr) : nlohmann::json(s.endStatus)},
                     {"skipped_lines", run.skippedLines}, {"rejected_values", run.rejectedValues},
                     {"failing", run.failing()}};
    nlohmann::json nodes = nlohmann::json::array();
    for (const Run::NodeStream& n : run.nodeStreams)
        nodes.push_back({{"node", n.name}, {"lines", n.lines}});
    j["nodes"] = nodes;
    j["attempt"] = run.attempt();
    nlohmann::json restarts = nlohmann::json::array();
    for (const Restart& r : s.restarts)
        restarts.push_back({{"attempt", r.attempt}, {"after_step", r.afterStep}, {"time", r.time},
                            {"previous_end", r.previousEnd.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.previousEnd)}});
    j["restarts"] = restarts;
    nlohmann::json last = nlohmann::json::object();
    for (const auto& [key, series] : run.allSeries())
        if (key.second < 0 && !series->empty())
            last[key.first] = {{"value", jsonNumber(series->last().value)}, {"step", series->last().step},
                               {"unit", unitOf(key.first)}};
    j["last"] = last;
    j["last_loss"] = s.lastLoss ? jsonNumber(*s.lastLoss) : nlohmann::json(nullptr);
    j["last_psnr"] = s.lastPsnr ? jsonNumber(*s.lastPsnr) : nlohmann::json(nullptr);
    j["best_loss"] = s.bestLoss ? nlohmann::json{{"value", s.bestLoss->value}, {"step", s.bestLoss->step}} : nlohmann::json(nullptr);
    j["best_psnr"] = s.bestPsnr ? nlohmann::json{{"value", s.bestPsnr->value}, {"step", s.bestPsnr->step}} : nlohmann::json(nullptr);
    if (s.ranks)
        j["slowest_rank"] = {{"rank", s.ranks->slowestRank}, {"median_step_time_s", s.ranks->slowestMedianS},
                             {"median_of_ranks_s", s.ranks->medianS}, {"since_step", s.ranks->since}};
    nlohmann::json alarms = nlohmann::json::array();
    for (const Alarm& a : s.alarms)
        alarms.push_back(alarmJson(run, a));
    j["alarms"] = alarms;
    nlohmann::json problems = nlohmann::json::array();
    for (const Alarm& a : run.problems())
        problems.push_back(alarmJson(run, a));
    j["problems"] = problems;
    nlohmann::json series = nlohmann::json::object();
    for (const auto& [key, sr] : run.allSeries())
        series[key.second < 0 ? key.first : key.first + "@rank" + std::to_string(key.second)] = sr->appended();
    j["series"] = series;
    return j;
}

// --follow: what is new since the last look (core's RunNews: the Watch page's alarms come from it too).
void printNew(const Run& run, RunNews& news, bool json) {
    if (news.newStep(run)) {
        auto value = [&](const char* metric) -> std::optional<double> {
            const Series* s = findMetric(run, metric);
            if (!s || s->empty() || s->last().step != run.lastStep())
                return std::nullopt;
            return s->last().value;
        };
        // The common figures first, then every other scalar the run logged at this step, with its unit.
        std::vector<std::pair<std::string, double>> values;
        for (const char* m : {"loss", "psnr", "lr", "samples_per_s", "gpu_mem_gb"})
            if (auto v = value(m))
                values.emplace_back(m, *v);
        for (const auto& [key, series] : run.allSeries())
            if (key.second < 0 && ownScalar(key.first) && !series->empty() && series->last().step == run.lastStep())
                values.emplace_back(key.first, series->last().value);
        if (json) {
            nlohmann::json j{{"run", run.name()}, {"step", run.lastStep()}};
            for (const auto& [m, v] : values)
                j[m] = jsonNumber(v);
            std::cout << j.dump() << '\n';
        } else {
            std::string line = run.name() + "  step " + std::to_string(run.lastStep());
            for (const auto& [m, v] : values)
                line += "  " + (m == "samples_per_s" || m == "gpu_mem_gb" ? withUnit(v, m) : nameWithoutUnit(m) + " " + withUnit(v, m));
            std::cout << line << '\n';
        }
    }
    for (const Alarm& a : news.newAlarms(run)) {
        if (json)
            std::cout << alarmJson(run, a).dump() << '\n';
        else
            std::cout << run.name() << "  "
                      << app::localized(a.failing() ? TD_TEXT("WatchCommand", "ALARM: %1") : TD_TEXT("WatchCommand", "note: %1"),
                                        {a.text()})
                      << '\n';
    }
    std::cout.flush();
}

// Without --follow: every source to its end (a command: until it exits), then a summary per run.
void readAndSummarise(Watch& watch, bool json) {
    for (;;) {
        const bool more = watch.poll(kPollBytes, unixNow());
        if (!more && !watch.commandsRunning())
            break;
        if (watch.lastPollBytes() == 0)
            std::this_thread::sleep_for(kIdleInterval);  // a command or a host that has not said more yet
    }
    watch.finish(unixNow());
    nlohmann::json all = nlohmann::json::array();
    bool first = true;
    for (const auto& run : watch.store().runs()) {
        const RunSummary s = summarize(*run);
        if (json)
            all.push_back(summaryJson(*run, s));
        else {
            if (!first)
                std::printf("\n");
            printSummary(*run, s);
        }
        first = false;
    }
    if (json)
        std::cout << all.dump(1) << '\n';
}

// --follow: until every run has ended (or every command source has exited), or
// Ctrl-C or SIGTERM (true: stopped so).
bool followRuns(Watch& watch, bool json) {
    // Ctrl-C ends the watch, not the process: what was read is still exported.
    const StopSignals& stops = catchStopSignals();
    RunNews news;
    std::vector<std::string> troubles;
    for (;;) {
        const bool more = watch.poll(kPollBytes, unixNow());
        for (const auto& run : watch.store().runs()) {
            run->checkStall(unixNow());
            printNew(*run, news, json);
        }
        std::vector<std::string> now;
        for (const Text& t : watch.troubles())
            now.push_back(app::localized(t));
        if (now != troubles && !now.empty())
            for (const std::string& t : now)
                std::fprintf(stderr, "traindeck watch: %s\n", t.c_str());
        troubles = std::move(now);
        if (stops.count > 0 || (!more && (watch.allEnded() || (watch.onlyCommands() && !watch.commandsRunning()))))
            break;
        if (!more)
            std::this_thread::sleep_for(kFollowInterval);
    }
    return stops.count > 0;
}

}  // namespace

int runWatch(int argc, char** argv) {
    bool follow = false, json = false;
    std::string csv;
    std::vector<std::string> sources, commands;
    ssh::Settings ssh;
    auto fail = [](const Text& message) {
        std::fprintf(stderr, "traindeck watch: %s\n", app::localized(message).c_str());
        return 2;
    };
    for (int i = 0; i < argc; ++i) {
        const std::string a = argv[i];
        // The options that take a value: the value is the next argument.
        std::string* valueOf = a == "--follow-command" ? &commands.emplace_back()
                               : a == "--csv"          ? &csv
                               : a == "--identity"     ? &ssh.identityFile
                               : a == "--known-hosts"  ? &ssh.knownHostsFile
                               : a == "--ssh-config"   ? &ssh.configFile
                                                       : nullptr;
        if (valueOf) {
            if (i + 1 >= argc)
                return fail(Text(TD_TEXT("WatchCommand", "%1 needs a value (see traindeck watch --help)"), {Text::value(a)}));
            *valueOf = argv[++i];
        } else if (a == "--help" || a == "-h") {
            printUsage();
            return 0;
        } else if (a == "--follow" || a == "-f")
            follow = true;
        else if (a == "--json")
            json = true;
        else if (a == "--accept-new-host-keys")
            ssh.acceptNewHostKeys = true;
        else if (a.starts_with("--"))
            return fail(Text(TD_TEXT("WatchCommand", "unknown option %1 (see traindeck watch --help)"), {Text::value(printable(a))}));
        else
            sources.push_back(a);
    }
    if (sources.empty() && commands.empty())
        return fail(Text(TD_TEXT("WatchCommand", "name at least one SOURCE or --follow-command (see traindeck watch --help)")));
    Watch watch;
    watch.setSsh(ssh);
    for (const std::string& s : sources) {
        Text error;
        if (!watch.add(s, error))
            return fail(error);
    }
    for (const std::string& c : commands) {
        Text error;
        if (!watch.addCommand(c, error))
            return fail(error);
    }
    bool stopped = false;
    if (!follow)
        readAndSummarise(watch, json);
    else
        stopped = followRuns(watch, json);
    if (!csv.empty()) {
        std::vector<const Run*> runs;
        for (const auto& run : watch.store().runs())
            runs.push_back(run.get());
        if (const Text error = saveSeriesCsv(csv, everySeries(runs)); !error.empty())
            return fail(error);
    }
    if (stopped)
        return 130;
    for (const auto& run : watch.store().runs())
        if (run->failing())
            return 1;
    return 0;
}

}  // namespace traindeck::cli
