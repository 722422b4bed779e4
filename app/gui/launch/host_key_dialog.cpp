#include "gui/launch/host_key_dialog.h"

#include <QPushButton>

namespace traindeck::gui {

HostKeyDialog::HostKeyDialog(QWidget* parent) : QMessageBox(parent) {}

HostKeyDialog* HostKeyDialog::ask(QWidget* parent, const ssh::HostKeyQuestion& q, std::function<void(bool)> answer) {
    auto* box = new HostKeyDialog(parent);
    box->setIcon(QMessageBox::Warning);
    box->setWindowTitle(tr("Unknown host key"));
    box->setText(tr("Node %1 (%2) is not in known_hosts.\n\nIts %3 key's fingerprint is\n%4\n\n"
                    "Trust this key and record it? Compare the fingerprint with the one the host's "
                    "administrator gives you (ssh-keygen -lf /etc/ssh/ssh_host_*_key.pub).")
                     .arg(q.node)
                     .arg(QString::fromStdString(q.host), QString::fromStdString(q.keyType),
                          QString::fromStdString(q.fingerprint)));
    box->setObjectName(QStringLiteral("hostKeyDialog"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setTextInteractionFlags(Qt::TextSelectableByMouse);
    box->addButton(tr("Trust and record"), QMessageBox::AcceptRole);
    box->setDefaultButton(box->addButton(tr("Refuse"), QMessageBox::RejectRole));
    connect(box, &QMessageBox::finished, box, [box, answer](int) {
        answer(box->buttonRole(box->clickedButton()) == QMessageBox::AcceptRole);
    });
    box->open();
    return box;
}

}  // namespace traindeck::gui
