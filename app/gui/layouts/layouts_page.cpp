#include "gui/layouts/layouts_page.h"

#include "gui/layouts/cost_panel.h"
#include "gui/plan/findings_list.h"
#include "gui/plan/plan_document.h"
#include "gui/plan/plan_view.h"

#include <QEvent>
#include <QLabel>
#include <QVBoxLayout>

namespace traindeck::gui {

LayoutsPage::LayoutsPage(const PlanDocument& document, bool editableLayouts, ApplyFix applyFix, QWidget* parent)
    : QWidget(parent), m_document(document) {
    auto* column = new QVBoxLayout(this);
    m_view = new PlanView(document, editableLayouts, this);
    column->addWidget(m_view);
    m_findingsTitle = new QLabel(this);
    column->addWidget(m_findingsTitle);
    m_findings = new FindingsList(std::move(applyFix), this);
    column->addWidget(m_findings);
    m_cost = new CostPanel(document, this);
    column->addWidget(m_cost);
    column->addStretch();
    connect(&m_document, &PlanDocument::analysisChanged, this, &LayoutsPage::showFindings);
    retranslate();
    showFindings();
}

void LayoutsPage::showFindings() { m_findings->setFindings(m_document.analysis().findings); }

void LayoutsPage::retranslate() {
    m_findingsTitle->setText(QStringLiteral("<b>%1</b>").arg(tr("Findings").toHtmlEscaped()));
}

void LayoutsPage::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

}  // namespace traindeck::gui
