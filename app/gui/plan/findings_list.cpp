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
    bool unchanged = int(sorted.size()) == count();
    for (int i = 0; unchanged && i < count(); ++i)
        unchanged = same(sorted[size_t(i)], static_cast<FindingView*>(m_rows->itemAt(i)->widget())->finding());
    if (unchanged)
        return;  // keep the rows, and the keyboard focus in them
    while (QLayoutItem* item = m_rows->takeAt(0)) {
        // Later: the row being replaced may be delivering its Fix click.
        item->widget()->hide();
        item->widget()->deleteLater();
        delete item;
    }
    for (Finding& f : sorted)
        m_rows->addWidget(new FindingView(std::move(f), m_applyFix, this));
    m_empty->setVisible(sorted.empty());
}

int FindingsList::count() const { return m_rows->count(); }

void FindingsList::retranslate() { m_empty->setText(tr("No problems found.")); }

void FindingsList::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

}  // namespace traindeck::gui
