#include "generate/ml_configs.h"

#include "generate/generate.h"
#include "plan/plan_fields.h"

#include <nlohmann/json.hpp>

namespace traindeck::generate {

bool hasDeepSpeedConfig(const Plan& plan) { return plan.recipe.fsdp == Recipe::Fsdp::None; }

Text noDeepSpeedConfig(const Plan& plan) {
    const auto value = [&](const char* key) { return Text::value(findPlanField(key)->get(plan)); };
    // (FSDP with a ZeRO stage never comes here: validatePlan refuses the plan.)
    // A DeepSpeed config cannot hold a comment (plain JSON), so it is not written at all.
    return Text(TD_TEXT("GenerateErrors", "the plan shards with FSDP (%1 %2), which DeepSpeed does not run: use the "
                                          "accelerate config, or a ZeRO stage (%3) instead of FSDP"),
                {planFieldName("recipe.fsdp"), value("recipe.fsdp"), planFieldName("recipe.zero_stage")});
}

std::string deepSpeedConfig(const Plan& plan, const LaunchFigures& f) {
    if (!hasDeepSpeedConfig(plan)) throw GenerateError(noDeepSpeedConfig(plan));
    const Recipe& r = plan.recipe;
    using nlohmann::ordered_json;
    ordered_json zero = {{"stage", r.zeroStage}};
    if (r.offloadOptimizer) zero["offload_optimizer"] = {{"device", "cpu"}, {"pin_memory", true}};
    if (r.zeroStage >= 2) {
        // Overlap the reduce-scatter with backward, as the planner's step time assumes.
        zero["overlap_comm"] = true;
        zero["contiguous_gradients"] = true;
    }
    ordered_json config = {
        // DeepSpeed refuses to start unless train_batch_size ==
        // micro × accumulation × world size; all three are written so it can check.
        {"train_batch_size", f.effectiveBatch},
        {"train_micro_batch_size_per_gpu", f.microBatch},
        {"gradient_accumulation_steps", f.gradAccum},
        {"gradient_clipping", 1.0},
        {"bf16", {{"enabled", r.precision == Precision::Bf16}}},
        {"fp16", {{"enabled", r.precision == Precision::Fp16}}},
        {"zero_optimization", zero},
        // The trainer's optimizer and schedule (docs/trainer-workload.md):
        // AdamW β (0.9, 0.95), linear warmup, cosine down to 0.1 × peak.
        {"optimizer",
         {{"type", "AdamW"},
          {"params", {{"lr", f.lr}, {"betas", {0.9, 0.95}}, {"eps", 1e-8}, {"weight_decay", 0.01}}}}},
        {"scheduler",
         {{"type", "WarmupCosineLR"},
          {"params",
           {{"total_num_steps", f.totalSteps},
            {"warmup_num_steps", f.warmupSteps},
            {"warmup_type", "linear"},
            {"warmup_min_ratio", 0.0},
            {"cos_min_ratio", 0.1}}}}},
        {"steps_per_print", 100},
        {"wall_clock_breakdown", false},
    };
    return config.dump(2) + "\n";
}

}  // namespace traindeck::generate
