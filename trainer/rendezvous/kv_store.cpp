#include "rendezvous/kv_store.h"

#include <arpa/inet.h>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <map>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

namespace traindeck::trainer {

namespace {

enum Op : uint8_t { kSet = 1, kGet = 2, kAdd = 3, kHello = 4, kLiveness = 5 };
enum Status : uint8_t { kOk = 0, kTimeout = 1, kFailed = 2 };

using Clock = std::chrono::steady_clock;

void putU32(std::string& s, uint32_t v) {
    for (int i = 0; i < 4; ++i) s.push_back(char((v >> (8 * i)) & 0xff));
}
void putI64(std::string& s, int64_t v) {
    for (int i = 0; i < 8; ++i) s.push_back(char((uint64_t(v) >> (8 * i)) & 0xff));
}
uint32_t getU32(const char* p) {
    uint32_t v = 0;
    for (int i = 0; i < 4; ++i) v |= uint32_t(uint8_t(p[i])) << (8 * i);
    return v;
}
int64_t getI64(const char* p) {
    uint64_t v = 0;
    for (int i = 0; i < 8; ++i) v |= uint64_t(uint8_t(p[i])) << (8 * i);
    return int64_t(v);
}

std::string response(uint8_t status, const std::string& body) {
    std::string out(1, char(status));
    putU32(out, uint32_t(body.size()));
    return out + body;
}

bool sendAll(int fd, const std::string& data) {
    size_t done = 0;
    while (done < data.size()) {
        const ssize_t n = ::send(fd, data.data() + done, data.size() - done, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += size_t(n);
    }
    return true;
}

}  // namespace

// ---------------------------------------------------------------- server

// One thread polls the listening socket and every client. A client has at most one
// request in flight (clients wait for each answer), so a blocking get is just a
// remembered (key, deadline) answered when the key is set or the deadline passes.
struct KvServer::Impl {
    struct Client {
        std::string in;
        int rank = -1;
        Clock::time_point lastRequest = Clock::now();
        bool waiting = false;
        std::string waitKey;
        Clock::time_point deadline;
    };
    int listenFd = -1, port = 0;
    int wakePipe[2] = {-1, -1};
    std::map<int, Client> clients;     // by fd
    std::map<std::string, std::string> data;
    std::map<int, RankLiveness> ranks;  // by rank, kept after disconnection
    std::map<int, Clock::time_point> rankLast;
    std::thread thread;

    void run();
    void handle(int fd, Client& c);
    void answerWaiters(const std::string& key);
    void disconnect(int fd);
};

// A listening socket on all addresses of `family`, or -1 with *err set. IPv6 sockets
// take IPv4 too (V6ONLY off).
static int listenOn(int family, int port, int* err) {
    const int fd = ::socket(family, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) {
        *err = errno;
        return -1;
    }
    int one = 1, zero = 0;
    ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    int rc;
    if (family == AF_INET6) {
        ::setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &zero, sizeof zero);
        sockaddr_in6 addr{};
        addr.sin6_family = AF_INET6;
        addr.sin6_addr = in6addr_any;
        addr.sin6_port = htons(uint16_t(port));
        rc = ::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr);
    } else {
        sockaddr_in addr{};
        addr.sin_family = AF_INET;
        addr.sin_addr.s_addr = htonl(INADDR_ANY);
        addr.sin_port = htons(uint16_t(port));
        rc = ::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr);
    }
    if (rc != 0 || ::listen(fd, 1024) != 0) {
        *err = errno;
        ::close(fd);
        return -1;
    }
    return fd;
}

