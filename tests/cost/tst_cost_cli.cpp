// `traindeck prices` and the money of `traindeck plan` (cost rows, --json's cost,
// --deadline and --budget) as a user and a script see them, in English and Chinese.
// Each run gets an empty config folder, so a user's own prices.yaml cannot leak in.
#include "run_traindeck.h"

#include <QtTest>

#include <cmath>

namespace {

struct Cli {
    QTemporaryDir config;
    TraindeckRun run(const QStringList& args, QStringList env = {}) {
        env << QStringLiteral("XDG_CONFIG_HOME=") + config.path();
        return runTraindeck(args, env);
    }
    void writePrices(const QByteArray& yaml) {
        QDir(config.path()).mkpath("traindeck");
        QFile f(config.filePath("traindeck/prices.yaml"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(yaml);
    }
};

QJsonObject json(const TraindeckRun& r) { return QJsonDocument::fromJson(r.out.toUtf8()).object(); }

}  // namespace

class TestCostCli : public QObject {
    Q_OBJECT
private slots:
    void pricesListsTheSourcedCatalogue() {
        Cli cli;
        const TraindeckRun r = cli.run({"prices", "--json"});
        QCOMPARE(r.code, 0);
        const QJsonArray rows = QJsonDocument::fromJson(r.out.toUtf8()).array();
        QVERIFY(rows.size() >= 10);
        for (const QJsonValue& v : rows) {
            const QJsonObject o = v.toObject();
            for (const char* key : {"cloud", "region", "gpu", "gpus_per_node", "instance", "on_demand_per_gpu_hour",
                                    "spot_per_gpu_hour", "currency", "source", "date"})
                QVERIFY2(o.contains(key), key);
            QVERIFY(o["source"].toString().startsWith("https://"));
        }
        const TraindeckRun h100 = cli.run({"prices", "--gpu", "h100", "--json"});
        for (const QJsonValue& v : QJsonDocument::fromJson(h100.out.toUtf8()).array())
            QCOMPARE(v.toObject()["gpu"].toString(), QStringLiteral("h100"));
        const TraindeckRun alibaba = cli.run({"prices", "--cloud", "alibaba"});
        QCOMPARE(alibaba.code, 0);
        QVERIFY2(alibaba.out.contains(QStringLiteral("¥30.00")), qPrintable(alibaba.out));
        QVERIFY(!alibaba.out.contains("aws"));
        QCOMPARE(cli.run({"prices", "--colour"}).code, 2);
    }

    void theUsersFileShowsInPricesAndInTheCost() {
        Cli cli;
        cli.writePrices("prices:\n  - {cloud: ourlab, region: hall-b, gpu: h100, gpus_per_node: 8, instance: rack-3,\n"
                        "     on_demand_per_gpu_hour: 1.25, currency: USD, source: internal, date: 2026-10}\n");
        QVERIFY(cli.run({"prices", "--cloud", "ourlab"}).out.contains("rack-3"));
        const QJsonObject root = json(cli.run({"plan", "--cloud", "ourlab", "--json"}));
        const QJsonObject cost = root["layouts"].toArray()[1].toObject()["cost"].toObject();  // 2x8
        QCOMPARE(cost["per_hour"].toDouble(), 16 * 1.25);
        QCOMPARE(cost["price"].toObject()["instance"].toString(), QStringLiteral("rack-3"));
        QVERIFY(cost["price"].toObject()["origin"].toString().endsWith("traindeck/prices.yaml"));
        // A broken file is named, and the shipped prices still answer.
        cli.writePrices("prices: [ {cloud: x} ]\n");
        const TraindeckRun broken = cli.run({"plan", "--cloud", "aws"});
        QCOMPARE(broken.code, 0);
        QVERIFY2(broken.err.contains("prices.yaml: row 1"), qPrintable(broken.err));
    }

    void planShowsCostBesideGpuHours() {
        Cli cli;
        const TraindeckRun r = cli.run({"plan", "--cloud", "aws"});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("cost per hour"));
        QVERIFY(r.out.contains("cost to finish"));
        QVERIFY2(r.out.contains(QStringLiteral("$110.08")), qPrintable(r.out));  // 2x8: 16 GPUs × 55.04 / 8
        // The cost is as sure as the layout's step time: its expected error, rounded as the cost writes it.
        const QJsonObject own = json(cli.run({"plan", "--cloud", "aws", "--json"}))["layouts"].toArray()[1].toObject();
        const double sure = own["step_time_confidence"].toObject()["expected_error"].toDouble();
        QVERIFY(sure > 0);
        QCOMPARE(own["cost"].toObject()["expected_error"].toDouble(), sure);
        QVERIFY2(r.out.contains(QStringLiteral("±%1%").arg(std::lround(100 * sure))), qPrintable(r.out));
        QVERIFY(r.out.contains("p5.48xlarge"));
        for (const QString& line : r.out.split('\n'))
            QVERIFY2(line.size() <= 80, qPrintable(line));
        const QJsonObject cost = json(cli.run({"plan", "--cloud", "aws", "--json"}))["layouts"].toArray()[1].toObject()["cost"].toObject();
        QCOMPARE(cost["currency"].toString(), QStringLiteral("USD"));
        QCOMPARE(cost["per_hour"].toDouble(), 16 * 55.04 / 8);
        QVERIFY(cost["to_finish"].toDouble() > 0);
        // Without a price: no cost, and the way to get one.
        const TraindeckRun none = cli.run({"plan"});
        QVERIFY(none.out.contains("--price-per-gpu-hour"));
        QVERIFY(json(cli.run({"plan", "--json"}))["layouts"].toArray()[0].toObject()["cost"].isNull());
        // The user's own price, in yuan.
        QVERIFY(cli.run({"plan", "--price-per-gpu-hour", "30", "--currency", "CNY"}).out.contains(QStringLiteral("¥480")));
    }

