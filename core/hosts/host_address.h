#pragma once
// `[user@]host[:port]` — how a user names a node, everywhere a host is accepted
// (`traindeck generate --hosts`, `traindeck launch --hosts`, the GUI's host
// table). Parsed here and nowhere else. IPv6 addresses are written bare
// (`fe80::1`, no port) or in brackets with a port (`[fe80::1]:2222`).

#include <optional>
#include <string>
#include <string_view>

namespace traindeck::hosts {

struct HostAddress {
    std::string user;  // empty: the ssh configuration's or the current user
    std::string host;  // a name, an ssh config alias, or an address
    int port = 0;      // 0: the ssh configuration's or 22

    // As the user would write it again: alice@node-a:2222, [::1]:22.
    std::string text() const;
    // `user@host` (or `host`): what ssh and pdsh take as a destination.
    std::string destination() const;
};

// The host, user and port of `text`, or nullopt when it is not one: only
// letters, digits and `.-_:` in a host (no shell syntax, no leading '-' that a
// tool could read as an option), `[A-Za-z0-9._-]` in a user, a port 1–65535.
std::optional<HostAddress> parseHostAddress(std::string_view text);

// A host name or address alone (the part a hostfile or MASTER_ADDR can hold).
bool isHostName(std::string_view host);

}  // namespace traindeck::hosts
