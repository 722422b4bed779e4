#pragma once
// A figure the planner shows, with the formula it came from and the same formula with
// the numbers put in, so that a user can check it (estimate.h, run_timeline.h).

#include "text/text.h"

#include <string>

namespace traindeck {

struct Figure {
    double value = 0;
    std::string unit;         // "samples", "GiB", "s", "" ...
    Text formula;             // "micro × world × accumulation", translatable (context "Formulas")
    std::string worked;       // "16 × 16 × 1 = 256"
};

}  // namespace traindeck
