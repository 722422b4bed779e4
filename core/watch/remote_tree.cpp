#include "watch/remote_tree.h"

#include "hosts/host_address.h"

#include <libssh/libssh.h>
#include <libssh/sftp.h>

#include <algorithm>
#include <chrono>
#include <deque>
#include <fcntl.h>
#include <functional>
#include <sys/socket.h>

namespace traindeck::watch {
namespace {

using Clock = std::chrono::steady_clock;

constexpr double kListEveryS = 1.0;            // new files are found within a second, as for local folders
constexpr double kIdleWaitS = 0.25;            // a round that brought nothing: the next one after this
constexpr double kFirstBackoffS = 0.5, kMaxBackoffS = 15;
constexpr std::size_t kRoundBytes = 4u << 20;  // per file and round
constexpr std::size_t kChunk = 64u << 10;      // one sftp_read (servers answer up to 64 KiB or more)
constexpr std::size_t kQueueLimit = 16u << 20; // a file whose bytes wait unread: not read further until taken
constexpr std::size_t kHeadBytes = 256;        // a file's first bytes, to know it again after a reconnect
constexpr double kStallWithoutKeepaliveS = 30; // keepalive off: a request unanswered this long is a frozen connection
constexpr auto kWatchdogTick = std::chrono::milliseconds(100);

struct Attributes {
    bool ok = false;
    std::uint64_t size = 0, mtime = 0;
    std::uint32_t permissions = 0, uid = 0, gid = 0;
    bool operator==(const Attributes&) const = default;
};

Attributes take(sftp_attributes a) {
    Attributes out;
    if (!a)
        return out;
    out = {true, a->size, a->mtime, a->permissions, a->uid, a->gid};
    sftp_attributes_free(a);
    return out;
}

}  // namespace

std::optional<RemoteAddress> parseRemote(std::string_view url, Text& error) {
    constexpr std::string_view kScheme = "ssh://";
    if (!url.starts_with(kScheme))
        return std::nullopt;
    std::string_view rest = url.substr(kScheme.size());
    const std::size_t slash = rest.find('/');
    const std::string host(rest.substr(0, slash));
    std::string path = slash == std::string_view::npos ? std::string() : std::string(rest.substr(slash));
    if (path.starts_with("/~"))
        path.erase(0, 1);
    if (host.empty() || !hosts::parseHostAddress(host) || path.empty() || path == "/") {
        error = Text(TD_TEXT("Watch", "%1 is not ssh://[user@]host[:port]/path"), {Text::value(printable(std::string(url)))});
        return std::nullopt;
    }
    while (path.size() > 1 && path.back() == '/')
        path.pop_back();
    return RemoteAddress{host, path};
}

// A followed file: what the thread fetched and the watch has not taken yet.
struct RemoteTree::File {
    struct Segment {
        bool restart = false;  // the file was replaced or truncated before these bytes
        std::string bytes;
    };
    std::string path;
    std::deque<Segment> pending;  // guarded by the tree's mutex, as caughtUp
    std::size_t pendingBytes = 0;
    bool caughtUp = false;
    std::uint64_t rewinds = 0;    // the reader asked for the file from its start again
    // The thread's alone:
    std::uint64_t rewindsDone = 0;
    sftp_file handle = nullptr;   // open while connected
    std::uint64_t offset = 0;     // of the next byte to fetch
    std::string head;             // the first bytes handed on (up to kHeadBytes)
};

// One SSH session (core/ssh's: its host-key check and login, as the launcher's) and
// the SFTP channel on it; closed in that order.
struct RemoteTree::Connection {
    std::unique_ptr<ssh::Session> node;
    sftp_session sftp = nullptr;
    std::vector<std::shared_ptr<File>> open;  // files whose handle is on this connection
    ~Connection() {
        for (auto& f : open) {
            if (f->handle)
                sftp_close(f->handle);
            f->handle = nullptr;
        }
        if (sftp)
            sftp_free(sftp);
    }
    bool alive() const { return ssh_is_connected(node->libsshSession()) == 1; }
};

class RemoteTree::Reader final : public ByteSource {
public:
    Reader(RemoteTree& tree, std::shared_ptr<File> file) : tree_(tree), file_(std::move(file)) {}
    Change read(std::string& out, std::size_t maxBytes) override {
        std::lock_guard lock(tree_.mutex_);
        out.clear();
        auto& queue = file_->pending;
        const bool restart = !queue.empty() && queue.front().restart;
        if (!queue.empty()) {
            auto& front = queue.front();
            const std::size_t n = std::min(maxBytes, front.bytes.size());
            out.assign(front.bytes, 0, n);
            front.bytes.erase(0, n);
            front.restart = false;
            file_->pendingBytes -= n;
            if (front.bytes.empty())
                queue.pop_front();
        }
        caughtUp_ = queue.empty() && file_->caughtUp;
        if (restart)
            return Change::Restarted;
        return out.empty() ? Change::None : Change::Grew;
    }
    bool caughtUp() const override { return caughtUp_; }
    std::string problem() const override { return {}; }
    bool rewind() override {
        std::lock_guard lock(tree_.mutex_);
        file_->pending.clear();  // bytes from the old offset: the thread's next round starts at byte 0
        file_->pendingBytes = 0;
        file_->caughtUp = false;
        ++file_->rewinds;
        caughtUp_ = false;
        return true;
    }

private:
    RemoteTree& tree_;
    std::shared_ptr<File> file_;
    bool caughtUp_ = false;
};

RemoteTree::RemoteTree(RemoteAddress address, ssh::Settings settings, bool askHostKeys)
    : address_(std::move(address)), settings_(std::move(settings)) {
    if (askHostKeys)
        settings_.askHostKey = [this](const ssh::HostKeyQuestion& q) { return askUser(q); };
    // Closing the watch gives up a connection still being made (a silent host)
    // at once, not after the connect timeout.
    settings_.stopRequested = [this] { return stopping_.load(); };
}

RemoteTree::~RemoteTree() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
        cutSocket();  // a call waiting on a frozen host ends now, not at the watchdog's bound
    }
    changed_.notify_all();
    if (thread_.joinable())
        thread_.join();
    if (watchdog_.joinable())
        watchdog_.join();
}

