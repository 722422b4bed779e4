// The CPU backend's gpu_mem_gb is its peak resident memory in GiB (2^30 bytes),
// the unit of the CUDA backend and of the metrics protocol: checked against the
// kernel's own high-water mark, VmHWM in /proc/self/status. The CUDA backend's
// figure (device memory in use, from cudaMemGetInfo) goes through the same
// gibFromBytes, checked here on a card's numbers (CI has no GPU).

#include "predicates.h"
#include "gloo_backend.h"
#include "memory_unit.h"

#include <cstdint>
#include <cstring>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include <QtTest>

using namespace traindeck::trainer;

namespace {

// VmHWM (kB, which the kernel means as KiB), or -1.
double peakResidentKib() {
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind("VmHWM:", 0) == 0) return std::stod(line.substr(6));
    return -1;
}

}  // namespace

class TestPeakMemory : public QObject {
    Q_OBJECT
private slots:
    void cpuBackendReportsPeakResidentGib() {
        const std::unique_ptr<Backend> backend = makeGlooBackend();
        // 512 MiB touched: the peak is well above the program's own few MiB, so GB
        // (1e9) and GiB (2^30) differ by far more than the tolerance below.
        std::vector<char> block(std::size_t(512) << 20);
        std::memset(block.data(), 1, block.size());
        const double kib = peakResidentKib();
        QVERIFY(kib > 512 * 1024);
        const double reported = backend->peakMemoryGb();
        QVERIFY(near(reported, kib * 1024 / double(1u << 30), 1.0 / 1024));  // within 1 MiB
        QVERIFY(block[block.size() / 2] == 1);
    }

    void cardBytesAreGib() {
        // An H100 80GB's 81559 MiB all in use is 79.65 GiB (85.52 GB); 40 GiB in use is 40.
        QVERIFY(near(gibFromBytes(81559.0 * (1 << 20)), 79.647, 0.001));
        QVERIFY(near(gibFromBytes(double(std::uint64_t(40) << 30)), 40.0, 1e-12));
    }
};

QTEST_APPLESS_MAIN(TestPeakMemory)
#include "tst_peak_memory.moc"
