#pragma once
// One worker process: rendezvous, backend, resume, the optimizer steps of the
// workload file, metrics, checkpoints, and the fault path. Returns the exit status
// (0 completed, 143 interrupted); failures write their error event and exit from
// inside (another thread may be stuck in a collective). Throws UsageError for a bad
// environment before any rank waits for this one.

#include "options.h"

namespace traindeck::trainer {

int runWorker(const Options& options);

}  // namespace traindeck::trainer