    void deadlineAndBudgetAnswerOrMissByHowMuch() {
        Cli cli;
        const TraindeckRun met = cli.run({"plan", "--cloud", "aws", "--deadline", "10000h", "--json"});
        QCOMPARE(met.code, 0);
        const QJsonObject d = json(met)["deadline"].toObject();
        QVERIFY(d["met"].toBool());
        QCOMPARE(d["hours_allowed"].toDouble(), 10000.0);
        for (const char* key : {"layout", "gpu", "cloud", "hours", "cost", "edits"})
            QVERIFY2(d["choice"].toObject().contains(key), key);
        QVERIFY(d["rejected"].isArray());

        const TraindeckRun late = cli.run({"plan", "--cloud", "aws", "--deadline", "1m"});
        QCOMPARE(late.code, 1);
        QVERIFY2(late.out.contains("nothing finishes within 1 min: the fastest, 8x8 h100 on aws"), qPrintable(late.out));
        const TraindeckRun poor = cli.run({"plan", "--cloud", "aws", "--budget", "1"});
        QCOMPARE(poor.code, 1);
        QVERIFY2(poor.out.contains("nothing stays within $1.00: the cheapest"), qPrintable(poor.out));
        const QJsonObject b = json(cli.run({"plan", "--cloud", "aws", "--budget", "1", "--json"}))["budget"].toObject();
        QVERIFY(!b["met"].toBool());
        QCOMPARE(b["amount"].toDouble(), 1.0);

        const TraindeckRun across = cli.run({"plan", "--cloud", "aws", "--deadline", "10000h", "--across-gpus"});
        QCOMPARE(across.code, 0);
        QVERIFY2(across.out.contains("cheapest within the deadline:"), qPrintable(across.out));
        QCOMPARE(cli.run({"plan", "--deadline", "soon"}).code, 2);
    }

    void everyEdgeIsRefusedInOneLineNamingTheGap() {
        Cli cli;
        // Refused: nothing solved, exit 2, one line on stderr saying what is wrong.
        const QList<QPair<QStringList, QString>> refused = {
            {{"--cloud", "aws", "--budget", "0"}, "a budget must be above zero"},
            {{"--cloud", "aws", "--budget=0.0"}, "a budget must be above zero"},
            {{"--cloud", "aws", "--deadline", "0h"}, "leaves no time"},
            {{"--cloud", "aws", "--deadline", "2026-02-30T09:00"}, "not a date"},
            {{"--cloud", "aws", "--deadline", "1e308d"}, "more than 100 years"},
            {{"--cloud", "acme", "--deadline", "10h"}, "no cloud 'acme'"},
            {{"--cloud", "aws", "--region", "mars-1", "--deadline", "10h"}, "no region 'mars-1'"},
            {{"--cloud", "lambda", "--gpu", "l40s", "--deadline", "10h"}, "has no l40s price"},
            {{"--cloud", "lambda", "--spot", "--deadline", "10h"}, "no spot price"},
            {{"--cloud", "alibaba", "--gpu", "a800", "--currency", "USD", "--budget", "100"},
             "in CNY and the plan's money is in USD"},
            {{"--cloud", "aws", "--currency", "EUR", "--budget", "30"}, "in USD and the plan's money is in EUR"},
        };
        for (const auto& [args, said] : refused) {
            const TraindeckRun r = cli.run(QStringList{"plan"} + args);
            QVERIFY2(r.code == 2, qPrintable(args.join(' ') + ": " + QString::number(r.code)));
            QVERIFY2(r.err.contains(said), qPrintable(args.join(' ') + ": " + r.err));
            QCOMPARE(r.err.trimmed().count('\n'), 0);
        }
        // The rule is in --help.
        QVERIFY(cli.run({"plan", "--help"}).out.contains("a budget of zero"));
    }

