#include "gui/files/target_options_box.h"

#include "localized.h"

#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>

namespace traindeck::gui {

TargetOptionsBox::TargetOptionsBox(QWidget* parent) : QGroupBox(parent) {
    auto* form = new QFormLayout(this);
    m_queueLabel = new QLabel(this);
    m_queue = new QLineEdit(this);
    m_queue->setObjectName(QStringLiteral("queue"));
    m_ecsLabel = new QLabel(this);
    m_ecs = new QLineEdit(this);
    m_ecs->setObjectName(QStringLiteral("ecsSpec"));
    m_workspaceLabel = new QLabel(this);
    m_workspace = new QLineEdit(this);
    m_workspace->setObjectName(QStringLiteral("workspaceId"));
    m_workspaceLabel->setBuddy(m_workspace);
    m_queueLabel->setBuddy(m_queue);
    m_ecsLabel->setBuddy(m_ecs);
    form->addRow(m_queueLabel, m_queue);
    form->addRow(m_ecsLabel, m_ecs);
    form->addRow(m_workspaceLabel, m_workspace);
    for (QLineEdit* edit : {m_queue, m_ecs, m_workspace})
        connect(edit, &QLineEdit::textEdited, this, &TargetOptionsBox::edited);
    retranslate();
}

TargetOptions TargetOptionsBox::options() const {
    TargetOptions o;
    o.queue = m_queue->text().trimmed();
    o.ecsSpec = m_ecs->text().trimmed();
    o.workspaceId = m_workspace->text().trimmed();
    return o;
}

void TargetOptionsBox::showOptions(const QStringList& keys) {
    auto* form = static_cast<QFormLayout*>(layout());
    form->setRowVisible(m_queue, keys.contains(QLatin1String("generate.queue")));
    form->setRowVisible(m_ecs, keys.contains(QLatin1String("generate.ecs_spec")));
    form->setRowVisible(m_workspace, keys.contains(QLatin1String("generate.workspace_id")));
    setVisible(!keys.isEmpty());
}

void TargetOptionsBox::retranslate() {
    setTitle(tr("What the ticked targets need beyond the plan"));
    m_queueLabel->setText(tr("%1:", "a field's label").arg(optionName("generate.queue")));
    m_queue->setPlaceholderText(tr("optional"));
    m_ecsLabel->setText(tr("%1:", "a field's label").arg(optionName("generate.ecs_spec")));
    m_ecs->setPlaceholderText(tr("e.g. ecs.gn8v.48xlarge"));
    m_workspaceLabel->setText(tr("%1:", "a field's label").arg(optionName("generate.workspace_id")));
    m_workspace->setPlaceholderText(tr("e.g. 12345"));
}

QString TargetOptionsBox::optionName(const std::string& key) {
    if (key == "generate.queue")
        return tr("Kueue queue");
    if (key == "generate.qos")
        return tr("QOS");
    if (key == "generate.ecs_spec")
        return tr("PAI-DLC instance type");
    if (key == "generate.workspace_id")
        return tr("PAI-DLC workspace ID");
    return {};  // a plan field: its label, as the plan form shows it
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
