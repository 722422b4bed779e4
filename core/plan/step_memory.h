#pragma once
// Memory per GPU as it peaks within one training step, not a sum of parts: the
// forward's activations are all alive when backward starts (with the logits'
// gradients on top), while the gradients only exist in full once backward ends.
// The step is walked through those moments and the largest is the figure:
//
//   backward start  weights + optimizer states + kept activations + logits and their
//                   gradients (+ gradients already accumulated by earlier micro-steps)
//   last block      the same less the logits, with the last block's backward (and its
//                   recomputation under checkpointing)
//   backward end    weights + optimizer states + gradients + one block's backward
//   optimizer step  weights + optimizer states + gradients
//
// for DeepSpeed ZeRO 0–3 and PyTorch FSDP (full shard, shard-grad-op, hybrid shard
// within a node), each sharding what it shards over the ranks that share it.

#include "model/training_cost.h"
#include "plan/plan.h"
#include "text/text.h"

#include <string>

namespace traindeck {

// Bytes per parameter of each model state on one GPU before sharding.
struct StateBytes {
    double weights = 0, grads = 0, optimizer = 0;
};

struct StepMemoryParts {
    double weightsGb = 0, gradsGb = 0, optimizerGb = 0, activationsGb = 0, logitsGb = 0, overheadGb = 0;
    double total() const { return weightsGb + gradsGb + optimizerGb + activationsGb + logitsGb + overheadGb; }
};

struct StepMemory {
    StepMemoryParts peak;   // the breakdown at the peak
    TextTemplate phase;     // where in the step the peak is (context "Formulas")
    Text formula;
    std::string worked;
};

// How the plan holds its states: AMP (fp32 weights, 16-bit copies), DeepSpeed or FSDP
// in 16 bits with fp32 master weights, or fp32.
model::Numerics planNumerics(const Plan&);
StateBytes planStateBytes(const Plan&);

// The step's peak for `layout` with the plan's numerics; or with the ones given
// (pure bf16 training: Half with 2/2/4 bytes, for the measurements that have it).
StepMemory stepMemory(const Plan&, const Layout&);
// Why the weights take what they take per parameter, for the memory legend: the
// weights halve from ZeRO 0 to ZeRO 1 because DeepSpeed keeps 16-bit weights
// (their fp32 master copy counted in the optimizer state), where PyTorch's AMP
// keeps fp32 weights. Follows planStateBytes().
Text weightsNote(const Plan& plan);
StepMemory stepMemory(const Plan&, const Layout&, model::Numerics, StateBytes);

// The architecture's activations for the plan's micro-batch, and whether the plan has one.
bool planArchitecture(const Plan&, model::Architecture& out);
model::Checkpointing planCheckpointing(const Plan&);

}  // namespace traindeck