KvServer::KvServer(int port) : impl_(std::make_unique<Impl>()) {
    Impl& s = *impl_;
    int err = 0;
    s.listenFd = listenOn(AF_INET6, port, &err);
    // No IPv6 here (kernel or container without it): IPv4 alone.
    if (s.listenFd < 0 && err != EADDRINUSE) s.listenFd = listenOn(AF_INET, port, &err);
    if (s.listenFd < 0) {
        if (err == EADDRINUSE)
            throw RendezvousError("MASTER_PORT " + std::to_string(port) +
                                  " is already in use on this host (another job or a stale trainer holds it; "
                                  "pick another MASTER_PORT)");
        throw RendezvousError("cannot listen on port " + std::to_string(port) + ": " + std::strerror(err));
    }
    sockaddr_storage bound{};
    socklen_t len = sizeof bound;
    ::getsockname(s.listenFd, reinterpret_cast<sockaddr*>(&bound), &len);
    s.port = bound.ss_family == AF_INET6 ? ntohs(reinterpret_cast<sockaddr_in6*>(&bound)->sin6_port)
                                         : ntohs(reinterpret_cast<sockaddr_in*>(&bound)->sin_port);
    if (::pipe2(s.wakePipe, O_CLOEXEC) != 0) throw RendezvousError("cannot create a pipe");
    s.thread = std::thread([&s] { s.run(); });
}

KvServer::~KvServer() {
    if (impl_->thread.joinable()) {
        const char x = 'q';
        (void)!::write(impl_->wakePipe[1], &x, 1);
        impl_->thread.join();
    }
    for (auto& [fd, c] : impl_->clients) ::close(fd);
    ::close(impl_->listenFd);
    ::close(impl_->wakePipe[0]);
    ::close(impl_->wakePipe[1]);
}

int KvServer::port() const { return impl_->port; }

void KvServer::Impl::disconnect(int fd) {
    auto it = clients.find(fd);
    if (it == clients.end()) return;
    if (it->second.rank >= 0) ranks[it->second.rank].connected = false;
    ::close(fd);
    clients.erase(it);
}

void KvServer::Impl::answerWaiters(const std::string& key) {
    std::vector<int> gone;
    for (auto& [fd, c] : clients)
        if (c.waiting && c.waitKey == key) {
            c.waiting = false;
            if (!sendAll(fd, response(kOk, data[key]))) gone.push_back(fd);
        }
    for (int fd : gone) disconnect(fd);
}

void KvServer::Impl::run() {
    for (;;) {
        std::vector<pollfd> fds{{wakePipe[0], POLLIN, 0}, {listenFd, POLLIN, 0}};
        int timeoutMs = 1000;
        const auto now = Clock::now();
        for (auto& [fd, c] : clients) {
            fds.push_back({fd, POLLIN, 0});
            if (c.waiting) {
                const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(c.deadline - now).count();
                timeoutMs = std::max(0, std::min<int>(timeoutMs, int(left)));
            }
        }
        if (::poll(fds.data(), fds.size(), timeoutMs) < 0 && errno != EINTR) return;
        if (fds[0].revents) return;
        if (fds[1].revents & POLLIN) {
            const int fd = ::accept4(listenFd, nullptr, nullptr, SOCK_CLOEXEC);
            if (fd >= 0) {
                int one = 1;
                ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
                clients[fd] = Client{};
            }
        }
        for (size_t i = 2; i < fds.size(); ++i) {
            const int fd = fds[i].fd;
            // Skip clients dropped earlier in this round (a failed answer to a waiter).
            if (!fds[i].revents || !clients.count(fd)) continue;
            char buf[65536];
            const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
            if (n <= 0) {
                if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
                disconnect(fd);
                continue;
            }
            auto it = clients.find(fd);
            it->second.in.append(buf, size_t(n));
            handle(fd, it->second);
        }
        // Expired blocking gets answer "timeout"; the client turns that into its error.
        const auto later = Clock::now();
        std::vector<int> gone;
        for (auto& [fd, c] : clients)
            if (c.waiting && later >= c.deadline) {
                c.waiting = false;
                if (!sendAll(fd, response(kTimeout, ""))) gone.push_back(fd);
            }
        for (int fd : gone) disconnect(fd);
    }
}

