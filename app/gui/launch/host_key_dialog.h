#pragma once
// The question a node's unknown host key asks the user: the host, the key's type and
// SHA256 fingerprint, and how to compare it; Trust and record, or Refuse (the default,
// and what closing or a stopped run answers). Not modal: the other nodes go on.

#include "ssh/session.h"

#include <QMessageBox>

#include <functional>

namespace traindeck::gui {

class HostKeyDialog : public QMessageBox {
    Q_OBJECT
public:
    // Opens the dialog over `parent`; `answer` is called once, when it closes.
    static HostKeyDialog* ask(QWidget* parent, const ssh::HostKeyQuestion& question, std::function<void(bool)> answer);

private:
    explicit HostKeyDialog(QWidget* parent);
};

}  // namespace traindeck::gui
