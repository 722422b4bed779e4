#pragma once
// Checkpoints: the full training state (weights and AdamW moments, backend-neutral),
// the step to continue from and the configuration they belong to, closed by an
// FNV-1a checksum. Written atomically: temp file, fsync, rename, fsync of the folder,
// so a crash leaves either the old set or the new file, never half a file.
//
// Layout (little-endian): "TDCKPT1\n", u64 step, u64 samples_seen, u64 config length,
// config text, u64 n, n f32 params, n f32 adam m, n f32 adam v, u64 checksum of all
// bytes before it.

#include "backend.h"

#include <functional>
#include <optional>
#include <stdexcept>
#include <string>

namespace traindeck::trainer {

struct CheckpointError : std::runtime_error {  // unreadable or corrupt
    using std::runtime_error::runtime_error;
};
struct CheckpointMismatch : std::runtime_error {  // valid, but another configuration
    using std::runtime_error::runtime_error;
};

struct Checkpoint {
    long step = 0;              // optimizer steps done: the run continues at this step
    uint64_t samplesSeen = 0;
    std::string config;         // configText() of the run
    TrainState state;
};

std::string checkpointPath(const std::string& dir, long step);

// Writes `ckpt` into dir (created if needed) and returns the file's size in bytes.
uint64_t writeCheckpoint(const std::string& path, const Checkpoint& ckpt);

// Reads and verifies; throws CheckpointError.
Checkpoint readCheckpoint(const std::string& path);

// --resume auto: the newest checkpoint in dir that verifies, warning (through `warn`)
// about each corrupt one skipped. Throws CheckpointMismatch when the newest valid one
// belongs to another configuration. nullopt when there is none.
std::optional<Checkpoint> newestCheckpoint(const std::string& dir, const std::string& config,
                                           const std::function<void(const std::string&)>& warn);

// Throws CheckpointMismatch naming the settings that differ.
void requireSameConfig(const std::string& path, const std::string& theirs, const std::string& ours);

// Deletes all but the newest `keep` checkpoints of dir.
void pruneCheckpoints(const std::string& dir, int keep);

}  // namespace traindeck::trainer
