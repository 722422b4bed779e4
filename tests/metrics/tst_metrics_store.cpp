// The store's promises: O(1) appends with bounded memory where spikes and NaNs
// survive folding, restarts purge orphaned points as TensorBoard does, and the
// smoothing and steady-rate figures on hand-worked numbers.
#include "metrics/cards.h"
#include "metrics/envelope.h"
#include "metrics/metric_units.h"
#include "metrics/run.h"
#include "metrics/summary.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <limits>

using namespace traindeck::metrics;

class TestMetricsStore : public QObject {
    Q_OBJECT
private slots:
    void millionStepsFitInBoundedMemory() {
        Series s("loss", -1);
        const double nan = std::numeric_limits<double>::quiet_NaN();
        for (std::int64_t i = 0; i < 1'000'000; ++i) {
            double v = 1.0 / double(i + 1);
            if (i == 1234)
                v = 500;  // a spike early on: must survive every fold
            if (i == 4321)
                v = nan;
            s.append({i, double(i), v});
        }
        QCOMPARE(s.appended(), std::size_t(1'000'000));
        QVERIFY(s.points().size() <= s.capacity());
        QVERIFY(s.folds() > 0);
        QVERIFY(s.bytes() < 8u << 20);  // 2^18 points of 24 bytes = 6 MiB, plus the object
        bool spike = false, gap = false;
        for (const Point& p : s.points()) {
            spike |= p.step == 1234 && p.value == 500;
            gap |= p.step == 4321 && std::isnan(p.value);
        }
        QVERIFY(spike);
        QVERIFY(gap);
        QCOMPARE(s.nonFinite(), std::size_t(1));
        // Steps stay in order and the newest are all there.
        for (std::size_t i = 1; i < s.points().size(); ++i)
            QVERIFY(s.points()[i - 1].step < s.points()[i].step);
        QCOMPARE(s.last().step, std::int64_t(999'999));
        QVERIFY(s.fullResolutionFrom() > 0);
        std::int64_t expected = s.fullResolutionFrom();
        for (const Point& p : s.points())
            if (p.step >= s.fullResolutionFrom())
                QCOMPARE(p.step, expected++);
    }

    void restartPurgesLaterPointsOnce() {
        Run run("r");
        Series& loss = run.series("loss");
        for (int i = 0; i < 30; ++i)
            run.append(loss, {i, 100.0 + i, 1.0}, 0);
        for (int i = 20; i < 40; ++i)
            run.append(loss, {i, 200.0 + i, 2.0}, 0);
        QCOMPARE(loss.points().size(), std::size_t(40));
        QCOMPARE(loss.points()[19].value, 1.0);
        QCOMPARE(loss.points()[20].value, 2.0);
        QCOMPARE(loss.points()[20].wallTime, 220.0);
        int restarts = 0;
        for (const Alarm& a : run.alarms())
            restarts += a.kind == AlarmKind::Restarted && a.step == 20;
        QCOMPARE(restarts, 1);
        QVERIFY(!run.failing());  // a resume is shown, not failed
    }

    void nonFiniteLossIsAMarkedPointAndOneAlarm() {
        Run run("r");
        Series& loss = run.series("train/loss");
        run.append(loss, {0, 0, 0.5}, 0);
        run.append(loss, {1, 1, std::numeric_limits<double>::quiet_NaN()}, 0);
        run.append(loss, {2, 2, std::numeric_limits<double>::infinity()}, 0);
        QCOMPARE(loss.points().size(), std::size_t(3));
        QCOMPARE(run.alarms().size(), std::size_t(1));
        QCOMPARE(run.alarms()[0].kind, AlarmKind::NonFiniteLoss);
        QCOMPARE(run.alarms()[0].step, std::int64_t(1));
        QVERIFY(run.failing());
        QCOMPARE(QString::fromStdString(run.alarms()[0].text().english()), QString("train/loss is not finite at step 1"));
    }

    void stallAfterSeveralMedianIntervals() {
        Run run("r");
        Series& loss = run.series("loss");
        for (int i = 0; i < 10; ++i)
            run.append(loss, {i, 1000.0 + 2 * i, 1.0}, 50.0 + 2 * i);  // a step every 2 s, seen at 50…68
        QCOMPARE(run.medianStepInterval(), 2.0);
        run.checkStall(75);  // 7 s after the last step: under 10 s
        QVERIFY(run.alarms().empty());
        run.checkStall(79);  // 11 s: over max(5 × 2 s, 10 s)
        QCOMPARE(run.alarms().size(), std::size_t(1));
        QCOMPARE(run.alarms()[0].kind, AlarmKind::Stalled);
        run.checkStall(90);
        QCOMPARE(run.alarms().size(), std::size_t(1));  // once until steps resume
    }

    void problemsAreTheCurrentAttemptsFailingAndStalledAlarms() {
        Run run("r");
        Series& loss = run.series("loss");
        run.append(loss, {0, 0, 0.5}, 0);
        run.raise({AlarmKind::Restarted, 0});  // a note, not a problem
        QVERIFY(run.problems().empty());
        run.append(loss, {1, 1, std::numeric_limits<double>::quiet_NaN()}, 0);
        run.setEnd({"failed"}, 2);
        QCOMPARE(run.problems().size(), std::size_t(2));
        QCOMPARE(run.problems()[0].kind, AlarmKind::NonFiniteLoss);
        QCOMPARE(run.problems()[1].kind, AlarmKind::Failed);
        run.restart(2, 3);  // the failed attempt is history
        QVERIFY(run.problems().empty());
        for (int i = 2; i < 12; ++i)
            run.append(loss, {i, 10.0 + i, 0.4}, 10.0 + i);
        run.checkStall(60);
        QCOMPARE(run.problems().size(), std::size_t(1));
        QCOMPARE(run.problems()[0].kind, AlarmKind::Stalled);
    }

    void stragglerSentence() {
        RankSpread spread{3, 0.112, 0.1, 40};
        QCOMPARE(QString::fromStdString(stragglerText(spread).english()),
                 QString("Step time per rank (s) — slowest: rank 3, 12% above the median, since step 40"));
        spread.since = -1;
        QCOMPARE(QString::fromStdString(stragglerText(spread).english()),
                 QString("Step time per rank (s) — slowest: rank 3, 12% above the median"));
        spread.medianS = 0;
        QVERIFY(stragglerText(spread).empty());
    }

    void debiasedEmaMatchesTensorBoardByHand() {
        // w = 0.6: last = 0.4·v1 = 0.4, debias 1 − 0.6 = 0.4 → 1
        //          last = 0.24 + 0.4·2 = 1.04, debias 1 − 0.36 = 0.64 → 1.625
        //          last = 0.624 + 0.4·4 = 2.224, debias 1 − 0.216 = 0.784 → 2.836734…
        const double values[] = {1, 2, std::numeric_limits<double>::quiet_NaN(), 4};
        const auto s = debiasedEma(values, 0.6);
        QCOMPARE(s[0], 1.0);
        QCOMPARE(s[1], 1.625);
        QVERIFY(std::isnan(s[2]));
        QVERIFY(std::abs(s[3] - 2.224 / 0.784) < 1e-12);
        const auto raw = debiasedEma(values, 0);
        QCOMPARE(raw[3], 4.0);
    }

    void steadyRateIsTheMedianAfterWarmup() {
        std::vector<Point> p;
        const double v[] = {10, 50, 100, 101, 99, 100, 102, 98, 100, 100};  // first 10% (one point) is warm-up
        for (int i = 0; i < 10; ++i)
            p.push_back({i, double(i), v[i]});
        QCOMPARE(steadyRate(p), 100.0);
        QCOMPARE(steadyRate({}), 0.0);
    }

    void steadySpeedSkipsTheWarmup() {
        std::vector<Point> p;
        for (int i = 0; i < 20; ++i)
            p.push_back({i, double(i), i < 5 ? 10.0 : 100.0 + i % 3});  // five slow warm-up steps
        const auto s = steadyOf(p, 5);
        QVERIFY(s);
        QCOMPARE(s->firstStep, std::int64_t(5));
        QCOMPARE(s->points, 15);
        QCOMPARE(s->value, 101.0);
        QCOMPARE(steadyRate(p, 100), 101.0);  // nothing after a longer warm-up: all but the first point
        QVERIFY(!steadyOf(std::vector<Point>{{0, 0, 5}}, 0));
    }

    void axisRangeOfANearlyConstantSeries() {
        ValueRange r;
        r.add(41.7);
        r.add(41.70001);
        const auto [lo, hi] = shownRange(r, false);
        QVERIFY(hi - lo >= 41.7 * 0.02);  // ticks of a few significant digits, not six decimals
        QVERIFY(lo < 41.7 && hi > 41.70001);
        ValueRange wide;
        wide.add(0);
        wide.add(10);
        const auto [wlo, whi] = shownRange(wide, false);
        QCOMPARE(wlo, -0.5);
        QCOMPARE(whi, 10.5);
    }

    void outlierFreeRangeIsThe5thTo95thPercentile() {
        // 100 values 1.00 … 1.99 and four spikes: the range is theirs without the spikes.
        OutlierFreeRange central;
        for (double spike : {1e6, -1e6, 1e6, 1e6})
            central.add(spike);
        for (int i = 99; i >= 0; --i)
            central.add(1.0 + i * 0.01);
        for (int i = 0; i < 50; ++i)
            central.add(std::nan(""));  // left out, as are infinities
        central.add(std::numeric_limits<double>::infinity());
        QCOMPARE(central.size(), std::size_t(104));
        const ValueRange r = central.range();
        // Sorted, index floor(0.05 × 103) = 5 is 1.04 and floor(0.95 × 103) = 97 is 1.96.
        QCOMPARE(r.lo, 1.04);
        QCOMPARE(r.hi, 1.96);
        QCOMPARE(r.loPositive, 1.04);  // a log axis gets it too

        // Too few values to call any an outlier: no range, the axis shows them all.
        OutlierFreeRange few;
        for (int i = 0; i < 19; ++i)
            few.add(i == 0 ? 1e9 : 1.0);
        QVERIFY(few.range().empty());
        few.add(1.0);
        QVERIFY(!few.range().empty());
    }

    void outlierFreeRangeSamplesLongLists() {
        // A million points: every 10th, 100k values; their 5th and 95th percentiles.
        OutlierFreeRange central;
        central.addSampled(1'000'000, [](std::size_t i) { return double(i); });
        QCOMPARE(central.size(), OutlierFreeRange::kSample);
        const ValueRange r = central.range();
        QCOMPARE(r.lo, 49990.0);   // index floor(0.05 × 99999) = 4999, × 10
        QCOMPARE(r.hi, 949990.0);  // index floor(0.95 × 99999) = 94999, × 10
        // At most kSample of each list, whatever its length; short lists whole.
        OutlierFreeRange two;
        two.addSampled(150'000, [](std::size_t) { return 1.0; });
        two.addSampled(30, [](std::size_t) { return 2.0; });
        QCOMPARE(two.size(), std::size_t(75'000 + 30));
    }

    void usersScalarsGetCardsWithUnits() {
        Run run("r");
        run.append(run.series("loss"), {0, 1, 0.5}, 0);
        run.append(run.series("data_time_s"), {0, 1, 0.02}, 0);
        run.append(run.series("host_mem_gb"), {0, 1, 3}, 0);
        run.append(run.series("kl"), {0, 1, 0.1}, 0);
        const std::vector<Card> cards = cardsOf({&run});
        // The loss card (the one fixed card this run has a series for), then its own three.
        QCOMPARE(int(cards.size()), 1 + 3);
        QCOMPARE(cards[0].kind, CardKind::Loss);
        QCOMPARE(cards[1].metric, std::string("data_time_s"));
        QCOMPARE(cardSeries(run, cards[0]).size(), std::size_t(1));  // the loss card draws the loss: no card of its own
        QCOMPARE(int(cardsOf({}).size()), kFixedCards);  // nothing watched yet: what the page will show
        Run started("s");  // a run with no point yet (its start event only): the same
        QCOMPARE(int(cardsOf({&started}).size()), kFixedCards);
        QCOMPARE(unitOf("data_time_s"), std::string("s"));
        QCOMPARE(unitOf("host_mem_gb"), std::string("GB"));
        QCOMPARE(unitOf("tokens_per_s"), std::string("tokens/s"));
        QCOMPARE(unitOf("kl"), std::string());
        QCOMPARE(nameWithoutUnit("data_time_s"), std::string("data_time"));
        QCOMPARE(withUnit(0.134, "step_time_s"), std::string("0.134 s"));
        // The protocol's gpu_mem_gb is GiB (docs/metrics-protocol.md), whatever its suffix says.
        QCOMPARE(unitOf("gpu_mem_gb"), std::string("GiB"));
        QCOMPARE(withUnit(41.7, "gpu_mem_gb"), std::string("41.7 GiB"));
        // In the window's words: under a second in ms, the unit a word of the language.
        QCOMPARE(valueText(0.02666, "comm_time_s").english(), std::string("26.66 ms"));
        QCOMPARE(valueText(0.192, "step_time_s").english(), std::string("192 ms"));
        QCOMPARE(valueText(12.5, "data_time_s").english(), std::string("12.5 s"));
        QCOMPARE(valueText(41.7, "gpu_mem_gb").english(), std::string("41.7 GiB"));
        QCOMPARE(metricTitle("comm_time_s").english(), std::string("communication time (s)"));
        QCOMPARE(metricTitle("eval_psnr").english(), std::string("evaluation PSNR (dB)"));
        QCOMPARE(metricTitle("kl").english(), std::string("kl"));
        QVERIFY(!metricTitle("comm_time_s").isValue() && valueText(0.5, "x_s").isValue() == false);
    }

    void envelopeDrawsWhatEveryPointDraws() {
        // A million points of a noisy walk with a spike and a NaN: per pixel column the
        // envelope holds that column's first, lowest, highest and last point (M4).
        Envelope e;
        std::vector<double> ys;
        double y = 0;
        std::uint64_t seed = 12345;
        for (int i = 0; i < 1'000'000; ++i) {
            seed = seed * 6364136223846793005ull + 1442695040888963407ull;
            y += double(std::int64_t(seed >> 33) % 1001 - 500) / 500.0;
            double v = i == 777'777 ? 1e6 : i == 333'333 ? std::nan("") : y;
            ys.push_back(v);
            e.append(double(i), v);
        }
        std::vector<double> xs, vs;
        const int columns = 800;
        e.query(0, 999'999, columns, xs, vs);
        QVERIFY(xs.size() <= std::size_t(5 * columns));
        for (std::size_t i = 1; i < xs.size(); ++i)
            QVERIFY(xs[i - 1] <= xs[i]);
        // Every column's extremes, by brute force, are among the points handed over.
        const double width = 999'999.0 / columns;
        for (int c = 0; c < columns; c += 37) {
            double lo = INFINITY, hi = -INFINITY;
            for (int i = int(std::ceil(c * width)); i < int(std::ceil((c + 1) * width)) && i < 1'000'000; ++i)
                if (std::isfinite(ys[std::size_t(i)])) {
                    lo = std::min(lo, ys[std::size_t(i)]);
                    hi = std::max(hi, ys[std::size_t(i)]);
                }
            bool haveLo = false, haveHi = false;
            for (std::size_t i = 0; i < xs.size(); ++i)
                if (xs[i] >= c * width && xs[i] < (c + 1) * width) {
                    haveLo |= vs[i] == lo;
                    haveHi |= vs[i] == hi;
                }
            QVERIFY2(haveLo && haveHi, qPrintable(QString("column %1").arg(c)));
        }
        QVERIFY(std::find(vs.begin(), vs.end(), 1e6) != vs.end());                         // the spike
        QVERIFY(std::any_of(vs.begin(), vs.end(), [](double v) { return std::isnan(v); }));  // the gap
        // Zoomed in to 100 points on 800 columns: the raw points, and one beyond each edge.
        e.query(5000, 5099, columns, xs, vs);
        QCOMPARE(xs.size(), std::size_t(102));
        QCOMPARE(xs[1], 5000.0);
        QCOMPARE(vs[50], ys[5049]);
    }
};

QTEST_APPLESS_MAIN(TestMetricsStore)
#include "tst_metrics_store.moc"