void KvServer::Impl::handle(int fd, Client& c) {
    for (;;) {
        // op(1) keylen(4) key vallen(4) value arg(8)
        if (c.in.size() < 5) return;
        const uint32_t klen = getU32(c.in.data() + 1);
        if (c.in.size() < 5 + size_t(klen) + 4) return;
        const uint32_t vlen = getU32(c.in.data() + 5 + klen);
        const size_t total = 5 + size_t(klen) + 4 + size_t(vlen) + 8;
        if (c.in.size() < total) return;
        const uint8_t op = uint8_t(c.in[0]);
        std::string key = c.in.substr(5, klen);
        std::string value = c.in.substr(9 + klen, vlen);
        const int64_t arg = getI64(c.in.data() + 9 + klen + vlen);
        c.in.erase(0, total);
        c.lastRequest = Clock::now();
        if (c.rank >= 0) rankLast[c.rank] = c.lastRequest;

        std::string out;
        switch (op) {
        case kSet:
            data[key] = value;
            out = response(kOk, "");
            if (!sendAll(fd, out)) return disconnect(fd);
            answerWaiters(key);
            continue;
        case kGet:
            if (auto it = data.find(key); it != data.end()) {
                out = response(kOk, it->second);
            } else {
                c.waiting = true;
                c.waitKey = key;
                c.deadline = Clock::now() + std::chrono::milliseconds(arg);
                continue;
            }
            break;
        case kAdd: {
            int64_t current = 0;
            if (auto it = data.find(key); it != data.end()) current = std::strtoll(it->second.c_str(), nullptr, 10);
            current += arg;
            data[key] = std::to_string(current);
            std::string body;
            putI64(body, current);
            out = response(kOk, body);
            if (!sendAll(fd, out)) return disconnect(fd);
            answerWaiters(key);
            continue;
        }
        case kHello:
            c.rank = int(arg);
            ranks[c.rank] = RankLiveness{c.rank, true, 0};
            rankLast[c.rank] = c.lastRequest;
            out = response(kOk, "");
            break;
        case kLiveness: {
            // "rank connected idle_ms" per line. A rank that has a connection blocked in a
            // get is busy, not idle.
            const auto now = Clock::now();
            std::map<int, bool> busy;
            for (auto& [ofd, oc] : clients)
                if (oc.rank >= 0 && oc.waiting) busy[oc.rank] = true;
            std::string body;
            for (auto& [r, live] : ranks) {
                const int64_t idle = busy[r] ? 0
                                             : std::chrono::duration_cast<std::chrono::milliseconds>(now - rankLast[r]).count();
                body += std::to_string(r) + " " + (live.connected ? "1" : "0") + " " + std::to_string(idle) + "\n";
            }
            out = response(kOk, body);
            break;
        }
        default:
            out = response(kFailed, "unknown op");
        }
        if (!sendAll(fd, out)) return disconnect(fd);
    }
}

// ---------------------------------------------------------------- client

KvClient::KvClient(const std::string& host, int port, std::chrono::milliseconds timeout)
    : where_(host + ":" + std::to_string(port)) {
    const auto deadline = Clock::now() + timeout;
    std::string lastError = "no attempt";
    // The master may start after us (or its name may not resolve yet, as on Kubernetes):
    // retry until the rendezvous timeout.
    for (;;) {
        addrinfo hints{};
        hints.ai_family = AF_UNSPEC;
        hints.ai_socktype = SOCK_STREAM;
        addrinfo* found = nullptr;
        const int gai = ::getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &found);
        if (gai != 0) {
            lastError = std::string("cannot resolve ") + host + ": " + ::gai_strerror(gai);
        } else {
            for (addrinfo* a = found; a && fd_ < 0; a = a->ai_next) {
                const int fd = ::socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol);
                if (fd < 0) continue;
                if (::connect(fd, a->ai_addr, a->ai_addrlen) == 0) {
                    fd_ = fd;
                } else {
                    lastError = std::strerror(errno);
                    ::close(fd);
                }
            }
            ::freeaddrinfo(found);
        }
        if (fd_ >= 0) break;
        if (Clock::now() >= deadline)
            throw RendezvousError("cannot reach the rendezvous master at " + where_ + " within " +
                                  std::to_string(timeout.count() / 1000) + " s (" + lastError +
                                  "); is rank 0 running, and are MASTER_ADDR/MASTER_PORT right?");
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
    int one = 1;
    ::setsockopt(fd_, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
}

