#include "plan/batch_solve.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace traindeck {

BatchSplit solveBatch(const Recipe& r, int worldSize) {
    const int world = std::max(1, worldSize);
    if (r.globalBatch <= 0)
        return {r.microBatch, r.gradAccum};
    // A micro-batch above ⌊target / world⌋ + 1 only overshoots further: start there.
    const long ceiling = std::min<long>(r.microBatch, r.globalBatch / world + 1);
    BatchSplit best{int(std::max(1L, ceiling)), 1};
    long bestMiss = -1;
    for (long micro = std::max(1L, ceiling); micro >= 1; --micro) {
        const long perAccum = micro * world;
        const long accum = std::max(1L, std::lround(double(r.globalBatch) / double(perAccum)));
        const long miss = std::labs(perAccum * accum - r.globalBatch);
        if (bestMiss < 0 || miss < bestMiss) {
            best = {int(micro), int(accum)};
            bestMiss = miss;
        }
        if (miss == 0)
            break;  // exact, with the largest micro-batch that is
    }
    return best;
}

}  // namespace traindeck
