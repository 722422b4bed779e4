// The per-node launch environment and the helpers every target shares: the
// convention table, the environment builder, the quoting helper (checked by
// bash itself) and Kubernetes' name rules.
#include "generate/k8s_names.h"
#include "generate/shell_quote.h"
#include "platform/conventions.h"
#include "platform/node_env.h"
#include "support.h"

#include <QtTest>
#include <set>

using namespace traindeck;

namespace {

QMap<QString, QString> asMap(const std::vector<platform::EnvVar>& env) {
    QMap<QString, QString> m;
    for (const auto& v : env) {
        if (m.contains(QString::fromStdString(v.name))) qFatal("duplicate variable %s", v.name.c_str());
        m.insert(QString::fromStdString(v.name), QString::fromStdString(v.value));
    }
    return m;
}

}  // namespace

class TestPlatformEnv : public QObject {
    Q_OBJECT
private slots:
    void everyPlatformHasAConvention() {
        std::set<std::string> keys;
        for (const auto& c : platform::conventions()) QVERIFY(keys.insert(c.key).second);
        for (Platform p : {Platform::Kubernetes, Platform::PyTorchJob, Platform::PaiDlc, Platform::Slurm, Platform::Ssh,
                           Platform::Torchrun})
            QVERIFY(!platform::conventionInfo(platform::conventionFor(p)).nodeRankVars.empty());
    }

    void paiAndKubeflowRankIsTheNode() {
        // Both set RANK = pod index and WORLD_SIZE = pod count: the entrypoint
        // must read them as node values, not as torch's process rank and count.
        const auto& pai = platform::conventionInfo(platform::Convention::PaiDlc);
        QVERIFY(pai.rankMeansNode);
        QCOMPARE(pai.nodeRankVars, std::vector<std::string>{"RANK"});
        QCOMPARE(pai.nodeCountVars, std::vector<std::string>{"WORLD_SIZE"});
        const auto& kf = platform::conventionInfo(platform::Convention::PyTorchJob);
        QVERIFY(kf.rankMeansNode);
        QCOMPARE(kf.nodeRankVars.back(), std::string("RANK"));
        QVERIFY(!platform::conventionInfo(platform::Convention::Slurm).rankMeansNode);
        QCOMPARE(platform::conventionInfo(platform::Convention::Slurm).nodeRankVars.front(), std::string("SLURM_NODEID"));
        QCOMPARE(platform::conventionInfo(platform::Convention::IndexedJob).nodeRankVars.front(),
                 std::string("JOB_COMPLETION_INDEX"));
    }

    void nodeEnvironmentCountsProcesses() {
        const Plan plan = gentest::planAt(8, 8);
        const auto env = asMap(platform::nodeEnvironment(plan, 3, "master.example"));
        QCOMPARE(env["WORLD_SIZE"], QString("64"));  // processes, never the node count
        QCOMPARE(env["NNODES"], QString("8"));
        QCOMPARE(env["NPROC_PER_NODE"], QString("8"));
        QCOMPARE(env["NODE_RANK"], QString("3"));
        QCOMPARE(env["PET_NODE_RANK"], QString("3"));
        QCOMPARE(env["MASTER_ADDR"], QString("master.example"));
        QCOMPARE(env["MASTER_PORT"], QString("29500"));
        QCOMPARE(env["CUDA_VISIBLE_DEVICES"], QString("0,1,2,3,4,5,6,7"));
        QCOMPARE(asMap(platform::nodeEnvironment(plan, 0, "m", 23456))["MASTER_PORT"], QString("23456"));
        QVERIFY(!env.contains("RANK"));
        QVERIFY(!env.contains("LOCAL_RANK"));
    }

    void onlyVariablesLibrariesRead() {
        Plan plan = gentest::planAt(2, 8);
        plan.launch.commTimeoutS = 3601;
        const auto env = asMap(platform::jobEnvironment(plan));
        QVERIFY(!env.contains("NCCL_TIMEOUT"));  // no such NCCL variable
        QCOMPARE(env["TORCH_NCCL_ASYNC_ERROR_HANDLING"], QString("1"));
        QCOMPARE(env["DEEPSPEED_TIMEOUT"], QString("61"));  // minutes, rounded up
        QVERIFY(!env.contains("MASTER_PORT"));  // per node: a platform may choose it
    }

