// The price catalogue (shipped and the user's own), money as the faces write it, a
// layout's cost at the plan's prices, the findings that speak money, and deadlines.
#include "cost/money_text.h"
#include "cost/price_catalogue.h"
#include "cost/pricing.h"
#include "plan/goal.h"
#include "plan/hardware.h"
#include "plan/plan.h"
#include "plan/plan_analysis.h"
#include "plan/plan_fields.h"

#include <QtTest>

#include <set>

using namespace traindeck;

namespace {

const PriceRow& row(const std::vector<PriceRow>& rows, const std::string& cloud, const std::string& gpu, int gpus) {
    for (const PriceRow& r : rows)
        if (r.cloud == cloud && r.gpu == gpu && r.gpusPerNode == gpus) return r;
    qFatal("no row %s %s %d", cloud.c_str(), gpu.c_str(), gpus);
}

Plan pricedDemo(const std::string& cloud) {
    Plan p = demoPlan();
    p.cluster.cloud = cloud;
    return p;
}

}  // namespace

class TestPrices : public QObject {
    Q_OBJECT
private slots:
    void theShippedCatalogueIsSourcedAndDated() {
        const std::vector<PriceRow>& rows = shippedPrices();
        std::set<std::string> clouds, gpus;
        for (const PriceRow& r : rows) {
            clouds.insert(r.cloud);
            gpus.insert(r.gpu);
            QVERIFY2(findGpu(r.gpu), r.gpu.c_str());  // a GPU the planner has a step time for
            QVERIFY2(QString::fromStdString(r.source).startsWith("https://"), r.source.c_str());
            QVERIFY2(QRegularExpression("^20\\d\\d-\\d\\d").match(QString::fromStdString(r.date)).hasMatch(), r.date.c_str());
            QVERIFY(r.onDemandPerGpuHour > 0);
            QCOMPARE(r.currency, std::string(r.cloud == "alibaba" ? "CNY" : "USD"));
        }
        QCOMPARE(clouds, (std::set<std::string>{"alibaba", "aws", "azure", "gcp", "lambda"}));
        QCOMPARE(gpus, (std::set<std::string>{"a100", "a800", "h100", "h200", "l40s"}));
        // A price per node-hour is divided among the node's GPUs: p5.48xlarge's 55.04 over 8.
        QCOMPARE(row(rows, "aws", "h100", 8).onDemandPerGpuHour, 55.04 / 8);
    }

    void theUserFileReplacesAndAdds() {
        QTemporaryDir dir;
        const QString path = dir.filePath("prices.yaml");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("prices:\n"
                "  - {cloud: aws, region: us-east-1, gpu: h100, gpus_per_node: 8, instance: p5.48xlarge,\n"
                "     on_demand_per_gpu_hour: 4.10, spot_per_node_hour: 20, currency: USD, source: my contract, date: 2026-11}\n"
                "  - {cloud: ourlab, region: hall-b, gpu: h200, gpus_per_node: 8, instance: rack-3,\n"
                "     on_demand_per_gpu_hour: 1.5, currency: EUR, source: internal, date: 2026-10}\n");
        f.close();
        const PriceCatalogue c = loadPrices(path.toStdString());
        QVERIFY(c.problem.empty());
        QCOMPARE(c.rows.size(), shippedPrices().size() + 1);
        const PriceRow& aws = row(c.rows, "aws", "h100", 8);
        QCOMPARE(aws.onDemandPerGpuHour, 4.10);
        QCOMPARE(aws.spotPerGpuHour, 20.0 / 8);
        QCOMPARE(aws.origin, path.toStdString());
        QCOMPARE(row(c.rows, "ourlab", "h200", 8).currency, std::string("EUR"));
        // A file without a price names its row; the shipped rows still hold.
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("prices:\n  - {cloud: x, gpu: h100, currency: USD}\n");
        f.close();
        const PriceCatalogue bad = loadPrices(path.toStdString());
        QVERIFY2(bad.problem.english().find("row 1: no price") != std::string::npos, bad.problem.english().c_str());
        QCOMPARE(bad.rows.size(), shippedPrices().size());
        // No file: the shipped rows.
        QCOMPARE(loadPrices(dir.filePath("none.yaml").toStdString()).rows.size(), shippedPrices().size());
    }

