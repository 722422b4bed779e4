#pragma once
// The address the other nodes reach node 0 at (MASTER_ADDR). A user names node
// 0 the way ssh does: an alias of the ssh configuration (`gpu-a`), `user@host`,
// `host:port`. None of those is an address the nodes can connect to, so the
// ssh configuration's HostName for it is taken, as `ssh -G` would print it
// (libssh reads the same configuration), and the user is told what was chosen.

#include "hosts/host_address.h"
#include "text/text.h"

#include <string>

namespace traindeck::generate {

struct MasterAddress {
    std::string address;  // a host name or IP address, no user, no port
    Text how;             // one line for the user: how it was chosen; empty: node 0's host as given
};

// `configFile` empty: the user's ~/.ssh/config and the system's, as ssh reads them.
MasterAddress resolveMasterAddress(const hosts::HostAddress& node0, const std::string& configFile);

}  // namespace traindeck::generate
