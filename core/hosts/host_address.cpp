#include "hosts/host_address.h"

#include <cctype>
#include <charconv>

namespace traindeck::hosts {

namespace {

bool isUserName(std::string_view s) {
    if (s.empty() || s.size() > 64 || s.front() == '-') return false;
    for (char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        if (!(std::isalnum(c) || c == '.' || c == '-' || c == '_')) return false;
    }
    return true;
}

std::optional<int> parsePort(std::string_view s) {
    int port = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), port);
    if (s.empty() || ec != std::errc() || end != s.data() + s.size() || port < 1 || port > 65535) return std::nullopt;
    return port;
}

}  // namespace

bool isHostName(std::string_view s) {
    if (s.empty() || s.size() > 253 || s.front() == '-') return false;
    for (char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        if (!(std::isalnum(c) || c == '.' || c == '-' || c == ':' || c == '_')) return false;
    }
    return true;
}

std::optional<HostAddress> parseHostAddress(std::string_view text) {
    HostAddress a;
    if (const auto at = text.rfind('@'); at != std::string_view::npos) {
        a.user = std::string(text.substr(0, at));
        if (!isUserName(a.user)) return std::nullopt;
        text.remove_prefix(at + 1);
    }
    if (!text.empty() && text.front() == '[') {  // [v6]:port or [v6]
        const auto close = text.find(']');
        if (close == std::string_view::npos) return std::nullopt;
        a.host = std::string(text.substr(1, close - 1));
        const std::string_view rest = text.substr(close + 1);
        if (!rest.empty()) {
            if (rest.front() != ':') return std::nullopt;
            const auto port = parsePort(rest.substr(1));
            if (!port) return std::nullopt;
            a.port = *port;
        }
    } else if (const auto colon = text.find(':');
               colon != std::string_view::npos && text.find(':', colon + 1) == std::string_view::npos) {
        // One colon: host:port. Several: a bare IPv6 address, no port.
        a.host = std::string(text.substr(0, colon));
        const auto port = parsePort(text.substr(colon + 1));
        if (!port) return std::nullopt;
        a.port = *port;
    } else {
        a.host = std::string(text);
    }
    if (!isHostName(a.host)) return std::nullopt;
    return a;
}

std::string HostAddress::destination() const { return user.empty() ? host : user + "@" + host; }

std::string HostAddress::text() const {
    const bool v6 = host.find(':') != std::string::npos;
    std::string t = user.empty() ? "" : user + "@";
    if (port == 0) return t + host;
    return t + (v6 ? "[" + host + "]" : host) + ":" + std::to_string(port);
}

}  // namespace traindeck::hosts
