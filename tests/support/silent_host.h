#pragma once
// A port on 127.0.0.1 that takes connections and never says a word, as a wedged
// sshd or a half-dead host does: for tests of what a stop does while a
// connection waits for the host's SSH banner.

#include <QList>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

namespace test_sshd {

class SilentHost {
public:
    SilentHost() {
        fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        sockaddr_in addr{};
        addr.sin_family = AF_INET;
        addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t len = sizeof addr;
        ok_ = fd_ >= 0 && ::bind(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0 && ::listen(fd_, 16) == 0 &&
              ::getsockname(fd_, reinterpret_cast<sockaddr*>(&addr), &len) == 0;
        port_ = ntohs(addr.sin_port);
    }
    ~SilentHost() {
        for (int fd : taken_) ::close(fd);
        if (fd_ >= 0) ::close(fd_);
    }
    SilentHost(const SilentHost&) = delete;
    SilentHost& operator=(const SilentHost&) = delete;

    bool ok() const { return ok_; }
    int port() const { return port_; }
    // Takes a connection that is waiting, if any (and keeps it open, silent);
    // how many it has taken so far.
    int take() {
        pollfd ready{fd_, POLLIN, 0};
        if (::poll(&ready, 1, 0) > 0)
            if (const int fd = ::accept4(fd_, nullptr, nullptr, SOCK_CLOEXEC); fd >= 0) taken_ << fd;
        return int(taken_.size());
    }

private:
    int fd_ = -1;
    int port_ = 0;
    bool ok_ = false;
    QList<int> taken_;
};

}  // namespace test_sshd
