// Checkpoints: round trip, atomic writes, checksum, resume selection, config refusal.

#include "check.h"
#include "checkpoint.h"

#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

using namespace traindeck::trainer;
namespace fs = std::filesystem;

static Checkpoint sample(long step, const std::string& config) {
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

int main() {
    const fs::path dir = fs::temp_directory_path() / ("traindeck-ckpt-test-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    const std::string config = "lr=0.001\nseed=0\n";

    const Checkpoint c4 = sample(4, config);
    const uint64_t bytes = writeCheckpoint(checkpointPath(dir.string(), 4), c4);
    CHECK(bytes == fs::file_size(checkpointPath(dir.string(), 4)));
    const Checkpoint back = readCheckpoint(checkpointPath(dir.string(), 4));
    CHECK(back.step == 4 && back.samplesSeen == 32 && back.config == config);
    CHECK(back.state.params == c4.state.params && back.state.adamM == c4.state.adamM &&
          back.state.adamV == c4.state.adamV);
    // Nothing but the checkpoint is left in the folder (the temp file was renamed).
    int files = 0;
    for (auto& e : fs::directory_iterator(dir)) files += e.is_regular_file();
    CHECK(files == 1);

    writeCheckpoint(checkpointPath(dir.string(), 8), sample(8, config));
    std::vector<std::string> warnings;
    auto warn = [&](const std::string& w) { warnings.push_back(w); };
    auto newest = newestCheckpoint(dir.string(), config, warn);
    CHECK(newest && newest->step == 8 && warnings.empty());

    // Flip one byte of the newest: it fails its checksum, resume takes the older one.
    {
        std::fstream f(checkpointPath(dir.string(), 8), std::ios::in | std::ios::out | std::ios::binary);
        f.seekp(100);
        f.put('\x7f');
    }
    CHECK_THROWS(CheckpointError, readCheckpoint(checkpointPath(dir.string(), 8)), "checksum");
    newest = newestCheckpoint(dir.string(), config, warn);
    CHECK(newest && newest->step == 4);
    CHECK(warnings.size() == 1 && warnings[0].find("step-00000008.ckpt") != std::string::npos);

    // A truncated file (a crash mid-copy) is corrupt too.
    fs::resize_file(checkpointPath(dir.string(), 8), 20);
    CHECK_THROWS(CheckpointError, readCheckpoint(checkpointPath(dir.string(), 8)), "");

    // Not a checkpoint at all.
    std::ofstream(dir / "step-00000009.ckpt") << "hello";
    CHECK_THROWS(CheckpointError, readCheckpoint((dir / "step-00000009.ckpt").string()), "not a traindeck-trainer checkpoint");

    // Another configuration is refused, naming what differs.
    CHECK_THROWS(CheckpointMismatch, newestCheckpoint(dir.string(), "lr=0.002\nseed=0\n", warn),
                 "lr=0.001 (checkpoint) vs lr=0.002 (this run)");

    // An empty or missing folder has nothing to resume.
    CHECK(!newestCheckpoint((dir / "none").string(), config, warn));

    // Pruning keeps the newest.
    for (long s : {12, 16, 20}) writeCheckpoint(checkpointPath(dir.string(), s), sample(s, config));
    pruneCheckpoints(dir.string(), 2);
    CHECK(fs::exists(checkpointPath(dir.string(), 20)) && fs::exists(checkpointPath(dir.string(), 16)));
    CHECK(!fs::exists(checkpointPath(dir.string(), 12)) && !fs::exists(checkpointPath(dir.string(), 4)));

    fs::remove_all(dir);
    return checkResult("trainer_checkpoint_test");
}
