#pragma once
// A watch: the sources a user named, the files found in them, and the store of
// runs they fill. Polled by its owner (the CLI's loop, the window's timer): each
// poll reads a bounded number of bytes, so no caller ever waits on a big file.
//
// A source is a path on this machine, a path on another one
// (ssh://[user@]host[:port]/path, followed over SSH: remote_tree.h), or a
// command whose output is a run's lines (command_stream.h). Which files of a
// path feed which run: run_files.h. New files in a folder (a new event file
// after a restart, a new run) are found while it is watched.

#include "ssh/session.h"
#include "metrics/run.h"
#include "text/text.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace traindeck::watch {

class Watch {
public:
    Watch();
    ~Watch();

    // How ssh:// sources connect: the same settings `traindeck launch` takes.
    void setSsh(ssh::Settings settings) { ssh_ = std::move(settings); }
    const ssh::Settings& sshSettings() const { return ssh_; }

    // A local path or an ssh:// URL. False (with the reason) when it does not
    // exist, holds no run, or the host cannot be reached or is refused.
    bool add(const std::string& path, Text& error);
    // A command whose standard output is a run's lines (one run, named by the command).
    bool addCommand(const std::string& command, Text& error);

    // As add(), without waiting (the window): an ssh:// source connects in its
    // own thread, and poll() finds out; what became of each comes from takeAdded().
    // With `askHostKeys`, an unknown host key waits for hostKeyQuestion()'s
    // answer instead of being refused.
    void begin(const std::string& path, bool askHostKeys = false);
    struct Added {
        std::string path;
        bool ok = false;
        Text error;
    };
    std::vector<Added> takeAdded();
    bool adding() const { return !pending_.empty(); }  // a begun source has not come yet
    struct KeyQuestion {
        std::string source;  // the ssh:// URL
        ssh::HostKeyQuestion key;
    };
    std::optional<KeyQuestion> hostKeyQuestion() const;
    // Accepted: recorded in known_hosts as `traindeck launch` records it; else refused.
    void answerHostKey(bool accept);

    // Reads what is new, at most `maxBytes` in all; true while more is waiting.
    // `now`: Unix seconds (for stall detection and the time of plain log lines).
    bool poll(std::size_t maxBytes, double now);
    // The sources are complete (read to the end, not followed): last lines without
    // a newline are read too.
    void finish(double now);

    metrics::Store& store() { return store_; }
    const metrics::Store& store() const { return store_; }
    bool allEnded() const;        // every run has its end event
    bool commandsRunning() const;  // a command source has not exited yet
    bool onlyCommands() const;     // every source is a command (they end; paths are followed for ever)
    std::size_t files() const;
    std::size_t lastPollBytes() const { return lastPollBytes_; }  // what the last poll read
    // Sources that are not well now (a remote host reconnecting), one line each.
    std::vector<Text> troubles() const;

private:
    struct Feed;
    struct Source;
    void scan(Source& source);
    metrics::Run& runFor(const std::string& name, const std::string& key);
    void readFeed(Feed& f, std::size_t& budget, double now);
    bool adopt(std::unique_ptr<Source> source, const std::string& path, Text& error);
    void settlePending(double now);

    ssh::Settings ssh_;
    metrics::Store store_;
    std::vector<std::unique_ptr<Source>> sources_;
    std::vector<std::unique_ptr<Feed>> feeds_;
    std::vector<std::unique_ptr<Source>> pending_;  // begun, still connecting
    std::vector<Added> added_;
    std::string buffer_;
    double lastScan_ = 0;
    std::size_t lastPollBytes_ = 0;
};

double unixNow();

}  // namespace traindeck::watch
