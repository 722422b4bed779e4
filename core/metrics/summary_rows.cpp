#include "metrics/summary_rows.h"

#include "metrics/alarm.h"
#include "metrics/metric_units.h"
#include "text/number_text.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <string>

namespace traindeck::metrics {
namespace {

Text val(std::string v) { return Text::value(std::move(v)); }

std::string number(double v, int digits = 4) {
    if (std::isnan(v))
        return "nan";
    if (std::isinf(v))
        return v > 0 ? "inf" : "-inf";
    return significant(v, digits);
}

}  // namespace

bool ownScalar(const std::string& metric) {
    static const std::set<std::string> shown = {"loss", "psnr", "lr", "samples_per_s", "gpu_mem_gb", "eval_loss", "eval_psnr"};
    return !shown.contains(metric);
}

// The protocol's statuses in words of the interface's language; another as the run wrote it.
Text runStatus(const RunSummary& s) {
    if (s.endStatus.empty()) return Text(TD_TEXT("WatchCommand", "running (no end event yet)"));
    return endStatusText(s.endStatus);
}

std::vector<SummaryRow> summaryRows(const Run& run, const RunSummary& s) {
    std::vector<SummaryRow> rows;
    const auto row = [&](Text label, Text value, bool alarm = false) { rows.push_back({std::move(label), std::move(value), alarm}); };
    row(TD_TEXT("WatchCommand", "status"), runStatus(s), run.failing());
    // Steps count from 0, so the last one's number and one were done; a log that counts
    // from 1 ("step 80/80", a Hugging Face Trainer's global_step) ends on its total. A run
    // that went further than its total by more than that says so.
    std::int64_t steps = s.lastStep >= 0 ? s.lastStep + 1 : 0;
    if (s.totalSteps > 0 && steps == s.totalSteps + 1)
        steps = s.totalSteps;
    const std::string done = std::to_string(steps);
    row(TD_TEXT("WatchCommand", "steps"),
        s.totalSteps > 0 ? Text(TD_TEXT("WatchCommand", "%1 of %2"), {val(done), val(std::to_string(s.totalSteps))}) : val(done));
    const auto lastBest = [&](Text label, const std::optional<double>& last, const std::optional<Best>& best) {
        if (!last)
            return;
        row(std::move(label), best ? Text(TD_TEXT("WatchCommand", "%1  (best %2 at step %3)"),
                                          {val(number(*last)), val(number(best->value)), val(std::to_string(best->step))})
                                   : val(number(*last)));
    };
    lastBest(TD_TEXT("WatchCommand", "loss"), s.lastLoss, s.bestLoss);
    lastBest(TD_TEXT("WatchCommand", "psnr"), s.lastPsnr, s.bestPsnr);
    if (s.steadySamplesPerS > 0)
        row(TD_TEXT("WatchCommand", "steady samples/s"), val(number(s.steadySamplesPerS)));
    if (s.steadyStepsPerS > 0)
        row(TD_TEXT("WatchCommand", "steady steps/s"), val(number(s.steadyStepsPerS)));
    if (s.ranks) {
        const RankSpread& r = *s.ranks;
        const std::vector<Text> args = {val(std::to_string(r.slowestRank)), val(number(r.slowestMedianS * 1e3, 3)),
                                        val(number(r.medianS * 1e3, 3)),
                                        val(std::to_string(std::lround(r.medianS > 0 ? (r.slowestMedianS / r.medianS - 1) * 100 : 0))),
                                        val(std::to_string(r.since))};
        row(TD_TEXT("WatchCommand", "slowest rank"),
            Text(r.since >= 0 ? TD_TEXT("WatchCommand", "rank %1: %2 ms/step, median of ranks %3 ms (+%4%), "
                                                        "slowest since step %5")
                              : TD_TEXT("WatchCommand", "rank %1: %2 ms/step, median of ranks %3 ms (+%4%)"),
                 args));
    }
    for (const auto& [key, series] : run.allSeries())
        if (key.second < 0 && !series->empty() && ownScalar(key.first))
            row(metricName(key.first), valueText(series->last().value, key.first));
    if (!run.nodeStreams.empty()) {
        std::vector<Text> nodes;
        for (const Run::NodeStream& n : run.nodeStreams) {
            if (!nodes.empty())
                nodes.push_back(val(", "));
            nodes.push_back(Text(TD_TEXT("WatchCommand", "%1 (%2 lines)"), {val(n.name), val(std::to_string(n.lines))}));
        }
        row(TD_TEXT("WatchCommand", "nodes"), Text::concat(std::move(nodes)));
    }
    for (const Restart& r : s.restarts) {
        const Text before = r.previousEnd.empty() ? Text(TD_TEXT("WatchCommand", "no end recorded")) : endStatusText(r.previousEnd);
        row(TD_TEXT("WatchCommand", "restart"),
            r.afterStep < 0 ? Text(TD_TEXT("WatchCommand", "attempt %1, before any step (the attempt before: %2)"),
                                   {val(std::to_string(r.attempt)), before})
                            : Text(TD_TEXT("WatchCommand", "attempt %1, after step %2 (the attempt before: %3)"),
                                   {val(std::to_string(r.attempt)), val(std::to_string(r.afterStep)), before}));
    }
    row(TD_TEXT("WatchCommand", "end"), s.endStatus.empty() ? Text(TD_TEXT("WatchCommand", "none yet")) : runStatus(s));
    if (run.skippedLines > 0)
        row(TD_TEXT("WatchCommand", "skipped lines"), val(std::to_string(run.skippedLines)));
    if (run.rejectedValues > 0)
        row(TD_TEXT("WatchCommand", "rejected values"),
            Text(TD_TEXT("WatchCommand", "%1 (steps, times or ranks out of range)"), {val(std::to_string(run.rejectedValues))}));
    for (const Alarm& a : s.alarms)
        row(a.failing() ? Text(TD_TEXT("WatchCommand", "ALARM")) : Text(TD_TEXT("WatchCommand", "note")), a.text(), a.failing());
    for (const Text& p : run.readProblems)
        row(TD_TEXT("WatchCommand", "read problem"), p, true);
    // What is wrong now (the window's banner shows the same): the alarms above are the run's history.
    std::vector<Text> now;
    for (const Alarm& a : run.problems()) {
        if (!now.empty())
            now.push_back(val("; "));
        now.push_back(a.text());
    }
    const bool problems = !now.empty();
    row(TD_TEXT("WatchCommand", "problems now"), problems ? Text::concat(std::move(now)) : Text(TD_TEXT("WatchCommand", "none")),
        problems);
    return rows;
}

}  // namespace traindeck::metrics