    void moneyReadsAsUsersWriteIt() {
        QCOMPARE(moneyText(1234.5, "USD"), std::string("$1,234.50"));
        QCOMPARE(moneyText(8900, "CNY"), std::string("¥8,900"));
        QCOMPARE(moneyText(35.2, "CNY"), std::string("¥35.20"));
        QCOMPARE(moneyText(1234567.8, "USD"), std::string("$1,234,568"));
        QCOMPARE(moneyText(6.88, "USD"), std::string("$6.88"));
        QCOMPARE(moneyText(999.999, "EUR"), std::string("€1,000.00"));
        QCOMPARE(moneyText(12, "CHF"), std::string("CHF 12.00"));
    }

    void aLayoutPaysForWholeInstances() {
        const Plan p = pricedDemo("aws");
        const std::vector<PriceRow>& rows = shippedPrices();
        const double perGpu = row(rows, "aws", "h100", 8).onDemandPerGpuHour;
        const Estimate two = estimate(p, {2, 8});
        const LayoutCost c = costOf(p, two, rows);
        QVERIFY(c.priced);
        QCOMPARE(c.billedGpus, 16);
        QCOMPARE(c.perHour, 16 * perGpu);
        QCOMPARE(c.toFinish, 16 * perGpu * two.hoursToFinish.value);
        QCOMPARE(c.currency, std::string("USD"));
        QCOMPARE(c.row.instance, std::string("p5.48xlarge"));
        QCOMPARE(c.error, 0.5);  // no calibration: the assumed MFU's error
        // Four GPUs of an 8-GPU instance pay for eight; where a 1-GPU instance exists, for four.
        QCOMPARE(costOf(p, estimate(p, {1, 4}), rows).billedGpus, 8);
        Plan l40s = pricedDemo("aws");
        l40s.cluster.gpu = "l40s";
        QCOMPARE(costOf(l40s, estimate(l40s, {1, 1}), rows).billedGpus, 1);
        QCOMPARE(costOf(l40s, estimate(l40s, {1, 1}), rows).row.instance, std::string("g6e.xlarge"));
        // After a calibration the error narrows.
        Plan calibrated = p;
        calibrated.calibrations.push_back({{2, 8}, 0.9, Calibration::Unit::StepsPerSecond});
        QCOMPARE(costOf(calibrated, estimate(calibrated, {2, 8}), rows).error, 0.15);
    }

    void theUsersPriceWinsAndMissingPricesSayWhy() {
        Plan p = pricedDemo("aws");
        p.cluster.pricePerGpuHour = 2;
        p.cluster.currency = "CNY";
        const LayoutCost own = costOf(p, estimate(p, {2, 8}), shippedPrices());
        QVERIFY(own.userPrice);
        QCOMPARE(own.perHour, 32.0);
        QCOMPARE(own.currency, std::string("CNY"));

        Plan none = demoPlan();
        const LayoutCost unpriced = costOf(none, estimate(none, {2, 8}), shippedPrices());
        QVERIFY(!unpriced.priced);
        QVERIFY(unpriced.unpriced.english().find("--cloud") != std::string::npos);

        Plan spot = pricedDemo("aws");
        spot.cluster.spot = true;  // no spot prices are shipped
        const LayoutCost noSpot = costOf(spot, estimate(spot, {2, 8}), shippedPrices());
        QVERIFY(!noSpot.priced);
        QVERIFY2(noSpot.unpriced.english().find("no spot price for 8 × h100 on aws") != std::string::npos,
                 noSpot.unpriced.english().c_str());

        Plan lambdaL40s = pricedDemo("lambda");
        lambdaL40s.cluster.gpu = "l40s";
        QVERIFY(!costOf(lambdaL40s, estimate(lambdaL40s, {1, 8}), shippedPrices()).priced);
    }

