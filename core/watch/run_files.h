#pragma once
// Which files of a watched path feed which run: one rule for this machine's
// folders and a remote host's (the listing comes from wherever the path is).
//
//   - a file: events.out.tfevents.* (a TensorBoard event file; the run is its
//     folder), metrics.csv (PyTorch Lightning's CSVLogger; the run is its folder,
//     version_N) or a text stream (the run is the file's name without extension);
//   - a TrainDeck run folder (run-folder.md: launch.jsonl, node-*.out): one run;
//   - any other folder: like TensorBoard's logdir, every folder under it that
//     holds event files or a metrics.csv is a run (named by its path below the
//     logdir), and every TrainDeck run folder under it is a run too.

#include <string>
#include <vector>

namespace traindeck::watch {

// How deep a logdir is searched for runs.
inline constexpr int kLogdirDepth = 6;

struct Entry {
    std::string path;  // the root itself, or a path under it ("root/a/b")
    bool directory = false;
};

struct RunFile {
    std::string path;
    std::string run;  // the run's name
    std::string key;  // files of one run share it (their folder; a lone file: its path)
    // Which reader reads it.
    enum class Format { Text, TfEvents, LightningCsv } format = Format::Text;
};

// `entries`: the root first, then everything under it to kLogdirDepth levels.
// A run's files come in the order they are read: event files by name (later
// files hold later events), a run folder's node-*.out before its launch.jsonl
// (the launcher's end and node states then follow the steps they come after).
std::vector<RunFile> runFilesOf(const std::vector<Entry>& entries);

// The listing of a path on this machine; empty when it does not exist.
std::vector<Entry> listLocal(const std::string& root);

}  // namespace traindeck::watch