std::string RemoteTree::url() const { return "ssh://" + address_.host + (address_.path.starts_with("~") ? "/" : "") + address_.path; }

void RemoteTree::launch() {
    if (!thread_.joinable()) {
        thread_ = std::thread([this] { work(); });
        watchdog_ = std::thread([this] { watchdog(); });
    }
}

// As the launcher declares a node lost (ssh::Settings::silenceBoundS).
double RemoteTree::stallBoundS() const {
    const double bound = settings_.silenceBoundS();
    return bound > 0 ? bound : kStallWithoutKeepaliveS;
}

void RemoteTree::useSocket(int fd) {
    std::lock_guard lock(mutex_);
    socket_ = fd;
}

void RemoteTree::cutSocket() {
    // shutdown(), not close(): the descriptor stays libssh's; its waiting poll wakes
    // with an end of stream, the session is marked lost and the call returns an error.
    if (socket_ >= 0)
        ::shutdown(socket_, SHUT_RDWR);
    socket_ = -1;
}

// The reading thread inside one SFTP exchange for longer than the bound: the
// connection is frozen. Its socket is cut, and the thread reconnects.
void RemoteTree::watchdog() {
    const auto bound = std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(stallBoundS()));
    std::unique_lock lock(mutex_);
    while (!stopping_) {
        changed_.wait_for(lock, kWatchdogTick, [&] { return stopping_.load(); });
        if (stopping_ || !busy_ || socket_ < 0)
            continue;
        if (Clock::now() - Clock::time_point(Clock::duration(lastBeat_.load())) < bound)
            continue;
        stalled_ = true;
        trouble_ = Text(TD_TEXT("Watch", "no answer from %1 for %2 s; reconnecting"),
                        {Text::value(address_.host), Text::value(std::to_string(int(stallBoundS() + 0.5)))});
        cutSocket();
        changed_.notify_all();
    }
}

