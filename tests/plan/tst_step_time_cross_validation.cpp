// The stated step-time error on model families it was not fitted on
// (core/plan/step_time_cross_validation.h; bench/step_time_cv prints the table of
// bench/RESULTS.md): every truth-fitted constant fitted without one family, that family
// predicted uncalibrated and after one run, and the measured step inside the stated band at
// nine in ten steps. The planner states the bands chosen so; a host-bound step's band is
// never narrower than its run-to-run swing; the GPU-bound steps' accuracy is held where it
// stands, so that it cannot get worse unnoticed.

#include "plan/step_time_cross_validation.h"
#include "plan/truth_steps.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <set>

using namespace traindeck;

namespace {

double share(int of, int n) { return n ? double(of) / n : 1.0; }

void print(const char* what, const FamilyCheck::State& s) {
    qInfo("%s: %d of %d inside the band (%.0f%%), GPU-bound %d of %d within the goal, worst %.1f%%", what, s.covered,
          s.points, 100 * share(s.covered, s.points), s.gpuWithin, s.gpuBound, 100 * s.worst);
}

}  // namespace

class TestStepTimeCrossValidation : public QObject {
    Q_OBJECT
private slots:
    // All four fixtures are in it (today's decoder families too), and the families are the models' own.
    void everyFixtureIsIn() {
        const std::vector<TruthStep>& steps = truthSteps();
        std::set<std::string> families, groups;
        int runs = 0;
        for (const TruthStep& s : steps) {
            families.insert(s.family);
            groups.insert(s.group);
            runs += s.group.starts_with("hf_");
            QVERIFY2(s.measuredS > 0, s.group.c_str());
        }
        // model truth, step truth, the families' one-GPU steps (DDP on one GPU is no plan's, so left out)
        QVERIFY2(steps.size() >= 80 + 216 + 31, qPrintable(QString::number(steps.size())));
        QCOMPARE(runs, 30);  // tests/runs/fixtures: hf_gpt2-h200x2* (14), hf_causal_lm-h200x2* (16)
        for (const char* f : {"llama", "gpt2", "mixtral", "mistral", "qwen2", "vit", "qwen3", "qwen3_moe", "gemma2",
                              "deepseek_v2", "gpt_oss"})
            QVERIFY2(families.count(f), f);
        QCOMPARE(std::count_if(steps.begin(), steps.end(),
                               [](const TruthStep& s) { return s.source.ends_with("families_step_truth.json"); }),
                 31L);  // its one-GPU steps: 5 models × 3 shapes × 2 checkpointings + the top-2 copy's 2, gpt-oss's 4096 × 2 out of memory
        // The top-2 copy of Qwen3-30B-A3B is planned at the experts per token it ran.
        const auto top2 = std::find_if(steps.begin(), steps.end(),
                                       [](const TruthStep& s) { return s.group == "families 1gpu qwen3-30b-a3b-top2"; });
        QVERIFY(top2 != steps.end());
        QVERIFY2(top2->plan.model.architecture.find("top_k=2") != std::string::npos, top2->plan.model.architecture.c_str());
        const CrossValidation& cv = stepTimeCrossValidation();
        QCOMPARE(cv.steps, int(steps.size()));
        QCOMPARE(cv.groups, int(groups.size()));
        QCOMPARE(cv.families.size(), families.size());
        QCOMPARE(cv.uncalibrated.points, cv.steps);  // each step predicted once, with its family held out
    }

    // The goal: nine in ten held-out steps inside the band stated for them, uncalibrated and after one run.
    void theBandHoldsOnFamiliesItWasNotFittedOn() {
        const CrossValidation& cv = stepTimeCrossValidation();
        for (const FamilyCheck& f : cv.families) {
            print((f.family + " uncalibrated").c_str(), f.uncalibrated);
            print((f.family + " after one run").c_str(), f.calibrated);
        }
        print("all uncalibrated", cv.uncalibrated);
        print("all after one run", cv.calibrated);
        QVERIFY(cv.calibrated.points > 1000);  // every other step of a group from each run a user could calibrate on
        QVERIFY2(cv.uncalibrated.covered >= kCoverageGoal * cv.uncalibrated.points,
                 qPrintable(QString("%1 of %2").arg(cv.uncalibrated.covered).arg(cv.uncalibrated.points)));
        QVERIFY2(cv.calibrated.covered >= kCoverageGoal * cv.calibrated.points,
                 qPrintable(QString("%1 of %2").arg(cv.calibrated.covered).arg(cv.calibrated.points)));
        // Runs that did not say their host time and fitted both a host and the GPU: their band covers both.
        QVERIFY(cv.calibrated.withAlternative > 0);
    }

