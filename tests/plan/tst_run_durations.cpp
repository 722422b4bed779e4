// What a run's evaluations and checkpoint writes took (run_durations.h), learned from its
// own events, kept with its calibration point and used by the time to finish
// (run_timeline.h) with their share of its stated error; and the one check of a run's facts
// (run_speed.h's runOfAnotherPlan) before it calibrates a plan or gets the plan's line.
#include "parsed_calibration.h"
#include "plan_with_fields.h"
#include "plan/calibrate.h"
#include "plan/estimate.h"
#include "plan/plan_analysis.h"
#include "plan/plan_yaml.h"
#include "plan/run_durations.h"
#include "plan/run_speed.h"
#include "plan/run_timeline.h"

#include "metrics/text_stream.h"
#include "run_traindeck.h"
#include "trainer_env.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>

using namespace traindeck;

namespace {

// traindeck-trainer's bench-large on one H200: 400 steps, eval and checkpoint every 100.
Plan benchLarge() {
    return withFields(demoPlan(), {{"cluster.gpu", "h200"},
                                   {"cluster.nodes", "1"},
                                   {"cluster.gpus_per_node", "1"},
                                   {"compare", "1x1"},
                                   {"recipe.global_batch", "0"},
                                   {"recipe.grad_accum", "1"},
                                   {"recipe.total_steps", "400"},
                                   {"recipe.eval_every", "100"},
                                   {"recipe.eval_samples", "2000"},
                                   {"recipe.checkpoint_every", "100"}});
}

// A trainer's stream: its start (on `device`, with `params`), steps at 118 samples/s,
// evaluations of 2000 samples in `evalSeconds` each, checkpoints of 1.2288 GB in `writeSeconds`.
std::string stream(const std::string& device, double params, std::vector<double> evalSeconds,
                   std::vector<double> writeSeconds) {
    std::string s = "{\"v\":1,\"event\":\"start\",\"time\":1000,\"world_size\":1,\"nodes\":1,\"gpus_per_node\":1,"
                    "\"backend\":\"nccl\",\"model\":{\"name\":\"tae-mlp\",\"preset\":\"large\",\"parameters\":" +
                    std::to_string(long(params)) +
                    "},\"effective_batch\":16,\"micro_batch\":16,\"grad_accum\":1,\"total_steps\":400,"
                    "\"warmup_steps\":20,\"tokens_per_sample\":8192,\"params\":" +
                    std::to_string(long(params)) + ",\"device\":\"" + device + "\"}\n";
    double time = 1000;
    for (int step = 0; step < 400; step += 10) {
        time += 10 * 16 / 118.0;
        s += "{\"v\":1,\"event\":\"step\",\"time\":" + std::to_string(time) + ",\"step\":" + std::to_string(step) +
             ",\"loss\":0.1,\"step_time_s\":" + std::to_string(16 / 118.0) + ",\"samples_per_s\":118}\n";
        if ((step + 10) % 100 == 0) {
            const size_t k = size_t(step / 100);
            s += "{\"v\":1,\"event\":\"eval\",\"time\":" + std::to_string(time) + ",\"step\":" +
                 std::to_string(step + 9) + ",\"loss\":0.1,\"psnr\":15,\"samples\":2000,\"seconds\":" +
                 std::to_string(evalSeconds[k]) + "}\n";
            s += "{\"v\":1,\"event\":\"checkpoint\",\"time\":" + std::to_string(time) + ",\"step\":" +
                 std::to_string(step + 9) + ",\"path\":\"/c\",\"bytes\":1228802496,\"seconds\":" +
                 std::to_string(writeSeconds[k]) + "}\n";
        }
    }
    return s;
}

constexpr double kLargeParams = 102400208;

}  // namespace