RemoteTree::State RemoteTree::state(Text& why) const {
    std::lock_guard lock(mutex_);
    if (listed_ && !listing_.empty())
        return State::Ready;
    if (question_ && !answer_)
        return State::Asking;
    if (listed_) {
        why = Text(TD_TEXT("Watch", "%1: no such file or folder"), {Text::value(printable(url()))});
        return State::Failed;
    }
    if (!trouble_.empty()) {
        // The first connection failed: said at once, as for a local path that is not there.
        why = trouble_;
        return State::Failed;
    }
    return State::Connecting;
}

bool RemoteTree::start(Text& why, double timeoutS) {
    launch();
    {
        std::unique_lock lock(mutex_);
        changed_.wait_for(lock, std::chrono::duration<double>(timeoutS),
                          [&] { return listed_ || !trouble_.empty() || (question_ && !answer_); });
    }
    const State s = state(why);
    if (s == State::Ready)
        return true;
    if (s == State::Connecting || s == State::Asking)
        why = Text(TD_TEXT("Watch", "%1: no answer within %2 s"),
                   {Text::value(printable(url())), Text::value(std::to_string(int(timeoutS)))});
    return false;
}

std::optional<ssh::HostKeyQuestion> RemoteTree::question() const {
    std::lock_guard lock(mutex_);
    if (answer_)
        return std::nullopt;
    return question_;
}

void RemoteTree::answer(bool accept) {
    {
        std::lock_guard lock(mutex_);
        if (question_ && !answer_)
            answer_ = accept;
    }
    changed_.notify_all();
}

// On the thread, inside core/ssh's host-key check: waits for the owner's answer.
bool RemoteTree::askUser(const ssh::HostKeyQuestion& question) {
    std::unique_lock lock(mutex_);
    question_ = question;
    answer_.reset();
    changed_.notify_all();
    changed_.wait(lock, [&] { return answer_.has_value() || stopping_.load(); });
    return answer_.value_or(false);
}

std::vector<Entry> RemoteTree::listing() const {
    std::lock_guard lock(mutex_);
    return listing_;
}

std::unique_ptr<ByteSource> RemoteTree::follow(const std::string& path) {
    auto file = std::make_shared<File>();
    file->path = path;
    {
        std::lock_guard lock(mutex_);
        files_.push_back(file);
    }
    changed_.notify_all();
    return std::make_unique<Reader>(*this, std::move(file));
}

Text RemoteTree::trouble() const {
    std::lock_guard lock(mutex_);
    return trouble_;
}

void RemoteTree::waitFor(double seconds) {
    std::unique_lock lock(mutex_);
    changed_.wait_for(lock, std::chrono::duration<double>(seconds), [&] { return stopping_.load(); });
}

std::unique_ptr<RemoteTree::Connection> RemoteTree::connect(double backoff) {
    auto c = std::make_unique<Connection>();
    c->node = ssh::makeSession(0, address_.host, settings_);
    ssh::Session::Opened opened = c->node->open();
    if (opened.ok) {
        useSocket(ssh_get_fd(c->node->libsshSession()));
        beat();
        busy_ = true;  // the SFTP channel's opening is watched as every request after it
        c->sftp = sftp_new(c->node->libsshSession());
        const bool sftpOk = c->sftp && sftp_init(c->sftp) == SSH_OK;
        busy_ = false;
        if (!sftpOk) {
            const bool lost = !c->alive();
            opened = {false, !lost,
                      lost ? Text::value(ssh_get_error(c->node->libsshSession()))
                           : Text(TD_TEXT("Watch", "%1 offers no SFTP (its sshd needs a `Subsystem sftp` line)"),
                                  {Text::value(address_.host)})};
        }
    }
    std::lock_guard lock(mutex_);
    if (opened.ok) {
        ++connections_;
        trouble_ = {};
        stalled_ = false;
        return c;
    }
    socket_ = -1;  // before `c` closes it
    refused_ = opened.refused;
    trouble_ = refused_ ? opened.why
                        : Text(TD_TEXT("Watch", "%1, trying again in %2 s"),
                               {opened.why, Text::value(std::to_string(int(backoff + 0.5)))});
    changed_.notify_all();
    return nullptr;
}

