// The price catalogue (shipped and the user's own), money as the faces write it, a
// layout's cost at the plan's prices, the findings that speak money, and deadlines.
#include "cost/money_text.h"
#include "cost/cost_solver.h"
#include "cost/price_catalogue.h"
#include "cost/price_import.h"
#include "cost/pricing.h"
#include "cost/spot_preemption.h"
#include "plan/goal.h"
#include "plan/hardware.h"
#include "plan/plan.h"
#include "plan/plan_analysis.h"
#include "plan/plan_fields.h"

#include <QtTest>

#include <map>
#include <set>

using namespace traindeck;

namespace {

const PriceRow& row(const std::vector<PriceRow>& rows, const std::string& cloud, const std::string& gpu, int gpus,
                    const std::string& region = {}) {
    for (const PriceRow& r : rows)
        if (r.cloud == cloud && r.gpu == gpu && r.gpusPerNode == gpus && (region.empty() || r.region == region)) return r;
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
        std::set<std::string> clouds, gpus, spotClouds;
        std::map<std::string, std::set<std::string>> regions;
        std::map<std::string, std::set<int>> sizes;  // GPUs per instance, per GPU type
        for (const PriceRow& r : rows) {
            clouds.insert(r.cloud);
            gpus.insert(r.gpu);
            regions[r.cloud].insert(r.region);
            sizes[r.gpu].insert(r.gpusPerNode);
            if (r.spotPerGpuHour > 0) spotClouds.insert(r.cloud);
            QVERIFY2(findGpu(r.gpu), r.gpu.c_str());  // a GPU the planner has a step time for
            QVERIFY2(QString::fromStdString(r.source).startsWith("https://"), r.source.c_str());
            QVERIFY2(QRegularExpression("^20\\d\\d-\\d\\d").match(QString::fromStdString(r.date)).hasMatch(), r.date.c_str());
            QVERIFY(r.onDemandPerGpuHour > 0 || r.spotPerGpuHour > 0);
            if (r.onDemandPerGpuHour > 0 && r.spotPerGpuHour > 0) QVERIFY(r.spotPerGpuHour < r.onDemandPerGpuHour);
            QCOMPARE(r.currency, std::string(r.cloud == "alibaba" ? "CNY" : "USD"));
        }
        // AWS, GCP, Azure, Lambda and two GPU clouds more, each in several regions.
        for (const char* cloud : {"aws", "gcp", "azure", "lambda", "nebius", "runpod", "oci"}) {
            QVERIFY2(clouds.count(cloud), cloud);
            QVERIFY2(regions[cloud].size() >= 3, cloud);
        }
        QVERIFY(regions["aws"].size() >= 15);
        QVERIFY(regions["gcp"].size() >= 15);
        QVERIFY(regions["lambda"].size() >= 15);
        for (const char* gpu : {"h100", "h200", "a100", "a100-40gb", "b200", "gh200", "l40s", "a800", "mi300x"})
            QVERIFY2(gpus.count(gpu), gpu);
        // OCI's MI300X: a bare-metal node of 8 at $48 an hour, as its catalogue file lists it.
        QCOMPARE(row(rows, "oci", "mi300x", 8, "us-ashburn-1").onDemandPerGpuHour, 48.0 / 8);
        // Partial nodes: H100s in 1, 2, 4 and 8; spot where the big clouds sell it.
        QCOMPARE(sizes["h100"], (std::set<int>{1, 2, 4, 8}));
        for (const char* cloud : {"aws", "gcp", "azure", "nebius"}) QVERIFY2(spotClouds.count(cloud), cloud);
        QVERIFY(!spotClouds.count("lambda"));
        // A price per node-hour is divided among the node's GPUs: p5.48xlarge's 55.04 over 8.
        QCOMPARE(row(rows, "aws", "h100", 8, "us-east-1").onDemandPerGpuHour, 55.04 / 8);
        // The embedded file parses into exactly the rows it lists.
        QFile f(QStringLiteral(TRAINDECK_SOURCE_DIR "/resources/prices.yaml"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(qsizetype(rows.size()), QString::fromUtf8(f.readAll()).count(QStringLiteral("\n  - {cloud:")));
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
        const PriceRow& aws = row(c.rows, "aws", "h100", 8, "us-east-1");
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
        // A cost known within ±13% keeps no digit finer than that.
        QCOMPARE(moneyAbout(27.36, "USD", 0.13), std::string("$27"));
        QCOMPARE(moneyAbout(218.92, "USD", 0.13), std::string("$220"));
        QCOMPARE(moneyAbout(1234.5, "USD", 0.13), std::string("$1,200"));
        QCOMPARE(moneyAbout(23920, "USD", 0.5), std::string("$20,000"));
        QCOMPARE(moneyAbout(2.345, "USD", 0.13), std::string("$2.30"));
        QCOMPARE(moneyAbout(371.7, "CNY", 0.15), std::string("¥370"));
        QCOMPARE(moneyAbout(1234.5, "USD", 0), std::string("$1,234.50"));
    }

    void aLayoutPaysForWholeInstances() {
        const Plan p = pricedDemo("aws");
        const std::vector<PriceRow>& rows = shippedPrices();
        const double perGpu = row(rows, "aws", "h100", 8, "us-east-1").onDemandPerGpuHour;  // the cheapest region
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

    void partialNodesArePricedAsSuch() {
        // AWS sells one H100 (p5.4xlarge): a 1-GPU layout pays for one, not for p5.48xlarge's eight.
        const Plan p = pricedDemo("aws");
        const std::vector<PriceRow>& rows = shippedPrices();
        const LayoutCost one = costOf(p, estimate(p, {1, 1}), rows);
        QVERIFY(one.priced);
        QCOMPARE(one.billedGpus, 1);
        QCOMPARE(one.row.gpusPerNode, 1);
        // Without that row the same layout pays for a whole node, and the goal's answer changes.
        std::vector<PriceRow> wholeNodes;
        for (const PriceRow& r : rows)
            if (!(r.cloud == "aws" && r.gpu == "h100" && r.gpusPerNode < 8)) wholeNodes.push_back(r);
        const LayoutCost whole = costOf(p, estimate(p, {1, 1}), wholeNodes);
        QCOMPARE(whole.billedGpus, 8);
        QVERIFY(whole.toFinish > 5 * one.toFinish);
        Plan goal = p;
        goal.goal.deadline = std::to_string(one.hours * 1.01) + "h";  // the 1-GPU layout just makes it
        Text error;
        const std::optional<GoalAnswer> a = solveGoal(goal, rows, 0, error), b = solveGoal(goal, wholeNodes, 0, error);
        QVERIFY(a && b && a->met() && b->met());
        QCOMPARE(a->options[size_t(a->chosen)].cost.layout, (Layout{1, 1}));
        QVERIFY(!(b->options[size_t(b->chosen)].cost.layout == Layout{1, 1}));
    }

    void spotFoldsThePreemptionsIntoTimeAndCost() {
        Plan p = pricedDemo("aws");
        p.cluster.spot = true;
        const std::vector<PriceRow>& rows = shippedPrices();
        const Estimate e = estimate(p, {2, 8});
        const LayoutCost spot = costOf(p, e, rows);
        QVERIFY2(spot.priced, spot.unpriced.english().c_str());
        QVERIFY(spot.row.spotPerGpuHour > 0 && spot.row.spotPerGpuHour < spot.row.onDemandPerGpuHour);
        // Two nodes at one preemption a day each, every one losing the restart and half of 500 steps.
        const double interval = 500 * e.stepTimeS.value + e.timeline.checkpointS;
        const double share = 2 * kSpotPreemptionsPerNodeHour * (kSpotRestartS + interval / 2) / 3600;
        QCOMPARE(spot.hours, e.hoursToFinish.value / (1 - share));
        QVERIFY(spot.preemptionHours > 0);
        QCOMPARE(spot.preemptions, 2 * kSpotPreemptionsPerNodeHour * spot.hours);
        QCOMPARE(spot.toFinish, spot.perHour * spot.hours);
        QVERIFY2(spotText(spot).english().find("preemptions") != std::string::npos, spotText(spot).english().c_str());
        QVERIFY(priceSourceText(spot).english().find("checkpoint interval") != std::string::npos);
        // Without checkpoints a preemption loses the run so far: far more time lost, or no finish at all.
        Plan bare = p;
        bare.recipe.checkpointEvery = 0;
        const Estimate be = estimate(bare, {2, 8});
        const LayoutCost none = costOf(bare, be, rows);
        QVERIFY(!none.priced || none.preemptionHours / none.hours > spot.preemptionHours / spot.hours);
        // A long run on many nodes without checkpoints does not finish on spot, and says why.
        const SpotPreemption never = spotPreemption(bare, estimate(bare, {8, 8}), 1000);
        QVERIFY(!never.finishes);
        // On-demand nothing is added.
        QCOMPARE(costOf(pricedDemo("aws"), e, rows).hours, e.hoursToFinish.value);
    }

    void layoutsOfDifferentBatchesArePricedAtEqualWork() {
        Plan p = pricedDemo("aws");
        p.recipe.globalBatch = 0;  // each layout keeps micro-batch × accumulation: 8x8 trains 4 times 2x8's batch
        p.compare = {{1, 8}, {8, 8}};
        PlanAnalysis a = analyse(p);
        priceAnalysis(a, shippedPrices(), 0);
        QVERIFY(trainsUnequalWork(a));
        const LayoutCost* one = a.costFor({1, 8});
        const LayoutCost* eight = a.costFor({8, 8});
        QCOMPARE(eight->samples, 8 * one->samples);
        QCOMPARE(one->perSample(), one->toFinish / one->samples);
        const std::string said = unequalWorkText(a).english();
        QVERIFY2(said.find("train different amounts") != std::string::npos, said.c_str());
        QVERIFY2(said.find("per million tokens") != std::string::npos, said.c_str());
        // The findings compare per sample: 8x8 trains each sample sooner; it is flagged only if dearer per sample.
        for (const Finding& f : a.findings)
            if (f.code == "costs_more_to_finish") QVERIFY2(f.message.english().find("trains a sample") != std::string::npos,
                                                           f.message.english().c_str());
        // With a target batch every layout trains the same: no sentence.
        PlanAnalysis same = analyse(pricedDemo("aws"));
        priceAnalysis(same, shippedPrices(), 0);
        QVERIFY(!trainsUnequalWork(same));
        QVERIFY(unequalWorkText(same).empty());
    }

    void aRecommendedLayoutMakesTheBatchAndFits() {
        // The plan's 1x4 pays for eight GPUs and uses four; 5x8 is cheaper and sooner but trains
        // batch 240, not 256: it is not recommended. 4x8 makes 256 and is.
        Plan slow = pricedDemo("aws");
        slow.cluster.nodes = 1;
        slow.cluster.gpusPerNode = 4;
        slow.compare = {{5, 8}};
        PlanAnalysis s = analyse(slow);
        priceAnalysis(s, shippedPrices(), 0);
        const LayoutCost* five = s.costFor({5, 8});
        const LayoutCost* own = s.costFor({1, 4});
        QVERIFY(five && own && five->toFinish < own->toFinish && five->hours < own->hours);  // the trap is there
        for (const Finding& f : s.findings) QVERIFY(f.code != "cheaper_and_sooner");
        slow.compare = {{5, 8}, {4, 8}};
        s = analyse(slow);
        priceAnalysis(s, shippedPrices(), 0);
        const auto it = std::find_if(s.findings.begin(), s.findings.end(),
                                     [](const Finding& f) { return f.code == "cheaper_and_sooner"; });
        QVERIFY(it != s.findings.end());
        QCOMPARE(it->edits[0].value, std::string("4"));
    }

    void aSkyPilotCatalogueIsImported() {
        // SkyPilot's columns in its own order, a quoted GpuInfo with commas, zones of one region.
        const std::string csv =
            "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,GpuInfo,Price,SpotPrice,Region,AvailabilityZone\n"
            "p5.48xlarge,H100,8.0,192.0,2048.0,\"{'Gpus': [{'Name': 'H100', 'Count': 8}]}\",55.04,10.0,us-east-1,use1-az1\n"
            "p5.48xlarge,H100,8.0,192.0,2048.0,\"{'Gpus': [{'Name': 'H100', 'Count': 8}]}\",55.04,20.0,us-east-1,use1-az2\n"
            "p5.48xlarge,H100,8.0,192.0,2048.0,\"{'Gpus': [{'Name': 'H100', 'Count': 8}]}\",55.04,30.0,us-east-1,use1-az3\n"
            "p5.4xlarge,H100,1.0,16.0,256.0,,6.88,,us-west-2,usw2-az1\n"
            "p4d.24xlarge,A100,8.0,96.0,1152.0,,21.96,,us-east-1,use1-az1\n"
            "g4dn.xlarge,T4,1.0,4.0,16.0,,0.526,0.2,us-east-1,use1-az1\n"
            "m5.large,,,2.0,8.0,,0.096,0.04,us-east-1,use1-az1\n";
        PriceImport imported;
        Text error;
        QVERIFY(importCatalogueCsv(csv, "aws", "vms.csv", "2026-12-02", imported, error));
        QCOMPARE(imported.rows.size(), size_t(3));
        QCOMPARE(imported.instances, 6);
        QCOMPARE(imported.otherGpus, 1);  // the T4 the planner has no model of
        const PriceRow& p5 = row(imported.rows, "aws", "h100", 8);
        QCOMPARE(p5.onDemandPerGpuHour, 55.04 / 8);
        QCOMPARE(p5.spotPerGpuHour, 20.0 / 8);  // the zones' median
        QCOMPARE(p5.date, std::string("2026-12-02"));
        QCOMPARE(row(imported.rows, "aws", "h100", 1).spotPerGpuHour, 0.0);
        QCOMPARE(row(imported.rows, "aws", "a100-40gb", 8).instance, std::string("p4d.24xlarge"));
        QVERIFY(!importCatalogueCsv("name,price\nx,1\n", "aws", "x.csv", "2026-12-02", imported, error));
        QVERIFY2(error.english().find("no column") != std::string::npos, error.english().c_str());
        QCOMPARE(cloudFromCataloguePath("/tmp/catalogs/v8/gcp/vms.csv"), std::string("gcp"));
        // GCP lists a GPU VM's GPUs apart from the VM: the two are added; a spot price no lower
        // than on-demand is no spot offer.
        const std::string gcp = "InstanceType,vCPUs,MemoryGiB,AcceleratorName,AcceleratorCount,GpuInfo,Region,AvailabilityZone,Price,SpotPrice\n"
                                "a3-highgpu-8g,208.0,1872.0,,,,us-central1,us-central1-a,9.46,2.89\n"
                                ",,,H100,8,{'Gpus': []},us-central1,us-central1-a,33.6,23.9\n"
                                ",,,H100,8,{'Gpus': []},us-east4,us-east4-a,78.4,17.9\n"
                                "a3-highgpu-1g,26.0,234.0,,,,us-central1,us-central1-a,1.18,3.0\n"
                                ",,,H100,1,{'Gpus': []},us-central1,us-central1-a,4.2,3.0\n";
        PriceImport g;
        QVERIFY(importCatalogueCsv(gcp, "gcp", "vms.csv", "2026-12-02", g, error));
        QCOMPARE(g.rows.size(), size_t(3));
        QCOMPARE(g.rows[0].instance, std::string("a3-highgpu-8g"));
        QCOMPARE(g.rows[0].onDemandPerGpuHour, (9.46 + 33.6) / 8);
        QCOMPARE(g.rows[0].spotPerGpuHour, (2.89 + 23.9) / 8);
        QVERIFY2(g.rows[1].note.find("GPUs alone") != std::string::npos, g.rows[1].note.c_str());  // no VM row there
        QCOMPARE(g.rows[2].onDemandPerGpuHour, 1.18 + 4.2);
        QCOMPARE(g.rows[2].spotPerGpuHour, 0.0);  // 3.0 + 3.0 is not below 1.18 + 4.2

        QCOMPARE(cloudFromCataloguePath("prices.csv"), std::string());

        // Into the user's file: written whole, its other rows kept, read back as the catalogue reads it.
        QTemporaryDir dir;
        const std::string path = dir.filePath("cfg/traindeck/prices.yaml").toStdString();
        PriceRow mine = p5;
        mine.cloud = "ourlab";
        QVERIFY(mergeIntoPricesFile(path, {mine}).empty());
        QVERIFY(mergeIntoPricesFile(path, imported.rows).empty());
        const PriceCatalogue back = loadPrices(path);
        QVERIFY2(back.problem.empty(), back.problem.english().c_str());
        QCOMPARE(row(back.rows, "ourlab", "h100", 8).onDemandPerGpuHour, 55.04 / 8);
        QCOMPARE(row(back.rows, "aws", "h100", 1, "us-west-2").onDemandPerGpuHour, 6.88);
        QCOMPARE(row(back.rows, "aws", "h100", 1, "us-west-2").origin, path);  // the imported row, over the shipped one
        QVERIFY(QDir(dir.filePath("cfg/traindeck")).entryList(QDir::Files).size() == 1);  // no temporary left
        // A file that cannot be read is left as it is, not overwritten.
        QFile broken(QString::fromStdString(path));
        QVERIFY(broken.open(QIODevice::WriteOnly));
        broken.write("prices: [ {cloud: x} ]\n");
        broken.close();
        QVERIFY(!mergeIntoPricesFile(path, imported.rows).empty());
        QVERIFY(broken.open(QIODevice::ReadOnly));
        QCOMPARE(broken.readAll(), QByteArray("prices: [ {cloud: x} ]\n"));
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

        Plan spot = pricedDemo("lambda");
        spot.cluster.spot = true;  // Lambda has no spot market
        const LayoutCost noSpot = costOf(spot, estimate(spot, {2, 8}), shippedPrices());
        QVERIFY(!noSpot.priced);
        QVERIFY2(noSpot.unpriced.english().find("no spot price for 8 × h100 on lambda") != std::string::npos,
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
        // Each edge names what is wrong with it.
        QVERIFY(!deadlineHours("0h", now, error));
        QVERIFY2(error.english().find("leaves no time") != std::string::npos, error.english().c_str());
        QVERIFY(!deadlineHours("2027-02-30T09:00", now, error));
        QVERIFY2(error.english().find("not a date") != std::string::npos, error.english().c_str());
        QVERIFY(!deadlineHours("1e308d", now, error));
        QVERIFY2(error.english().find("more than 100 years") != std::string::npos, error.english().c_str());
        QCOMPARE(*deadlineHours("2028-02-29T08:00", now, error), (365 + 45) * 24.0);  // a leap day is a date
        // Through the field table: a bad deadline is refused, a good one kept.
        Plan p = demoPlan();
        QVERIFY(!setPlanField(p, "goal.deadline", "soon").empty());
        QVERIFY(setPlanField(p, "goal.deadline", "36h").empty());
        QCOMPARE(p.goal.deadline, std::string("36h"));
    }
};

QTEST_MAIN(TestPrices)
#include "tst_prices.moc"
