#pragma once
// How one layout splits the plan's batch into micro-batch × accumulation.
//
// Without a target global batch the plan's own micro-batch and accumulation hold
// on every layout. With one, each layout solves its own split: the plan's
// micro-batch is the largest a GPU takes, and a larger world lowers it, so that
// micro × accumulation × world reaches the target exactly where any split can
// (256 on 64 GPUs: micro 4 × accumulation 1, not micro 16 and a batch of 1024).
// Where none can (the target is not a multiple of the world), the closest batch
// wins, the larger micro-batch on a tie; findings() names the difference.
// Estimates, findings, the memory fixes and the cost solver all take it from here.

#include "plan/plan.h"

namespace traindeck {

struct BatchSplit {
    int microBatch = 1;
    int gradAccum = 1;
    long batch(int worldSize) const { return long(microBatch) * gradAccum * worldSize; }
};

BatchSplit solveBatch(const Recipe& recipe, int worldSize);

}  // namespace traindeck
