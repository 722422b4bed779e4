// The planner against measured truth (fixtures/model_truth.json, written by
// bench/model_truth.py on an H100: Hugging Face models built from their configs,
// shrunk to a few layers, trained with AdamW): at every measured point, the plan's
// memory per GPU less its fixed overhead is within 10% of the step's
// torch.cuda.max_memory_allocated.
#include "model/architecture.h"
#include "plan/plan.h"
#include "plan/plan_fields.h"
#include "plan/step_memory.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <cmath>
#include <fstream>

using namespace traindeck;

class TestModelTruth : public QObject {
    Q_OBJECT
private slots:
    void peakMemoryWithinTenPercent() {
        std::ifstream in(MODEL_FIXTURES "/model_truth.json");
        const auto truth = nlohmann::json::parse(in);
        int points = 0;
        for (const auto& [name, entry] : truth["models"].items()) {
            if (!entry.contains("layers")) continue;
            model::Architecture a;
            Text error;
            QVERIFY(model::architectureFromHfConfigFile(MODEL_FIXTURES "/configs/" + entry["config"].get<std::string>(), a, error));
            a.layers = entry["layers"].get<long long>();
            for (const auto& point : entry["points"]) {
                if (point.contains("oom")) continue;
                Plan plan;
                QVERIFY(setPlanField(plan, "model.architecture", model::architectureText(a)).empty());
                if (a.isLanguageModel())
                    QVERIFY(setPlanField(plan, "model.tokens_per_sample", std::to_string(point["seq"].get<int>())).empty());
                QVERIFY(setPlanField(plan, "recipe.micro_batch", std::to_string(point["micro_batch"].get<int>())).empty());
                QVERIFY(setPlanField(plan, "recipe.global_batch", "0").empty());
                QVERIFY(setPlanField(plan, "recipe.grad_accum", "1").empty());
                QVERIFY(setPlanField(plan, "model.activation_checkpointing", point["checkpointing"].get<std::string>()).empty());
                const Layout one{1, 1};
                // "amp": the plan's own bf16 (fp32 weights under autocast); "bf16": everything in
                // bf16, AdamW's moments too (2 + 2 + 4 bytes per parameter).
                const StepMemory m = point["mode"] == "amp" ? stepMemory(plan, one)
                                                            : stepMemory(plan, one, model::Numerics::Half, {2, 2, 4});
                const double planned = m.peak.total() - m.peak.overheadGb;
                const double measured = point["peak_bytes"].get<double>() / 1e9;
                const std::string where = name + " " + point["mode"].get<std::string>() + " checkpointing " +
                                          point["checkpointing"].get<std::string>() + " s=" + std::to_string(point["seq"].get<int>()) +
                                          " micro=" + std::to_string(point["micro_batch"].get<int>()) + ": planned " +
                                          std::to_string(planned) + " GB, measured " + std::to_string(measured) + " GB";
                qInfo("%s", where.c_str());
                QVERIFY2(std::fabs(planned / measured - 1) <= 0.10, where.c_str());
                ++points;
            }
        }
        QVERIFY(points >= 40);
    }
};

QTEST_APPLESS_MAIN(TestModelTruth)
#include "tst_model_truth.moc"
