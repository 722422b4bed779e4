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
#include "stream_lines.h"

#include <QApplication>
#include <QTemporaryDir>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <string>

namespace {

constexpr int kCapacity = 1 << 14, kSteps = 62'500, kBatches = 32, kBatch = 1000;

using traindeck::bench::line;
using traindeck::bench::lossPoints;

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
