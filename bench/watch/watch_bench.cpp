// Speed of core/metrics' readers, one core: the trainer's JSON `step` lines into
// the store (lines/s), TensorBoard event files (MB/s), and opening a TensorBoard
// run of 100k steps × 4 tags (seconds, from the first byte to the last point).
//   watch_bench                 synthetic inputs (written here, as the real writers lay them out)
//   watch_bench EVENTS_FILE     also times opening that event file (e.g. one SummaryWriter wrote)
//   WATCH_BENCH_EVENTS=PATH     writes the synthetic event file there and keeps it
// Prints one JSON object.
#include "metrics/text_stream.h"
#include "metrics/tfevents.h"
#include "watch/watch.h"

#include <chrono>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "metrics/crc32c.h"

using namespace traindeck::metrics;
using namespace traindeck::watch;
using Clock = std::chrono::steady_clock;

namespace {

double seconds(Clock::time_point a, Clock::time_point b) { return std::chrono::duration<double>(b - a).count(); }

// This thread's CPU seconds: on a machine shared with other builds the wall clock
// counts their time too; the CPU time is what one core spent on our work.
double cpuSeconds() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

std::string stepLines(int n) {
    std::string all;
    all.reserve(std::size_t(n) * 260);
    char line[512];
    for (int i = 0; i < n; ++i) {
        const int len = std::snprintf(line, sizeof line,
            "{\"v\":1,\"event\":\"step\",\"time\":%.6f,\"step\":%d,\"epoch\":%.6g,\"samples_seen\":%d,\"loss\":%.17g,"
            "\"psnr\":%.17g,\"lr\":%.6g,\"grad_norm\":%.17g,\"step_time_s\":%.9f,\"samples_per_s\":%.15g,"
            "\"comm_time_s\":%.9f,\"gpu_mem_gb\":%.9f}\n",
            1795372979.1618521 + i * 0.134, i, i * 128 / 1048576.0, i * 128, 0.29 / (1 + i * 1e-4), 5.3 + i * 1e-5,
            1e-4, 0.0833 + (i % 7) * 1e-3, 0.134 + (i % 13) * 1e-4, 955.2 + (i % 11), 0.004 + (i % 5) * 1e-4, 41.7);
        all.append(line, std::size_t(len));
    }
    return all;
}

void varint(std::string& out, std::uint64_t v) {
    while (v >= 0x80) {
        out.push_back(char(v | 0x80));
        v >>= 7;
    }
    out.push_back(char(v));
}

// One TFRecord holding an Event {wall_time, step, summary {value {tag, simple_value}}} as SummaryWriter writes it.
void record(std::string& file, double wall, std::int64_t step, const std::string& tag, float value) {
    std::string value_msg;
    value_msg.push_back(0x0a);  // tag = 1
    varint(value_msg, tag.size());
    value_msg += tag;
    value_msg.push_back(0x15);  // simple_value = 2, fixed32
    value_msg.append(reinterpret_cast<const char*>(&value), 4);
    std::string summary;
    summary.push_back(0x0a);  // value = 1
    varint(summary, value_msg.size());
    summary += value_msg;
    std::string event;
    event.push_back(0x09);  // wall_time = 1, fixed64
    event.append(reinterpret_cast<const char*>(&wall), 8);
    event.push_back(0x10);  // step = 2
    varint(event, std::uint64_t(step));
    event.push_back(0x2a);  // summary = 5
    varint(event, summary.size());
    event += summary;
    const std::uint64_t length = event.size();
    char header[12];
    std::memcpy(header, &length, 8);
    const std::uint32_t lcrc = maskedCrc32c(header, 8);
    std::memcpy(header + 8, &lcrc, 4);
    file.append(header, 12);
    file += event;
    const std::uint32_t dcrc = maskedCrc32c(event.data(), event.size());
    file.append(reinterpret_cast<const char*>(&dcrc), 4);
}

std::string eventFile(int steps) {
    std::string file;
    const char* tags[] = {"train/loss", "train/psnr", "train/lr", "train/grad_norm"};
    for (int s = 0; s < steps; ++s)
        for (const char* t : tags)
            record(file, 1795372979.0 + s * 0.1, s, t, float(1.0 / (s + 1)));
    return file;
}

double openEventFile(const std::string& path, std::size_t& points) {
    const auto t0 = Clock::now();
    Watch w;
    traindeck::Text error;
    if (!w.add(path, error)) {
        std::fprintf(stderr, "%s\n", error.english().c_str());
        std::exit(2);
    }
    while (w.poll(std::size_t(64) << 20, unixNow())) {
    }
    w.finish(unixNow());
    const auto t1 = Clock::now();
    points = 0;
    for (const auto& r : w.store().runs())
        for (const auto& [k, s] : r->allSeries())
            points += s->appended();
    return seconds(t0, t1);
}

}  // namespace

