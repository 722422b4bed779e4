// Checkpoints: round trip, atomic writes, checksum, resume selection, config refusal.

#include "predicates.h"
#include "checkpoint.h"

#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <unistd.h>
#include <vector>

#include <QtTest>

using namespace traindeck::trainer;
namespace fs = std::filesystem;

namespace {

const std::string kConfig = "lr=0.001\nseed=0\n";

Checkpoint sample(long step, const std::string& config = kConfig) {
    Checkpoint c;
    c.step = step;
    c.samplesSeen = uint64_t(step) * 8;
    c.config = config;
    for (int i = 0; i < 100; ++i) {
        c.state.params.push_back(float(i) * 0.5f + float(step));
        c.state.adamM.push_back(float(i) * -0.25f);
        c.state.adamV.push_back(float(i) * 0.125f);
    }
    return c;
}

}  // namespace

// Each case starts from an empty folder of its own.
class TestCheckpoint : public QObject {
    Q_OBJECT
    fs::path dir_;
    std::vector<std::string> warnings_;
    std::string path(long step) const { return checkpointPath(dir_.string(), step); }
    std::function<void(const std::string&)> warn() {
        return [this](const std::string& w) { warnings_.push_back(w); };
    }

private slots:
    void init() {
        dir_ = fs::temp_directory_path() / ("traindeck-ckpt-test-" + std::to_string(::getpid()));
        fs::remove_all(dir_);
        warnings_.clear();
    }
    void cleanup() { fs::remove_all(dir_); }

    void roundTripLeavesOneFile() {
        const Checkpoint c4 = sample(4);
        const uint64_t bytes = writeCheckpoint(path(4), c4);
        QVERIFY(bytes == fs::file_size(path(4)));
        const Checkpoint back = readCheckpoint(path(4));
        QVERIFY(back.step == 4 && back.samplesSeen == 32 && back.config == kConfig);
        QVERIFY(back.state.params == c4.state.params && back.state.adamM == c4.state.adamM &&
                back.state.adamV == c4.state.adamV);
        // Nothing but the checkpoint is left in the folder (the temp file was renamed).
        int files = 0;
        for (auto& e : fs::directory_iterator(dir_)) files += e.is_regular_file();
        QVERIFY(files == 1);
    }

    void resumeSkipsACorruptNewest() {
        writeCheckpoint(path(4), sample(4));
        writeCheckpoint(path(8), sample(8));
        auto newest = newestCheckpoint(dir_.string(), kConfig, warn());
        QVERIFY(newest && newest->step == 8 && warnings_.empty());

        // Flip one byte of the newest: it fails its checksum, resume takes the older one.
        {
            std::fstream f(path(8), std::ios::in | std::ios::out | std::ios::binary);
            f.seekp(100);
            f.put('\x7f');
        }
        QVERIFY(throwsWith<CheckpointError>([&] { readCheckpoint(path(8)); }, "checksum"));
        newest = newestCheckpoint(dir_.string(), kConfig, warn());
        QVERIFY(newest && newest->step == 4);
        QVERIFY(warnings_.size() == 1 && warnings_[0].find("step-00000008.ckpt") != std::string::npos);

        // A truncated file (a crash mid-copy) is corrupt too.
        fs::resize_file(path(8), 20);
        QVERIFY(throwsWith<CheckpointError>([&] { readCheckpoint(path(8)); }, ""));
    }

    void notACheckpointIsNamed() {
        fs::create_directories(dir_);
        std::ofstream(dir_ / "step-00000009.ckpt") << "hello";
        QVERIFY(throwsWith<CheckpointError>([&] { readCheckpoint((dir_ / "step-00000009.ckpt").string()); },
                                            "not a traindeck-trainer checkpoint"));
    }

    // Another configuration is refused, naming what differs.
    void anotherConfigurationIsRefused() {
        writeCheckpoint(path(4), sample(4));
        QVERIFY(throwsWith<CheckpointMismatch>([&] { newestCheckpoint(dir_.string(), "lr=0.002\nseed=0\n", warn()); },
                                               "lr=0.001 (checkpoint) vs lr=0.002 (this run)"));
    }

    // An empty or missing folder has nothing to resume.
    void missingFolderHasNothingToResume() {
        QVERIFY(!newestCheckpoint((dir_ / "none").string(), kConfig, warn()));
    }

    // Pruning keeps the newest.
    void pruningKeepsTheNewest() {
        for (long s : {4, 8, 12, 16, 20}) writeCheckpoint(path(s), sample(s));
        pruneCheckpoints(dir_.string(), 2);
        QVERIFY(fs::exists(path(20)) && fs::exists(path(16)));
        QVERIFY(!fs::exists(path(12)) && !fs::exists(path(4)));
    }
};

QTEST_APPLESS_MAIN(TestCheckpoint)
#include "tst_checkpoint.moc"
