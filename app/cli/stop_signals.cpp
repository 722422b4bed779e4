#include "cli/stop_signals.h"

#include <csignal>

namespace traindeck::cli {

namespace {

StopSignals gStopSignals;

extern "C" void onStopSignal(int sig) {
    gStopSignals.last = sig;
    ++gStopSignals.count;
}

}  // namespace

StopSignals& catchStopSignals() {
    struct sigaction sa {};
    sa.sa_handler = onStopSignal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, nullptr);
    sigaction(SIGTERM, &sa, nullptr);
    return gStopSignals;
}

}  // namespace traindeck::cli
