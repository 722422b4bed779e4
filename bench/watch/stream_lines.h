#pragma once
// What the Watch benchmarks stream (watch_gui_bench, watch_stream_batches): the
// trainer's step line `i` (every card's metric, a loss that decays with noise),
// and how many loss points a page's store has taken.
#include "gui/watch/watch_page.h"
#include "metrics/run.h"

#include <cmath>
#include <cstdio>
#include <string>

namespace traindeck::bench {

inline std::string line(int i) {
    char buf[512];
    const int n = std::snprintf(buf, sizeof buf,
        "{\"v\":1,\"event\":\"step\",\"time\":%.6f,\"step\":%d,\"loss\":%.17g,\"psnr\":%.6g,\"lr\":1e-4,"
        "\"grad_norm\":0.8,\"step_time_s\":0.134,\"samples_per_s\":955.2,\"comm_time_s\":0.004,\"gpu_mem_gb\":41.7}\n",
        1795372979.0 + i * 1e-5, i, 0.3 * std::exp(-i / 2e5) + 0.01 * std::sin(i * 0.01) + 0.001 * (i % 13),
        5.3 + i * 1e-5 + 0.01 * std::sin(i * 0.003) + 0.002 * (i % 7));
    return std::string(buf, std::size_t(n));
}

inline std::size_t lossPoints(gui::WatchPage& page) {
    const auto& runs = page.watch().store().runs();
    return runs.empty() || !runs[0]->find("loss") ? 0 : runs[0]->find("loss")->appended();
}

}  // namespace traindeck::bench
