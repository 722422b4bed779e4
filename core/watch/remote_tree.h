#pragma once
// A path on another machine (a Slurm login node, a shared filesystem), followed
// over one SSH session: the session is core/ssh's, as the launcher's (the user's ssh config,
// known_hosts checked exactly as `traindeck launch` checks them, the same
// identity and agent), so a host key that changed is refused here as there.
//
// A thread of its own talks to the host; the watch's poll only takes what has
// arrived, so neither the window nor the command line ever waits on the network.
// The files are read over SFTP on that same authenticated session (libssh's
// sftp_open / sftp_seek64 / sftp_read / sftp_stat; any sshd with its usual
// `Subsystem sftp`): a listing once a second, and each followed file kept open
// and read from the offset read so far. A file is replaced when its name's
// attributes differ from the open handle's (SFTP has no inode: size, mtime,
// mode and owner are compared, with the handle's taken twice so that a write in
// between is not mistaken for a replacement) and truncated when it is shorter
// than the offset: either is read again from its start, as FileFollower does
// here. Every sftp_read is whole or nothing, and the offset moves only by the
// bytes handed on, so a connection that drops loses and repeats nothing: the
// thread reconnects with backoff (0.5 s doubling to 15 s), opens each file
// again, checks that its first bytes are those read before (else it was
// replaced meanwhile: from its start) and goes on from the same offset. A
// refused host key or login is not retried.
//
// A connection that freezes without closing (a host that stops answering, a
// NAT that drops the flow) would block libssh's SFTP calls for ever: a watchdog
// thread sees the reading thread wait on one request longer than the SSH
// keepalive's bound (ServerAliveInterval × (ServerAliveCountMax + 1), as
// `traindeck launch` declares a node lost), shuts the socket down, which ends
// the waiting call with an error, and the thread reconnects as for a dropped
// connection. Destroying the tree shuts the socket down too, so it never waits
// on a frozen host.
//
// An unknown host key is refused, unless the settings accept new keys or the
// owner asked for questions (askHostKeys): then the thread waits, and
// question()/answer() let the owner ask the user; an accepted key is recorded
// in known_hosts by core/ssh, as `traindeck launch` records it.

#include "ssh/session.h"
#include "watch/byte_source.h"
#include "watch/run_files.h"
#include "text/text.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace traindeck::watch {

struct RemoteAddress {
    std::string host;  // [user@]host[:port], as `traindeck launch` takes hosts
    std::string path;  // "/abs/path", or "~/path" under the login's home
};

// ssh://[user@]host[:port]/path; "/~/runs" is under the home. Nothing when `url`
// is not such a URL (a local path); `error` set when it is one but malformed.
std::optional<RemoteAddress> parseRemote(std::string_view url, Text& error);

class RemoteTree {
public:
    // `askHostKeys`: an unknown host key becomes a question() instead of a refusal.
    RemoteTree(RemoteAddress address, ssh::Settings settings, bool askHostKeys = false);
    ~RemoteTree();
    RemoteTree(const RemoteTree&) = delete;
    RemoteTree& operator=(const RemoteTree&) = delete;

    // Starts connecting; returns at once.
    void launch();
    enum class State { Connecting, Asking, Ready, Failed };
    // Ready: the path is listed; Failed: with why (the host refused or
    // unreachable, its key refused, no such path there); Asking: a question() waits.
    State state(Text& why) const;
    // launch(), then waits until Ready or Failed, at most `timeoutS`: false with why.
    bool start(Text& why, double timeoutS);

    // The unknown host key waiting for the user's answer (askHostKeys only).
    std::optional<ssh::HostKeyQuestion> question() const;
    void answer(bool accept);

    std::vector<Entry> listing() const;  // as of the last listing
    // A followed file; bytes arrive from the next round on.
    std::unique_ptr<ByteSource> follow(const std::string& path);

    std::string url() const;
    // Empty while connected; else why not and when the next try is ("reconnecting…").
    Text trouble() const;
    int connections() const { return connections_; }  // 1 + reconnections

private:
    struct File;
    struct Connection;
    class Reader;
    void work();
    std::unique_ptr<Connection> connect(double backoff);
    bool askUser(const ssh::HostKeyQuestion& question);
    bool list(Connection& c);
    bool readRound(Connection& c, bool& got);
    bool readFile(Connection& c, File& f, bool& got);
    void deliver(File& f, bool restart, std::string bytes, bool caughtUp);
    void waitFor(double seconds);
    void watchdog();
    double stallBoundS() const;
    void beat() { lastBeat_ = std::chrono::steady_clock::now().time_since_epoch().count(); }
    void useSocket(int fd);  // the connection's socket, for the watchdog; -1: none
    void cutSocket();        // shuts it down (with the mutex held): a frozen call ends

    RemoteAddress address_;
    ssh::Settings settings_;
    mutable std::mutex mutex_;
    std::condition_variable changed_;
    std::vector<Entry> listing_;
    bool listed_ = false;
    bool refused_ = false;  // a host key or login refused: not retried
    std::optional<ssh::HostKeyQuestion> question_;
    std::optional<bool> answer_;
    Text trouble_;
    std::vector<std::shared_ptr<File>> files_;
    std::atomic<int> connections_{0};
    std::atomic<bool> stopping_{false};
    // The watchdog's view of the reading thread: whether it is inside SFTP calls
    // and when the last one began (steady clock ticks); the socket it may cut.
    std::atomic<bool> busy_{false};
    std::atomic<std::int64_t> lastBeat_{0};
    int socket_ = -1;       // guarded by mutex_
    bool stalled_ = false;  // guarded by mutex_: the watchdog cut the connection
    std::thread thread_;
    std::thread watchdog_;
};

}  // namespace traindeck::watch