    void largeJobsOnInfiniBandRaiseTheIbTimeout() {
        QVERIFY(!asMap(platform::jobEnvironment(gentest::planAt(8, 8))).contains("NCCL_IB_TIMEOUT"));
        QCOMPARE(asMap(platform::jobEnvironment(gentest::planAt(16, 8)))["NCCL_IB_TIMEOUT"], QString("22"));
        Plan ethernet = gentest::planAt(16, 8);
        ethernet.cluster.network = "eth-100";
        QVERIFY(!asMap(platform::jobEnvironment(ethernet)).contains("NCCL_IB_TIMEOUT"));
    }

    void extraEnvironmentComesLast() {
        Plan plan = gentest::planAt(2, 8);
        plan.launch.env["NCCL_SOCKET_IFNAME"] = "eth0";
        const auto env = platform::nodeEnvironment(plan, 1, "m");
        QCOMPARE(env.back().name, std::string("NCCL_SOCKET_IFNAME"));
        QCOMPARE(env.back().value, std::string("eth0"));
    }

    void namesAndSecrets() {
        QVERIFY(platform::isEnvName("HF_HOME"));
        QVERIFY(!platform::isEnvName("1X"));
        QVERIFY(!platform::isEnvName("A-B"));
        QVERIFY(!platform::isEnvName("$(reboot)"));
        QVERIFY(platform::looksLikeSecret("HF_TOKEN"));
        QVERIFY(platform::looksLikeSecret("wandb_api_key"));
        QVERIFY(!platform::looksLikeSecret("NCCL_DEBUG"));
        QVERIFY(platform::isReservedName("RANK"));
        QVERIFY(platform::isReservedName("CUDA_VISIBLE_DEVICES"));
    }

    void shellQuoteRoundTripsThroughBash_data() {
        QTest::addColumn<QString>("value");
        QTest::newRow("plain") << "traindeck-demo";
        QTest::newRow("command substitution") << "$(reboot)";
        QTest::newRow("backticks") << "`reboot`";
        QTest::newRow("bare variable") << "$HOME";
        QTest::newRow("dollar inside a word") << "cost$5";
        QTest::newRow("bang and hash") << "!1 #x";
        QTest::newRow("quotes") << "it's \"quoted\"";
        QTest::newRow("newline") << "two\nlines";
        QTest::newRow("spaces and glob") << "a b * ?";
        QTest::newRow("non-ascii") << QString::fromUtf8("训练-ü-😀");
        QTest::newRow("empty") << "";
        QTest::newRow("backslash") << "a\\b\\'c";
        QTest::newRow("tilde and semicolon") << "~root; rm -rf /";
    }
    void shellQuoteRoundTripsThroughBash() {
        QFETCH(QString, value);
        const std::string quoted = generate::shellQuote(value.toStdString());
        QProcess p;
        p.start("/bin/bash", {"-c", QString::fromStdString("printf '%s' " + quoted)});
        QVERIFY(p.waitForFinished());
        QCOMPARE(p.exitCode(), 0);
        QCOMPARE(QString::fromUtf8(p.readAllStandardOutput()), value);
    }

    void kubernetesNameRules() {
        QVERIFY(generate::isDns1123Label("traindeck-demo"));
        QVERIFY(!generate::isDns1123Label("Traindeck"));
        QVERIFY(!generate::isDns1123Label("-a"));
        QVERIFY(!generate::isDns1123Label(std::string(64, 'a')));
        QVERIFY(generate::isDns1123Label(std::string(63, 'a')));
        QVERIFY(generate::isDns1123Subdomain("a.b-c.d"));
        QVERIFY(!generate::isDns1123Subdomain("a..b"));
        QVERIFY(!generate::isDns1035Label("1abc"));
        QVERIFY(generate::isLabelValue(""));
        QVERIFY(generate::isLabelValue("Team_A.queue-1"));
        QVERIFY(!generate::isLabelValue("a b"));
        QVERIFY_THROWS_EXCEPTION(generate::GenerateError, generate::checkKubernetesJobName(std::string(62, 'a'), "-7"));
        generate::checkKubernetesJobName(std::string(61, 'a'), "-7");
    }
};

QTEST_GUILESS_MAIN(TestPlatformEnv)
#include "tst_platform_env.moc"
