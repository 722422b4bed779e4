#pragma once
// Ctrl-C and SIGTERM for a launcher that must stop what it started before it leaves
// (`traindeck launch` over SSH and through a scheduler): the handler only counts, the
// launcher's loop reads the count (first: stop gracefully; second: leave at once) and
// the last signal (its exit status, 130 or 143).

#include <atomic>

namespace traindeck::cli {

struct StopSignals {
    std::atomic<int> last{0};   // the last signal caught (SIGINT or SIGTERM); 0: none
    std::atomic<int> count{0};  // how many were caught
};

// Installs the handler for SIGINT and SIGTERM and returns the process's one counter.
StopSignals& catchStopSignals();

}  // namespace traindeck::cli
