#pragma once
// The wizard's model from core's catalogue or from a config.json, above the
// model page's fields (a trainer preset, your own numbers: the other ways).
// Shows the catalogue entry the wizard's plan is, whenever its document changes.

#include "text/text.h"

#include <QWidget>

#include <utility>
#include <vector>

class QComboBox;
class QLabel;
class QPushButton;

namespace traindeck::gui {

class PlanWizard;

class ModelSourceBox : public QWidget {
    Q_OBJECT
public:
    explicit ModelSourceBox(PlanWizard* wizard, QWidget* parent = nullptr);
    void refresh();
    // Imports the file as the button does after its dialog.
    void importConfig(const QString& path);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void chooseFromCatalogue(int index);
    void showError(const QString& error);

    PlanWizard* m_wizard;
    QLabel* m_label = nullptr;
    QComboBox* m_catalogue = nullptr;
    QPushButton* m_import = nullptr;
    QLabel* m_error = nullptr;
    std::vector<std::pair<int, Text>> m_families;  // the list's family headings: row, title
};

}  // namespace traindeck::gui
