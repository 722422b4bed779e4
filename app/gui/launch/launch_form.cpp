#include "gui/launch/launch_form.h"

#include "gui/window/ssh_settings.h"

#include <QCheckBox>
#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>

namespace traindeck::gui {

LaunchForm::LaunchForm(QWidget* parent) : QWidget(parent) {
    auto* form = new QFormLayout(this);
    form->setContentsMargins(0, 0, 0, 0);
    m_local = new QCheckBox;
    m_local->setObjectName(QStringLiteral("local"));
    form->addRow(m_local);
    const auto addPath = [&](QLabel*& label, QLineEdit*& edit, const char* name) {
        label = new QLabel;
        edit = new QLineEdit;
        edit->setObjectName(QLatin1String(name));
        edit->setClearButtonEnabled(true);
        form->addRow(label, edit);
    };
    addPath(m_runDirLabel, m_runDir, "runDir");
    addPath(m_remoteDirLabel, m_remoteDir, "remoteDir");
    addPath(m_identityLabel, m_identity, "identity");
    addPath(m_knownHostsLabel, m_knownHosts, "knownHosts");
    addPath(m_sshConfigLabel, m_sshConfig, "sshConfig");
    connect(m_local, &QCheckBox::toggled, this, &LaunchForm::localToggled);
    retranslate();
}

bool LaunchForm::local() const { return m_local->isChecked(); }
void LaunchForm::setLocal(bool local) { m_local->setChecked(local); }
void LaunchForm::setRunDir(const QString& dir) { m_runDir->setText(dir); }

void LaunchForm::setSshFiles(const QString& identity, const QString& knownHosts, const QString& config) {
    m_identity->setText(identity);
    m_knownHosts->setText(knownHosts);
    m_sshConfig->setText(config);
}

void LaunchForm::useSsh(SshSettings* shared) {
    const auto keep = [this, shared] { shared->setFiles(m_identity->text(), m_knownHosts->text(), m_sshConfig->text()); };
    for (QLineEdit* e : {m_identity, m_knownHosts, m_sshConfig})
        connect(e, &QLineEdit::textChanged, shared, keep);
    keep();
}

void LaunchForm::setState(bool busy, bool oneNode) {
    for (QLineEdit* e : {m_runDir, m_remoteDir, m_identity, m_knownHosts, m_sshConfig})
        e->setEnabled(!busy);
    m_local->setEnabled(!busy && oneNode);
}

void LaunchForm::fill(launch::LaunchConfig& config) const {
    config.runDir = m_runDir->text().trimmed().toStdString();
    config.remoteDir = m_remoteDir->text().trimmed().toStdString();
    config.ssh.identityFile = m_identity->text().trimmed().toStdString();
    config.ssh.knownHostsFile = m_knownHosts->text().trimmed().toStdString();
    config.ssh.configFile = m_sshConfig->text().trimmed().toStdString();
}

void LaunchForm::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void LaunchForm::retranslate() {
    m_local->setText(tr("Run the single node on this machine"));
    m_runDirLabel->setText(tr("Run folder"));
    m_runDir->setPlaceholderText(tr("default: ~/.local/share/TrainDeck/runs/RUN_ID"));
    m_remoteDirLabel->setText(tr("Folder on each host"));
    m_remoteDir->setPlaceholderText(tr("default: ~/.traindeck/runs (the run's files go to FOLDER/RUN_ID)"));
    m_identityLabel->setText(tr("Identity file"));
    m_identity->setPlaceholderText(tr("default: the agent, then ~/.ssh/config's"));
    m_knownHostsLabel->setText(tr("known_hosts"));
    m_knownHosts->setPlaceholderText(QStringLiteral("~/.ssh/known_hosts"));
    m_sshConfigLabel->setText(tr("ssh configuration"));
    m_sshConfig->setPlaceholderText(QStringLiteral("~/.ssh/config"));
}

}  // namespace traindeck::gui
