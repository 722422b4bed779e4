#include "plan/plan.h"

#include "plan/plan_fields.h"

namespace traindeck {

Plan demoPlan() {
    // The trainer's bench-large workload (docs/trainer-workload.md):
    // tae-mlp large on 8-frame 256×256 clips, 16 clips per GPU, on two 8-GPU H100 nodes.
    Plan plan;
    plan.name = "demo";
    plan.cluster.nodes = 2;
    plan.cluster.gpusPerNode = 8;
    plan.cluster.gpu = "h100";
    plan.cluster.network = "ib-8x400";
    plan.model.name = "tae-mlp-large";
    setPlanField(plan, "model.preset", "large");  // 102,400,208 parameters, counted from the model
    plan.model.tokensPerSample = 8 * (256 / 8) * (256 / 8);  // frames × patches per frame
    plan.model.flopsPerSample = 0;
    plan.model.activationGbPerSample = 1.6;
    plan.recipe.microBatch = 16;
    plan.recipe.gradAccum = 1;
    plan.recipe.globalBatch = 256;
    plan.recipe.baseLr = 1e-3;
    plan.recipe.baseBatch = 256;
    plan.recipe.warmupSteps = 200;
    plan.recipe.totalSteps = 5000;
    plan.recipe.datasetSize = 1'000'000;
    plan.recipe.checkpointEvery = 500;
    plan.recipe.evalEvery = 250;
    plan.launch.jobName = "traindeck-demo";
    return plan;
}

}  // namespace traindeck