void RemoteTree::work() {
    double backoff = kFirstBackoffS;
    std::unique_ptr<Connection> c;
    auto nextList = Clock::now();
    while (!stopping_) {
        if (!c) {
            c = connect(backoff);
            if (!c) {
                if (refused_)
                    return;
                waitFor(backoff);
                backoff = std::min(backoff * 2, kMaxBackoffS);
                continue;
            }
            backoff = kFirstBackoffS;
        }
        bool ok = true, got = false;
        beat();
        busy_ = true;
        if (Clock::now() >= nextList) {
            ok = list(*c);
            nextList = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(kListEveryS));
        }
        if (ok)
            ok = readRound(*c, got);
        busy_ = false;
        if (!ok || !c->alive()) {
            {
                std::lock_guard lock(mutex_);
                socket_ = -1;  // before the connection closes it
                if (!stalled_)  // a frozen connection keeps the watchdog's words
                    trouble_ = Text(TD_TEXT("Watch", "the connection to %1 dropped; reconnecting"), {Text::value(address_.host)});
            }
            c.reset();  // the next loop reconnects and goes on from each file's offset
            continue;
        }
        if (!got)
            waitFor(kIdleWaitS);
    }
}

namespace {

// What is under `dir`, to `levels` more levels (symbolic links followed for
// what they name, not descended, as listLocal does); false: the connection dropped.
bool listUnder(sftp_session sftp, const std::string& dir, int levels, std::vector<Entry>& out,
               const std::function<void()>& beat) {
    beat();
    sftp_dir d = sftp_opendir(sftp, dir.c_str());
    if (!d)
        return ssh_is_connected(sftp->session) == 1;  // unreadable: skipped, as listLocal skips it
    std::vector<std::string> subdirs;
    for (beat(); sftp_attributes a = sftp_readdir(sftp, d); beat()) {
        const std::string name = a->name ? a->name : "";
        std::uint8_t type = a->type;
        sftp_attributes_free(a);
        if (name.empty() || name == "." || name == "..")
            continue;
        const std::string path = dir == "/" ? "/" + name : dir + "/" + name;
        bool real = true;
        if (type == SSH_FILEXFER_TYPE_SYMLINK) {
            real = false;
            sftp_attributes named = sftp_stat(sftp, path.c_str());
            type = named ? named->type : SSH_FILEXFER_TYPE_UNKNOWN;
            sftp_attributes_free(named);
        }
        if (type == SSH_FILEXFER_TYPE_DIRECTORY) {
            out.push_back({path, true});
            if (real && levels > 1)
                subdirs.push_back(path);
        } else if (type == SSH_FILEXFER_TYPE_REGULAR) {
            out.push_back({path, false});
        }
    }
    const bool whole = sftp_dir_eof(d) == 1;
    sftp_closedir(d);
    if (!whole && ssh_is_connected(sftp->session) != 1)
        return false;
    for (const std::string& sub : subdirs)
        if (!listUnder(sftp, sub, levels - 1, out, beat))
            return false;
    return true;
}

}  // namespace

bool RemoteTree::list(Connection& c) {
    std::string root = address_.path;
    if (root == "~" || root.starts_with("~/")) {
        // SFTP starts in the login's home: its absolute name, as the listing's paths are.
        char* home = sftp_canonicalize_path(c.sftp, ".");
        if (!home)
            return c.alive() ? true : false;
        root = std::string(home) + root.substr(1);
        ssh_string_free_char(home);
    }
    std::vector<Entry> entries;
    sftp_attributes a = sftp_stat(c.sftp, root.c_str());
    if (!a && !c.alive())
        return false;
    if (a) {
        const bool dir = a->type == SSH_FILEXFER_TYPE_DIRECTORY;
        sftp_attributes_free(a);
        entries.push_back({root, dir});
        if (dir && !listUnder(c.sftp, root, kLogdirDepth, entries, [this] { beat(); }))
            return false;
    }
    std::lock_guard lock(mutex_);
    listing_ = std::move(entries);
    listed_ = true;
    changed_.notify_all();
    return true;
}

