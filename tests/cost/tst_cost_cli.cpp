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
