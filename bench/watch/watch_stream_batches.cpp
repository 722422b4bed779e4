// The streaming case of watch_gui_bench at a size callgrind can run: a page
// showing a run of kSteps steps (series capacity kCapacity, the same ratio as a
// 1M-step run under the default 2^18), then kBatches batches of kBatch lines
// appended to the followed file, each read and drawn before the next. Everything
// the GUI thread does per batch happens inside streamBatches(), so
//   valgrind --tool=callgrind --toggle-collect='*streamBatches*' build/bench/watch/watch_stream_batches
// counts the instructions of the batches alone (the machine's load does not change them).
#include "gui/plan/plan_document.h"
#include "gui/watch/watch_page.h"
#include "metrics/run.h"

#include <QApplication>
#include <QTemporaryDir>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <string>

namespace {

constexpr int kCapacity = 1 << 14, kSteps = 62'500, kBatches = 32, kBatch = 1000;

std::string line(int i) {
    char buf[512];
    const int n = std::snprintf(buf, sizeof buf,
        "{\"v\":1,\"event\":\"step\",\"time\":%.6f,\"step\":%d,\"loss\":%.17g,\"psnr\":%.6g,\"lr\":1e-4,"
        "\"grad_norm\":0.8,\"step_time_s\":0.134,\"samples_per_s\":955.2,\"comm_time_s\":0.004,\"gpu_mem_gb\":41.7}\n",
        1795372979.0 + i * 1e-5, i, 0.3 * std::exp(-i / 2e5) + 0.01 * std::sin(i * 0.01) + 0.001 * (i % 13),
        5.3 + i * 1e-5 + 0.01 * std::sin(i * 0.003) + 0.002 * (i % 7));
    return std::string(buf, std::size_t(n));
}

std::size_t lossPoints(traindeck::gui::WatchPage& page) {
    const auto& runs = page.watch().store().runs();
    return runs.empty() || !runs[0]->find("loss") ? 0 : runs[0]->find("loss")->appended();
}

// Until the page has read `lines` lines and drawn them (a redraw after the last read, nothing left to copy).
void settle(QApplication& app, traindeck::gui::WatchPage& page, std::size_t lines) {
    while (lossPoints(page) < lines)
        app.processEvents(QEventLoop::AllEvents | QEventLoop::WaitForMoreEvents);
    const int replots = page.replots();
    while (page.replots() == replots || page.copying())
        app.processEvents(QEventLoop::AllEvents | QEventLoop::WaitForMoreEvents);
}

__attribute__((noinline)) void streamBatches(QApplication& app, traindeck::gui::WatchPage& page, const QString& file) {
    std::ofstream f(file.toStdString(), std::ios::app);
    for (int b = 0; b < kBatches; ++b) {
        std::string chunk;
        for (int k = 0; k < kBatch; ++k)
            chunk += line(kSteps + b * kBatch + k);
        f << chunk << std::flush;
        settle(app, page, std::size_t(kSteps + (b + 1) * kBatch));
    }
}

}  // namespace

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QTemporaryDir dir;
    const QString file = dir.filePath("run.jsonl");
    {
        std::ofstream out(file.toStdString());
        for (int i = 0; i < kSteps; ++i)
            out << line(i);
    }
    traindeck::gui::PlanDocument plan;
    traindeck::gui::WatchPage page(plan);
    page.resize(1600, 1000);
    page.watch().store().seriesCapacity = kCapacity;
    page.show();
    page.addSource(file);
    settle(app, page, kSteps);
    const int replots = page.replots();
    const traindeck::gui::WatchPage::Work before = page.work();
    streamBatches(app, page, file);
    const traindeck::gui::WatchPage::Work after = page.work();
    std::printf("{\"batches\": %d, \"lines_per_batch\": %d, \"replots\": %d, \"whole_draws\": %d, \"recopies\": %d, "
                "\"summaries\": %d}\n",
                kBatches, kBatch, page.replots() - replots, after.wholeDraws - before.wholeDraws,
                after.recopies - before.recopies, after.summaries - before.summaries);
    return 0;
}