    // Each family's prior is fitted without it: the planner's (all the truth) is never narrower.
    void thePriorIsFittedWithoutTheFamily() {
        const CrossValidation& cv = stepTimeCrossValidation();
        for (const FamilyCheck& f : cv.families) {
            QVERIFY(f.prior.lowestGpuMfu >= cv.prior.lowestGpuMfu);
            QVERIFY(f.prior.fastestPace >= cv.prior.fastestPace && f.prior.slowestPace <= cv.prior.slowestPace);
        }
        QVERIFY(cv.prior.lowestGpuMfu > 0.05 && cv.prior.lowestGpuMfu < 1);
        // The floor under it is the GPU-bound band the planner states uncalibrated (each family's: without it).
        QCOMPARE(cv.prior.gpuMfuSpread, cv.uncalibratedBands[size_t(StepRegime::Gpu)].band);
        for (const FamilyCheck& f : cv.families)
            QVERIFY(f.prior.gpuMfuFloor() < f.prior.lowestGpuMfu);
        QVERIFY(cv.prior.fastestPace < 1.2 && cv.prior.slowestPace > 1.2);
        QCOMPARE(&truthAttributionPrior(), &cv.prior);
    }

    // The GPU-bound steps' accuracy where it stands (bench/RESULTS.md): the goals are 20% and
    // 10%; uncalibrated they hold at nine in ten, after one run at 84 in 100 (the goal's nine in
    // ten is not met: GPT-2's, ViT's and some of Llama's calibrated pairs).
    void gpuBoundStepsHoldWhereTheyStand() {
        const CrossValidation& cv = stepTimeCrossValidation();
        QVERIFY(cv.uncalibrated.gpuBound > 100 && cv.calibrated.gpuBound > 500);
        QVERIFY2(share(cv.uncalibrated.gpuWithin, cv.uncalibrated.gpuBound) >= 0.9,
                 qPrintable(QString("%1 of %2").arg(cv.uncalibrated.gpuWithin).arg(cv.uncalibrated.gpuBound)));
        QVERIFY2(share(cv.calibrated.gpuWithin, cv.calibrated.gpuBound) >= 0.84,
                 qPrintable(QString("%1 of %2").arg(cv.calibrated.gpuWithin).arg(cv.calibrated.gpuBound)));
    }

    // What the planner states is the band chosen so: per regime, uncalibrated and after a run
    // the fit took as the GPU's or as the host's; a host-bound step never under its swing.
    void thePlannerStatesTheCrossValidatedBand() {
        const CrossValidation& cv = stepTimeCrossValidation();
        const TruthSpread& truth = truthSpread();
        for (int r = 0; r < kStepRegimeCount; ++r) {
            QCOMPARE(truth.uncalibratedByRegime[r].spread, cv.uncalibratedBands[r].band);
            QCOMPARE(truth.calibratedByRegime[r].spread, cv.calibratedBands[r].band);
            QCOMPARE(truth.calibratedFromHostByRegime[r].spread, cv.calibratedFromHostBands[r].band);
        }
        QCOMPARE(truth.uncalibrated, cv.uncalibratedAll.band);

        // A host-bound layout's figure: its band, never under the swing (tst_step_time_regimes holds a plan to it).
        QVERIFY(std::fabs(hostSwingBand() - (std::sqrt(38.0 / 22.6) - 1)) < 1e-12);
    }
};

QTEST_APPLESS_MAIN(TestStepTimeCrossValidation)
#include "tst_step_time_cross_validation.moc"
