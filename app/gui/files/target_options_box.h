#pragma once
// The generators' options the Generated files page has fields for: the queue
// or partition, the SSH hosts (the plan's launch.hosts, shown from the plan and
// handed back when edited), the PAI-DLC instance type and workspace. Core names
// these options by key in what it says is missing or refused; optionText says
// such a text with the box's labels.

#include "gui/files/generator_source.h"
#include "text/text.h"

#include <QGroupBox>
#include <QStringList>

#include <string>

class QLabel;
class QLineEdit;

namespace traindeck {
struct Plan;
}

namespace traindeck::gui {

class TargetOptionsBox : public QGroupBox {
    Q_OBJECT
public:
    explicit TargetOptionsBox(QWidget* parent = nullptr);

    TargetOptions options() const;
    // The plan's hosts, not while the user types them.
    void showHosts(const Plan& plan);

    // The box's names for the options (core names them by key), and such a text in its words.
    static QString optionName(const std::string& key);
    static QString optionText(const Text& text);

signals:
    // An option was typed: the files are generated again.
    void edited();
    // The user edited the SSH hosts: the plan's launch.hosts, node 0 first.
    void hostsEdited(const QStringList& hosts);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();

    QLabel* m_queueLabel = nullptr;
    QLineEdit* m_queue = nullptr;
    QLabel* m_hostsLabel = nullptr;
    QLineEdit* m_hosts = nullptr;
    QLabel* m_ecsLabel = nullptr;
    QLineEdit* m_ecs = nullptr;
    QLabel* m_workspaceLabel = nullptr;
    QLineEdit* m_workspace = nullptr;
};

}  // namespace traindeck::gui