class TestRunDurations : public QObject {
    Q_OBJECT
private slots:
    void theRunsDurationsReachItsPoint() {
        const std::optional<RunSpeed> run =
            read(stream("NVIDIA H200", kLargeParams, {3.9, 4.0, 4.2, 4.1}, {4.0, 4.6, 4.1, 4.3}), "h200.jsonl");
        QVERIFY(run);
        QCOMPARE(run->durations.checkpoints, 4);
        QCOMPARE(run->durations.evaluations, 4);
        // Medians of the rates: the two middle writes' (4.1 and 4.3 s) and evaluations' (4.0 and 4.1 s).
        QVERIFY(std::fabs(run->durations.checkpointGBps - (1.228802496 / 4.1 + 1.228802496 / 4.3) / 2) < 1e-9);
        QVERIFY(std::fabs(run->durations.evalSamplesPerS - (2000 / 4.0 + 2000 / 4.1) / 2) < 1e-9);
        const MeasuredWorkload& w = run->calibration.workload;
        QCOMPARE(w.checkpointGBps, 0.293);
        QCOMPARE(w.evalSpeedRatio, 4.19);  // 493.9 samples/s evaluated over 118 trained
        QCOMPARE(w.gpu, std::string("h200"));
        // The point says them, and reads back the same.
        const std::string text = calibrationText(run->calibration);
        QVERIFY2(text.ends_with(":write=0.293GB/s:eval=4.19x"), text.c_str());
        const Calibration back = parsed(text);
        QCOMPARE(back.workload.checkpointGBps, w.checkpointGBps);
        QCOMPARE(back.workload.evalSpeedRatio, w.evalSpeedRatio);
        QCOMPARE(calibrationText(back), text);
    }

    void aRunThatSaidNothingOfThemKeepsThePlansAssumptions() {
        std::string s = stream("NVIDIA H200", kLargeParams, {1, 1, 1, 1}, {1, 1, 1, 1});
        std::string plain;  // its eval and checkpoint lines without their durations
        for (size_t at = 0, end; at < s.size(); at = end + 1) {
            end = s.find('\n', at);
            std::string line = s.substr(at, end - at);
            if (const auto cut = line.find(",\"samples\":"); cut != std::string::npos)
                line = line.substr(0, cut) + "}";
            if (const auto cut = line.find(",\"seconds\":"); cut != std::string::npos)
                line = line.substr(0, cut) + "}";
            plain += line + "\n";
        }
        const std::optional<RunSpeed> run = read(plain, "plain.jsonl");
        QVERIFY(run);
        QCOMPARE(run->durations.checkpoints, 0);
        QCOMPARE(run->calibration.workload.checkpointGBps, 0.0);
        QCOMPARE(run->calibration.workload.evalSpeedRatio, 0.0);
        QVERIFY(calibrationText(run->calibration).find("write=") == std::string::npos);
    }

    void theTimeToFinishUsesThemWithTheirShareOfTheError() {
        const Plan plan = benchLarge();
        const RunTimeline assumed = estimate(plan, {1, 1}).timeline;
        QVERIFY(!assumed.checkpointLearned && !assumed.evaluationLearned);
        QCOMPARE(assumed.checkpoints, 4);
        QCOMPARE(assumed.evaluations, 4);
        QVERIFY(std::fabs(assumed.checkpointS - assumed.checkpointBytes / 2e9) < 1e-9);  // the plan's 2 GB/s

        Plan measured = plan;
        measured.calibrations = {parsed("1x1=118samples/s@micro=16:seq=8192:gpu=h200:params=102.4M:write=0.3GB/s:eval=4x")};
        const Estimate e = estimate(measured, {1, 1});
        const RunTimeline& t = e.timeline;
        QVERIFY(t.checkpointLearned && t.evaluationLearned);
        QVERIFY(std::fabs(t.checkpointS - t.checkpointBytes / 0.3e9) < 1e-9);
        // An evaluation of 2000 samples at 4 × the calibrated training speed (118 samples/s).
        QVERIFY2(std::fabs(t.evaluationS - 2000 / (4 * 118.0)) < 0.01 * t.evaluationS,
                 qPrintable(QString::number(t.evaluationS)));
        QVERIFY(std::fabs(t.timeToFinishS.value - (t.trainingS.value + 4 * t.evaluationS + 4 * t.checkpointS)) < 1e-6);
        // The error: each part's, weighed by its share; a learned duration's is narrower than an assumed one's.
        QCOMPARE(t.evaluationError, kLearnedDurationError);
        QCOMPARE(assumed.checkpointError, kAssumedDurationError);
        const double step = 0.05;
        const double expected = (t.trainingS.value * step + (t.evaluationsS.value + t.checkpointsS.value) *
                                                                 kLearnedDurationError) / t.timeToFinishS.value;
        QVERIFY(std::fabs(t.timeToFinishError(step) - expected) < 1e-12);
        QVERIFY(t.timeToFinishError(step) > step && t.timeToFinishError(step) < kLearnedDurationError);
        // A refused point teaches nothing: a CPU run's durations are not the plan's.
        Plan cpu = plan;
        cpu.calibrations = {parsed("1x1=5samples/s@gpu=cpu:write=0.3GB/s:eval=4x")};
        const LearnedDurations none = learnedDurations(cpu);
        QCOMPARE(none.checkpointGBps, 0.0);
        QCOMPARE(none.evalSpeedRatio, 0.0);
    }

