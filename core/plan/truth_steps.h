#pragma once
// The measured steps built into the program (truth_fixtures.h), each as the plan that
// describes it: the models' steps on one H100 (model_truth.json), the step fixture on 1, 2
// and 4 H200s in DDP and FSDP2 (step_truth.json), today's decoder families on one H200
// (families_step_truth.json; its DDP on one GPU left out: no plan of one GPU runs DDP), and users' runs read as --calibrate-from
// reads them (tests/runs/fixtures: the Hugging Face Trainer's GPT-2 and the HF example's
// small Llama on 2×H200, with the host_s their meter measured). A point that does not read
// is left out, so a fixture of a newer format never stops the planner.

#include "plan/estimate.h"
#include "plan/plan.h"
#include "plan/step_memory.h"

#include "model/training_cost.h"

#include <string>
#include <vector>

namespace traindeck {

struct TruthStep {
    std::string family;       // the model's Hugging Face model_type: "llama", "gpt2", "mixtral"
    std::string group;        // one model on one host in one session: "tuning 2gpu llama-3.1-8b", "gpt2 amp"
    std::string source;       // the embedded file it was read from: "fixtures/families_step_truth.json"
    Plan plan;
    Layout layout{1, 1};
    model::Numerics numerics = model::Numerics::Mixed;
    StateBytes bytes{4, 4, 8};
    double measuredS = 0;
    double hostS = 0;         // the host issue time its run says (metrics-protocol.md host_s); 0: not said
    double hostShare = -1;    // the run's own host time over its step (time until step() returned, or host_s); -1: not said
    bool hostBound = false;   // the run's own timing says the host bounds it (its host time fills the step)
    bool reference = true;    // may be the run a user calibrates on
};

const std::vector<TruthStep>& truthSteps();

// The step's estimate at `plan` (the step's own, or it with fitted constants), held as it ran.
Estimate truthEstimate(const TruthStep& step, const Plan& plan);

}  // namespace traindeck
