#include "gui/layouts/layouts_page.h"

#include "gui/layouts/cost_panel.h"
#include "gui/plan/findings_list.h"
#include "gui/plan/plan_view.h"

#include <QEvent>
#include <QLabel>
#include <QVBoxLayout>

namespace traindeck::gui {

LayoutsPage::LayoutsPage(bool editableLayouts, ApplyFix applyFix, QWidget* parent) : QWidget(parent) {
    auto* column = new QVBoxLayout(this);
    m_view = new PlanView(editableLayouts, this);
    column->addWidget(m_view);
    m_findingsTitle = new QLabel(this);
    column->addWidget(m_findingsTitle);
    m_findings = new FindingsList(std::move(applyFix), this);
    column->addWidget(m_findings);
    m_cost = new CostPanel(this);
    column->addWidget(m_cost);
    column->addStretch();
    retranslate();
}

void LayoutsPage::setAnalysis(const PlanAnalysis& analysis) {
    m_view->setAnalysis(analysis);
    m_findings->setFindings(analysis.findings);
    m_cost->setAnalysis(analysis);
}


void LayoutsPage::retranslate() {
    m_findingsTitle->setText(QStringLiteral("<b>%1</b>").arg(tr("Findings").toHtmlEscaped()));
}

void LayoutsPage::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

}  // namespace traindeck::gui
