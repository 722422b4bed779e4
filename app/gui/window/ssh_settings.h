#pragma once
// The window's SSH settings (identity, known_hosts, ssh config), held once: the
// Launch page edits them and starts nodes with them, the Watch page's ssh://
// sources connect with them, as `traindeck launch` and `traindeck watch` take
// the same --identity/--known-hosts/--ssh-config. MainWindow owns the one object.

#include "ssh/session.h"

#include <QObject>
#include <QString>

namespace traindeck::gui {

class SshSettings : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;

    const ssh::Settings& settings() const { return m_settings; }
    // Empty paths: ssh's defaults (the agent and ~/.ssh/config's keys, ~/.ssh/known_hosts, ~/.ssh/config).
    void setFiles(const QString& identity, const QString& knownHosts, const QString& config);

signals:
    void changed();

private:
    ssh::Settings m_settings;
};

}  // namespace traindeck::gui
