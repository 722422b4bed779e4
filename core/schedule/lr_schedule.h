#pragma once
// The learning-rate schedule of a TrainDeck run: linear warmup, then cosine decay.
// One implementation serves the planner (which draws it) and the trainer (which
// follows it), so that what the user sees is what the run does.

namespace traindeck {

struct LrSchedule {
    double peak = 1e-3;          // learning rate reached at the end of warmup
    long warmupSteps = 0;        // lr(n) = peak·(n+1)/warmup for n < warmup
    long totalSteps = 1;         // optimizer steps in the whole run
    double finalFraction = 0.1;  // the cosine ends at finalFraction·peak on the last step
};

// Learning rate for optimizer step `step` (counted from 0).
double learningRate(const LrSchedule& schedule, long step);

}  // namespace traindeck
