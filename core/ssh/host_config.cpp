#include "ssh/host_config.h"

#include "hosts/host_address.h"

#include <libssh/libssh.h>

#include <memory>

namespace traindeck::ssh {

std::string configuredHostName(const std::string& host, const std::string& configFile) {
    std::unique_ptr<ssh_session_struct, void (*)(ssh_session)> session(ssh_new(), ssh_free);
    if (!session) return host;
    if (ssh_options_set(session.get(), SSH_OPTIONS_HOST, host.c_str()) != SSH_OK) return host;
    if (ssh_options_parse_config(session.get(), configFile.empty() ? nullptr : configFile.c_str()) != SSH_OK)
        return host;
    char* resolved = nullptr;
    if (ssh_options_get(session.get(), SSH_OPTIONS_HOST, &resolved) != SSH_OK || !resolved) return host;
    std::string out(resolved);
    ssh_string_free_char(resolved);
    return hosts::isHostName(out) ? out : host;
}

}  // namespace traindeck::ssh
