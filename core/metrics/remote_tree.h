#pragma once
// A path on another machine (a Slurm login node, a shared filesystem), followed
// over one SSH session: the session is core/launch's (the user's ssh config,
// known_hosts checked exactly as `traindeck launch` checks them, the same
// identity and agent), so a host key that changed is refused here as there.
//
// A thread of its own talks to the host; the watch's poll only takes what has
// arrived, so neither the window nor the command line ever waits on the network.
// Each round is one command over the session's exec channel, needing a POSIX
// shell and GNU coreutils/findutils there (any Linux): a listing (once a second)
// and, for every followed file, the bytes after the offset read so far, from
// the file as it is open (its device:inode says whether it was replaced; a size
// below the offset, that it was truncated: either is read again from its start,
// as FileFollower does here). A round's bytes count only when the round came back
// whole, so a connection that drops mid-round loses and repeats nothing: the
// thread reconnects with backoff (0.5 s doubling to 15 s) and asks again from the
// same offsets. A refused host key or login is not retried.
//
// Why not SFTP: core/launch's session type does not hand out its libssh
// session, and its host-key and login code must not be copied; the exec
// channel gives the same offsets, rotation and truncation handling.

#include "launch/node_session.h"
#include "metrics/byte_source.h"
#include "metrics/run_files.h"
#include "text/text.h"

#include <atomic>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace traindeck::metrics {

struct RemoteAddress {
    std::string host;  // [user@]host[:port], as `traindeck launch` takes hosts
    std::string path;  // "/abs/path", or "~/path" under the login's home
};

// ssh://[user@]host[:port]/path; "/~/runs" is under the home. Nothing when `url`
// is not such a URL (a local path); `error` set when it is one but malformed.
std::optional<RemoteAddress> parseRemote(std::string_view url, Text& error);

class RemoteTree {
public:
    RemoteTree(RemoteAddress address, launch::SshSettings settings);
    ~RemoteTree();
    RemoteTree(const RemoteTree&) = delete;
    RemoteTree& operator=(const RemoteTree&) = delete;

    // Connects and lists the path, waiting at most `timeoutS`: false with why
    // (the host refused or unreachable, its key refused, no such path there).
    bool start(Text& why, double timeoutS);

    std::vector<Entry> listing() const;  // as of the last listing
    // A followed file; bytes arrive from the next round on.
    std::unique_ptr<ByteSource> follow(const std::string& path);

    std::string url() const;
    // Empty while connected; else why not and when the next try is ("reconnecting…").
    Text trouble() const;
    int connections() const { return connections_; }  // 1 + reconnections

private:
    struct File;
    class Reader;
    void work();
    bool list(launch::NodeSession& session);
    bool readRound(launch::NodeSession& session, bool& got);
    void waitFor(double seconds);

    RemoteAddress address_;
    launch::SshSettings settings_;
    mutable std::mutex mutex_;
    std::condition_variable changed_;
    std::vector<Entry> listing_;
    bool listed_ = false;
    bool refused_ = false;  // a host key or login refused: not retried
    Text trouble_;
    std::vector<std::shared_ptr<File>> files_;
    std::atomic<int> connections_{0};
    std::atomic<bool> stopping_{false};
    std::thread thread_;
};

}  // namespace traindeck::metrics
