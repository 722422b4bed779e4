// The LR schedule the planner draws and the trainer follows.
#include "schedule/lr_schedule.h"

#include <QtTest>

using namespace traindeck;

class TestSchedule : public QObject {
    Q_OBJECT
private slots:
    void warmupIsLinearFromPeakOverWarmup() {
        const LrSchedule s{1e-3, 20, 120, 0.1};
        QCOMPARE(learningRate(s, 0), 1e-3 / 20);
        QCOMPARE(learningRate(s, 9), 1e-3 * 10 / 20);
        QCOMPARE(learningRate(s, 19), 1e-3);
    }
    void cosineEndsAtATenthOfPeakOnTheLastStep() {
        const LrSchedule s{1e-3, 20, 120, 0.1};
        QCOMPARE(learningRate(s, 20), 1e-3);
        QVERIFY(std::fabs(learningRate(s, 119) - 1e-4) < 1e-15);
        const double mid = learningRate(s, 20 + 99 / 2);
        QVERIFY(mid < 1e-3 && mid > 1e-4);
        for (long n = 21; n < 120; ++n)
            QVERIFY(learningRate(s, n) <= learningRate(s, n - 1));
    }
    void noWarmupAndOneStep() {
        QCOMPARE(learningRate({2e-4, 0, 100, 0.1}, 0), 2e-4);
        QCOMPARE(learningRate({2e-4, 0, 1, 0.1}, 0), 2e-4);
        QCOMPARE(learningRate({2e-4, 5, 5, 0.1}, 4), 2e-4);
    }
};

QTEST_APPLESS_MAIN(TestSchedule)
#include "tst_schedule.moc"
