// The planner against today's decoder families measured on one H200
// (fixtures/families_step_truth.json, bench/step_truth.py --models families: Qwen3, Qwen3
// MoE, DeepSeek-V2-Lite, Gemma 2, gpt-oss, built from their config.json with random
// weights and cut to 4 blocks; AMP with fused AdamW, alone and under DDP on the one GPU;
// checkpointing off and full; three shapes). None of these points set a constant of the
// planner. Run with -v2 for the table of bench/RESULTS.md.
//   memory  one GPU without DDP: the plan's peak less its fixed overhead within 10% of
//           max_memory_allocated, gpt-oss's eager attention included (its fp32 scores held by a
//           recomputed block's backward: -28% at 4096 × 2 before they were counted). DDP on the one GPU adds its gradient
//           buckets, 4 bytes per parameter, which a plan of one GPU (no DDP) does not hold.
//   step    uncalibrated within the planner's stated error at 9 in 10 points, after one run
//           within 15%: the mixtures' AMP steps run grouped_mm's fp32 fallback, a loop of one
//           product per expert (model::expertLoops); Gemma 2 pays its soft-capped 256k-wide
//           logits and its tied embedding's gradient (model::microStepTraffic); gpt-oss its
//           eager attention. DDP on the one GPU is planned as the one GPU (no plan of one GPU
//           runs DDP): its reducer's copies and hooks make those points 1-21% short.
//   MoE     Qwen3-30B-A3B's measured step at 2 active experts of 128 is below its step at 8, and
//           the planner's with it (the experts' FLOPs follow top_k; the loops' launches do not).
#include "model/architecture.h"
#include "model/catalogue.h"
#include "model/parameters.h"
#include "plan/calibration_fit.h"
#include "plan/estimate.h"
#include "plan/model_source.h"
#include "plan/plan_analysis.h"
#include "plan/plan_fields.h"
#include "plan/step_memory.h"
#include "plan/step_time_confidence.h"

#include <nlohmann/json.hpp>

#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>

using namespace traindeck;

namespace {

struct Point {
    std::string model, strategy, where;
    Plan plan;
    double measuredS = 0, peakGiB = 0;
};

std::vector<Point> points() {
    std::ifstream in(MODEL_FIXTURES "/families_step_truth.json");
    const auto truth = nlohmann::json::parse(in);
    std::vector<Point> out;
    for (const auto& raw : truth["points"]) {
        if (!raw.contains("step_s") || raw.contains("oom")) continue;
        Point p;
        p.model = raw["model"].get<std::string>();
        p.strategy = raw["strategy"].get<std::string>();
        const std::string config = p.model.substr(0, p.model.find("-top"));  // the top-k copy: its model's config
        model::Architecture a;
        Text error;
        if (!model::architectureFromHfConfigFile(MODEL_FIXTURES "/configs/" + config + ".json", a, error))
            qFatal("%s: %s", p.model.c_str(), error.english().c_str());
        a.layers = raw["layers"].get<long long>();
        if (raw.contains("overrides") && raw["overrides"].contains("num_experts_per_tok"))
            a.expertsPerToken = raw["overrides"]["num_experts_per_tok"].get<long long>();
        auto set = [&](const char* key, const std::string& value) {
            if (!setPlanField(p.plan, key, value).empty()) qFatal("%s = %s refused", key, value.c_str());
        };
        set("model.architecture", model::architectureText(a));
        set("model.tokens_per_sample", std::to_string(raw["seq"].get<int>()));
        set("recipe.micro_batch", std::to_string(raw["micro_batch"].get<int>()));
        set("recipe.global_batch", "0");
        set("recipe.grad_accum", "1");
        set("model.activation_checkpointing", raw["checkpointing"].get<std::string>());
        set("cluster.gpu", "h200");
        set("cluster.nodes", "1");
        set("cluster.gpus_per_node", "1");
        p.measuredS = raw["step_s"].get<double>();
        p.peakGiB = raw["peak_bytes"].get<double>() / double(1 << 30);
        p.where = p.model + " " + p.strategy + " checkpointing " + raw["checkpointing"].get<std::string>() +
                  " s=" + std::to_string(raw["seq"].get<int>()) + " micro=" + std::to_string(raw["micro_batch"].get<int>());
        out.push_back(p);
    }
    return out;
}

}  // namespace

