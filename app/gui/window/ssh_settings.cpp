#include "gui/window/ssh_settings.h"

namespace traindeck::gui {

void SshSettings::setFiles(const QString& identity, const QString& knownHosts, const QString& config) {
    const std::string id = identity.trimmed().toStdString(), known = knownHosts.trimmed().toStdString(),
                      cfg = config.trimmed().toStdString();
    if (id == m_settings.identityFile && known == m_settings.knownHostsFile && cfg == m_settings.configFile)
        return;
    m_settings.identityFile = id;
    m_settings.knownHostsFile = known;
    m_settings.configFile = cfg;
    emit changed();
}

}  // namespace traindeck::gui
