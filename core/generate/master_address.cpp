#include "generate/master_address.h"

#include <libssh/libssh.h>

#include <memory>

namespace traindeck::generate {

namespace {

// The HostName the ssh configuration gives `host`, or `host` itself: libssh
// applies the configuration's Host/Match blocks and HostName (with its %h
// tokens) to the session's host, exactly as it does when it connects.
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
    // Only a plain host name or address may reach a node script.
    return hosts::isHostName(out) ? out : host;
}

}  // namespace

MasterAddress resolveMasterAddress(const hosts::HostAddress& node0, const std::string& configFile) {
    MasterAddress m;
    m.address = configuredHostName(node0.host, configFile);
    if (m.address != node0.host)
        m.how = Text(TD_TEXT("GenerateNotes", "MASTER_ADDR is %1: the HostName of the ssh alias %2 in the ssh "
                                              "configuration"),
                     {Text::value(m.address), Text::value(node0.host)});
    else if (node0.text() != node0.host)
        m.how = Text(TD_TEXT("GenerateNotes", "MASTER_ADDR is %1: node 0 (%2) without its ssh user and port"),
                     {Text::value(m.address), Text::value(node0.text())});
    return m;
}

}  // namespace traindeck::generate
