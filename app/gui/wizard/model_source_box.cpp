#include "gui/wizard/model_source_box.h"

#include "localized.h"
#include "gui/parts/widget_parts.h"
#include "gui/plan/plan_document.h"
#include "gui/wizard/plan_wizard.h"
#include "model/architecture.h"
#include "model/catalogue.h"

#include <QComboBox>
#include <QEvent>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QStandardItemModel>
#include <QVBoxLayout>

namespace traindeck::gui {

ModelSourceBox::ModelSourceBox(PlanWizard* wizard, QWidget* parent) : QWidget(parent), m_wizard(wizard) {
    auto* column = new QVBoxLayout(this);
    column->setContentsMargins(0, 0, 0, 0);
    auto* row = new QHBoxLayout;
    m_label = new QLabel(this);
    m_catalogue = new QComboBox(this);
    m_catalogue->setObjectName(QStringLiteral("modelCatalogue"));
    m_label->setBuddy(m_catalogue);
    m_import = new QPushButton(this);
    m_import->setObjectName(QStringLiteral("importConfig"));
    // Return stays the wizard's Next, as in every field, after a click here too.
    m_import->setAutoDefault(false);
    row->addWidget(m_label);
    row->addWidget(m_catalogue, 1);
    row->addWidget(m_import);
    column->addLayout(row);
    m_error = makeErrorLabel(this);
    m_error->setObjectName(QStringLiteral("importError"));
    column->addWidget(m_error);
    m_catalogue->addItem(QString(), QString());  // your own: the fields below
    // By family, each under its heading (not choosable), smallest model first, with its size.
    auto* items = qobject_cast<QStandardItemModel*>(m_catalogue->model());
    for (const model::CatalogueFamily& family : model::catalogueByFamily()) {
        m_families.emplace_back(m_catalogue->count(), family.title);
        m_catalogue->addItem(QString(), QString());
        if (items) {
            QStandardItem* heading = items->item(m_catalogue->count() - 1);
            heading->setFlags(heading->flags() & ~(Qt::ItemIsSelectable | Qt::ItemIsEnabled));
            QFont bold = heading->font();
            bold.setBold(true);
            heading->setFont(bold);
        }
        for (const model::CatalogueModel* m : family.models)
            m_catalogue->addItem(QString::fromStdString(model::catalogueEntryText(*m)), QString::fromStdString(m->name));
    }
    connect(m_catalogue, &QComboBox::activated, this, &ModelSourceBox::chooseFromCatalogue);
    connect(m_import, &QPushButton::clicked, this, [this] {
        // Window-modal and without a nested event loop: the wizard stays as it is behind it.
        auto* dialog = new QFileDialog(this, tr("Import a Hugging Face config.json"));
        dialog->setObjectName(QStringLiteral("importConfigDialog"));
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->setFileMode(QFileDialog::ExistingFile);
        dialog->setNameFilters({tr("Model configs (*.json)"), tr("All files (*)")});
        dialog->setOption(QFileDialog::DontUseNativeDialog);  // the same dialog everywhere, and for the tests
        connect(dialog, &QFileDialog::fileSelected, this, &ModelSourceBox::importConfig);
        dialog->open();
    });
    connect(wizard->document(), &PlanDocument::analysisChanged, this, &ModelSourceBox::refresh);
    retranslate();
    refresh();
}

void ModelSourceBox::importConfig(const QString& path) {
    showError(app::qLocalized(m_wizard->importHfConfig(path)));
}

void ModelSourceBox::chooseFromCatalogue(int index) {
    const QString name = m_catalogue->itemData(index).toString();
    if (!name.isEmpty())
        showError(app::qLocalized(m_wizard->chooseCatalogueModel(name.toStdString())));
}

void ModelSourceBox::showError(const QString& error) {
    m_error->setText(error);
    m_error->setVisible(!error.isEmpty());
}

void ModelSourceBox::refresh() {
    // The catalogue entry the plan's model is, if it is one; else "your own".
    const Plan& plan = m_wizard->plan();
    int index = 0;
    for (int i = 1; i < m_catalogue->count(); ++i)
        if (const model::CatalogueModel* m = model::findCatalogueModel(m_catalogue->itemData(i).toString().toStdString()))
            if (plan.model.name == m->name && plan.model.architecture == model::architectureText(m->architecture))
                index = i;
    m_catalogue->setCurrentIndex(index);
}

void ModelSourceBox::retranslate() {
    m_label->setText(tr("&Model:"));
    m_catalogue->setItemText(0, tr("Your own (a trainer preset or the numbers below)"));
    for (const auto& [row, title] : m_families) m_catalogue->setItemText(row, app::qLocalized(title));
    m_catalogue->setToolTip(tr("Models whose architecture TrainDeck knows: parameters, FLOPs and activation memory "
                               "follow from it."));
    m_import->setText(tr("Import config.json…"));
    QStringList types;
    for (const std::string& t : model::knownModelTypes()) types << QString::fromStdString(t);
    m_import->setToolTip(tr("Read the architecture from a Hugging Face config.json (%1; another decoder is read as "
                            "Llama-like, with a warning).")
                             .arg(types.join(QStringLiteral(", "))));
}

void ModelSourceBox::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

}  // namespace traindeck::gui
