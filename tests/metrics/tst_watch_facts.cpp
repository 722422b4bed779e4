// What both faces of Watch show, decided once in core: what is new in a run
// since the last look (RunNews: `traindeck watch --follow`'s lines, the Watch
// page's redraws and alarms), which alarm is a problem now, what the store
// holds, the plan's dashed line for a watched run, and the calibration point a
// watched run adds to the plan (or why not); the summary a follower keeps up
// to date is summarize()'s, each point walked once while nothing is rewritten.
#include "metrics/run_news.h"
#include "metrics/summary_tracker.h"
#include "plan/calibrate.h"
#include "plan/hardware.h"
#include "plan/plan_analysis.h"
#include "plan/run_speed.h"
#include "watch/plan_line.h"
#include "watch/run_calibration.h"
#include "watch/watch.h"

#include <QtTest>

#include <cmath>
#include <fstream>
#include <limits>

using namespace traindeck;
using metrics::Alarm;
using metrics::AlarmKind;
using metrics::CardKind;
using metrics::Run;

namespace {

// A trainer's start on `device` (1 node of 2 GPUs) and 20 steps at about 100 samples/s.
std::string runLines(const std::string& device) {
    std::string lines = R"({"v":1,"event":"start","time":1,"nodes":1,"gpus_per_node":2,"world_size":2,"micro_batch":4,)"
                        R"("grad_accum":1,"effective_batch":8,"warmup_steps":2,"total_steps":20)";
    lines += device.empty() ? std::string("}\n") : R"(,"device":")" + device + "\"}\n";
    for (int i = 0; i < 20; ++i)
        lines += R"({"v":1,"event":"step","time":)" + std::to_string(2 + i) + R"(,"step":)" + std::to_string(i) +
                 R"(,"loss":0.5,"samples_per_s":)" + std::to_string(i < 2 ? 10 : 100 + i % 3) + "}\n";
    return lines;
}


// Two summaries say the same (a NaN last value: the same NaN).
bool sameSummary(const metrics::RunSummary& a, const metrics::RunSummary& b) {
    const auto best = [](const std::optional<metrics::Best>& x, const std::optional<metrics::Best>& y) {
        return x.has_value() == y.has_value() && (!x || (x->value == y->value && x->step == y->step));
    };
    const auto last = [](const std::optional<double>& x, const std::optional<double>& y) {
        return x.has_value() == y.has_value() && (!x || *x == *y || (std::isnan(*x) && std::isnan(*y)));
    };
    return a.lastStep == b.lastStep && last(a.lastLoss, b.lastLoss) && last(a.lastPsnr, b.lastPsnr) &&
           best(a.bestLoss, b.bestLoss) && best(a.bestPsnr, b.bestPsnr) && a.steadySamplesPerS == b.steadySamplesPerS &&
           a.steadyStepsPerS == b.steadyStepsPerS;
}

// `n` steps more of the four series a summary walks, from `step` on.
void appendSummarized(Run& run, int& step, int n) {
    for (int i = 0; i < n; ++i, ++step) {
        // Values that repeat and cross, so the medians' halves trade points.
        const double v = 100 + (step * 37) % 23 - (step % 5 == 0 ? 30 : 0);
        run.append(run.series("loss"), {step, double(step), 2.0 / (1 + step % 50)}, 0);
        run.append(run.series("psnr"), {step, double(step), step % 9 == 0 ? std::nan("") : 20.0 + step % 11}, 0);
        run.append(run.series("samples_per_s"), {step, double(step), step % 17 == 0 ? 0 : v}, 0);
        run.append(run.series("step_time_s"), {step, double(step), 1 / v}, 0);
    }
}

}  // namespace

class TestWatchFacts : public QObject {
    Q_OBJECT
    QTemporaryDir tmp;

    // The file read to its end by core's watch, as the page and the CLI read it.
    std::string write(const QString& name, const std::string& lines) {
        const std::string path = tmp.filePath(name).toStdString();
        std::ofstream(path) << lines;
        return path;
    }

private slots:
    void newsSaysWhatChangedOnce() {
        Run run("r");
        metrics::RunNews news;
        QVERIFY(!news.changed(run));  // untouched since it was made
        metrics::Series& loss = run.series("loss");
        run.append(loss, {0, 10, 0.5}, 10);
        QVERIFY(news.changed(run));
        QVERIFY(!news.changed(run));
        QVERIFY(news.newStep(run));
        QVERIFY(!news.newStep(run));
        run.append(loss, {1, 11, 0.4}, 11);
        QVERIFY(news.changed(run));
        QVERIFY(news.newStep(run));

        QVERIFY(news.newAlarms(run).empty());
        run.raise({AlarmKind::Restarted, 1});
        auto first = news.newAlarms(run);
        QCOMPARE(first.size(), std::size_t(1));
        QCOMPARE(first[0].kind, AlarmKind::Restarted);
        QVERIFY(news.newAlarms(run).empty());  // seen
        run.append(loss, {2, 12, std::numeric_limits<double>::quiet_NaN()}, 12);
        run.setEnd({"failed"}, 13);
        auto next = news.newAlarms(run);
        QCOMPARE(next.size(), std::size_t(2));
        QCOMPARE(next[0].kind, AlarmKind::NonFiniteLoss);
        QCOMPARE(next[1].kind, AlarmKind::Failed);

        // Each follower has its own look: another one sees every alarm.
        metrics::RunNews other;
        QCOMPARE(other.newAlarms(run).size(), std::size_t(3));
    }

