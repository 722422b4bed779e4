#include "gui/layouts/layout_column.h"

#include "localized.h"
#include "gui/parts/figure_format.h"
#include "gui/plan/finding_view.h"
#include "gui/layouts/memory_bar.h"
#include "gui/plan/plan_document.h"
#include "plan/plan_analysis.h"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QTimer>
#include <QToolButton>

#include <algorithm>

namespace traindeck::gui {

QString layoutRowLabel(LayoutRow row) {
    // Core's name ("effective batch", "  compute"), begun with a capital as window labels are.
    QString name = app::qLocalized(layoutRowName(row));
    for (QChar& c : name)
        if (!c.isSpace()) {
            c = c.toUpper();
            break;
        }
    return name;
}

LayoutColumn::LayoutColumn(const PlanDocument& document, QGridLayout* grid, int firstRow, int column, bool removable,
                           QWidget* parent)
    : QObject(parent), m_document(document) {
    m_headerBox = new QWidget(parent);
    auto* header = new QHBoxLayout(m_headerBox);
    header->setContentsMargins(0, 0, 0, 0);
    m_header = new QLabel(m_headerBox);
    m_header->setTextFormat(Qt::RichText);
    header->addWidget(m_header, 1);
    if (removable) {
        m_remove = new QToolButton(m_headerBox);
        m_remove->setText(QStringLiteral("✕"));
        m_remove->setAutoRaise(true);
        // From the event loop, not inside the click: removing the layout deletes
        // this column and the button that is still handling its click.
        connect(m_remove, &QToolButton::clicked, this, [this] {
            QTimer::singleShot(0, this, [this] { emit removeRequested(m_layout); });
        });
        header->addWidget(m_remove);
    }
    grid->addWidget(m_headerBox, firstRow, column);

    for (int r = 0; r < kLayoutRowCount; ++r) {
        QWidget* cell = nullptr;
        if (LayoutRow(r) == LayoutRow::Memory) {
            m_memory = new MemoryBar(parent);
            cell = m_memory;
        } else {
            auto* label = new QLabel(parent);
            label->setTextFormat(Qt::PlainText);
            label->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
            // Selectable, so a number can be copied; not in the Tab chain, which
            // stays for controls (screen readers get the accessible name below).
            label->setTextInteractionFlags(Qt::TextSelectableByMouse);
            cell = label;
        }
        cell->setObjectName(QStringLiteral("cell:%1:%2").arg(column).arg(r));
        grid->addWidget(cell, firstRow + 1 + r, column);
        m_cells.push_back(cell);
    }
}

LayoutColumn::~LayoutColumn() {
    delete m_headerBox;
    for (QWidget* cell : m_cells)
        delete cell;
}

QWidget* LayoutColumn::cell(LayoutRow row) const { return m_cells[size_t(row)]; }

QString LayoutColumn::cellText(LayoutRow row) const {
    const PlanAnalysis& analysis = m_document.analysis();
    if (row == LayoutRow::Memory && m_shown && analysis.estimateFor(m_layout)) {
        // The bar draws core's numbers; a layout no node holds has none.
        const LayoutCell value = layoutCell(analysis, m_layout, row);
        return value.applies ? m_memory->text() : app::qLocalized(value.text);
    }
    if (row == LayoutRow::Memory)
        return m_memory->text();
    return static_cast<QLabel*>(cell(row))->text();
}

void LayoutColumn::setLayout(const Layout& layout) {
    m_layout = layout;
    m_shown = true;
    retranslate();
}

// Everything the column shows, from the document's analysis, in the language of the moment.
void LayoutColumn::retranslate() {
    const PlanAnalysis& analysis = m_document.analysis();
    const Estimate* estimate = analysis.estimateFor(m_layout);
    if (!m_shown || !estimate)
        return;  // nothing shown yet, or a plan not complete (the view hides the table)
    const Estimate& e = *estimate;
    const Text cannotRun = layoutCannotRun(analysis, m_layout);  // empty: a node holds the layout
    const QString name = layoutName(e.layout).toHtmlEscaped();
    const QString note = m_layout == analysis.plan.cluster.layout() ? tr("this plan")
                         : !cannotRun.empty()                     ? tr("cannot run")
                                                                  : QStringLiteral("&nbsp;");
    m_header->setText(QStringLiteral("<b>%1</b><br><small>%2</small>").arg(name, note));
    m_header->setToolTip(app::qLocalized(cannotRun));  // why it cannot run, in the finding's words
    if (m_remove) {
        m_remove->setToolTip(tr("Remove layout %1").arg(layoutName(e.layout)));
        m_remove->setAccessibleName(m_remove->toolTip());
    }
    for (int r = 0; r < kLayoutRowCount; ++r) {
        const LayoutRow row = LayoutRow(r);
        const LayoutCell value = layoutCell(analysis, m_layout, row);
        const QString text = app::qLocalized(value.text);
        if (row == LayoutRow::Memory) {
            m_memory->setEstimate(e);
            m_memory->setVisible(value.applies);
            continue;
        }
        auto* label = static_cast<QLabel*>(cell(row));
        label->setText(text);
        // The figure's formula, or where a cell without one comes from in words (the expected error's
        // basis), as rich text so that a long sentence wraps.
        label->setToolTip(value.figure       ? figureToolTip(layoutRowLabel(row), *value.figure)
                          : value.note.empty() ? QString()
                                               : QStringLiteral("<p><b>%1</b>: %2</p><p>%3</p>")
                                                     .arg(layoutRowLabel(row).trimmed().toHtmlEscaped(), text.toHtmlEscaped(),
                                                          app::qLocalized(value.note).toHtmlEscaped()));
        label->setAccessibleName(layoutRowLabel(row).trimmed() + QLatin1String(": ") + text);
    }

    const std::vector<Finding> findings = analysis.findingsFor(m_layout);
    int errors = 0, warnings = 0;
    QStringList lines;
    for (const Finding& f : findings) {
        errors += f.severity == Severity::Error;
        warnings += f.severity == Severity::Warning;
        lines << QStringLiteral("%1: %2").arg(FindingView::severityText(f.severity), app::qLocalized(f.message));
    }
    // A layout with an error cannot run as planned: its figures are greyed, not hidden,
    // so the user still sees what the layout would have been. The memory bar stays at
    // full contrast: it often is the error (the plan over the card's edge, hatched red),
    // and its figure must stay readable over the hatch.
    const bool blocked = std::any_of(findings.begin(), findings.end(), [&](const Finding& f) {
        return f.severity == Severity::Error && f.layout && *f.layout == e.layout;
    });
    for (size_t r = 0; r + 1 < m_cells.size(); ++r)
        m_cells[r]->setEnabled(!blocked || LayoutRow(r) == LayoutRow::Memory);
    auto* label = static_cast<QLabel*>(cell(LayoutRow::Findings));
    const QString style = errors ? QStringLiteral("color: #c00000; font-weight: bold;")
                          : warnings ? QStringLiteral("color: #b36b00;")
                                     : QString();
    if (label->styleSheet() != style)  // restyling is slow, and this runs on every keystroke
        label->setStyleSheet(style);
    label->setToolTip(lines.join(QLatin1Char('\n')));
}

}  // namespace traindeck::gui