    void aMetGoalReplacesTheLayoutThatDoesNotFit() {
        // Llama 3.1 8B on one H100 does not fit (an error of the plan's own layout), but the
        // deadline's choice, with its memory fix, does: the goal is met and the run needs nothing more.
        Cli cli;
        const QStringList llama = {"plan", "--architecture", "llama hidden=4096 layers=32 heads=32 kv_heads=8 ffn=14336 vocab=128256",
                                   "--tokens-per-sample", "4096", "--nodes", "1", "--gpus-per-node", "1", "--cloud", "aws",
                                   "--layouts", "2x8"};
        const TraindeckRun plain = cli.run(llama + QStringList{"--json"});
        QCOMPARE(plain.code, 1);  // the error stands without a goal
        const QJsonObject root = json(plain);
        const QJsonObject one = root["layouts"].toArray()[0].toObject();
        QCOMPARE(one["layout"].toString(), QStringLiteral("1x1"));
        QVERIFY(!one["can_run"].toBool());  // it needs more memory than the GPU has
        QVERIFY2(one["cannot_run"].toString().contains("GiB"), qPrintable(one["cannot_run"].toString()));
        // Each memory finding's fix carries the edits its words name, on compared layouts too.
        int memory = 0;
        for (const QJsonValue& v : root["findings"].toArray()) {
            const QJsonObject f = v.toObject();
            if (f["code"].toString() != "memory_over_card" || f["fix"].toString().startsWith("no ")) continue;
            ++memory;
            QVERIFY2(!f["edits"].toObject().isEmpty(), qPrintable(f["fix"].toString()));
        }
        QVERIFY(memory > 0);
        const TraindeckRun met = cli.run(llama + QStringList{"--deadline", "100000h", "--json"});
        QCOMPARE(met.code, 0);
        QVERIFY(json(met)["deadline"].toObject()["met"].toBool());
    }

    void aDownloadedCatalogueRefreshesTheUsersPrices() {
        Cli cli;
        QTemporaryDir download;
        QDir(download.path()).mkpath("catalogs/v8/aws");
        QFile csv(download.filePath("catalogs/v8/aws/vms.csv"));
        QVERIFY(csv.open(QIODevice::WriteOnly));
        csv.write("InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,GpuInfo,Price,SpotPrice,Region,AvailabilityZone\n"
                  "p5.48xlarge,H100,8.0,192.0,2048.0,,40.00,12.0,us-east-1,use1-az1\n"
                  "p5.48xlarge,H100,8.0,192.0,2048.0,,40.00,16.0,us-east-1,use1-az2\n");
        csv.close();
        const TraindeckRun r = cli.run({"prices", "--refresh", csv.fileName()});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains("1 rows of aws"), qPrintable(r.out));
        const QJsonObject cost = json(cli.run({"plan", "--cloud", "aws", "--region", "us-east-1", "--json"}))["layouts"]
                                     .toArray()[1].toObject()["cost"].toObject();
        QCOMPARE(cost["per_hour"].toDouble(), 2 * 40.0);  // the refreshed price, not the shipped one
        QVERIFY(cost["price"].toObject()["origin"].toString().endsWith("traindeck/prices.yaml"));
        QCOMPARE(cost["price"].toObject()["date"].toString().size(), 10);  // dated the day it was read
        // Spot from it, with the preemptions in the time.
        const QJsonObject spot = json(cli.run({"plan", "--cloud", "aws", "--region", "us-east-1", "--spot", "--json"}))["layouts"]
                                     .toArray()[1].toObject()["cost"].toObject();
        QCOMPARE(spot["per_hour"].toDouble(), 2 * 14.0);
        QVERIFY(spot["preemption"].toObject()["expected_preemptions"].toDouble() > 0);
        // A file that is no catalogue, or whose cloud cannot be told, is refused and nothing is written.
        QFile other(download.filePath("prices.csv"));
        QVERIFY(other.open(QIODevice::WriteOnly));
        other.write("a,b\n1,2\n");
        other.close();
        QCOMPARE(cli.run({"prices", "--refresh", other.fileName()}).code, 2);
        const TraindeckRun noColumns = cli.run({"prices", "--refresh", other.fileName(), "--cloud", "aws"});
        QCOMPARE(noColumns.code, 2);
        QVERIFY2(noColumns.err.contains("no column"), qPrintable(noColumns.err));
    }

    void moneyReadsInChinese() {
        Cli cli;
        const TraindeckRun r = cli.run({"plan", "--cloud", "aws", "--deadline", "10000h"}, {"LANG=zh_CN.UTF-8"});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QStringLiteral("每小时费用")), qPrintable(r.out));
        QVERIFY(r.out.contains(QStringLiteral("$110.08")));
        QVERIFY2(r.out.contains(QStringLiteral("截止时间内最便宜")), qPrintable(r.out));
        QVERIFY(!r.out.contains("cost per hour"));
        const TraindeckRun prices = cli.run({"prices", "--cloud", "alibaba"}, {"LANG=zh_CN.UTF-8"});
        QVERIFY2(prices.out.contains(QStringLiteral("按需")), qPrintable(prices.out));
    }
};

QTEST_MAIN(TestCostCli)
#include "tst_cost_cli.moc"
