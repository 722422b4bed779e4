#include "gui/files/target_options_box.h"

#include "localized.h"
#include "plan/plan.h"
#include "plan/plan_fields.h"

#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>

namespace traindeck::gui {

TargetOptionsBox::TargetOptionsBox(QWidget* parent) : QGroupBox(parent) {
    auto* form = new QFormLayout(this);
    m_queueLabel = new QLabel(this);
    m_queue = new QLineEdit(this);
    m_hostsLabel = new QLabel(this);
    m_hosts = new QLineEdit(this);
    m_hosts->setObjectName(QStringLiteral("sshHosts"));
    m_ecsLabel = new QLabel(this);
    m_ecs = new QLineEdit(this);
    m_ecs->setObjectName(QStringLiteral("ecsSpec"));
    m_workspaceLabel = new QLabel(this);
    m_workspace = new QLineEdit(this);
    m_workspace->setObjectName(QStringLiteral("workspaceId"));
    m_workspaceLabel->setBuddy(m_workspace);
    m_queueLabel->setBuddy(m_queue);
    m_hostsLabel->setBuddy(m_hosts);
    m_ecsLabel->setBuddy(m_ecs);
    form->addRow(m_queueLabel, m_queue);
    form->addRow(m_hostsLabel, m_hosts);
    form->addRow(m_ecsLabel, m_ecs);
    form->addRow(m_workspaceLabel, m_workspace);
    for (QLineEdit* edit : {m_queue, m_hosts, m_ecs, m_workspace})
        connect(edit, &QLineEdit::textEdited, this, &TargetOptionsBox::edited);
    connect(m_hosts, &QLineEdit::editingFinished, this, [this] {
        if (m_hosts->isModified())
            emit hostsEdited(options().hosts);
        m_hosts->setModified(false);
    });
    retranslate();
}

TargetOptions TargetOptionsBox::options() const {
    TargetOptions o;
    o.queue = m_queue->text().trimmed();
    // Read as the plan field launch.hosts reads its text (core's list syntax), not split here.
    Plan typed;
    if (const PlanField* hosts = findPlanField("launch.hosts"); hosts && hosts->set(typed, m_hosts->text().toStdString()).empty())
        for (const std::string& h : typed.launch.hosts)
            o.hosts << QString::fromStdString(h);
    o.ecsSpec = m_ecs->text().trimmed();
    o.workspaceId = m_workspace->text().trimmed();
    return o;
}

void TargetOptionsBox::showHosts(const Plan& plan) {
    // The hosts are the plan's launch.hosts (as on the Launch page); not while the user types them.
    if (m_hosts->hasFocus())
        return;
    QStringList hosts;
    for (const std::string& h : plan.launch.hosts)
        hosts << QString::fromStdString(h);
    m_hosts->setText(hosts.join(QStringLiteral(", ")));
}

void TargetOptionsBox::retranslate() {
    setTitle(tr("Cluster details (only the targets that need them)"));
    m_queueLabel->setText(tr("%1:", "a field's label").arg(optionName("generate.queue")));
    m_queue->setPlaceholderText(tr("optional"));
    m_hostsLabel->setText(tr("%1:", "a field's label").arg(optionName("launch.hosts")));
    m_hosts->setPlaceholderText(tr("node0, node1, … (master first)"));
    m_ecsLabel->setText(tr("%1:", "a field's label").arg(optionName("generate.ecs_spec")));
    m_ecs->setPlaceholderText(tr("e.g. ecs.gn8v.48xlarge"));
    m_workspaceLabel->setText(tr("%1:", "a field's label").arg(optionName("generate.workspace_id")));
    m_workspace->setPlaceholderText(tr("e.g. 12345"));
}

QString TargetOptionsBox::optionName(const std::string& key) {
    if (key == "generate.queue")
        return tr("Queue / partition");
    if (key == "generate.qos")
        return tr("QOS");
    if (key == "launch.hosts")
        return tr("SSH hosts");
    if (key == "generate.ecs_spec")
        return tr("PAI-DLC instance type");
    if (key == "generate.workspace_id")
        return tr("PAI-DLC workspace ID");
    return {};
}

QString TargetOptionsBox::optionText(const Text& text) {
    return app::qLocalized(text, [](const std::string& key) { return optionName(key).toStdString(); });
}

void TargetOptionsBox::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QGroupBox::changeEvent(event);
}

}  // namespace traindeck::gui
