#include "window_display.h"

#include <cerrno>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <netdb.h>
#include <poll.h>
#include <string_view>
#include <sys/socket.h>
#include <sys/un.h>
#include <fcntl.h>
#include <unistd.h>

namespace traindeck::app {

namespace {

std::string env(const char* name) {
    const char* v = std::getenv(name);
    return v ? v : "";
}

bool connectUnix(const std::string& path, bool abstract) {
    sockaddr_un addr{};
    if (path.size() + 1 >= sizeof addr.sun_path) return false;
    addr.sun_family = AF_UNIX;
    std::memcpy(addr.sun_path + (abstract ? 1 : 0), path.data(), path.size());
    const socklen_t len = socklen_t(offsetof(sockaddr_un, sun_path) + path.size() + (abstract ? 1 : 0));
    const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return false;
    const bool ok = ::connect(fd, reinterpret_cast<const sockaddr*>(&addr), len) == 0;
    ::close(fd);
    return ok;
}

// A TCP display (ssh's X forwarding: localhost:10), with a short timeout.
bool connectTcp(const std::string& host, int port) {
    addrinfo hints{}, *found = nullptr;
    hints.ai_socktype = SOCK_STREAM;
    if (::getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &found) != 0) return false;
    bool ok = false;
    for (addrinfo* a = found; a && !ok; a = a->ai_next) {
        const int fd = ::socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC | SOCK_NONBLOCK, a->ai_protocol);
        if (fd < 0) continue;
        if (::connect(fd, a->ai_addr, a->ai_addrlen) == 0) {
            ok = true;
        } else if (errno == EINPROGRESS) {
            pollfd p{fd, POLLOUT, 0};
            int error = 0;
            socklen_t len = sizeof error;
            ok = ::poll(&p, 1, 2000) == 1 && ::getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &len) == 0 && error == 0;
        }
        ::close(fd);
    }
    ::freeaddrinfo(found);
    return ok;
}

// DISPLAY is [host]:number[.screen]; no host (or "unix") is the local socket,
// which an X server offers both in the abstract namespace and as a file.
bool xServerReachable(const std::string& display) {
    const auto colon = display.rfind(':');
    if (display.empty() || colon == std::string::npos) return false;
    const std::string host = display.substr(0, colon);
    const std::string number = display.substr(colon + 1, display.find('.', colon) - colon - 1);
    if (number.empty() || number.find_first_not_of("0123456789") != std::string::npos) return true;  // Qt decides
    if (host.empty() || host == "unix") {
        const std::string path = "/tmp/.X11-unix/X" + number;
        return connectUnix(path, true) || connectUnix(path, false);
    }
    if (host.find('/') != std::string::npos) return connectUnix(display, false);  // a socket path (launchd)
    return connectTcp(host, 6000 + std::atoi(number.c_str()));
}

bool waylandReachable() {
    std::string name = env("WAYLAND_DISPLAY");
    if (name.empty()) return false;
    if (name.front() != '/') {
        const std::string dir = env("XDG_RUNTIME_DIR");
        if (dir.empty()) return false;
        name = dir + "/" + name;
    }
    return connectUnix(name, false);
}

bool platformCanOpen(std::string_view platform) {
    platform = platform.substr(0, platform.find(':'));  // "xcb:option=..." takes options
    if (platform == "xcb") return xServerReachable(env("DISPLAY"));
    if (platform.starts_with("wayland")) return waylandReachable();
    return true;  // offscreen, minimal, vnc, eglfs, linuxfb: no display server to find
}

}  // namespace

bool windowCanOpen(const std::vector<std::string>& args) {
    std::string platforms = env("QT_QPA_PLATFORM");
    for (std::size_t i = 0; i + 1 < args.size(); ++i)
        if (args[i] == "-platform" || args[i] == "--platform") platforms = args[i + 1];
    if (platforms.empty()) platforms = "wayland;xcb";  // Qt picks by session; either will do
    // Qt tries the platforms of a ';' list in turn: one that can open is enough.
    std::size_t start = 0;
    while (start <= platforms.size()) {
        const std::size_t end = platforms.find(';', start);
        const std::string one = platforms.substr(start, end == std::string::npos ? std::string::npos : end - start);
        if (!one.empty() && platformCanOpen(one)) return true;
        if (end == std::string::npos) break;
        start = end + 1;
    }
    return false;
}

}  // namespace traindeck::app
