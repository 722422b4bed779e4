#include "gui/wizard/plan_figures_box.h"

#include "localized.h"
#include "gui/layouts/memory_bar.h"
#include "gui/parts/figure_format.h"
#include "gui/plan/finding_view.h"
#include "gui/plan/plan_document.h"
#include "gui/wizard/plan_wizard.h"
#include "plan/estimate.h"

#include <QEvent>
#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>

namespace traindeck::gui {

namespace {

QLabel* makeFigureLabel(const char* name, QWidget* parent) {
    auto* label = new QLabel(parent);
    label->setObjectName(QString::fromLatin1(name));
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

QString gigabytes(double gb) { return PlanFiguresBox::tr("%1 GiB").arg(localeNumber(gb)); }

// A part's figure with a square of its colour on the bar, so the text is the bar's legend.
QString part(MemoryBar::Part which, double gb) {
    return QStringLiteral("<span style=\"color:%1\">■</span>&nbsp;%2")
        .arg(MemoryBar::partColor(which).name(), gigabytes(gb).toHtmlEscaped());
}

}  // namespace

QString parametersText(const WizardFigures& f) {
    const QLocale locale;
    return f.activeParams < f.params ? PlanFiguresBox::tr("Parameters: %1, of which %2 active per token")
                                           .arg(locale.toString(f.params), locale.toString(f.activeParams))
                                     : PlanFiguresBox::tr("Parameters: %1").arg(locale.toString(f.params));
}

PlanFiguresBox::PlanFiguresBox(PlanWizard* wizard, QWidget* parent) : QFrame(parent), m_wizard(wizard) {
    setObjectName(QStringLiteral("planFigures"));
    setFrameShape(QFrame::StyledPanel);
    auto* column = new QVBoxLayout(this);
    column->setContentsMargins(8, 6, 8, 6);
    column->setSpacing(3);
    m_summary = makeFigureLabel("planSummary", this);
    m_params = makeFigureLabel("figure:params", this);
    m_bar = new MemoryBar(this);
    m_bar->setObjectName(QStringLiteral("memoryBar"));
    m_memory = makeFigureLabel("figure:memory", this);
    m_memory->setTextFormat(Qt::RichText);
    m_accumulation = makeFigureLabel("figure:accumulation", this);
    m_fits = makeFigureLabel("figure:fits", this);
    m_findingSlot = new QVBoxLayout;
    for (QWidget* w : {static_cast<QWidget*>(m_summary), static_cast<QWidget*>(m_params)})
        column->addWidget(w);
    column->addWidget(m_bar);
    for (QLabel* l : {m_memory, m_accumulation, m_fits})
        column->addWidget(l);
    column->addLayout(m_findingSlot);
    connect(wizard->document(), &PlanDocument::analysisChanged, this, &PlanFiguresBox::refresh);
    refresh();
}

void PlanFiguresBox::dropFinding() {
    // Later: the view may be the one whose fix button is being handled.
    // Out of the box at once (a search for the box's view finds the new one only).
    if (FindingView* old = std::exchange(m_finding, nullptr)) {
        old->hide();
        old->setParent(nullptr);
        old->deleteLater();
    }
}

void PlanFiguresBox::refresh() {
    const WizardFigures f = m_wizard->figures();
    for (QWidget* w : {static_cast<QWidget*>(m_params), static_cast<QWidget*>(m_bar),
                       static_cast<QWidget*>(m_memory), static_cast<QWidget*>(m_accumulation),
                       static_cast<QWidget*>(m_fits)})
        w->setVisible(f.valid());
    if (!f.valid()) {
        m_summary->setText(m_wizard->planError());
        dropFinding();
        return;
    }
    const Estimate& e = *f.estimate;
    m_summary->setText(tr("So far: %1 · learning rate %2 · finishes in %3")
                           .arg(layoutName(e.layout), formatFigure(e.lr), formatFigure(e.hoursToFinish)));
    m_params->setText(parametersText(f));
    m_bar->setEstimate(e);
    const MemoryBreakdown& m = e.memory;
    m_memory->setText(tr("Memory per GPU %1, peaking %2: weights %3, gradients %4, optimizer %5, "
                         "activations %6, logits %7, overhead %8")
                          .arg(gigabytes(e.memoryPerGpuGb.value).toHtmlEscaped(),
                               app::qLocalized(f.peakPhase).toHtmlEscaped(), part(MemoryBar::Part::Weights, m.paramsGb),
                               part(MemoryBar::Part::Gradients, m.gradsGb), part(MemoryBar::Part::Optimizer, m.optimizerGb),
                               part(MemoryBar::Part::Activations, m.activationsGb),
                               part(MemoryBar::Part::Logits, m.logitsGb), part(MemoryBar::Part::Overhead, m.overheadGb)));
    // Why the weights weigh what they do (they halve from ZeRO 0 to 1): core's note.
    m_memory->setToolTip(figureToolTip(tr("Memory per GPU"), e.memoryPerGpuGb) + QStringLiteral("<br>") +
                         app::qLocalized(m.weightsNote).toHtmlEscaped());
    const Plan& plan = m_wizard->plan();
    QString accumulation = tr("Gradient accumulation %1 · micro-batch %2 per GPU · %3 GPUs · effective batch %4")
                               .arg(localeNumber(e.gradAccum), localeNumber(e.microBatch), localeNumber(e.worldSize),
                                    localeNumber(e.effectiveBatch.value));
    if (plan.recipe.globalBatch > 0)
        accumulation += tr(" (solved for the target batch %1)").arg(localeNumber(double(plan.recipe.globalBatch)));
    m_accumulation->setText(accumulation);
    m_accumulation->setToolTip(figureToolTip(tr("Effective batch"), e.effectiveBatch));
    // When it does not fit, core's finding below says so, with the numbers and the fix.
    m_fits->setText(tr("Fits: %1 per GPU, the card has %2.")
                        .arg(gigabytes(e.memoryPerGpuGb.value), gigabytes(e.gpuMemoryGb)));
    m_fits->setVisible(!f.overCard);
    // core's finding says the largest micro-batch that fits and the cheapest fix, as one click.
    // Kept only while both the message and the fix are the same: an edit elsewhere (the
    // target batch) changes the fix's figures under an unchanged message.
    const bool same = m_finding && f.overCard && m_finding->finding().message == f.overCard->message &&
                      m_finding->finding().fix == f.overCard->fix;
    if (!same) {
        dropFinding();
        if (f.overCard) {
            m_finding = new FindingView(*f.overCard, [w = m_wizard](const Finding& x) { w->applyFix(x); }, this);
            m_finding->setObjectName(QStringLiteral("figure:fix"));
            m_findingSlot->addWidget(m_finding);
        }
    }
}

void PlanFiguresBox::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        refresh();
    QFrame::changeEvent(event);
}

}  // namespace traindeck::gui