int main(int argc, char** argv) {
    // 1. JSON lines: 1M step lines, fed in 1 MiB chunks as a followed file delivers them.
    const int lines = 1'000'000;
    const std::string text = stepLines(lines);
    double best = 1e9, bestCpu = 1e9;
    std::size_t stored = 0;
    for (int rep = 0; rep < 3; ++rep) {
        Run run("bench");
        TextStreamReader reader(run);
        const auto t0 = Clock::now();
        const double c0 = cpuSeconds();
        for (std::size_t at = 0; at < text.size(); at += 1 << 20)
            reader.feed(std::string_view(text).substr(at, 1 << 20), 0);
        best = std::min(best, seconds(t0, Clock::now()));
        bestCpu = std::min(bestCpu, cpuSeconds() - c0);
        stored = run.find("loss")->appended();
        if (rep == 0 && (stored != std::size_t(lines) || run.skippedLines != 0))
            return 1;
    }
    // Memory: one series of a million points (bounded by the folding policy).
    Series s("loss", -1);
    for (int i = 0; i < lines; ++i)
        s.append({i, double(i), 1.0 / (i + 1)});
    Series wide("loss", -1, std::size_t(1) << 20);
    for (int i = 0; i < lines; ++i)
        wide.append({i, double(i), 1.0 / (i + 1)});

    // 2. TensorBoard events: 100k steps × 4 tags.
    const std::string events = eventFile(100'000);
    double bestTf = 1e9, bestTfCpu = 1e9;
    for (int rep = 0; rep < 3; ++rep) {
        Run run("bench");
        TfEventsReader reader(run);
        const auto t0 = Clock::now();
        const double c0 = cpuSeconds();
        for (std::size_t at = 0; at < events.size(); at += 1 << 20)
            reader.feed(std::string_view(events).substr(at, 1 << 20), 0);
        bestTf = std::min(bestTf, seconds(t0, Clock::now()));
        bestTfCpu = std::min(bestTfCpu, cpuSeconds() - c0);
        if (run.find("train/loss")->appended() != 100'000)
            return 1;
    }
    // WATCH_BENCH_EVENTS: where the file goes and stays (tfevents_reference.py reads it next).
    const char* keep = std::getenv("WATCH_BENCH_EVENTS");
    const std::string path = keep ? keep : "/tmp/watch_bench.events.out.tfevents.0.bench";
    std::ofstream(path, std::ios::binary) << events;
    std::size_t points = 0;
    const double openSynthetic = openEventFile(path, points);
    std::printf("{\n  \"json_lines\": %d, \"json_bytes\": %zu, \"json_seconds\": %.4f, \"json_lines_per_s\": %.0f, \"json_mb_per_s\": %.1f,\n",
                lines, text.size(), best, lines / best, text.size() / best / 1e6);
    std::printf("  \"json_lines_per_cpu_s\": %.0f, \"tfevents_mb_per_cpu_s\": %.1f,\n", lines / bestCpu,
                events.size() / bestTfCpu / 1e6);
    std::printf("  \"series_points_kept_of_1M\": %zu, \"series_bytes_1M_default\": %zu, \"series_bytes_1M_full_resolution\": %zu,\n",
                s.points().size(), s.bytes(), wide.bytes());
    std::printf("  \"tfevents_bytes\": %zu, \"tfevents_seconds\": %.4f, \"tfevents_mb_per_s\": %.1f,\n", events.size(), bestTf,
                events.size() / bestTf / 1e6);
    std::printf("  \"open_100k_x_4_synthetic_s\": %.4f, \"open_100k_x_4_points\": %zu", openSynthetic, points);
    if (argc > 1) {
        const double t = openEventFile(argv[1], points);
        std::printf(",\n  \"open_given_file_s\": %.4f, \"open_given_file_points\": %zu", t, points);
    }
    std::printf("\n}\n");
    if (!keep)
        std::remove(path.c_str());
    return 0;
}
