// Speed of the Watch page, offscreen:
//   - a replot of 8 cards × 1M points each (QCustomPlot alone, adaptive sampling: the
//     reference), the page's full redraw of 8 series × 1M points (the store's points
//     into the cards' envelopes, smoothed, each card's M4 points handed over,
//     replotted), and the page's 8 cards replotted alone;
//   - the event loop's longest wait while 100,000 trainer lines/s stream into a
//     followed file for 5 s (a 5 ms timer measures the gaps).
// Run with QT_QPA_PLATFORM=offscreen. Prints one JSON object.
#include "gui/watch_page.h"
#include "metrics/run.h"

#include <qcustomplot.h>

#include <QApplication>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <thread>
#include <vector>

namespace {

double medianMs(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

std::string line(int i) {
    char buf[512];
    const int n = std::snprintf(buf, sizeof buf,
        "{\"v\":1,\"event\":\"step\",\"time\":%.6f,\"step\":%d,\"loss\":%.17g,\"psnr\":%.6g,\"lr\":1e-4,"
        "\"grad_norm\":0.8,\"step_time_s\":0.134,\"samples_per_s\":955.2,\"comm_time_s\":0.004,\"gpu_mem_gb\":41.7}\n",
        1795372979.0 + i * 1e-5, i, 0.29 / (1 + i * 1e-4), 5.3 + i * 1e-5);
    return std::string(buf, std::size_t(n));
}

}  // namespace

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    constexpr int kPoints = 1'000'000;

    // 1a. QCustomPlot alone: 8 cards, 1M points each.
    QWidget grid;
    grid.resize(1600, 1000);
    std::vector<QCustomPlot*> plots;
    QVector<double> xs(kPoints), ys(kPoints);
    for (int i = 0; i < kPoints; ++i) {
        xs[i] = i;
        ys[i] = 0.3 * std::exp(-i / 2e5) + 0.01 * std::sin(i * 0.01) + 0.001 * (i % 13);
    }
    for (int c = 0; c < 8; ++c) {
        auto* p = new QCustomPlot(&grid);
        p->setGeometry((c % 2) * 800, (c / 2) * 250, 800, 250);
        QCPGraph* g = p->addGraph();
        g->setData(xs, ys, true);
        g->setAdaptiveSampling(true);
        p->rescaleAxes();
        plots.push_back(p);
    }
    grid.show();
    std::vector<double> replot;
    for (int rep = 0; rep < 10; ++rep) {
        QElapsedTimer t;
        t.start();
        for (QCustomPlot* p : plots)
            p->replot(QCustomPlot::rpImmediateRefresh);
        replot.push_back(double(t.nsecsElapsed()) / 1e6);
    }

    // 1b. The page's full redraw: 8 cards' series of 1M points in the store.
    QTemporaryDir dir;
    const QString big = dir.filePath("big.jsonl");
    {
        std::ofstream out(big.toStdString());
        for (int i = 0; i < kPoints; ++i)
            out << line(i);
    }
    traindeck::gui::WatchPage page;
    page.resize(1600, 1000);
    page.watch().store().seriesCapacity = std::size_t(1) << 20;  // full resolution for the benchmark
    page.show();
    page.addSource(big);
    while (page.watch().poll(64u << 20, 0)) {
    }
    std::vector<double> redraw;
    for (int rep = 0; rep < 5; ++rep) {
        QElapsedTimer t;
        t.start();
        page.replotNow();
        for (QCustomPlot* p : page.cards())
            p->replot(QCustomPlot::rpImmediateRefresh);
        redraw.push_back(double(t.nsecsElapsed()) / 1e6);
    }
    // 1c. The page's cards alone, drawn from their envelopes (per pixel column M4, metrics/envelope.h).
    std::vector<double> pageReplot;
    for (int rep = 0; rep < 10; ++rep) {
        QElapsedTimer t;
        t.start();
        for (int c = 0; c < 8; ++c)
            page.cards()[std::size_t(c)]->replot(QCustomPlot::rpImmediateRefresh);
        pageReplot.push_back(double(t.nsecsElapsed()) / 1e6);
    }
    std::size_t held = 0;
    for (const auto& [k, s] : page.watch().store().runs()[0]->allSeries())
        held += s->points().size();

    page.hide();  // the 8M-point page is done: only the follower below is on screen
    app.processEvents();

    // 2. Streaming: 100k lines/s appended for 5 s while the page follows the file.
    const QString live = dir.filePath("live.jsonl");
    std::ofstream(live.toStdString()).close();
    traindeck::gui::WatchPage follower;
    follower.resize(1600, 1000);
    follower.show();
    follower.addSource(live);
    std::atomic<bool> done{false};
    std::atomic<int> written{0};
    std::thread writer([&] {
        std::ofstream out(live.toStdString(), std::ios::app);
        const auto start = std::chrono::steady_clock::now();
        for (int batch = 0; batch < 500; ++batch) {  // 500 × 10 ms × 1000 lines
            std::string chunk;
            for (int k = 0; k < 1000; ++k)
                chunk += line(batch * 1000 + k);
            out << chunk << std::flush;
            written += 1000;
            std::this_thread::sleep_until(start + std::chrono::milliseconds(10 * (batch + 1)));
        }
        done = true;
    });
    QElapsedTimer clock;
    clock.start();
    qint64 last = 0, worst = 0;
    QTimer tick;
    tick.setInterval(5);
    QObject::connect(&tick, &QTimer::timeout, [&] {
        const qint64 now = clock.elapsed();
        worst = std::max(worst, now - last);
        last = now;
        if (done && now > 5500)
            app.quit();
    });
    tick.start();
    app.exec();
    writer.join();
    const auto& runs = follower.watch().store().runs();
    const std::size_t got = runs.empty() ? 0 : runs[0]->find("loss")->appended();

    std::printf("{\n  \"replot_8_cards_x_1M_points_ms_median\": %.2f, \"replot_ms_max\": %.2f,\n", medianMs(replot),
                *std::max_element(replot.begin(), replot.end()));
    std::printf("  \"page_redraw_8_series_x_1M_ms_median\": %.1f, \"page_points_held\": %zu,\n", medianMs(redraw), held);
    std::printf("  \"page_replot_8_cards_x_1M_from_envelopes_ms_median\": %.2f, \"page_replot_ms_max\": %.2f,\n",
                medianMs(pageReplot), *std::max_element(pageReplot.begin(), pageReplot.end()));
    std::printf("  \"stream_lines_written\": %d, \"stream_lines_read\": %zu, \"event_loop_worst_gap_ms\": %lld, \"replots\": %d\n}\n",
                written.load(), got, (long long)worst, follower.replots());
    return 0;
}
