// Target skypilot: skypilot/task.yaml parses, its fields are the plan's (nodes,
// GPUs, SkyPilot's accelerator name), a hostile job name stays a string, the run
// script passes shellcheck, and run on each node (SkyPilot's variables, stub
// nvidia-smi) it starts the entrypoint with that node's rank and node 0 as master.
#include "support.h"

#include <QtTest>
#include <yaml-cpp/yaml.h>

using namespace traindeck;
using generate::GeneratedFile;
using generate::Target;
using gentest::fileAt;
using gentest::Run;

namespace {

YAML::Node task(const Plan& plan) {
    return YAML::Load(fileAt(generate::generate(plan, Target::SkyPilot, {}), "skypilot/task.yaml").content);
}

}  // namespace

class TstSkyPilot : public QObject {
    Q_OBJECT

private slots:
    void listedAsATarget() {
        QCOMPARE(generate::findTarget("skypilot"), std::optional<Target>(Target::SkyPilot));
        QCOMPARE(generate::targetInfo(Target::SkyPilot).key, std::string("skypilot"));
    }

    void fieldsMatchThePlan_data() {
        QTest::addColumn<int>("nodes");
        QTest::addColumn<int>("gpus");
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<QString>("accelerator");
        QTest::newRow("1x8 h100") << 1 << 8 << "h100" << "H100:8";
        QTest::newRow("2x8 h200") << 2 << 8 << "h200" << "H200:8";
        QTest::newRow("8x8 a100") << 8 << 8 << "a100" << "A100-80GB:8";
        QTest::newRow("2x4 l40s") << 2 << 4 << "l40s" << "L40S:4";
    }
    void fieldsMatchThePlan() {
        QFETCH(int, nodes);
        QFETCH(int, gpus);
        QFETCH(QString, gpu);
        QFETCH(QString, accelerator);
        Plan plan = gentest::planAt(nodes, gpus);
        plan.cluster.gpu = gpu.toStdString();
        const auto files = generate::generate(plan, Target::SkyPilot, {});
        QVERIFY(gentest::hasFile(files, "entrypoint.sh"));
        const YAML::Node t = YAML::Load(fileAt(files, "skypilot/task.yaml").content);
        QCOMPARE(t["name"].as<std::string>(), plan.launch.jobName);
        QCOMPARE(QString::fromStdString(t["resources"]["accelerators"].as<std::string>()), accelerator);
        QCOMPARE(t["resources"]["image_id"].as<std::string>(), "docker:" + plan.launch.image);
        QCOMPARE(t["num_nodes"].as<int>(), nodes);
        QCOMPARE(t["envs"]["TRAINDECK_PLATFORM"].as<std::string>(), std::string("skypilot"));
        QCOMPARE(t["workdir"].as<std::string>(), std::string("."));
        const std::string run = t["run"].as<std::string>();
        QVERIFY(run.find("SKYPILOT_NODE_IPS") != std::string::npos);
        QVERIFY(run.find("exec bash entrypoint.sh") != std::string::npos);
    }

    void hostileJobNameStaysAString() {
        for (const char* name : {"$(reboot) it's \"x\" ü", "true", "123", "null", "- a: b", "x # y"}) {
            Plan plan = gentest::planAt(2);
            plan.launch.jobName = name;
            const YAML::Node t = task(plan);
            QVERIFY2(t["name"].IsScalar(), name);
            QCOMPARE(t["name"].Tag(), std::string("!"));  // quoted: a string, never a bool, number or null
            QCOMPARE(t["name"].as<std::string>(), std::string(name));
            QVERIFY(t["run"].as<std::string>().find(name) == std::string::npos);
        }
    }

    void runScriptPassesShellcheck() {
        QTemporaryDir dir;
        const QString path = dir.filePath("run.sh");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray("#!/usr/bin/env bash\n") + QByteArray::fromStdString(task(gentest::planAt(2))["run"].as<std::string>()));
        f.close();
        QProcess sc;
        sc.start(SHELLCHECK, {"--shell=bash", "--severity=info", path});
        QVERIFY(sc.waitForFinished(60000));
        QVERIFY2(sc.exitCode() == 0, sc.readAllStandardOutput().constData());
    }

    // Each node as SkyPilot runs it: the run script in the workdir with SkyPilot's variables.
    void runStartsTheEntrypointPerNode() {
        Plan plan = gentest::planAt(2);
        plan.launch.command = "env -0 > \"$TRAINDECK_CONFIG_DIR/node-$NODE_RANK.env\"";
        QTemporaryDir dir;
        const auto files = generate::generate(plan, Target::SkyPilot, {});
        gentest::writeAll(dir, files);
        const YAML::Node t = YAML::Load(fileAt(files, "skypilot/task.yaml").content);
        QFile run(dir.filePath("run.sh"));
        QVERIFY(run.open(QIODevice::WriteOnly));
        run.write(QByteArray::fromStdString("cd " + dir.path().toStdString() + "\n" + t["run"].as<std::string>()));
        run.close();
        const QString stubs = dir.filePath("stubs");
        gentest::writeNvidiaSmi(stubs, 8);
        for (int rank = 0; rank < 2; ++rank) {
            QMap<QString, QString> env = {{"SKYPILOT_NODE_RANK", QString::number(rank)},
                                          {"SKYPILOT_NODE_IPS", "10.0.0.7\n10.0.0.8\n"},
                                          {"SKYPILOT_NUM_NODES", "2"},
                                          {"SKYPILOT_NUM_GPUS_PER_NODE", "8"}};
            for (auto [k, v] : t["envs"].as<std::map<std::string, std::string>>())
                env[QString::fromStdString(k)] = QString::fromStdString(v);
            const Run r = gentest::runBash(run.fileName(), {}, env, stubs);
            QVERIFY2(r.code == 0, r.err.constData());
            const auto seen = gentest::readEnv0(dir.filePath(QString("node-%1.env").arg(rank)));
            QCOMPARE(seen.value("NODE_RANK"), QString::number(rank));
            QCOMPARE(seen.value("MASTER_ADDR"), QString("10.0.0.7"));
        }
        // A node with other than the plan's GPUs is refused before the entrypoint runs.
        const Run wrong = gentest::runBash(run.fileName(), {},
                                           {{"SKYPILOT_NODE_RANK", "0"}, {"SKYPILOT_NODE_IPS", "10.0.0.7"},
                                            {"SKYPILOT_NUM_NODES", "2"}, {"SKYPILOT_NUM_GPUS_PER_NODE", "4"},
                                            {"TRAINDECK_PLATFORM", "skypilot"}},
                                           stubs);
        QCOMPARE(wrong.code, 78);
    }
};

QTEST_GUILESS_MAIN(TstSkyPilot)
#include "tst_skypilot.moc"
