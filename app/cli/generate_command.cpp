#include "cli/commands.h"

#include <cstdio>

namespace traindeck::cli {

// Replaced by the generators (issue: generate every launch file from one plan).
int runGenerate(int, char**) {
    std::fputs("traindeck generate: not built yet\n", stderr);
    return 2;
}

}  // namespace traindeck::cli