    void aProblemIsFailingOrStalled() {
        for (AlarmKind kind : {AlarmKind::NonFiniteLoss, AlarmKind::RankError, AlarmKind::NodeLost, AlarmKind::PreflightFailed,
                               AlarmKind::Failed, AlarmKind::Stalled})
            QVERIFY2(Alarm{kind}.problem(), metrics::alarmKey(kind));
        for (AlarmKind kind : {AlarmKind::Restarted, AlarmKind::Relaunched, AlarmKind::Ended})
            QVERIFY2(!Alarm{kind}.problem(), metrics::alarmKey(kind));
    }

    void whatTheStoreHolds() {
        metrics::Store store;
        QCOMPARE(store.pointsHeld(), std::size_t(0));
        QCOMPARE(store.bytesHeld(), std::size_t(0));
        Run& a = store.run("a");
        Run& b = store.run("b");
        for (int i = 0; i < 5; ++i)
            a.append(a.series("loss"), {i, double(i), 1.0}, i);
        for (int i = 0; i < 3; ++i)
            b.append(b.series("step_time_s", 1), {i, double(i), 0.1}, i);
        QCOMPARE(store.pointsHeld(), std::size_t(8));
        QCOMPARE(store.bytesHeld(), a.bytes() + b.bytes());
    }

    void thePlansLineForARun() {
        const PlanAnalysis analysis = analyse(demoPlan());
        Run run("r");
        run.info.nodes = 1;
        run.info.gpusPerNode = 2;
        const Estimate atRun = analysis.figuresAt(Layout{1, 2});
        QCOMPARE(watch::planLine(analysis, run, CardKind::SamplesPerS), atRun.samplesPerS.value);
        QCOMPARE(watch::planLine(analysis, run, CardKind::GpuMemory), atRun.gpuMemoryGb);  // the plan's card
        run.info.device = "NVIDIA H200";
        QCOMPARE(watch::planLine(analysis, run, CardKind::GpuMemory), findGpuByDeviceName("NVIDIA H200")->memoryGb);
        QVERIFY(watch::planLine(analysis, run, CardKind::GpuMemory) != atRun.gpuMemoryGb);
        QVERIFY(std::isnan(watch::planLine(analysis, run, CardKind::Loss)));
        // A run of another device or model than the plan's (core's runOfAnotherPlan, the check that
        // refuses it as a calibration point): no prediction drawn over it; its card's capacity stays.
        Run other("other");
        other.info.starts = 1;
        other.info.nodes = 1;
        other.info.gpusPerNode = 2;
        other.info.device = "NVIDIA H100 80GB HBM3";
        QCOMPARE(watch::planLine(analysis, other, CardKind::SamplesPerS), atRun.samplesPerS.value);
        other.info.parameters = 86736;  // the trainer's tiny preset, the plan's large
        QVERIFY(std::isnan(watch::planLine(analysis, other, CardKind::SamplesPerS)));
        other.info.parameters = 0;
        other.info.device = "cpu";
        QVERIFY(std::isnan(watch::planLine(analysis, other, CardKind::SamplesPerS)));
        QCOMPARE(watch::planLine(analysis, other, CardKind::GpuMemory), atRun.gpuMemoryGb);
        // A user's script that did not say its layout: the plan's own.
        Run script("s");
        const Estimate atPlan = analysis.figuresAt(analysis.plan.cluster.layout());
        QCOMPARE(watch::planLine(analysis, script, CardKind::SamplesPerS), atPlan.samplesPerS.value);
        // No plan yet: no line.
        QVERIFY(std::isnan(watch::planLine(PlanAnalysis{}, run, CardKind::SamplesPerS)));
    }

    void calibrationFromAWatchedRun() {
        Plan plan = demoPlan();
        Calibration earlier;
        Text error;
        QVERIFY(parseCalibration("1x8=50samples/s", earlier, error));
        plan.calibrations = {earlier};
        const std::string file = write("measured.jsonl", runLines(""));
        watch::Watch w;
        QVERIFY(w.add(file, error));
        while (w.poll(1u << 20, watch::unixNow())) {
        }
        const std::vector<const Run*> runs{w.store().runs()[0].get()};
        const watch::RunCalibration c = watch::calibrateFromRuns(plan, runs);
        // The point `traindeck plan --calibrate-from` takes from the same file, after the plan's own.
        const std::optional<RunSpeed> fromFile = readRunSpeed(file, error);
        QVERIFY(fromFile);
        QCOMPARE(c.calibration, calibrationText(earlier) + "," + calibrationText(fromFile->calibration));
        QVERIFY(c.why.empty());

        // Nothing measured: why, and no calibration.
        Run empty("empty");
        const watch::RunCalibration none = watch::calibrateFromRuns(plan, {&empty});
        QVERIFY(none.calibration.empty());
        QVERIFY(!none.why.empty());
        const watch::RunCalibration noRuns = watch::calibrateFromRuns(plan, {});
        QVERIFY(noRuns.calibration.empty());
        QVERIFY2(noRuns.why.english().find("No shown run") != std::string::npos, noRuns.why.english().c_str());
    }