    void theAnalysisIsPricedAndSpeaksMoney() {
        Plan p = pricedDemo("aws");
        p.compare = {{1, 8}, {8, 8}};
        PlanAnalysis a = analyse(p);
        priceAnalysis(a, shippedPrices(), 0);
        QCOMPARE(a.costs.size(), a.estimates.size());
        // Each cost is as sure as its layout's step time: the figure the step time's row shows.
        for (const LayoutCost& c : a.costs) QCOMPARE(c.error, a.confidenceFor(c.layout)->expectedError);
        const LayoutCost* one = a.costFor({1, 8});
        const LayoutCost* two = a.costFor({2, 8});
        const LayoutCost* eight = a.costFor({8, 8});
        QVERIFY(one && two && eight);
        // Each finding about a layout costing more to finish than the next smaller one holds its numbers.
        int more = 0;
        for (const Finding& f : a.findings) {
            if (f.code != "costs_more_to_finish") continue;
            ++more;
            const LayoutCost* c = a.costFor(*f.layout);
            QVERIFY(c->toFinish > 1.1 * one->toFinish || c->toFinish > 1.1 * two->toFinish);
            QVERIFY2(f.message.english().find("sooner than") != std::string::npos, f.message.english().c_str());
        }
        // The demo scales sub-linearly (its own findings say so): 8x8 costs more to finish than 2x8.
        QCOMPARE(more > 0, eight->toFinish > 1.1 * two->toFinish);

        // A plan whose own layout is slower and dearer than a compared one is told so, with the fix.
        Plan slow = pricedDemo("aws");
        slow.cluster.nodes = 1;
        slow.cluster.gpusPerNode = 4;   // pays for 8 GPUs, uses 4
        slow.compare = {{1, 8}};
        PlanAnalysis s = analyse(slow);
        priceAnalysis(s, shippedPrices(), 0);
        const auto it = std::find_if(s.findings.begin(), s.findings.end(),
                                     [](const Finding& f) { return f.code == "cheaper_and_sooner"; });
        QVERIFY(it != s.findings.end());
        QCOMPARE(it->edits.size(), size_t(2));
        QCOMPARE(it->edits[1].value, std::string("8"));
    }

    void deadlinesReadAsWritten() {
        Text error;
        const std::time_t now = 1'800'000'000;  // 2027-01-15T08:00:00Z
        QCOMPARE(*deadlineHours("36h", now, error), 36.0);
        QCOMPARE(*deadlineHours("90m", now, error), 1.5);
        QCOMPARE(*deadlineHours("2d", now, error), 48.0);
        QCOMPARE(*deadlineHours("7200s", now, error), 2.0);
        QCOMPARE(*deadlineHours("2027-01-16T08:00", now, error), 24.0);
        QCOMPARE(*deadlineHours("2027-01-16 08:00:00Z", now, error), 24.0);
        QCOMPARE(*deadlineHours("2027-01-16T16:00+08:00", now, error), 24.0);
        QVERIFY(!deadlineHours("2027-01-14T08:00", now, error));
        QVERIFY2(error.english().find("has passed") != std::string::npos, error.english().c_str());
        QVERIFY(!deadlineHours("monday", now, error));
        QVERIFY(!deadlineHours("-3h", now, error));
        // Through the field table: a bad deadline is refused, a good one kept.
        Plan p = demoPlan();
        QVERIFY(!setPlanField(p, "goal.deadline", "soon").empty());
        QVERIFY(setPlanField(p, "goal.deadline", "36h").empty());
        QCOMPARE(p.goal.deadline, std::string("36h"));
    }
};

QTEST_MAIN(TestPrices)
#include "tst_prices.moc"
