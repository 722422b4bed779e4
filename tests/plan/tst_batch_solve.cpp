// Each layout's micro-batch × accumulation under a target global batch (batch_solve.h),
// checked against every split a user could have chosen, and the demo plan with
// DeepSpeed on: it must run clean on every layout it compares (issue 38, item 3).
#include "plan/batch_solve.h"
#include "plan/estimate.h"
#include "plan/findings.h"
#include "plan/plan.h"
#include "plan/plan_analysis.h"

#include "run_traindeck.h"

#include <QtTest>

#include <cstdlib>

using namespace traindeck;

class TestBatchSolve : public QObject {
    Q_OBJECT
private slots:
    void theDemoHoldsItsBatchOnEveryLayout() {
        // 256 on 8, 16 and 64 GPUs with micro-batch 16 at most: 16 × 2, 16 × 1, and 4 × 1 on 8x8
        // (before: micro 16 on 64 GPUs, a batch of 1024).
        const Plan p = demoPlan();
        QCOMPARE(estimate(p, {1, 8}).microBatch, 16);
        QCOMPARE(estimate(p, {1, 8}).gradAccum, 2);
        QCOMPARE(estimate(p, {2, 8}).microBatch, 16);
        QCOMPARE(estimate(p, {2, 8}).gradAccum, 1);
        const Estimate big = estimate(p, {8, 8});
        QCOMPARE(big.microBatch, 4);
        QCOMPARE(big.gradAccum, 1);
        QCOMPARE(big.effectiveBatch.value, 256.0);
        // Memory and time follow the layout's own micro-batch: a quarter of the activations.
        Plan fixed = p;
        fixed.recipe.microBatch = 4;
        QCOMPARE(big.memoryPerGpuGb.value, estimate(fixed, {8, 8}).memoryPerGpuGb.value);
        QCOMPARE(big.stepTimeS.value, estimate(fixed, {8, 8}).stepTimeS.value);
    }

    void everySplitIsTheClosestWithTheLargestMicroBatch() {
        // Against every split a user could write: micro ≤ the plan's, any accumulation.
        Recipe r;
        for (long target : {1L, 7L, 96L, 200L, 256L, 1000L, 1536L, 4096L})
            for (int micro : {1, 3, 4, 16, 24})
                for (int world : {1, 2, 8, 16, 24, 48, 64, 128}) {
                    r.globalBatch = target;
                    r.microBatch = micro;
                    const BatchSplit s = solveBatch(r, world);
                    QVERIFY(s.microBatch >= 1 && s.microBatch <= micro && s.gradAccum >= 1);
                    const long miss = std::labs(s.batch(world) - target);
                    for (int m = 1; m <= micro; ++m)
                        for (long a = 1; a <= target / (long(m) * world) + 2; ++a) {
                            const long otherMiss = std::labs(long(m) * a * world - target);
                            QVERIFY2(otherMiss > miss || (otherMiss == miss && m <= s.microBatch),
                                     qPrintable(QStringLiteral("target %1 micro %2 world %3: chose %4 × %5, but %6 × %7")
                                                    .arg(target).arg(micro).arg(world).arg(s.microBatch)
                                                    .arg(s.gradAccum).arg(m).arg(a)));
                        }
                }
    }

    void withoutATargetThePlansSplitHolds() {
        Recipe r;
        r.globalBatch = 0;
        r.microBatch = 6;
        r.gradAccum = 3;
        const BatchSplit s = solveBatch(r, 64);
        QCOMPARE(s.microBatch, 6);
        QCOMPARE(s.gradAccum, 3);
    }

    void theDemoWithDeepSpeedHasNoErrors_data() {
        QTest::addColumn<int>("stage");
        QTest::newRow("ZeRO-2") << 2;
        QTest::newRow("ZeRO-3") << 3;
    }
    void theDemoWithDeepSpeedHasNoErrors() {
        QFETCH(int, stage);
        Plan p = demoPlan();
        p.recipe.zeroStage = stage;
        const PlanAnalysis a = analyse(p);
        for (const Finding& f : a.findings)
            QVERIFY2(f.severity != Severity::Error, f.message.english().c_str());
        for (const Estimate& e : a.estimates)
            QCOMPARE(long(e.effectiveBatch.value), p.recipe.globalBatch);
    }

    void theDemoWithDeepSpeedRunsCleanOnTheCommandLine_data() {
        QTest::addColumn<QString>("stage");
        QTest::newRow("ZeRO-2") << "2";
        QTest::newRow("ZeRO-3") << "3";
    }
    void theDemoWithDeepSpeedRunsCleanOnTheCommandLine() {
        QFETCH(QString, stage);
        QTemporaryDir dir;
        const TraindeckRun plan = runTraindeck({"plan", "--zero-stage", stage});
        QVERIFY2(plan.code == 0, qPrintable(plan.out + plan.err));
        const TraindeckRun generate =
            runTraindeck({"generate", "--zero-stage", stage, "--target", "all", "--out", dir.path()});
        QVERIFY2(generate.code == 0, qPrintable(generate.out + generate.err));
        // The DeepSpeed config carries the 8x8-safe batch of the plan's own layout, 2x8: 16 × 1 × 16.
        QFile ds(dir.filePath("deepspeed.json"));
        QVERIFY2(ds.open(QIODevice::ReadOnly), qPrintable(QDir(dir.path()).entryList().join(' ')));
        const QJsonObject j = QJsonDocument::fromJson(ds.readAll()).object();
        QCOMPARE(j["train_batch_size"].toInt(), 256);
    }
};

QTEST_MAIN(TestBatchSolve)
#include "tst_batch_solve.moc"