bool RemoteTree::readRound(Connection& c, bool& got) {
    std::vector<std::shared_ptr<File>> asked;
    {
        std::lock_guard lock(mutex_);
        for (const auto& f : files_)
            if (f->pendingBytes < kQueueLimit)
                asked.push_back(f);
    }
    for (const auto& f : asked) {
        if (!f->handle && std::find(c.open.begin(), c.open.end(), f) == c.open.end())
            c.open.push_back(f);
        if (!readFile(c, *f, got))
            return false;
    }
    return true;
}

// Hands bytes read to the watch's side; the offset moves by exactly these bytes.
void RemoteTree::deliver(File& f, bool restart, std::string bytes, bool caughtUp) {
    std::lock_guard lock(mutex_);
    if (f.rewinds != f.rewindsDone)
        return;  // read from before a rewind the reader asked for meanwhile: the next round reads from byte 0
    if (restart) {
        f.offset = 0;
        f.head.clear();
    }
    if (f.head.size() < kHeadBytes)
        f.head.append(bytes, 0, std::min(bytes.size(), kHeadBytes - f.head.size()));
    f.offset += bytes.size();
    f.caughtUp = caughtUp;
    if (bytes.empty() && !restart)
        return;
    f.pendingBytes += bytes.size();
    if (!restart && !f.pending.empty())
        f.pending.back().bytes += bytes;
    else
        f.pending.push_back({restart, std::move(bytes)});
}

// One file's round: opened (again) when needed, replaced or truncated told,
// then up to kRoundBytes from its offset. False: the connection dropped.
bool RemoteTree::readFile(Connection& c, File& f, bool& got) {
    beat();  // a file's few requests before its reads: each read below beats again
    {
        std::lock_guard lock(mutex_);
        if (f.rewinds != f.rewindsDone) {  // the reader asked for the file from its start
            f.rewindsDone = f.rewinds;
            f.offset = 0;
            f.head.clear();
        }
    }
    bool restart = false;
    if (f.handle) {
        // Replaced under its name? The name's attributes against the open file's,
        // the open file's taken on both sides so that a write meanwhile is not a replacement.
        const Attributes before = take(sftp_fstat(f.handle));
        const Attributes named = take(sftp_stat(c.sftp, f.path.c_str()));
        if (!c.alive())
            return false;
        if (named.ok && before.ok && !(named == before) && take(sftp_fstat(f.handle)) == before) {
            sftp_close(f.handle);
            f.handle = nullptr;
            restart = f.offset > 0;
        }
    }
    if (!f.handle) {
        f.handle = sftp_open(c.sftp, f.path.c_str(), O_RDONLY, 0);
        if (!f.handle) {
            if (!c.alive())
                return false;
            deliver(f, false, {}, true);  // not there (yet): like a local file not yet written
            return true;
        }
        if (f.offset > 0 && !restart) {
            // Opened again (after a reconnect): the same file only if it starts with what was read.
            std::string head(f.head.size(), '\0');
            const ssize_t n = sftp_read(f.handle, head.data(), head.size());
            if (n < 0 && !c.alive())
                return false;
            restart = n != ssize_t(head.size()) || head != f.head;
        }
    }
    const Attributes open = take(sftp_fstat(f.handle));
    if (!open.ok)
        return c.alive();
    if (!restart && open.size < f.offset)
        restart = true;  // truncated: the writer started over
    const std::uint64_t from = restart ? 0 : f.offset;
    const std::uint64_t want = std::min<std::uint64_t>(open.size - std::min(open.size, from), kRoundBytes);
    std::string bytes;
    bytes.resize(std::size_t(want));
    std::size_t have = 0;
    bool lost = sftp_seek64(f.handle, from) != 0;
    while (!lost && have < want) {
        beat();
        const ssize_t n = sftp_read(f.handle, bytes.data() + have, std::min<std::size_t>(kChunk, std::size_t(want) - have));
        if (n < 0)
            lost = !c.alive();
        if (n <= 0)
            break;
        have += std::size_t(n);
    }
    bytes.resize(have);
    got |= have > 0;
    deliver(f, restart, std::move(bytes), !lost && have == want && want < kRoundBytes);
    return !lost;
}

}  // namespace traindeck::watch
