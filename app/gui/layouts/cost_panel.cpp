#include "gui/layouts/cost_panel.h"

#include "cost/money_text.h"
#include "cost/pricing.h"
#include "gui/layouts/cost_plot.h"
#include "gui/parts/figure_format.h"
#include "gui/plan/plan_document.h"
#include "localized.h"
#include "plan/plan_fields.h"

#include <QEvent>
#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>

#include <algorithm>

namespace traindeck::gui {
namespace {

QString money(double v, const std::string& currency) { return QString::fromStdString(moneyText(v, currency)); }
// A cost known within ±error, with no digit finer than that error.
QString moneyWithin(double v, const std::string& currency, double error) {
    return QString::fromStdString(traindeck::moneyAbout(v, currency, error));
}

QLabel* wrappedLabel(QWidget* parent) {
    auto* l = new QLabel(parent);
    l->setWordWrap(true);
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return l;
}

}  // namespace

CostPanel::CostPanel(const PlanDocument& document, QWidget* parent) : QWidget(parent), m_document(document) {
    setObjectName(QStringLiteral("costPanel"));
    auto* column = new QVBoxLayout(this);
    column->setContentsMargins(0, 0, 0, 0);
    m_title = new QLabel(this);
    m_table = new QLabel(this);
    m_table->setTextFormat(Qt::RichText);
    m_table->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_source = wrappedLabel(this);
    m_goal = wrappedLabel(this);
    m_goal->setTextFormat(Qt::RichText);
    m_plot = new CostPlot(document, this);
    column->addWidget(m_title);
    column->addWidget(m_table);
    column->addWidget(m_source);
    column->addWidget(m_goal);
    column->addWidget(m_plot, 1);
    // Takes the room the plot leaves when it is hidden (nothing priced), instead of the
    // labels spreading over it: a stretch factor of 0 yields to the plot's 1 when shown.
    column->addStretch(0);
    connect(&m_document, &PlanDocument::analysisChanged, this, &CostPanel::redraw);
    redraw();
}

QString CostPanel::tableText() const { return m_table->text(); }
QString CostPanel::goalText() const { return m_goal->isVisible() || !m_goal->text().isEmpty() ? m_goal->text() : QString(); }

void CostPanel::redraw() {
    const PlanAnalysis& a = m_document.analysis();
    m_title->setText(QStringLiteral("<b>%1</b>").arg(tr("Cost").toHtmlEscaped()));
    const std::optional<GoalAnswer>& goal = a.goal;
    // The chosen layout, when it is one of the compared (the plan's GPU type and cloud).
    const CostOption* chosen = goal && goal->met() ? &goal->options[size_t(goal->chosen)] : nullptr;
    const bool chosenHere = chosen && chosen->gpu == a.plan.cluster.gpu && (chosen->cost.userPrice || chosen->cloud == a.plan.cluster.cloud);

    QString rows;
    bool priced = false;
    for (const LayoutCost& c : a.costs) {
        if (!c.priced || !a.fitsNode(c.layout)) continue;
        priced = true;
        const bool own = c.layout == a.plan.cluster.layout();
        const bool marked = chosenHere && chosen->cost.layout == c.layout;
        QString name = layoutName(c.layout).toHtmlEscaped();
        if (own) name = QStringLiteral("<b>%1</b>").arg(name);
        if (marked) name += QStringLiteral(" ★");
        rows += QStringLiteral("<tr><td>%1</td><td align=right>%2</td><td align=right>%3</td><td align=right>%4</td></tr>")
                    .arg(name, money(c.perHour, c.currency).toHtmlEscaped(), formatDuration(c.hours).toHtmlEscaped(),
                         tr("%1 ±%2%").arg(moneyWithin(c.toFinish, c.currency, c.error)).arg(qRound(100 * c.error)).toHtmlEscaped());
    }
    // The star explained where it is drawn: the layout the deadline or budget chose.
    const bool starred = chosenHere && std::any_of(a.costs.begin(), a.costs.end(), [&](const LayoutCost& c) {
        return c.priced && a.fitsNode(c.layout) && c.layout == chosen->cost.layout;
    });
    const QString starNote = !starred ? QString()
                             : goal->deadlineHours ? tr("★ the cheapest layout that meets the deadline (below)")
                                                   : tr("★ the fastest layout within the budget (below)");
    m_table->setVisible(priced);
    m_table->setText(priced ? QStringLiteral("<table cellspacing=0 cellpadding=3><tr><th align=left>%1</th><th align=right>%2</th>"
                                             "<th align=right>%3</th><th align=right>%4</th></tr>%5</table>")
                                  .arg(tr("Layout").toHtmlEscaped(), tr("Per hour").toHtmlEscaped(),
                                       tr("Time to finish").toHtmlEscaped(), tr("Cost to finish").toHtmlEscaped(), rows) +
                                  (starNote.isEmpty() ? QString() : QStringLiteral("<small>%1</small>").arg(starNote.toHtmlEscaped()))
                            : QString());
    const LayoutCost* described = describedCost(a);
    QString source = described ? app::qLocalized(priceSourceText(*described)) : QString();
    if (const Text unequal = unequalWorkText(a); !unequal.empty()) source += QStringLiteral("\n") + app::qLocalized(unequal);
    m_source->setText(source);

    QString goalHtml;
    if (!a.goalInvalid.empty()) {
        goalHtml = app::qLocalized(a.goalInvalid).toHtmlEscaped();
    } else if (goal) {
        goalHtml = QStringLiteral("<b>%1</b>").arg(app::qLocalized(goal->summary).toHtmlEscaped());
        // Met at the estimate, but perhaps not within its error: said in the warning's colour.
        if (!goal->caution.empty())
            goalHtml += QStringLiteral("<br><span style=\"color:#b35c00\">⚠ %1</span>")
                            .arg(app::qLocalized(goal->caution).toHtmlEscaped());
        if (chosen && !chosen->fix.empty())
            goalHtml += QStringLiteral("<br>") + tr("To fit: %1").arg(app::qLocalized(chosen->fix)).toHtmlEscaped();
        constexpr size_t kShown = 6;
        for (size_t i = 0; i < goal->rejected.size() && i < kShown; ++i) {
            const CostOption& o = goal->options[size_t(goal->rejected[i].first)];
            goalHtml += QStringLiteral("<br>&nbsp;&nbsp;") +
                        tr("%1 %2 on %3: %4")
                            .arg(layoutName(o.cost.layout), QString::fromStdString(o.gpu),
                                 o.cost.userPrice ? QStringLiteral("—") : QString::fromStdString(o.cloud),
                                 app::qLocalized(goal->rejected[i].second))
                            .toHtmlEscaped();
        }
        if (goal->rejected.size() > kShown)
            goalHtml += QStringLiteral("<br>&nbsp;&nbsp;") + tr("… and %1 more").arg(goal->rejected.size() - kShown).toHtmlEscaped();
    }
    m_goal->setText(goalHtml);
    m_goal->setVisible(!goalHtml.isEmpty());
    // Without any price there is nothing to plot: the sentence above says how to get one.
    m_plot->setVisible(priced || goal);
}

void CostPanel::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) redraw();
    QWidget::changeEvent(event);
}

}  // namespace traindeck::gui
