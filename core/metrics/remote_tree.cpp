#include "metrics/remote_tree.h"

#include "generate/host_address.h"
#include "generate/shell_quote.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <deque>

namespace traindeck::metrics {
namespace {

using Clock = std::chrono::steady_clock;

constexpr double kListEveryS = 1.0;            // new files are found within a second, as for local folders
constexpr double kIdleWaitS = 0.25;            // a round that brought nothing: the next one after this
constexpr double kFirstBackoffS = 0.5, kMaxBackoffS = 15;
constexpr std::size_t kRoundBytes = 4u << 20;  // per file and round
constexpr std::size_t kQueueLimit = 16u << 20; // a file whose bytes wait unread: not read further until taken

// The remote path as shell text: quoted, with a leading ~ left to the shell.
std::string shellPath(const std::string& path) {
    if (path == "~")
        return "\"$HOME\"";
    if (path.starts_with("~/"))
        return "\"$HOME\"/" + generate::shellQuote(path.substr(2));
    return generate::shellQuote(path);
}

// One file's part of a round: its index, device:inode and the offset the
// bytes start at, then the bytes as one base64 line (the framing survives a
// file that shrank while it was read). Defined once per round.
constexpr const char* kReadFunction =
    "r() { if [ -f \"$2\" ] && [ -r \"$2\" ]; then { s=$(stat -L -c '%d:%i %s' /dev/fd/3) || s='- 0'; "
    "set -- \"$1\" \"$3\" \"$4\" \"$5\" $s; o=$2; "
    "if [ \"$5\" != \"$3\" ] || [ \"$6\" -lt \"$o\" ]; then o=0; fi; n=$(($6 - o)); "
    "if [ \"$n\" -gt \"$4\" ]; then n=$4; fi; echo \"$1 $5 $o\"; "
    "tail -c +$((o + 1)) <&3 | head -c \"$n\" | base64 -w0; echo; } 3<\"$2\"; else echo \"$1 - 0\"; echo; fi; }\n";

int base64Value(char c) {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
}

bool base64Decode(std::string_view in, std::string& out) {
    out.clear();
    out.reserve(in.size() / 4 * 3);
    std::uint32_t acc = 0;
    int bits = 0;
    for (char c : in) {
        if (c == '=')
            break;
        const int v = base64Value(c);
        if (v < 0)
            return false;
        acc = (acc << 6) | std::uint32_t(v);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out += char((acc >> bits) & 0xff);
        }
    }
    return true;
}

std::string_view nextLine(std::string_view& s, bool& ok) {
    const std::size_t nl = s.find('\n');
    if (nl == std::string_view::npos) {
        ok = false;
        return {};
    }
    const std::string_view line = s.substr(0, nl);
    s.remove_prefix(nl + 1);
    return line;
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
    if (host.empty() || !generate::parseHostAddress(host) || path.empty() || path == "/") {
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
    std::deque<Segment> pending;
    std::size_t pendingBytes = 0;
    std::string device;       // "dev:ino" of the bytes read so far; "-": none yet
    std::size_t offset = 0;   // of the next byte to fetch
    bool caughtUp = false;
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

private:
    RemoteTree& tree_;
    std::shared_ptr<File> file_;
    bool caughtUp_ = false;
};

RemoteTree::RemoteTree(RemoteAddress address, launch::SshSettings settings)
    : address_(std::move(address)), settings_(std::move(settings)) {}

RemoteTree::~RemoteTree() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    changed_.notify_all();
    if (thread_.joinable())
        thread_.join();
}

std::string RemoteTree::url() const { return "ssh://" + address_.host + (address_.path.starts_with("~") ? "/" : "") + address_.path; }

bool RemoteTree::start(Text& why, double timeoutS) {
    thread_ = std::thread([this] { work(); });
    std::unique_lock lock(mutex_);
    // The first listing, or the first failure to connect: the caller says it at once.
    const bool done = changed_.wait_for(lock, std::chrono::duration<double>(timeoutS),
                                        [&] { return listed_ || !trouble_.empty(); });
    if (listed_ && !listing_.empty())
        return true;
    if (listed_)
        why = Text(TD_TEXT("Watch", "%1: no such file or folder"), {Text::value(printable(url()))});
    else if (!trouble_.empty())
        why = trouble_;
    else if (!done)
        why = Text(TD_TEXT("Watch", "%1: no answer within %2 s"), {Text::value(printable(url())), Text::value(std::to_string(int(timeoutS)))});
    return false;
}

std::vector<Entry> RemoteTree::listing() const {
    std::lock_guard lock(mutex_);
    return listing_;
}

std::unique_ptr<ByteSource> RemoteTree::follow(const std::string& path) {
    auto file = std::make_shared<File>();
    file->path = path;
    file->device = "-";
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

void RemoteTree::work() {
    double backoff = kFirstBackoffS;
    std::unique_ptr<launch::NodeSession> session;
    auto nextList = Clock::now();
    while (!stopping_) {
        if (!session) {
            auto fresh = launch::makeSshSession(0, address_.host, settings_);
            const launch::NodeSession::Opened opened = fresh->open();
            if (!opened.ok) {
                std::lock_guard lock(mutex_);
                refused_ = opened.kind == launch::FailureKind::Access;
                trouble_ = refused_ ? opened.why
                                    : Text(TD_TEXT("Watch", "%1, trying again in %2 s"),
                                           {opened.why, Text::value(std::to_string(int(backoff + 0.5)))});
                changed_.notify_all();
                if (refused_)
                    return;
            } else {
                session = std::move(fresh);
                ++connections_;
                std::lock_guard lock(mutex_);
                trouble_ = {};
            }
            if (!session) {
                waitFor(backoff);
                backoff = std::min(backoff * 2, kMaxBackoffS);
                continue;
            }
            backoff = kFirstBackoffS;
        }
        bool ok = true, got = false;
        if (Clock::now() >= nextList) {
            ok = list(*session);
            nextList = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(kListEveryS));
        }
        if (ok)
            ok = readRound(*session, got);
        if (!ok) {
            session.reset();  // dropped: the next loop reconnects, the offsets are where the last whole round left them
            std::lock_guard lock(mutex_);
            trouble_ = Text(TD_TEXT("Watch", "the connection to %1 dropped; reconnecting"), {Text::value(address_.host)});
            continue;
        }
        if (!got)
            waitFor(kIdleWaitS);
    }
}

bool RemoteTree::list(launch::NodeSession& session) {
    const launch::CommandResult r = session.run("find -H " + shellPath(address_.path) + " -maxdepth " +
                                                std::to_string(kLogdirDepth + 1) +
                                                " \\( -type d -o -type f \\) -printf '%y %p\\0' 2>/dev/null; true");
    if (r.status != 0)
        return false;
    std::vector<Entry> entries;
    std::string_view out = r.out;
    while (!out.empty()) {
        const std::size_t end = out.find('\0');
        const std::string_view item = out.substr(0, end);
        if (item.size() > 2)
            entries.push_back({std::string(item.substr(2)), item[0] == 'd'});
        if (end == std::string_view::npos)
            break;
        out.remove_prefix(end + 1);
    }
    std::lock_guard lock(mutex_);
    listing_ = std::move(entries);
    listed_ = true;
    changed_.notify_all();
    return true;
}

bool RemoteTree::readRound(launch::NodeSession& session, bool& got) {
    std::vector<std::shared_ptr<File>> asked;
    std::string script = kReadFunction;
    {
        std::lock_guard lock(mutex_);
        for (const auto& f : files_) {
            if (f->pendingBytes >= kQueueLimit)
                continue;
            script += "r " + std::to_string(asked.size()) + " " + shellPath(f->path) + " " + std::to_string(f->offset) +
                      " " + generate::shellQuote(f->device) + " " + std::to_string(kRoundBytes) + "\n";
            asked.push_back(f);
        }
    }
    if (asked.empty())
        return true;
    const launch::CommandResult r = session.run(script);
    if (r.status != 0)
        return false;
    // Parsed whole before anything is taken: a round cut short changes nothing.
    struct Part {
        std::string device;
        std::size_t offset = 0;
        std::string bytes;
    };
    std::vector<Part> parts(asked.size());
    std::string_view out = r.out;
    for (std::size_t i = 0; i < asked.size(); ++i) {
        bool ok = true;
        const std::string header(nextLine(out, ok));
        const std::string_view data = nextLine(out, ok);
        char device[128];
        std::size_t index = 0, offset = 0;
        if (!ok || std::sscanf(header.c_str(), "%zu %127s %zu", &index, device, &offset) != 3 || index != i ||
            !base64Decode(data, parts[i].bytes))
            return true;  // not what the script writes (a shell that differs): nothing taken, asked again
        parts[i].device = device;
        parts[i].offset = offset;
    }
    std::lock_guard lock(mutex_);
    for (std::size_t i = 0; i < asked.size(); ++i) {
        File& f = *asked[i];
        Part& p = parts[i];
        if (p.device == "-") {
            f.caughtUp = true;  // not there (yet): like a local file not yet written
            continue;
        }
        const bool restart = f.device != "-" && (p.device != f.device || p.offset < f.offset);
        f.device = p.device;
        f.offset = p.offset + p.bytes.size();
        f.caughtUp = p.bytes.size() < kRoundBytes;
        got |= !p.bytes.empty();
        if (p.bytes.empty() && !restart)
            continue;
        f.pendingBytes += p.bytes.size();
        if (!restart && !f.pending.empty())
            f.pending.back().bytes += p.bytes;
        else
            f.pending.push_back({restart, std::move(p.bytes)});
    }
    return true;
}

}  // namespace traindeck::metrics
