#pragma once
// The measured points of fixtures/step_truth/step_truth.json (bench/step_truth.py) with the
// plan of each: the model's architecture from its config (at the blocks measured), the point's
// sequence, micro-batch and checkpointing, no accumulation, one node of the point's GPUs, and
// FSDP's sharding where the point used it.
#include "model/architecture.h"
#include "plan/plan.h"
#include "plan/plan_fields.h"

#include <nlohmann/json.hpp>

#include <QtGlobal>

#include <fstream>
#include <map>
#include <string>
#include <vector>

namespace traindeck::steptruth {

struct Point {
    std::string model;     // "llama-3.1-8b"
    std::string strategy;  // "single", "ddp", "full_shard", "shard_grad_op"
    std::string set;       // "tuning": the planner's constants were set from it; "heldout": measured after
    std::string machine;   // "2gpu" or "4gpu": the device machine (each has its own host, and its own 1-GPU points)
    std::string where;     // "llama-3.1-8b ddp×2 checkpointing none s=1024 micro=1"
    Plan plan;
    Layout layout;
    double measuredS = 0;  // the median step (the slowest rank's)
    double hostS = 0;      // rank 0's issue time
    nlohmann::json raw;
};

inline std::map<std::string, std::string> configFiles(const std::string& planFixtures, const std::string& modelConfigs) {
    return {{"llama-3.1-8b", modelConfigs + "/llama-3.1-8b.json"},
            {"gpt2", modelConfigs + "/gpt2.json"},
            {"qwen2.5-7b", modelConfigs + "/qwen2.5-7b.json"},
            {"mistral-7b", modelConfigs + "/mistral-7b.json"},
            {"mixtral-small", planFixtures + "/step_truth/configs/mixtral-small.json"}};
}

inline std::vector<Point> points(const std::string& planFixtures, const std::string& modelConfigs) {
    std::ifstream in(planFixtures + "/step_truth/step_truth.json");
    const auto truth = nlohmann::json::parse(in);
    const auto files = configFiles(planFixtures, modelConfigs);
    std::vector<Point> out;
    for (const auto& raw : truth["points"]) {
        if (!raw.contains("step_s")) continue;  // a point that did not run (none in the fixture)
        Point p;
        p.model = raw["model"].get<std::string>();
        p.strategy = raw["strategy"].get<std::string>();
        p.set = raw.value("set", "tuning");
        p.machine = raw.value("machine", "2gpu");
        model::Architecture a;
        Text error;
        if (!model::architectureFromHfConfigFile(files.at(p.model), a, error)) qFatal("%s: its config does not read", p.model.c_str());
        a.layers = raw["layers"].get<long long>();
        const int gpus = raw["gpus"].get<int>();
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
        set("cluster.gpus_per_node", std::to_string(gpus));
        if (p.strategy == "full_shard" || p.strategy == "shard_grad_op") set("recipe.fsdp", p.strategy);
        p.layout = {1, gpus};
        p.measuredS = raw["step_s"].get<double>();
        p.hostS = raw["host_s"].get<double>();
        p.where = p.set + " " + p.machine + " " + p.model + " " + p.strategy + "×" + std::to_string(gpus) + " checkpointing " +
                  raw["checkpointing"].get<std::string>() + " s=" + std::to_string(raw["seq"].get<int>()) +
                  " micro=" + std::to_string(raw["micro_batch"].get<int>());
        p.raw = raw;
        out.push_back(p);
    }
    return out;
}

}  // namespace traindeck::steptruth
