// Architectures from config.json and the catalogue: parameter counts exactly as
// transformers builds the model (fixtures/model_truth.json has sum(p.numel()) of each
// config, built by bench/model_truth.py on the meta device), and clear errors.
#include "model/architecture.h"
#include "model/catalogue.h"
#include "model/parameters.h"
#include "model/training_cost.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <cmath>
#include <fstream>

using namespace traindeck::model;

namespace {

nlohmann::json truth() {
    std::ifstream in(MODEL_FIXTURES "/model_truth.json");
    return nlohmann::json::parse(in);
}

Architecture fromFixture(const std::string& file) {
    Architecture a;
    traindeck::Text error;
    if (!architectureFromHfConfigFile(MODEL_FIXTURES "/configs/" + file, a, error))
        qFatal("%s", error.english().c_str());
    return a;
}

}  // namespace

class TestModel : public QObject {
    Q_OBJECT
private slots:
    void parametersEqualTransformers_data() {
        QTest::addColumn<QString>("name");
        const nlohmann::json all = truth();
        for (const auto& [name, entry] : all["models"].items()) QTest::newRow(name.c_str()) << QString::fromStdString(name);
    }
    void parametersEqualTransformers() {
        QFETCH(QString, name);
        const auto entry = truth()["models"][name.toStdString()];
        const Architecture a = fromFixture(entry["config"].get<std::string>());
        QCOMPARE(countParameters(a).total, entry["params"].get<long long>());
        if (entry.contains("small_params")) {  // the shrunk copy that was trained
            Architecture small = a;
            small.layers = entry["layers"].get<long long>();
            QCOMPARE(countParameters(small).total, entry["small_params"].get<long long>());
        }
    }
    void mixtureOfExpertsActiveParameters() {
        const ParameterCount c = countParameters(fromFixture("mixtral-8x7b.json"));
        // 46.7B in all; per token the attention, router, norms, embeddings and 2 of 8 experts:
        // 32 layers × 6 unused experts × 3 × 4096 × 14336 fewer.
        QCOMPARE(c.active, c.total - 32LL * 6 * 3 * 4096 * 14336);
        QCOMPARE(c.active, 12879925248LL);
    }
    void qwenHasQkvBiasesLlamaNone() {
        Architecture q = fromFixture("qwen2.5-7b.json");
        QVERIFY(q.qkvBias);
        Architecture noBias = q;
        noBias.qkvBias = false;
        QCOMPARE(countParameters(q).total - countParameters(noBias).total, 28LL * (3584 + 2 * 512));
        QVERIFY(!fromFixture("llama-3.1-8b.json").qkvBias);
    }
    void tiedEmbeddingsCountOnce() {
        Architecture a = fromFixture("llama-3.1-8b.json");
        Architecture tied = a;
        tied.tiedEmbeddings = true;
        QCOMPARE(countParameters(a).total - countParameters(tied).total, 128256LL * 4096);
    }
    void unknownModelTypeNamesTheKnownOnes() {
        Architecture a;
        traindeck::Text error;
        QVERIFY(!architectureFromHfConfig(R"({"model_type": "bert", "hidden_size": 768})", a, error));
        const std::string line = error.english();
        QVERIFY2(line.find("'bert'") != std::string::npos && line.find("llama, qwen2, mistral, mixtral, gpt2, vit") != std::string::npos,
                 line.c_str());
        QVERIFY(line.find('\n') == std::string::npos);
        QVERIFY(!architectureFromHfConfig("{not json", a, error));
        QVERIFY(!architectureFromHfConfig(R"({"model_type": "llama", "hidden_size": "big"})", a, error));
        QVERIFY(!architectureFromHfConfig(R"({"model_type": "llama", "num_attention_heads": 32, "num_key_value_heads": 5})", a, error));
    }
    void textFormRoundTrips() {
        for (const CatalogueModel& m : modelCatalogue()) {
            Architecture back;
            traindeck::Text error;
            QVERIFY2(parseArchitecture(architectureText(m.architecture), back, error), error.english().c_str());
            QCOMPARE(back, m.architecture);
        }
    }
    void catalogueHasTheModelsPeopleTrain() {
        for (const char* name : {"llama-3.1-8b", "llama-3.1-70b", "qwen2.5-7b", "mistral-7b", "mixtral-8x7b", "gpt2",
                                 "vit-l-16", "tae-mlp-tiny", "tae-mlp-base", "tae-mlp-large", "taehv-like"})
            QVERIFY2(findCatalogueModel(name), name);
        // The catalogue's Llama is the config.json's.
        QCOMPARE(countParameters(findCatalogueModel("llama-3.1-8b")->architecture).total, 8030261248LL);
        QCOMPARE(countParameters(findCatalogueModel("tae-mlp-large")->architecture).total, 102400208LL);
    }
    void flopsCarryAttentionsSequenceTerm() {
        const Architecture a = fromFixture("llama-3.1-8b.json");
        const ParameterCount c = countParameters(a);
        const double shortSeq = flopsPerSample(a, c, 1024, Checkpointing::None).flops / 1024;
        const double longSeq = flopsPerSample(a, c, 8192, Checkpointing::None).flops / 8192;
        // Per token, 12·L·s·(heads·head_dim) more at the longer sequence.
        QCOMPARE(longSeq - shortSeq, 12.0 * 32 * (8192 - 1024) * 4096);
        QVERIFY(flopsPerSample(a, c, 1024, Checkpointing::Full).flops > 1.3 * flopsPerSample(a, c, 1024, Checkpointing::None).flops);
    }
    void flashAttentionAndCheckpointingChangeActivations() {
        const Architecture a = fromFixture("llama-3.1-8b.json");
        const ParameterCount c = countParameters(a);
        const auto none = activationMemory(a, c, 4096, 1, Numerics::Half, Checkpointing::None, true);
        const auto noFlash = activationMemory(a, c, 4096, 1, Numerics::Half, Checkpointing::None, false);
        const auto selective = activationMemory(a, c, 4096, 1, Numerics::Half, Checkpointing::Selective, false);
        const auto full = activationMemory(a, c, 4096, 1, Numerics::Half, Checkpointing::Full, true);
        QCOMPARE(noFlash.perLayer - none.perLayer, 5.0 * 32 * 4096 * 4096);  // Korthikanti's 5·a·s²·b
        QCOMPARE(selective.perLayer, none.perLayer);
        QCOMPARE(full.keptPerLayer, 2.0 * 4096 * 4096);  // the block's 16-bit input
        QVERIFY(full.layers * full.keptPerLayer < none.layers * none.keptPerLayer / 10);
    }
    // transformers' grouped_mm experts on fp32 weights (AMP) take PyTorch's fallback, which reads
    // the group offsets on the host before each product: 2 synchronisations per block forward, 4
    // backward, 2 more recomputed. On 16-bit weights (one CUTLASS kernel) and in a dense block none.
    void expertProductsSynchroniseOnlyOnFp32Weights() {
        const Architecture moe = fromFixture("mixtral-8x7b.json");
        const ExpertSynchronisation amp = expertSynchronisation(moe, Numerics::Mixed, Checkpointing::None);
        QCOMPARE(amp.perBlock, 6);
        QCOMPARE(amp.serialShare, 2.0 / 3);  // forward 1 of 2 products, backward 3 of 4, by FLOPs 2 : 4
        const ExpertSynchronisation recomputed = expertSynchronisation(moe, Numerics::Mixed, Checkpointing::Full);
        QCOMPARE(recomputed.perBlock, 8);
        QCOMPARE(recomputed.serialShare, 3.0 / 4);  // the recomputed forward waits on both
        QCOMPARE(expertSynchronisation(moe, Numerics::Half, Checkpointing::Full).perBlock, 0);
        QCOMPARE(expertSynchronisation(moe, Numerics::Half, Checkpointing::Full).serialShare, 0.0);
        QCOMPARE(expertSynchronisation(fromFixture("mistral-7b.json"), Numerics::Mixed, Checkpointing::None).perBlock, 0);
    }
    // A mixture's block issues like a dense one, but recomputing it under full checkpointing
    // costs the host more (checkpoint's hooks over its many saved tensors).
    void aMixturesRecomputationCostsTheHostMore() {
        Architecture moe = fromFixture("mixtral-8x7b.json"), dense = fromFixture("mistral-7b.json");
        moe.layers = dense.layers = 4;
        for (Numerics n : {Numerics::Mixed, Numerics::Half}) {
            QCOMPARE(hostTimePerMicroStep(moe, n, Checkpointing::None).seconds,
                     hostTimePerMicroStep(dense, n, Checkpointing::None).seconds);
            const double more = hostTimePerMicroStep(moe, n, Checkpointing::Full).seconds -
                                hostTimePerMicroStep(dense, n, Checkpointing::Full).seconds;
            QVERIFY2(std::fabs(more - 4 * 1.6e-3 * (n == Numerics::Mixed ? 1.21 : 1.0)) < 1e-9, std::to_string(more).c_str());
        }
    }
};

QTEST_APPLESS_MAIN(TestModel)
#include "tst_model.moc"
