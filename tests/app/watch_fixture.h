#pragma once
// What the Watch page's tests share (tst_watch_parts, tst_watch_view): settings of
// their own, a folder for the metrics files they write, and the lines of a trainer's
// run in the metrics protocol (docs/metrics-protocol.md) that each test fills with
// the values it needs.

#include "test_files.h"
#include "test_support.h"

#include <QByteArray>
#include <QString>
#include <QTemporaryDir>

namespace traindeck::test {

// A test class holds it as a base beside QObject and calls isolate() in initTestCase.
struct WatchFixture {
    QTemporaryDir tmp;       // the metrics files and exports the test writes
    QTemporaryDir settings;  // the window's settings, never the user's

    void isolate() { isolateSettings(settings); }

    // `lines` written to `name` in tmp; its path, for addSource.
    QString write(const QString& name, const QByteArray& lines) {
        test_files::writeFile(tmp.filePath(name), lines);
        return tmp.filePath(name);
    }
};

// A run's start: one node of 2 GPUs, micro-batch 4, 100 steps planned; the device
// named where given ("NVIDIA H200": the cards show its capacity).
inline QByteArray startLine(const QByteArray& device = {}) {
    return R"({"v":1,"event":"start","time":1,"nodes":1,"gpus_per_node":2,"world_size":2,"micro_batch":4,)"
           R"("grad_accum":1,"effective_batch":8,"total_steps":100)" +
           (device.isEmpty() ? QByteArray() : R"(,"device":")" + device + "\"") + "}\n";
}

// Step `step` (from 0), logged at time 2 + step, with `values` (`"loss":0.5,"samples_per_s":100`).
inline QByteArray stepLine(int step, const QByteArray& values) {
    return R"({"v":1,"event":"step","time":)" + QByteArray::number(2 + step) + R"(,"step":)" + QByteArray::number(step) +
           ',' + values + "}\n";
}

// The run's end after step `lastStep`, at `time`, with `values` (`"status":"failed"`).
inline QByteArray endLine(double time, int lastStep, const QByteArray& values) {
    return R"({"v":1,"event":"end","time":)" + QByteArray::number(time) + R"(,"step":)" + QByteArray::number(lastStep) +
           ',' + values + "}\n";
}

}  // namespace traindeck::test
