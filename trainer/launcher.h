#pragma once
// --nproc-per-node N: this process is the node's launcher. It reads the node's index
// and the node count by the platform's convention, starts N workers (this same
// binary, with RANK/LOCAL_RANK/WORLD_SIZE set) and supervises them: SIGTERM/SIGINT
// are passed on; when one worker fails, the others get --comm-timeout to notice and
// report it themselves, then are killed, and the launcher exits 1 naming the rank.

#include "options.h"

namespace traindeck::trainer {

int runLauncher(const Options& options, char** argv);

}  // namespace traindeck::trainer
