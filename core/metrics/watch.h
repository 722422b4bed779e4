#pragma once
// A watch: the sources a user named, the files found in them, and the store of
// runs they fill. Polled by its owner (the CLI's loop, the window's timer): each
// poll reads a bounded number of bytes, so no caller ever waits on a big file.
//
// A source is
//   - a file: events.out.tfevents.* (a TensorBoard event file; the run is its folder)
//     or a text stream (trainer JSON lines, users' log lines, Hugging Face dict lines;
//     the run is the file's name without extension);
//   - a TrainDeck run folder (run-folder.md: launch.jsonl, node-*.out): one run;
//   - any other folder: like TensorBoard's logdir, every folder under it that holds
//     event files is a run (named by its path below the logdir), and every TrainDeck
//     run folder under it is a run too.
// New files in a folder (a new event file after a restart, a new run) are found
// while it is watched.

#include "metrics/run.h"
#include "text/text.h"

#include <memory>
#include <string>
#include <vector>

namespace traindeck::metrics {

class Watch {
public:
    Watch();
    ~Watch();

    // False (with the reason) when the path does not exist or holds no run.
    bool add(const std::string& path, Text& error);

    // Reads what is new, at most `maxBytes` in all; true while more is waiting.
    // `now`: Unix seconds (for stall detection and the time of plain log lines).
    bool poll(std::size_t maxBytes, double now);
    // The sources are complete (read to the end, not followed): last lines without
    // a newline are read too.
    void finish(double now);

    Store& store() { return store_; }
    const Store& store() const { return store_; }
    bool allEnded() const;  // every run has its end event
    std::size_t files() const;

private:
    struct Feed;
    struct Source;
    void scan(Source& source);
    Run& runFor(const std::string& name, const std::string& key);

    Store store_;
    std::vector<std::unique_ptr<Source>> sources_;
    std::vector<std::unique_ptr<Feed>> feeds_;
    std::string buffer_;
    double lastScan_ = 0;
};

double unixNow();

}  // namespace traindeck::metrics
