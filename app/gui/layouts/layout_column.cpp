#include "gui/layouts/layout_column.h"

#include "localized.h"
#include "gui/parts/figure_format.h"
#include "gui/plan/finding_view.h"
#include "gui/layouts/memory_bar.h"

#include <QCoreApplication>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QTimer>
#include <QToolButton>

#include <algorithm>

namespace traindeck::gui {

QString figureRowName(FigureRow row) {
    const char* name = "";
    switch (row) {
    case FigureRow::WorldSize: name = QT_TRANSLATE_NOOP("PlanView", "GPUs (world size)"); break;
    case FigureRow::MicroTimesAccum: name = QT_TRANSLATE_NOOP("PlanView", "Micro-batch × accumulation"); break;
    case FigureRow::EffectiveBatch: name = QT_TRANSLATE_NOOP("PlanView", "Effective batch"); break;
    case FigureRow::Lr: name = QT_TRANSLATE_NOOP("PlanView", "Learning rate"); break;
    case FigureRow::WarmupSteps: name = QT_TRANSLATE_NOOP("PlanView", "Warmup steps"); break;
    case FigureRow::StepsPerEpoch: name = QT_TRANSLATE_NOOP("PlanView", "Steps per epoch"); break;
    case FigureRow::TotalSteps: name = QT_TRANSLATE_NOOP("PlanView", "Total steps"); break;
    case FigureRow::Memory: name = QT_TRANSLATE_NOOP("PlanView", "Memory per GPU"); break;
    case FigureRow::StepTime: name = QT_TRANSLATE_NOOP("PlanView", "Step time"); break;
    case FigureRow::StepsPerS: name = QT_TRANSLATE_NOOP("PlanView", "Steps per second"); break;
    case FigureRow::SamplesPerS: name = QT_TRANSLATE_NOOP("PlanView", "Throughput"); break;
    case FigureRow::TimeToFinish: name = QT_TRANSLATE_NOOP("PlanView", "Time to finish"); break;
    case FigureRow::GpuHours: name = QT_TRANSLATE_NOOP("PlanView", "GPU-hours"); break;
    case FigureRow::ScalingEfficiency: name = QT_TRANSLATE_NOOP("PlanView", "Scaling efficiency"); break;
    case FigureRow::Findings: name = QT_TRANSLATE_NOOP("PlanView", "Findings"); break;
    }
    return QCoreApplication::translate("PlanView", name);
}

LayoutColumn::LayoutColumn(QGridLayout* grid, int firstRow, int column, bool removable, QWidget* parent)
    : QObject(parent) {
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
            QTimer::singleShot(0, this, [this] { emit removeRequested(m_estimate.layout); });
        });
        header->addWidget(m_remove);
    }
    grid->addWidget(m_headerBox, firstRow, column);

    for (int r = 0; r < kFigureRowCount; ++r) {
        QWidget* cell = nullptr;
        if (FigureRow(r) == FigureRow::Memory) {
            m_memory = new MemoryBar(parent);
            cell = m_memory;
        } else {
            auto* label = new QLabel(parent);
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

QWidget* LayoutColumn::cell(FigureRow row) const { return m_cells[size_t(row)]; }

QString LayoutColumn::cellText(FigureRow row) const {
    if (row == FigureRow::Memory)
        return m_memory->text();
    return static_cast<QLabel*>(cell(row))->text();
}

void LayoutColumn::setEstimate(const Estimate& estimate, bool isPlanLayout, const std::vector<Finding>& findings) {
    m_estimate = estimate;
    m_isPlanLayout = isPlanLayout;
    m_findings = findings;
    retranslate();
}

void LayoutColumn::retranslate() {
    const Estimate& e = m_estimate;
    const QString name = layoutName(e.layout).toHtmlEscaped();
    m_header->setText(m_isPlanLayout ? tr("<b>%1</b><br><small>this plan</small>").arg(name)
                                     : QStringLiteral("<b>%1</b><br><small>&nbsp;</small>").arg(name));
    if (m_remove) {
        m_remove->setToolTip(tr("Remove layout %1").arg(layoutName(e.layout)));
        m_remove->setAccessibleName(m_remove->toolTip());
    }
    const auto set = [this](FigureRow row, const QString& text, const QString& tip) {
        auto* label = static_cast<QLabel*>(cell(row));
        label->setText(text);
        label->setToolTip(tip);
        label->setAccessibleName(figureRowName(row) + QLatin1String(": ") + text);
    };
    const auto figure = [&](FigureRow row, const Figure& f) { set(row, formatFigure(f), figureToolTip(figureRowName(row), f)); };
    set(FigureRow::WorldSize, QLocale().toString(e.worldSize), QString());
    set(FigureRow::MicroTimesAccum,
        QStringLiteral("%1 × %2").arg(QLocale().toString(e.microBatch), QLocale().toString(e.gradAccum)), QString());
    figure(FigureRow::EffectiveBatch, e.effectiveBatch);
    figure(FigureRow::Lr, e.lr);
    figure(FigureRow::WarmupSteps, e.warmupSteps);
    figure(FigureRow::StepsPerEpoch, e.stepsPerEpoch);
    figure(FigureRow::TotalSteps, e.totalSteps);
    m_memory->setEstimate(e);
    figure(FigureRow::StepTime, e.stepTimeS);
    figure(FigureRow::StepsPerS, e.stepsPerS);
    figure(FigureRow::SamplesPerS, e.samplesPerS);
    figure(FigureRow::TimeToFinish, e.hoursToFinish);
    figure(FigureRow::GpuHours, e.gpuHours);
    // Core gives the efficiency as a ratio; people read it as a percentage.
    set(FigureRow::ScalingEfficiency, QLocale().toString(e.scalingEfficiency.value * 100, 'f', 1) + QLatin1Char('%'),
        figureToolTip(figureRowName(FigureRow::ScalingEfficiency), e.scalingEfficiency));

    int errors = 0, warnings = 0;
    QStringList lines;
    for (const Finding& f : m_findings) {
        errors += f.severity == Severity::Error;
        warnings += f.severity == Severity::Warning;
        lines << QStringLiteral("%1: %2").arg(FindingView::severityText(f.severity), app::qLocalized(f.message));
    }
    const QString summary = FindingView::summary(m_findings);
    // A layout with an error cannot run as planned: its figures are greyed, not hidden,
    // so the user still sees what the layout would have been. The memory bar stays at
    // full contrast: it often is the error (the plan over the card's edge, hatched red),
    // and its figure must stay readable over the hatch.
    const bool blocked = std::any_of(m_findings.begin(), m_findings.end(), [&](const Finding& f) {
        return f.severity == Severity::Error && f.layout && *f.layout == e.layout;
    });
    for (size_t r = 0; r + 1 < m_cells.size(); ++r)
        m_cells[r]->setEnabled(!blocked || FigureRow(r) == FigureRow::Memory);
    auto* label = static_cast<QLabel*>(cell(FigureRow::Findings));
    const QString style = errors ? QStringLiteral("color: #c00000; font-weight: bold;")
                          : warnings ? QStringLiteral("color: #b36b00;")
                                     : QString();
    if (label->styleSheet() != style)  // restyling is slow, and this runs on every keystroke
        label->setStyleSheet(style);
    set(FigureRow::Findings, summary, lines.join(QLatin1Char('\n')));
}

}  // namespace traindeck::gui