class TestFamiliesTruth : public QObject {
    Q_OBJECT
private slots:
    // Every catalogue model plans (the faces show core's analysis): its exact count, its figures.
    void everyCatalogueModelIsPlanned() {
        for (const model::CatalogueModel& m : model::modelCatalogue()) {
            Plan plan;
            std::vector<FieldEdit> edits;
            QVERIFY2(catalogueModelEdits(m.name, edits).empty(), m.name.c_str());
            for (const FieldEdit& e : edits) QVERIFY2(setPlanField(plan, e.key, e.value).empty(), (m.name + " " + e.key).c_str());
            const PlanAnalysis a = analyse(plan);
            QVERIFY2(a.valid(), (m.name + ": " + a.invalid.english()).c_str());
            QCOMPARE(a.parameters.total, model::countParameters(m.architecture).total);
            QVERIFY2(a.estimates.front().stepTimeS.value > 0, m.name.c_str());
            for (const Finding& f : a.findings) QVERIFY2(f.code != "model_assumed_decoder", m.name.c_str());
        }
    }
    // A config.json of a decoder family not known here is planned, and a warning says as what.
    void unknownDecoderIsPlannedWithAWarning() {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("config.json")).toStdString();
        std::ofstream(path) << R"({"model_type": "smollm3", "architectures": ["SmolLM3ForCausalLM"], "hidden_size": 2048,
            "num_hidden_layers": 36, "num_attention_heads": 16, "num_key_value_heads": 4, "intermediate_size": 11008,
            "vocab_size": 128256, "tie_word_embeddings": true})";
        Plan plan;
        std::vector<FieldEdit> edits;
        QVERIFY(hfConfigEdits(path, edits).empty());
        for (const FieldEdit& e : edits) QVERIFY(setPlanField(plan, e.key, e.value).empty());
        const PlanAnalysis a = analyse(plan);
        QVERIFY2(a.valid(), a.invalid.english().c_str());
        const auto it = std::find_if(a.findings.begin(), a.findings.end(),
                                     [](const Finding& f) { return f.code == "model_assumed_decoder"; });
        QVERIFY(it != a.findings.end());
        QCOMPARE(it->severity, Severity::Warning);
        QVERIFY2(it->message.english().find("'smollm3'") != std::string::npos, it->message.english().c_str());
        QCOMPARE(it->title.english(), std::string("Model read as a Llama-like decoder"));
    }
    void memoryWithinTenPercent() {
        int checked = 0, within = 0;
        std::string missed;
        for (const Point& p : points()) {
            if (p.strategy != "single") continue;
            const StepMemory m = stepMemory(p.plan, {1, 1});
            const double planned = m.peak.total() - m.peak.overheadGb;
            const double off = planned / p.peakGiB - 1;
            char line[256];
            std::snprintf(line, sizeof line, "%s: planned %.2f GiB, measured %.2f GiB, %+.1f%%", p.where.c_str(), planned,
                          p.peakGiB, 100 * off);
            qInfo("%s", line);
            ++checked;
            if (std::fabs(off) <= 0.10) ++within;
            else missed += std::string(line) + "\n";
        }
        qInfo("memory: %d of %d points within 10%%", within, checked);
        QVERIFY(checked >= 30);
        QVERIFY2(missed.empty(), missed.c_str());
    }
    // DDP on one GPU: the same step with the reducer's buckets, a copy of every gradient in fp32.
    void ddpOnOneGpuAddsItsBuckets() {
        const std::vector<Point> all = points();
        int checked = 0;
        for (const Point& d : all) {
            if (d.strategy != "ddp") continue;
            std::string single = d.where;
            single.replace(single.find(" ddp "), 5, " single ");
            const auto s = std::find_if(all.begin(), all.end(), [&](const Point& p) { return p.where == single; });
            if (s == all.end()) continue;
            model::Architecture a;
            Text error;
            QVERIFY(model::parseArchitecture(d.plan.model.architecture, a, error));
            const double buckets = 4.0 * d.plan.model.params / double(1 << 30);
            const double more = d.peakGiB - s->peakGiB;
            qInfo("%s: %+.2f GiB over one GPU alone; buckets %.2f GiB", d.where.c_str(), more, buckets);
            if (d.model != "gpt-oss-20b" || d.where.find("s=4096") == std::string::npos)  // eager attention's scores
                QVERIFY2(std::fabs(more / buckets - 1) < 0.12, d.where.c_str());
            ++checked;
        }
        QVERIFY(checked >= 25);
    }
    void stepTimeWithinTheStatedErrorUncalibratedAndAfterOneRun() {
        const std::vector<Point> all = points();
        int checked = 0, withinStated = 0, calibratedChecked = 0, calibratedWithin = 0;
        for (const Point& p : all) {
            const FittedModel none = fitModel(p.plan);
            const Estimate e = estimate(p.plan, {1, 1});
            const StepTimeConfidence c = stepTimeConfidence(p.plan, none, e);
            const double off = e.stepTimeS.value / p.measuredS - 1;
            // After one run: the model's (and strategy's) longest measured step calibrates the rest.
            const Point* reference = nullptr;
            for (const Point& q : all)
                if (q.model == p.model && q.strategy == p.strategy && (!reference || q.measuredS > reference->measuredS))
                    reference = &q;
            Calibration cal;
            cal.layout = {1, 1};
            cal.value = reference->measuredS;
            cal.unit = Calibration::Unit::SecondsPerStep;
            const FittedModel fit = fitModel(reference->plan, {cal});
            Plan calibrated = p.plan;
            applyFit(calibrated.recipe, fit);
            const double after = estimateUncalibrated(calibrated, {1, 1}).stepTimeS.value / p.measuredS - 1;
            qInfo("%s: measured %.1f ms; planned %.1f ms (%+.1f%%, stated ±%.0f%%, %s); after one run %+.1f%%",
                  p.where.c_str(), p.measuredS * 1e3, e.stepTimeS.value * 1e3, 100 * off, 100 * c.expectedError,
                  stepRegimeKey(c.regime).c_str(), 100 * after);
            ++checked;
            withinStated += std::fabs(off) <= c.expectedError;
            if (&p != reference) {
                ++calibratedChecked;
                calibratedWithin += std::fabs(after) <= 0.15;
            }
        }
        qInfo("step: %d of %d within the stated error uncalibrated; %d of %d within 15%% after one run", withinStated,
              checked, calibratedWithin, calibratedChecked);
        QVERIFY(checked >= 50);
        QVERIFY2(withinStated >= 0.9 * checked, (std::to_string(withinStated) + " of " + std::to_string(checked)).c_str());
        QVERIFY2(calibratedWithin >= 0.9 * calibratedChecked,
                 (std::to_string(calibratedWithin) + " of " + std::to_string(calibratedChecked)).c_str());
    }
    // The measured step follows the active experts (and the planner's with it): the same
    // Qwen3-30B-A3B blocks at 2 of 128 experts per token run faster than at 8.
    void aMixturesStepFollowsItsActiveExperts() {
        const std::vector<Point> all = points();
        for (const char* strategy : {"single", "ddp"})
            for (const char* ckpt : {"none", "full"}) {
                const std::string tail = std::string(" ") + strategy + " checkpointing " + ckpt + " s=2048 micro=1";
                const auto find = [&](const std::string& where) {
                    const auto it = std::find_if(all.begin(), all.end(), [&](const Point& p) { return p.where == where; });
                    if (it == all.end()) qFatal("%s: not measured", where.c_str());
                    return *it;
                };
                const Point top8 = find("qwen3-30b-a3b" + tail), top2 = find("qwen3-30b-a3b-top2" + tail);
                QVERIFY2(top2.measuredS < top8.measuredS, tail.c_str());
            }
        const auto plan = [&](const std::string& where) {
            return std::find_if(all.begin(), all.end(), [&](const Point& p) { return p.where == where; })->plan;
        };
        const std::string tail = " single checkpointing none s=2048 micro=1";
        QVERIFY(estimate(plan("qwen3-30b-a3b-top2" + tail), {1, 1}).stepTimeS.value <
                estimate(plan("qwen3-30b-a3b" + tail), {1, 1}).stepTimeS.value);
    }
};

QTEST_APPLESS_MAIN(TestFamiliesTruth)
#include "tst_families_truth.moc"
