#pragma once
// The Launch page's settings of a run: this machine instead of the hosts (a 1×N
// plan), the run folder, the folder on each host and the SSH files (identity,
// known_hosts, ssh config; kept in the window's one SshSettings as they are edited).

#include "launch/launch.h"

#include <QWidget>

class QCheckBox;
class QLabel;
class QLineEdit;

namespace traindeck::gui {

class SshSettings;

class LaunchForm : public QWidget {
    Q_OBJECT
public:
    explicit LaunchForm(QWidget* parent = nullptr);

    bool local() const;  // this machine runs the single node (when the plan has one)
    void setLocal(bool local);
    void setRunDir(const QString& dir);
    void setSshFiles(const QString& identity, const QString& knownHosts, const QString& config);
    void useSsh(SshSettings* shared);
    // `busy`: a run goes, nothing can be changed; `oneNode`: the plan may run here.
    void setState(bool busy, bool oneNode);
    // The run's folders and SSH files, as typed (empty: the defaults).
    void fill(launch::LaunchConfig& config) const;

signals:
    void localToggled(bool local);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();

    QCheckBox* m_local = nullptr;
    QLabel* m_runDirLabel = nullptr;
    QLineEdit* m_runDir = nullptr;
    QLabel* m_remoteDirLabel = nullptr;
    QLineEdit* m_remoteDir = nullptr;
    QLabel* m_identityLabel = nullptr;
    QLineEdit* m_identity = nullptr;
    QLabel* m_knownHostsLabel = nullptr;
    QLineEdit* m_knownHosts = nullptr;
    QLabel* m_sshConfigLabel = nullptr;
    QLineEdit* m_sshConfig = nullptr;
};

}  // namespace traindeck::gui
