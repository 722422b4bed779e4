#include "gui/plan/findings_list.h"

#include "gui/plan/finding_view.h"

#include <QEvent>
#include <QLabel>
#include <QVBoxLayout>

#include <algorithm>

namespace traindeck::gui {

FindingsList::FindingsList(ApplyFix applyFix, QWidget* parent) : QWidget(parent), m_applyFix(std::move(applyFix)) {
    auto* column = new QVBoxLayout(this);
    column->setContentsMargins(0, 0, 0, 0);
    m_empty = new QLabel(this);
    column->addWidget(m_empty);
    m_rows = new QVBoxLayout;
    column->addLayout(m_rows);
    retranslate();
}

void FindingsList::setFindings(const std::vector<Finding>& findings) {
    std::vector<Finding> sorted = findings;
    std::stable_sort(sorted.begin(), sorted.end(),
                     [](const Finding& a, const Finding& b) { return int(a.severity) > int(b.severity); });
    const auto same = [](const Finding& a, const Finding& b) {
        return a.code == b.code && a.message == b.message && a.fix == b.fix && a.layout == b.layout;
    };
    if (sorted.size() == m_findings.size() && std::equal(sorted.begin(), sorted.end(), m_findings.begin(), same))
        return;  // unchanged: keep the rows, and the keyboard focus in them
    m_findings = std::move(sorted);
    while (QLayoutItem* item = m_rows->takeAt(0)) {
        // Later: the row being replaced may be delivering its Fix click.
        item->widget()->hide();
        item->widget()->deleteLater();
        delete item;
    }
    for (const Finding& f : m_findings)
        m_rows->addWidget(new FindingView(f, m_applyFix, this));
    m_empty->setVisible(m_findings.empty());
}

void FindingsList::retranslate() { m_empty->setText(tr("No problems found.")); }

void FindingsList::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

}  // namespace traindeck::gui
