#include "generate/master_address.h"

#include "ssh/host_config.h"

namespace traindeck::generate {

MasterAddress resolveMasterAddress(const hosts::HostAddress& node0, const std::string& configFile) {
    MasterAddress m;
    m.address = ssh::configuredHostName(node0.host, configFile);
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
