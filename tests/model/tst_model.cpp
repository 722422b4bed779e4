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
#include <algorithm>
#include <set>

using namespace traindeck::model;

namespace {

nlohmann::json truth() {
    std::ifstream in(MODEL_FIXTURES "/model_truth.json");
    return nlohmann::json::parse(in);
}

// sum(p.numel()) of every catalogue config as transformers builds it, and of a copy cut to a
// few layers (bench/model_truth.py --catalogue, on the GPU machine's transformers).
nlohmann::json paramCounts() {
    std::ifstream in(MODEL_FIXTURES "/param_counts.json");
    return nlohmann::json::parse(in);
}

// A catalogue model, or a variant of one (the fixture's "changes", in config.json's keys).
Architecture catalogueArchitecture(const std::string& name, const nlohmann::json& entry) {
    std::string base = name;
    if (entry.contains("changes")) base = entry["source"].get<std::string>().substr(std::string("variant of ").size());
    const CatalogueModel* m = findCatalogueModel(base);
    if (!m) qFatal("%s: not in the catalogue", base.c_str());
    Architecture a = m->architecture;
    if (entry.contains("changes"))
        for (const auto& [key, value] : entry["changes"].items()) {
            if (key == "mlp_only_layers") a.denseLayers = value.get<std::vector<long long>>();
            else if (key == "decoder_sparse_step") a.sparseStep = value.get<long long>();
            else qFatal("%s: change %s not mapped", name.c_str(), key.c_str());
        }
    return a;
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
    void catalogueCountsEqualTransformers_data() {
        QTest::addColumn<QString>("name");
        const nlohmann::json all = paramCounts();
        QVERIFY(!all["transformers"].get<std::string>().empty());  // the version that built them
        for (const auto& [name, entry] : all["models"].items()) QTest::newRow(name.c_str()) << QString::fromStdString(name);
    }
    // Every family exactly (the goal is 0.5%): the full model and the copy cut to a few layers,
    // whose dense and sparse blocks, windows and experts differ from the full one's mix.
    void catalogueCountsEqualTransformers() {
        QFETCH(QString, name);
        const nlohmann::json entry = paramCounts()["models"][name.toStdString()];
        QVERIFY2(!entry.contains("error"), entry.value("error", "").c_str());
        Architecture a = catalogueArchitecture(name.toStdString(), entry);
        const long long full = countParameters(a).total, cut = entry["cut_params"].get<long long>();
        a.layers = entry["cut_layers"].get<long long>();
        const std::string off = name.toStdString() + ": " + std::to_string(full) + " against " +
                                std::to_string(entry["params"].get<long long>()) + "; cut: " +
                                std::to_string(countParameters(a).total) + " against " + std::to_string(cut);
        QVERIFY2(full == entry["params"].get<long long>(), off.c_str());
        QVERIFY2(countParameters(a).total == cut, off.c_str());
    }
    void catalogueHoldsTodaysFamiliesFromHalfABillionTo671B() {
        std::set<std::string> families;
        long long smallest = 0, largest = 0;
        int decoders = 0;
        for (const CatalogueModel& m : modelCatalogue()) {
            if (m.architecture.family() != Family::Llama) continue;
            ++decoders;
            families.insert(m.architecture.type);
            const long long n = countParameters(m.architecture).total;
            smallest = smallest == 0 ? n : std::min(smallest, n);
            largest = std::max(largest, n);
            QVERIFY2(!m.source.empty() && !m.read.empty(), m.name.c_str());
        }
        QVERIFY(decoders >= 30);
        for (const char* f : {"llama", "qwen2", "qwen3", "qwen3_moe", "mistral", "mixtral", "gemma2", "gemma3_text", "phi3",
                              "deepseek_v2", "deepseek_v3", "olmo2", "granite", "gpt_oss"})
            QVERIFY2(families.count(f), f);
        QVERIFY(smallest < 700'000'000);
        QCOMPARE(largest, 671026404352LL);  // DeepSeek-V3
        QCOMPARE(countParameters(findCatalogueModel("llama-3.1-405b")->architecture).total, 405853388800LL);
    }
    // The wizard's and --model's list: by family, smallest first in each, each with its size.
    void catalogueListsByFamilyAndSize() {
        const std::vector<CatalogueFamily> families = catalogueByFamily();
        QVERIFY(families.size() >= 15);
        QCOMPARE(families.front().title.english(), std::string("Llama"));
        size_t listed = 0;
        for (const CatalogueFamily& f : families) {
            QVERIFY(!f.models.empty());
            for (size_t i = 1; i < f.models.size(); ++i)
                QVERIFY2(countParameters(f.models[i - 1]->architecture).total <= countParameters(f.models[i]->architecture).total,
                         f.models[i]->name.c_str());
            listed += f.models.size();
        }
        QCOMPARE(listed, modelCatalogue().size());
        const auto qwen3 = std::find_if(families.begin(), families.end(),
                                        [](const CatalogueFamily& f) { return f.title.english() == "Qwen3"; });
        QVERIFY(qwen3 != families.end());
        QCOMPARE(qwen3->models.front()->name, std::string("qwen3-0.6b"));
        QCOMPARE(qwen3->models.back()->name, std::string("qwen3-32b"));
        QCOMPARE(catalogueEntryText(*findCatalogueModel("deepseek-v3")), std::string("DeepSeek-V3 671B (MoE) · 671B"));
        QCOMPARE(catalogueEntryText(*findCatalogueModel("qwen3-8b")), std::string("Qwen3 8B · 8.191B"));
    }
    // Gemma 3's config nests its text model and names only four of its sizes: the rest are
    // Gemma3TextConfig's defaults (262208 tokens, 8 heads, 4 KV heads of 256, tied, 5 local : 1 global).
    void nestedTextConfigIsReadWithItsDefaults() {
        Architecture a;
        traindeck::Text error;
        QVERIFY2(architectureFromHfConfig(R"({"model_type": "gemma3", "architectures": ["Gemma3ForConditionalGeneration"],
            "text_config": {"hidden_size": 2560, "intermediate_size": 10240, "model_type": "gemma3_text",
                            "num_hidden_layers": 34, "sliding_window": 1024},
            "vision_config": {"hidden_size": 1152, "model_type": "siglip_vision_model"}})", a, error),
                 error.english().c_str());
        QCOMPARE(a.type, std::string("gemma3_text"));
        QCOMPARE(a.vocab, 262208LL);
        QCOMPARE(a.heads, 8LL);
        QCOMPARE(a.kvHeads, 4LL);
        QCOMPARE(a.headDim, 256LL);
        QVERIFY(a.tiedEmbeddings);
        QCOMPARE(a.qkNorm, QkNorm::PerHead);
        QCOMPARE(a.norms, 4LL);
        QCOMPARE(a.window, 1024LL);
        QCOMPARE(a.windowedLayers(), 34LL - 5);  // layers 6, 12, ..., 30 attend to all
        QCOMPARE(a, findCatalogueModel("gemma-3-4b")->architecture);
    }
    void windowPatternsFollowTheConfig() {
        QCOMPARE(findCatalogueModel("gpt-oss-20b")->architecture.windowedLayers(), 12LL);  // layer_types: every other
        QCOMPARE(findCatalogueModel("gemma-2-9b")->architecture.windowedLayers(), 21LL);
        QCOMPARE(findCatalogueModel("mistral-7b")->architecture.windowedLayers(), 32LL);   // v0.1: all, 4096
        QCOMPARE(findCatalogueModel("mistral-7b-v0.3")->architecture.windowedLayers(), 0LL);
        QCOMPARE(findCatalogueModel("qwen2.5-7b")->architecture.windowedLayers(), 0LL);    // use_sliding_window false
        // A window longer than the sequence changes nothing; a short one cuts attention's term.
        const Architecture g = findCatalogueModel("gpt-oss-20b")->architecture;
        Architecture full = g;
        full.window = 0;
        const ParameterCount c = countParameters(g);
        QCOMPARE(flopsPerSample(g, c, 128, Checkpointing::None).flops, flopsPerSample(full, c, 128, Checkpointing::None).flops);
        const double saved = flopsPerSample(full, c, 4096, Checkpointing::None).flops - flopsPerSample(g, c, 4096, Checkpointing::None).flops;
        QCOMPARE(saved, 12.0 * 12 * 4096 * (4096 - 128) * double(g.attentionDim()));
        // The kernels run the masked keys all the same.
        QCOMPARE(flopsPerSample(g, c, 4096, Checkpointing::None).executed, flopsPerSample(full, c, 4096, Checkpointing::None).executed);
    }
    void denseAndSparseBlocksFollowTheKeys() {
        const Architecture v3 = findCatalogueModel("deepseek-v3")->architecture;
        QCOMPARE(v3.moeLayers(), 61LL - 3);  // first_k_dense_replace
        QVERIFY(v3.latentAttention());
        QCOMPARE(v3.sharedFfn, 2048LL);
        Architecture q = findCatalogueModel("qwen3-30b-a3b")->architecture;
        QCOMPARE(q.moeLayers(), 48LL);
        q.denseLayers = {0};
        q.sparseStep = 2;
        QCOMPARE(q.moeLayers(), 24LL);  // layers 1, 3, ..., 47; layer 0 is odd-one-out already dense
        q.layers = 4;
        QVERIFY(!q.moeLayer(0) && q.moeLayer(1) && !q.moeLayer(2) && q.moeLayer(3));
    }
    // A MoE's FLOPs and its expert traffic follow the experts a token uses: Qwen3-30B-A3B at 2 of
    // 128 experts instead of 8 saves 6 experts' products per token per block, nothing else.
    void aMixturesFlopsFollowItsActiveExperts() {
        const Architecture top8 = findCatalogueModel("qwen3-30b-a3b")->architecture;
        Architecture top2 = top8;
        top2.expertsPerToken = 2;
        const double s = 2048;
        const double saved = flopsPerSample(top8, countParameters(top8), s, Checkpointing::None).flops -
                             flopsPerSample(top2, countParameters(top2), s, Checkpointing::None).flops;
        QCOMPARE(saved, 6.0 * 48 * 6 * (3.0 * 2048 * 768) * s);
        QCOMPARE(countParameters(top8).total, countParameters(top2).total);
        QCOMPARE(countParameters(top8).total - countParameters(top8).active, 48LL * 120 * 3 * 2048 * 768);
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
        QVERIFY2(line.find("'bert'") != std::string::npos && line.find("llama, gemma3, granite") != std::string::npos &&
                     line.find("gpt_oss, gpt2, vit") != std::string::npos,
                 line.c_str());
        // The keys a decoder needs and this config lacks, named.
        QVERIFY2(line.find("num_hidden_layers, num_attention_heads, intermediate_size, vocab_size missing") != std::string::npos,
                 line.c_str());
        QVERIFY(line.find('\n') == std::string::npos);
        // An encoder with every size a decoder has is still not one.
        QVERIFY(!architectureFromHfConfig(R"({"model_type": "bert", "architectures": ["BertForMaskedLM"], "hidden_size": 768,
            "num_hidden_layers": 12, "num_attention_heads": 12, "intermediate_size": 3072, "vocab_size": 30522})", a, error));
        QVERIFY2(error.english().find("no causal language model") != std::string::npos, error.english().c_str());
        QVERIFY(!architectureFromHfConfig("{not json", a, error));
        QVERIFY(!architectureFromHfConfig(R"({"model_type": "llama", "hidden_size": "big"})", a, error));
        QVERIFY(!architectureFromHfConfig(R"({"model_type": "llama", "num_attention_heads": 32, "num_key_value_heads": 5})", a, error));
    }
    // A model_type not known here whose keys describe a decoder is read as the plain one, said so.
    void unknownDecoderIsAssumedAndSaysWhat() {
        Architecture a;
        traindeck::Text error;
        QVERIFY2(architectureFromHfConfig(R"({"model_type": "smollm3", "architectures": ["SmolLM3ForCausalLM"],
            "hidden_size": 2048, "num_hidden_layers": 36, "num_attention_heads": 16, "num_key_value_heads": 4,
            "intermediate_size": 11008, "vocab_size": 128256, "tie_word_embeddings": true})", a, error),
                 error.english().c_str());
        QVERIFY(a.assumed);
        QCOMPARE(a.type, std::string("smollm3"));
        QCOMPARE(countParameters(a).total, 128256LL * 2048 + 36 * (2 * 2048 * 2048 + 2 * 2048 * 512 + 3 * 2048 * 11008LL + 2 * 2048) + 2048);
        const std::string said = assumedDecoderText(a).english();
        QVERIFY2(said.find("'smollm3'") != std::string::npos && said.find("gated MLP") != std::string::npos, said.c_str());
        Architecture back;
        QVERIFY2(parseArchitecture(architectureText(a), back, error), error.english().c_str());
        QCOMPARE(back, a);
        QVERIFY(!parseArchitecture("smollm3 hidden=2048 layers=2 heads=16 ffn=64 vocab=10", back, error));
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
    // transformers' grouped_mm experts on fp32 weights (AMP) take PyTorch's fallback: per product a
    // loop over every expert, 2 per block forward, 4 backward, 2 more recomputed, each issuing one
    // product per expert. On 16-bit weights (one CUTLASS kernel) and in a dense block none.
    void expertProductsLoopOnlyOnFp32Weights() {
        Architecture moe = fromFixture("mixtral-8x7b.json");
        moe.layers = 4;
        const ExpertLoops amp = expertLoops(moe, Numerics::Mixed, Checkpointing::None);
        QCOMPARE(amp.perBlock, 6);
        QCOMPARE(amp.blocks, 4LL);
        QCOMPARE(amp.products(), 6.0 * 4 * 8);
        const ExpertLoops recomputed = expertLoops(moe, Numerics::Mixed, Checkpointing::Full);
        QCOMPARE(recomputed.perBlock, 8);
        // The host's issue follows the experts a loop runs, not the experts a token uses.
        Architecture many = moe;
        many.experts = 128;
        QVERIFY(std::fabs(expertLoops(many, Numerics::Mixed, Checkpointing::None).hostSeconds() -
                          24 * (kExpertLoopHostS + 128 * kExpertProductHostS)) < 1e-12);
        QVERIFY(expertLoops(many, Numerics::Mixed, Checkpointing::None).hostSeconds() > 5 * amp.hostSeconds());
        many.expertsPerToken = 8;
        QCOMPARE(expertLoops(many, Numerics::Mixed, Checkpointing::None).products(), 6.0 * 4 * 128);
        // DeepSeek's dense first block runs no loop.
        Architecture deepseek = fromFixture("deepseek-v2-lite.json");
        deepseek.layers = 4;
        QCOMPARE(expertLoops(deepseek, Numerics::Mixed, Checkpointing::None).blocks, 3LL);
        QCOMPARE(expertLoops(moe, Numerics::Half, Checkpointing::Full).perBlock, 0);
        QCOMPARE(expertLoops(moe, Numerics::Half, Checkpointing::Full).products(), 0.0);
        QCOMPARE(expertLoops(fromFixture("mistral-7b.json"), Numerics::Mixed, Checkpointing::None).perBlock, 0);
    }
    // The bandwidth-bound work outside the blocks, as transformers runs it: the loss over every logit
    // (Gemma 2's soft-capping three ops more, each with its gradient), the embedding's dense fp32
    // gradient (a tied one added to the output layer's), and eager attention's scores (gpt-oss).
    void trafficOutsideTheBlocksFollowsTheModel() {
        Architecture qwen = fromFixture("qwen3-8b.json"), gemma = fromFixture("gemma-2-9b.json");
        Architecture oss = fromFixture("gpt-oss-20b.json");
        qwen.layers = gemma.layers = oss.layers = 4;
        const auto traffic = [](const Architecture& a, double tokens, double micro, Checkpointing ckpt) {
            const ParameterCount p = countParameters(a);
            const ActivationMemory m = activationMemory(a, p, tokens, micro, Numerics::Mixed, ckpt, true);
            return microStepTraffic(a, p, m, Numerics::Mixed, ckpt);
        };
        const MicroStepTraffic q = traffic(qwen, 2048, 1, Checkpointing::None);
        QCOMPARE(q.logits, 2048.0 * double(qwen.vocab) * kLossBytesPerLogit);
        QCOMPARE(q.embedding, double(qwen.vocab) * double(qwen.hidden) * kEmbeddingGradBytes);  // untied
        QCOMPARE(q.scores, 0.0);  // sdpa
        const MicroStepTraffic g = traffic(gemma, 2048, 1, Checkpointing::None);
        QVERIFY(gemma.logitSoftcap && gemma.tiedEmbeddings);
        QCOMPARE(g.logits, 2048.0 * double(gemma.vocab) * (kLossBytesPerLogit + kSoftcapBytesPerLogit));
        QCOMPARE(g.embedding, double(gemma.vocab) * double(gemma.hidden) * (kEmbeddingGradBytes + kTiedEmbeddingGradBytes));
        // gpt-oss: every score of every head, forward and backward, again when recomputed; no causal skip.
        QVERIFY(oss.eagerAttention() && !qwen.eagerAttention());
        const MicroStepTraffic o = traffic(oss, 1024, 2, Checkpointing::None);
        const double scores = 2.0 * double(oss.heads) * 1024 * 1024 * 4;
        QCOMPARE(o.scores, scores * (kEagerScoreForwardBytes + kEagerScoreBackwardBytes));
        QCOMPARE(traffic(oss, 1024, 2, Checkpointing::Full).scores,
                 scores * (2 * kEagerScoreForwardBytes + kEagerScoreBackwardBytes));
        const ParameterCount op = countParameters(oss);
        Architecture flash = oss;
        flash.sinks = false;
        const ParameterCount fp = countParameters(flash);
        QVERIFY(flopsPerSample(oss, op, 1024, Checkpointing::None).executed >
                flopsPerSample(flash, fp, 1024, Checkpointing::None).executed);
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
