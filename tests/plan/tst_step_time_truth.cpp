// The planner's step time against measured truth (tests/model/fixtures/model_truth.json,
// written by bench/model_truth.py on an H100: Hugging Face models built from their
// configs, shrunk to a few layers, trained with fused AdamW in AMP and in pure bf16,
// checkpointing off and on, two to four sequence lengths and micro-batches). For each
// model and precision the plan is calibrated on one measured point, the longest step
// (the most GPU-bound one), as a user calibrates from a run: the fit gives the MFU, and
// every other point of that model is predicted with it, within 15% of the measured
// median step. Run with -v2 to print the table of bench/RESULTS.md.
#include "model_truth_fixture.h"
#include "plan/calibration_fit.h"
#include "plan/estimate.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <cstdio>

using namespace traindeck;

class TestStepTimeTruth : public QObject {
    Q_OBJECT
private slots:
    void stepTimeWithinFifteenPercentAfterOneCalibrationPoint() {
        const std::vector<truth::Point> all = truth::points(MODEL_FIXTURES);
        const Layout one{1, 1};
        int checked = 0;
        double worst = 0;
        std::string missed;  // every point beyond 15%, to see them all at once
        std::vector<std::pair<std::string, std::string>> groups;  // (model, mode) in the fixture's order
        for (const truth::Point& p : all)
            if (std::find(groups.begin(), groups.end(), std::pair{p.model, p.mode}) == groups.end())
                groups.emplace_back(p.model, p.mode);
        for (const auto& [name, mode] : groups) {
            // "amp": the plan's own bf16 (fp32 weights under autocast); "bf16": everything
            // in bf16, AdamW's moments too (2 + 2 + 4 bytes per parameter).
            const model::Numerics numerics = mode == "amp" ? model::Numerics::Mixed : model::Numerics::Half;
            const StateBytes bytes = mode == "amp" ? StateBytes{4, 4, 8} : StateBytes{2, 2, 4};
            std::vector<truth::Point> points;
            std::copy_if(all.begin(), all.end(), std::back_inserter(points),
                         [&](const truth::Point& p) { return p.model == name && p.mode == mode; });
            auto stepS = [](const truth::Point& p) { return p.measured["step_s"].get<double>(); };
            QVERIFY2(points.size() >= 3, (name + " " + mode).c_str());
            const truth::Point& reference = *std::max_element(
                points.begin(), points.end(), [&](const truth::Point& x, const truth::Point& y) { return stepS(x) < stepS(y); });
            Calibration c;
            c.layout = one;
            c.value = stepS(reference);
            c.unit = Calibration::Unit::SecondsPerStep;
            const FittedModel fit = fitModel(reference.plan, {c}, numerics, bytes);
            QVERIFY2(fit.exact, ("calibration point not reproduced: " + reference.where).c_str());
            qInfo("%s: calibrated on %s, MFU %.3f", (name + " " + mode).c_str(), reference.where.c_str(), fit.mfu);
            for (const truth::Point& p : points) {
                Plan plan = p.plan;
                applyFit(plan.recipe, fit);
                const Estimate e = estimateUncalibrated(plan, one, numerics, bytes);
                const double relative = e.stepTimeS.value / stepS(p) - 1;
                char line[512];
                std::snprintf(line, sizeof line,
                              "%s: planned %.2f ms (compute %.2f, traffic %.2f, host %.2f), measured %.2f ms, %+.1f%%",
                              p.where.c_str(), e.stepTimeS.value * 1e3, e.computeTimeS.value * 1e3,
                              e.memoryTimeS.value * 1e3, e.hostTimeS.value * 1e3, stepS(p) * 1e3, 100 * relative);
                qInfo("%s", line);
                worst = std::max(worst, std::fabs(relative));
                if (std::fabs(relative) > 0.15) missed += std::string(line) + "\n";
                ++checked;
            }
        }
        qInfo("largest error: %.1f%% over %d points", 100 * worst, checked);
        QVERIFY2(missed.empty(), missed.c_str());
        QVERIFY(checked >= 70);
    }
};

QTEST_APPLESS_MAIN(TestStepTimeTruth)
#include "tst_step_time_truth.moc"