    // The run's facts, checked once (runOfAnotherPlan) for the calibration and the plan's line.
    void aRunOfAnotherDeviceOrModelIsNotThePlans() {
        const Plan plan = benchLarge();
        const std::optional<RunSpeed> own = read(stream("NVIDIA H200", kLargeParams, {1, 1, 1, 1}, {1, 1, 1, 1}), "own.jsonl");
        const std::optional<RunSpeed> cpu = read(stream("cpu", kLargeParams, {1, 1, 1, 1}, {1, 1, 1, 1}), "cpu.jsonl");
        const std::optional<RunSpeed> h100 =
            read(stream("NVIDIA H100 80GB HBM3", kLargeParams, {1, 1, 1, 1}, {1, 1, 1, 1}), "h100.jsonl");
        const std::optional<RunSpeed> tiny = read(stream("NVIDIA H200", 86736, {1, 1, 1, 1}, {1, 1, 1, 1}), "tiny.jsonl");
        QVERIFY(own && cpu && h100 && tiny);
        QVERIFY(!runPlanMismatch(plan, *own));
        QVERIFY(!runOfAnotherPlan(plan, m_runs.at("own.jsonl")->info));
        const struct { const char* name; const RunSpeed& run; const char* says; } refused[] = {
            {"cpu.jsonl", *cpu, "measured on CPUs, the plan runs on NVIDIA H200"},
            {"h100.jsonl", *h100, "measured on NVIDIA H100"},
            {"tiny.jsonl", *tiny, "measured on a model of 86736 parameters, the plan's has 102.4M"},
        };
        for (const auto& r : refused) {
            const std::optional<Text> calibrating = runPlanMismatch(plan, r.run);
            const std::optional<Text> drawing = runOfAnotherPlan(plan, m_runs.at(r.name)->info);
            QVERIFY2(calibrating && drawing, r.name);
            QCOMPARE(calibrating->english(), drawing->english());  // one decision
            QVERIFY2(calibrating->english().find(r.says) != std::string::npos, calibrating->english().c_str());
            QVERIFY(calibrating->english().find('\n') == std::string::npos);
        }
        // A run that has not started says nothing yet: nothing to refuse.
        QVERIFY(!runOfAnotherPlan(plan, metrics::RunInfo{}));
    }

