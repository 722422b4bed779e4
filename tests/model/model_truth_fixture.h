#pragma once
// The measured points of fixtures/model_truth.json (bench/model_truth.py) with the
// plan of each: the shrunk architecture, the point's sequence (language models),
// micro-batch and checkpointing, no accumulation. Shared by the memory test
// (tests/model/tst_model_truth) and the step-time test (tests/plan/tst_step_time_truth).
#include "model/architecture.h"
#include "plan/plan.h"
#include "plan/plan_fields.h"

#include <nlohmann/json.hpp>

#include <QtGlobal>

#include <fstream>
#include <string>
#include <vector>

namespace traindeck::truth {

struct Point {
    std::string model;        // the fixture's name: "llama-3.1-8b"
    std::string mode;         // "amp" or "bf16"
    std::string where;        // "llama-3.1-8b amp checkpointing full s=512 micro=2"
    Plan plan;
    nlohmann::json measured;  // the fixture's point
};

inline Plan pointPlan(const model::Architecture& a, const nlohmann::json& point) {
    Plan plan;
    auto set = [&](const char* key, const std::string& value) {
        if (!setPlanField(plan, key, value).empty()) qFatal("%s = %s refused", key, value.c_str());
    };
    set("model.architecture", model::architectureText(a));
    if (a.isLanguageModel()) set("model.tokens_per_sample", std::to_string(point["seq"].get<int>()));
    set("recipe.micro_batch", std::to_string(point["micro_batch"].get<int>()));
    set("recipe.global_batch", "0");
    set("recipe.grad_accum", "1");
    set("model.activation_checkpointing", point["checkpointing"].get<std::string>());
    return plan;
}

// Every point that ran (no out-of-memory), in the fixture's order.
inline std::vector<Point> points(const std::string& fixtures) {
    std::ifstream in(fixtures + "/model_truth.json");
    const auto truth = nlohmann::json::parse(in);
    std::vector<Point> out;
    for (const auto& [name, entry] : truth["models"].items()) {
        if (!entry.contains("layers")) continue;
        model::Architecture a;
        Text error;
        if (!model::architectureFromHfConfigFile(fixtures + "/configs/" + entry["config"].get<std::string>(), a, error))
            qFatal("%s: its config does not read", name.c_str());
        a.layers = entry["layers"].get<long long>();
        for (const auto& point : entry["points"]) {
            if (point.contains("oom")) continue;
            const std::string mode = point["mode"].get<std::string>();
            out.push_back({name, mode,
                           name + " " + mode + " checkpointing " + point["checkpointing"].get<std::string>() +
                               " s=" + std::to_string(point["seq"].get<int>()) +
                               " micro=" + std::to_string(point["micro_batch"].get<int>()),
                           pointPlan(a, point), point});
        }
    }
    return out;
}

}  // namespace traindeck::truth