KvClient::~KvClient() {
    if (fd_ >= 0) ::close(fd_);
}

std::string KvClient::request(uint8_t op, const std::string& key, const std::string& value, int64_t arg,
                              uint8_t* status) {
    std::lock_guard lock(mutex_);
    std::string msg(1, char(op));
    putU32(msg, uint32_t(key.size()));
    msg += key;
    putU32(msg, uint32_t(value.size()));
    msg += value;
    putI64(msg, arg);
    const std::string lost = "lost the connection to the rendezvous store at " + where_ + " (rank 0 is gone)";
    if (!sendAll(fd_, msg)) throw RendezvousError(lost);
    std::string in;
    size_t need = 5;
    // A store that stops answering (rank 0 stopped or hung) must not hang us: wait at
    // most the request's own blocking time plus the I/O timeout.
    const auto deadline = Clock::now() + std::chrono::milliseconds(op == kGet ? arg : 0) + ioTimeout_;
    while (in.size() < need) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
        pollfd p{fd_, POLLIN, 0};
        if (left <= 0 || (::poll(&p, 1, int(std::min<long long>(left, 1 << 30))) == 0))
            throw RendezvousError("the rendezvous store at " + where_ + " stopped answering (rank 0 hung?)", true);
        char buf[65536];
        const ssize_t n = ::recv(fd_, buf, std::min(sizeof buf, need - in.size()), 0);
        if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
        if (n <= 0) throw RendezvousError(lost);
        in.append(buf, size_t(n));
        if (in.size() == 5 && need == 5) need = 5 + getU32(in.data() + 1);
    }
    *status = uint8_t(in[0]);
    return in.substr(5);
}

void KvClient::set(const std::string& key, const std::string& value) {
    uint8_t status;
    request(kSet, key, value, 0, &status);
}

std::string KvClient::get(const std::string& key, std::chrono::milliseconds timeout) {
    uint8_t status;
    std::string v = request(kGet, key, "", timeout.count(), &status);
    if (status == kTimeout)
        throw RendezvousError("timed out after " + std::to_string(timeout.count() / 1000) +
                              " s waiting for '" + key + "' in the rendezvous store");
    return v;
}

int64_t KvClient::add(const std::string& key, int64_t delta) {
    uint8_t status;
    const std::string v = request(kAdd, key, "", delta, &status);
    return v.size() == 8 ? getI64(v.data()) : 0;
}

void KvClient::hello(int rank) {
    uint8_t status;
    request(kHello, "", "", rank, &status);
}

std::vector<RankLiveness> KvClient::liveness() {
    uint8_t status;
    const std::string body = request(kLiveness, "", "", 0, &status);
    std::vector<RankLiveness> out;
    size_t pos = 0;
    while (pos < body.size()) {
        const size_t end = body.find('\n', pos);
        RankLiveness r;
        int connected = 0;
        long long idle = 0;
        if (std::sscanf(body.c_str() + pos, "%d %d %lld", &r.rank, &connected, &idle) == 3) {
            r.connected = connected != 0;
            r.idleMs = idle;
            out.push_back(r);
        }
        pos = end == std::string::npos ? body.size() : end + 1;
    }
    return out;
}

}  // namespace traindeck::trainer
