#include "gui/plan/plan_view.h"

#include "localized.h"
#include "gui/layouts/layout_column.h"
#include "gui/parts/widget_parts.h"
#include "gui/plan/plan_document.h"
#include "plan/plan_fields.h"

#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>

namespace traindeck::gui {

PlanView::PlanView(const PlanDocument& document, bool editableLayouts, QWidget* parent)
    : QWidget(parent), m_document(document), m_editable(editableLayouts) {
    auto* column = new QVBoxLayout(this);
    m_invalid = makeErrorLabel(this);
    column->addWidget(m_invalid);

    m_table = new QWidget(this);
    m_grid = new QGridLayout(m_table);
    m_grid->setHorizontalSpacing(24);
    m_grid->setColumnStretch(0, 0);
    for (int r = 0; r < kLayoutRowCount; ++r) {
        auto* name = new QLabel(m_table);
        m_grid->addWidget(name, r + 1, 0);
        m_rowNames.push_back(name);
    }
    column->addWidget(m_table);

    if (m_editable) {
        auto* add = new QHBoxLayout;
        m_addLabel = new QLabel(this);
        m_addEdit = new QLineEdit(this);
        m_addEdit->setObjectName(QStringLiteral("addLayout"));
        m_addEdit->setMaximumWidth(120);
        m_addLabel->setBuddy(m_addEdit);
        m_addButton = new QPushButton(this);
        m_addError = makeErrorLabel(this);
        add->addWidget(m_addLabel);
        add->addWidget(m_addEdit);
        add->addWidget(m_addButton);
        add->addWidget(m_addError);
        add->addStretch(1);  // keeps the row compact whether or not an error shows
        column->addLayout(add);
        connect(m_addButton, &QPushButton::clicked, this, &PlanView::onAdd);
        connect(m_addEdit, &QLineEdit::returnPressed, this, &PlanView::onAdd);
    }
    column->addStretch();
    connect(&m_document, &PlanDocument::analysisChanged, this, &PlanView::showAnalysis);
    retranslate();
}

PlanView::~PlanView() = default;

void PlanView::onAdd() {
    // "4×8", "4x8", "4 x 8" all mean four nodes of eight GPUs.
    QString text = m_addEdit->text().trimmed();
    text.replace(QChar(0x00D7), QLatin1Char('x')).replace(QLatin1Char('X'), QLatin1Char('x')).remove(QLatin1Char(' '));
    Layout layout;
    if (!parseLayout(text.toStdString(), layout) || layout.nodes < 1 || layout.gpusPerNode < 1) {
        m_addError->setText(tr("Write a layout as nodes x GPUs per node, e.g. 4x8."));
        m_addError->show();
        return;
    }
    const std::vector<Layout> shown = layoutsOf(m_document.plan());
    if (std::find(shown.begin(), shown.end(), layout) != shown.end()) {
        m_addError->setText(tr("That layout is already shown."));
        m_addError->show();
        return;
    }
    m_addError->hide();
    m_addEdit->clear();
    emit addLayoutRequested(layout);
}

void PlanView::showAnalysis() {
    const PlanAnalysis& a = m_document.analysis();
    const QString invalid = app::qLocalized(a.invalid);
    m_invalid->setText(invalid.isEmpty() ? QString() : tr("The figures wait for a complete plan: %1").arg(invalid));
    m_invalid->setVisible(!invalid.isEmpty());
    m_table->setVisible(invalid.isEmpty());
    if (!invalid.isEmpty())
        return;

    const std::vector<Layout> layouts = a.layouts();
    const Layout own = a.plan.cluster.layout();
    bool sameLayouts = layouts.size() == m_columns.size();
    for (size_t i = 0; sameLayouts && i < layouts.size(); ++i)
        sameLayouts = m_columns[i]->layout() == layouts[i];
    if (!sameLayouts) {
        m_columns.clear();
        // Columns as wide as their numbers; the spare width goes to an empty last column.
        for (int c = 1; c < m_grid->columnCount(); ++c)
            m_grid->setColumnStretch(c, 0);
        m_grid->setColumnStretch(int(layouts.size()) + 1, 1);
        for (size_t i = 0; i < layouts.size(); ++i) {
            // The plan's own layout is its cluster: changed there, not removed here.
            const bool removable = m_editable && layouts[i] != own;
            auto column = std::make_unique<LayoutColumn>(m_document, m_grid, 0, int(i) + 1, removable, m_table);
            connect(column.get(), &LayoutColumn::removeRequested, this, &PlanView::removeLayoutRequested);
            m_columns.push_back(std::move(column));
        }
    }
    for (size_t i = 0; i < layouts.size(); ++i)
        m_columns[i]->setLayout(layouts[i]);
}

Layout PlanView::columnLayout(int column) const { return m_columns.at(size_t(column))->layout(); }
QString PlanView::cellText(int column, LayoutRow row) const { return m_columns.at(size_t(column))->cellText(row); }
QWidget* PlanView::cell(int column, LayoutRow row) const { return m_columns.at(size_t(column))->cell(row); }
QToolButton* PlanView::removeButton(int column) const { return m_columns.at(size_t(column))->removeButton(); }

void PlanView::retranslate() {
    for (int r = 0; r < kLayoutRowCount; ++r)
        m_rowNames[size_t(r)]->setText(layoutRowLabel(LayoutRow(r)));
    if (m_editable) {
        m_addLabel->setText(tr("Compare with layout:"));
        m_addEdit->setPlaceholderText(tr("e.g. 4x8"));
        m_addButton->setText(tr("Add"));
        m_addError->hide();
    }
    for (auto& c : m_columns)
        c->retranslate();
    showAnalysis();
}

void PlanView::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

}  // namespace traindeck::gui