    // The goal on our own trainer's run (fixtures/trainer_timeline, bench/RESULTS.md): the plan
    // of bench/timeline/plan.yaml (bench-large on one H200, 400 steps, an evaluation of 2000
    // clips and a checkpoint every 100) against its generated job run twice on an H200: the
    // time to finish within 20% of each run's own `end` seconds uncalibrated, within 10% after
    // `--calibrate-from` one of them (the other run held out too); the plan's memory (less its
    // assumed overhead) within 10% of the run's device memory less the CUDA context's (the tiny
    // run's, whose own activations are a few MiB).
    void ourTrainersRunFinishesWhenItsPlanSays() {
        Plan plan;
        const LoadResult loaded = loadPlanFile(PLAN_FIXTURES "/../../../bench/timeline/plan.yaml", plan);
        QVERIFY2(loaded.ok, loaded.error.english().c_str());
        const std::string dir = PLAN_FIXTURES "/trainer_timeline/";
        auto runOf = [&](const std::string& name) {
            std::ifstream in(dir + name);
            const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
            QVERIFY2(!text.empty(), name.c_str());
            read(text, name);
        };
        runOf("run1.jsonl");
        runOf("run2.jsonl");
        runOf("tiny.jsonl");
        auto finish = [](const Plan& p) { return analyse(p).estimates.front().timeline.timeToFinishS.value; };
        const double uncalibrated = finish(plan);
        for (const char* from : {"run1.jsonl", "run2.jsonl"}) {
            Text error;
            const std::optional<RunSpeed> point = runSpeedOf(*m_runs.at(from), from, error);
            QVERIFY(point && !runPlanMismatch(plan, *point));
            Plan calibrated = plan;
            calibrated.calibrations = {point->calibration};
            const RunTimeline t = analyse(calibrated).estimates.front().timeline;
            QVERIFY(t.evaluationLearned && t.checkpointLearned);
            for (const char* truth : {"run1.jsonl", "run2.jsonl"}) {
                const double measured = m_runs.at(truth)->end->seconds;
                qInfo("%s: measured %.2f s; planned %.2f s uncalibrated (%+.1f%%), %.2f s calibrated from %s (%+.1f%%)", truth,
                      measured, uncalibrated, 100 * (uncalibrated / measured - 1), t.timeToFinishS.value, from,
                      100 * (t.timeToFinishS.value / measured - 1));
                QVERIFY(std::fabs(uncalibrated / measured - 1) <= 0.20);
                QVERIFY(std::fabs(t.timeToFinishS.value / measured - 1) <= 0.10);
            }
        }
        // Memory: the plan's activations are the trainer's buffers for its clip and preset.
        const Estimate large = analyse(plan).estimates.front();
        const double context = m_runs.at("tiny.jsonl")->find("gpu_mem_gb")->points().back().value;
        const double measured = m_runs.at("run1.jsonl")->find("gpu_mem_gb")->points().back().value - context;
        const double planned = large.memoryPerGpuGb.value - large.memory.overheadGb;
        qInfo("bench-large: planned %.2f GiB, measured %.2f GiB less the context's %.2f", planned, measured + context, context);
        QVERIFY(std::fabs(planned / measured - 1) <= 0.10);
        const Plan tiny = withFields(plan, {{"model.preset", "tiny"}, {"model.clip_frames", "4"}, {"model.clip_height", "64"},
                                            {"model.clip_width", "64"}, {"recipe.micro_batch", "8"}});
        const Estimate small = analyse(tiny).estimates.front();
        QVERIFY2(small.memory.activationsGb < 0.02 && small.memoryPerGpuGb.value - small.memory.overheadGb < 0.05,
                 qPrintable(QString::number(small.memoryPerGpuGb.value)));
    }

    // traindeck-trainer's own CPU run, with evaluations and checkpoints: its events carry what
    // they took, and `traindeck plan --calibrate-from` refuses it for a GPU plan in one line.
    void ourTrainersCpuRunIsNotAGpuPlans() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString metrics = dir.filePath("run.jsonl");
        QProcess trainer;
        trainer.setProcessEnvironment(trainerEnvironment());
        trainer.start(TRAINER_BINARY, {"--backend", "gloo", "--frames", "2", "--height", "32", "--width", "32",
                                       "--micro-batch", "4", "--steps", "40", "--log-every", "2", "--eval-every", "20",
                                       "--eval-samples", "10", "--checkpoint-every", "20", "--checkpoint-dir",
                                       dir.filePath("ckpt"), "--metrics-file", metrics});
        QVERIFY(trainer.waitForFinished(60000));
        QCOMPARE(trainer.exitCode(), 0);
        Text error;
        const std::optional<RunSpeed> run = readRunSpeed(metrics.toStdString(), error);
        QVERIFY2(run, error.english().c_str());
        QCOMPARE(run->device, std::string("cpu"));
        QCOMPARE(run->durations.evaluations, 2);
        QCOMPARE(run->durations.checkpoints, 2);
        QVERIFY(run->calibration.workload.checkpointGBps > 0 && run->calibration.workload.evalSpeedRatio > 0);
        const TraindeckRun refused = runTraindeck({"plan", "--gpu", "h200", "--calibrate-from", metrics});
        QCOMPARE(refused.code, 2);
        QCOMPARE(refused.err.count('\n'), 1);
        QVERIFY2(refused.err.contains("cannot calibrate this plan: measured on CPUs, the plan runs on NVIDIA H200"),
                 qPrintable(refused.err));
    }

private:
    // The stream as the Watch page holds it (kept under `name`), and its speed as --calibrate-from takes it.
    std::optional<RunSpeed> read(const std::string& text, const std::string& name) {
        auto run = std::make_unique<metrics::Run>(name);
        metrics::TextStreamReader reader(*run);
        reader.feed(text, 0);
        reader.finish(0);
        Text error;
        std::optional<RunSpeed> speed = runSpeedOf(*run, name, error);
        if (!speed)
            qWarning("%s", error.english().c_str());
        m_runs[name] = std::move(run);
        return speed;
    }

    std::map<std::string, std::unique_ptr<metrics::Run>> m_runs;
};

QTEST_APPLESS_MAIN(TestRunDurations)
#include "tst_run_durations.moc"
