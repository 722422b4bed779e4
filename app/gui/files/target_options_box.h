#pragma once
// The generators' options that a plan does not hold and the ticked targets read:
// the Kueue queue (Kubernetes), the PAI-DLC instance type and workspace. A row
// shows only while a ticked target reads its option, and the box only while a row
// does: the plan's own fields (its hosts, its Slurm partition) are the plan form's.
// Core names these options by key in what it says is missing or refused;
// optionText says such a text with the box's labels (a plan field by its label).

#include "gui/files/generator_source.h"
#include "text/text.h"

#include <QGroupBox>
#include <QStringList>

#include <string>

class QLabel;
class QLineEdit;

namespace traindeck::gui {

class TargetOptionsBox : public QGroupBox {
    Q_OBJECT
public:
    explicit TargetOptionsBox(QWidget* parent = nullptr);

    // What is typed, hosts left empty (the plan's).
    TargetOptions options() const;
    // The rows of these option keys ("generate.ecs_spec"), no other; hidden when none.
    void showOptions(const QStringList& keys);

    // The box's names for the options (core names them by key), and such a text in its words.
    static QString optionName(const std::string& key);
    static QString optionText(const Text& text);

signals:
    // An option was typed: the files are generated again.
    void edited();

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();

    QLabel* m_queueLabel = nullptr;
    QLineEdit* m_queue = nullptr;
    QLabel* m_ecsLabel = nullptr;
    QLineEdit* m_ecs = nullptr;
    QLabel* m_workspaceLabel = nullptr;
    QLineEdit* m_workspace = nullptr;
};

}  // namespace traindeck::gui