    void aRunOfAnotherGpuIsRefused() {
        // The demo plan is an H100's; a run on an H200 does not calibrate it, and says why (as --calibrate-from does).
        Text error;
        const std::string file = write("other_gpu.jsonl", runLines("NVIDIA H200"));
        watch::Watch w;
        QVERIFY(w.add(file, error));
        while (w.poll(1u << 20, watch::unixNow())) {
        }
        const watch::RunCalibration c = watch::calibrateFromRuns(demoPlan(), {w.store().runs()[0].get()});
        QVERIFY(c.calibration.empty());
        const std::optional<RunSpeed> fromFile = readRunSpeed(file, error);
        QVERIFY(fromFile);
        const std::optional<Text> refusal = runPlanMismatch(demoPlan(), *fromFile);
        QVERIFY(refusal);
        QCOMPARE(c.why.english(), refusal->english());
    }

    // The run panel's summary, carried from call to call (SummaryTracker), is
    // summarize()'s on every call: while points come, when the store folds the
    // series (a capacity of 256), when a restart purges a tail, when a step comes
    // twice, when the warm-up is learnt late. Appended points are walked once.
    void aCarriedSummaryIsSummarizes() {
        Run run("r", 256);
        metrics::SummaryTracker tracker;
        int step = 0;
        const auto add = [&](int n) { appendSummarized(run, step, n); };
        std::size_t walked = 0;
        int from = 0;
        for (int call = 0; call < 40; ++call) {
            add(call % 7);
            QVERIFY2(sameSummary(tracker.update(run), metrics::summarize(run)), qPrintable(QString("call %1").arg(call)));
            if (call == 4) {  // steady points from here on
                walked = tracker.pointsWalked();
                from = step;
            }
        }
        // Appended only (no fold yet): each new point walked once by each of the four walks.
        QVERIFY(run.find("loss")->rewrites() == 0);
        QCOMPARE(tracker.pointsWalked() - walked, std::size_t(4 * (step - from)));
        add(200);  // folds
        QVERIFY(run.find("loss")->folds() > 0);
        QVERIFY(sameSummary(tracker.update(run), metrics::summarize(run)));
        step -= 30;  // a restart purges the last 30 steps
        add(10);
        QVERIFY(sameSummary(tracker.update(run), metrics::summarize(run)));
        --step;  // the last step again: its value replaced
        add(1);
        QVERIFY(sameSummary(tracker.update(run), metrics::summarize(run)));
        run.info.warmupSteps = 150;  // the start event's warm-up, read late
        QVERIFY(sameSummary(tracker.update(run), metrics::summarize(run)));
        for (int call = 0; call < 20; ++call) {
            add(3);
            QVERIFY(sameSummary(tracker.update(run), metrics::summarize(run)));
        }
    }

    // A long run's first summary asked a slice at a time (the window's turns): each call walks
    // no more than it may, says nothing until the walks reach the run's end (points still coming,
    // the store folding a series meanwhile), and then is summarize()'s.
    void aSummaryAskedInSlicesWalksNoMoreThanItMay() {
        Run run("r", 4096);
        metrics::SummaryTracker tracker;
        int step = 0;
        appendSummarized(run, step, 3000);
        constexpr std::size_t kBudget = 1000;
        int calls = 0;
        std::optional<metrics::RunSummary> summary;
        while (!summary && calls < 100) {
            const std::size_t walked = tracker.pointsWalked();
            summary = tracker.update(run, kBudget);
            QVERIFY(tracker.pointsWalked() - walked <= kBudget);
            if (++calls == 5)
                appendSummarized(run, step, 2000);  // folds every series meanwhile
        }
        QVERIFY(run.find("loss")->folds() > 0);
        QVERIFY2(calls > 12, qPrintable(QString::number(calls)));  // four series of 3000 and more points, 1000 a call
        QVERIFY(summary && sameSummary(*summary, metrics::summarize(run)));
        // Caught up: a few new points are said at once, within the slice.
        appendSummarized(run, step, 10);
        summary = tracker.update(run, kBudget);
        QVERIFY(summary && sameSummary(*summary, metrics::summarize(run)));
    }
};

QTEST_APPLESS_MAIN(TestWatchFacts)
#include "tst_watch_facts.moc"
