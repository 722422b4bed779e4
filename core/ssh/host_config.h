#pragma once
// What the user's ssh configuration says of a host, read by libssh as it reads it to
// connect (Host/Match blocks, HostName with its %h tokens), without connecting.

#include <string>

namespace traindeck::ssh {

// The HostName the ssh configuration gives `host`, or `host` itself; only a plain host
// name or address is returned (a value that is neither may not reach a node script).
// `configFile` empty: the user's ~/.ssh/config and the system's, as ssh reads them.
std::string configuredHostName(const std::string& host, const std::string& configFile);

}  // namespace traindeck::ssh
