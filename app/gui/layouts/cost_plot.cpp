#include "gui/layouts/cost_plot.h"

#include "cost/money_text.h"
#include "gui/parts/figure_format.h"
#include "gui/parts/plot_export.h"
#include "gui/plan/plan_document.h"
#include "localized.h"
#include "plan/plan_fields.h"

#include <QFileDialog>
#include <QMenu>
#include <QMessageBox>

#include <algorithm>
#include <map>

namespace traindeck::gui {
namespace {

// One colour per GPU type, in the catalogue's order where several are drawn.
const QColor kColours[] = {QColor(0x2e, 0x75, 0xb6), QColor(0xed, 0x7d, 0x31), QColor(0x70, 0xad, 0x47),
                           QColor(0x7f, 0x3f, 0xbf), QColor(0x99, 0x73, 0x00), QColor(0x26, 0x8b, 0x8b)};
const QColor kChosen(0xc0, 0x00, 0x00);
const QColor kLimit(0xc0, 0x00, 0x00, 160);

struct Point {
    double hours, cost;
    QString label;
};

QCPGraph* scatter(QCustomPlot* plot, const QColor& colour, const QString& name, QCPScatterStyle::ScatterShape shape,
                  double size) {
    QCPGraph* g = plot->addGraph();
    g->setLineStyle(QCPGraph::lsNone);
    g->setScatterStyle(QCPScatterStyle(shape, colour, shape == QCPScatterStyle::ssStar ? colour : colour.lighter(150), size));
    g->setName(name);
    return g;
}

// A point's name beside it; the choice's above it, clear of its neighbours' names.
QCPItemText* label(QCustomPlot* plot, const Point& p, const QColor& colour, bool bold) {
    auto* text = new QCPItemText(plot);
    text->position->setCoords(p.hours, p.cost);
    text->setPositionAlignment(bold ? (Qt::AlignHCenter | Qt::AlignBottom) : (Qt::AlignLeft | Qt::AlignBottom));
    text->setPadding(bold ? QMargins(0, 0, 0, 14) : QMargins(6, 0, 0, 2));
    text->setText(p.label);
    text->setColor(colour);
    QFont f = plot->font();
    f.setBold(bold);
    text->setFont(f);
    return text;
}

}  // namespace

QRectF CostPlot::labelRect(const QCPItemText* text) {
    return QRectF(text->topLeft->pixelPosition(), text->bottomRight->pixelPosition()).normalized();
}

namespace {

}  // namespace

CostPlot::CostPlot(const PlanDocument& document, QWidget* parent) : QCustomPlot(parent), m_document(document) {
    setObjectName(QStringLiteral("costPlot"));
    setMinimumSize(420, 300);
    setFocusPolicy(Qt::NoFocus);  // read, not navigated: Tab stays for the controls
    plotLayout()->insertRow(0);
    plotLayout()->addElement(0, 0, new QCPTextElement(this, QString(), QFont(font().family(), font().pointSize() + 1, QFont::Bold)));
    setContextMenuPolicy(Qt::CustomContextMenu);
    connect(this, &QWidget::customContextMenuRequested, this, &CostPlot::menu);
    connect(&m_document, &PlanDocument::analysisChanged, this, &CostPlot::redraw);
    redraw();
}

void CostPlot::redraw() {
    clearPlottables();
    clearItems();
    m_chosenLabel = nullptr;
    m_limitLabels.clear();
    setLocale(QLocale());
    m_points = 0;
    m_chosen = false;
    const QString title = tr("Cost against time to finish");
    static_cast<QCPTextElement*>(plotLayout()->element(0, 0))->setText(title);
    setAccessibleName(title);
    const PlanAnalysis& a = m_document.analysis();
    const std::optional<GoalAnswer>& goal = a.goal;

    // The points: the goal's options that can run, by GPU type; else the compared layouts.
    std::map<std::string, std::vector<Point>> byGpu;
    std::optional<Point> chosen;
    std::string currency;
    const auto money = [&](double v) { return QString::fromStdString(moneyText(v, currency)); };
    if (goal) {
        currency = goal->currency;
        for (size_t i = 0; i < goal->options.size(); ++i) {
            const CostOption& o = goal->options[i];
            if (!o.runs()) continue;
            QString name = QString::fromStdString(layoutText(o.cost.layout));
            if (!o.cost.userPrice && (a.plan.goal.acrossGpus || o.cloud != a.plan.cluster.cloud))
                name += QStringLiteral(" %1 %2").arg(QString::fromStdString(o.gpu), QString::fromStdString(o.cloud));
            const Point p{o.cost.hours, o.cost.toFinish, name};
            if (int(i) == goal->chosen) chosen = p;  // drawn and labelled as the choice, below
            else byGpu[o.gpu].push_back(p);
        }
    } else {
        for (const LayoutCost& c : a.costs) {
            if (!c.priced || !a.fitsNode(c.layout)) continue;
            currency = c.currency;
            byGpu[a.plan.cluster.gpu].push_back({c.hours, c.toFinish, QString::fromStdString(layoutText(c.layout))});
        }
    }
    xAxis->setLabel(tr("Time to finish (h)"));
    yAxis->setLabel(currency.empty() ? tr("Cost to finish") : tr("Cost to finish (%1)").arg(QString::fromStdString(currency)));
    legend->setVisible(byGpu.size() > 1);

    double minH = 0, maxH = 0, maxC = 0;
    bool any = false;
    size_t colour = 0;
    for (const auto& [gpu, points] : byGpu) {
        const QColor c = kColours[colour++ % std::size(kColours)];
        QCPGraph* g = scatter(this, c, QString::fromStdString(gpu), QCPScatterStyle::ssDisc, 8);
        for (const Point& p : points) {
            g->addData(p.hours, p.cost);
            minH = any ? std::min(minH, p.hours) : p.hours;
            maxH = std::max(maxH, p.hours);
            maxC = std::max(maxC, p.cost);
            any = true;
            ++m_points;
            // Labels where they stay readable: every compared layout, or a goal's few.
            if (!goal || points.size() * byGpu.size() <= 16) label(this, p, c.darker(140), false);
        }
    }
    if (chosen && !any) {
        minH = maxH = chosen->hours;
        any = true;
    }
    if (!any) {
        auto* note = new QCPItemText(this);
        note->position->setType(QCPItemPosition::ptAxisRectRatio);
        note->position->setCoords(0.5, 0.5);
        const LayoutCost* described = a.costs.empty() ? nullptr : &a.costs.front();
        note->setText(described && !described->priced ? app::qLocalized(described->unpriced)
                                                      : tr("No layout can run at a known price."));
        note->setColor(palette().color(QPalette::PlaceholderText));
        xAxis->setRange(0, 1);
        yAxis->setRange(0, 1);
        replot();
        return;
    }
    if (chosen) {
        QCPGraph* g = scatter(this, kChosen, tr("chosen"), QCPScatterStyle::ssStar, 16);
        const CostOption& o = goal->options[size_t(goal->chosen)];
        const QString chosenCost = QString::fromStdString(moneyAbout(o.cost.toFinish, currency, o.cost.error));
        g->addData(chosen->hours, chosen->cost);
        ++m_points;
        minH = std::min(minH, chosen->hours);
        maxH = std::max(maxH, chosen->hours);
        maxC = std::max(maxC, chosen->cost);
        Point marked = *chosen;
        marked.label = tr("chosen: %1, %2, %3").arg(marked.label, formatDuration(marked.hours), chosenCost);
        m_chosenLabel = label(this, marked, kChosen, true);
        m_chosen = true;
    }
    // The limits as lines across the plot.
    // Each limit's name at the plot's edge: the deadline's at the top, the budget's at the
    // right end of its line, where the points (and the choice's name) are least often.
    const auto limitLine = [&](bool vertical, double at, const QString& text) {
        auto* line = new QCPItemStraightLine(this);
        line->point1->setCoords(vertical ? at : 0, vertical ? 0 : at);
        line->point2->setCoords(vertical ? at : 1, vertical ? 1 : at);
        line->setPen(QPen(kLimit, 1.5, Qt::DashLine));
        auto* t = new QCPItemText(this);
        t->position->setTypeX(vertical ? QCPItemPosition::ptPlotCoords : QCPItemPosition::ptAxisRectRatio);
        t->position->setTypeY(vertical ? QCPItemPosition::ptAxisRectRatio : QCPItemPosition::ptPlotCoords);
        t->position->setCoords(vertical ? at : 1, vertical ? 0 : at);
        t->setPositionAlignment(vertical ? (Qt::AlignRight | Qt::AlignTop) : (Qt::AlignRight | Qt::AlignBottom));
        t->setPadding(QMargins(4, 2, 4, 2));
        t->setText(text);
        t->setColor(kChosen);
        m_limitLabels.push_back(t);
    };
    double xMax = maxH, yMax = maxC;
    if (goal && goal->deadlineHours) {
        limitLine(true, *goal->deadlineHours, tr("deadline %1").arg(formatDuration(*goal->deadlineHours)));
        xMax = std::max(xMax, *goal->deadlineHours);
    }
    if (goal && goal->budget) {
        limitLine(false, *goal->budget, tr("budget %1").arg(money(*goal->budget)));
        yMax = std::max(yMax, *goal->budget);
    }
    // Hours span 1 GPU to 64: a log scale once they span more than a factor 20.
    const bool log = xMax / std::max(minH, 1e-9) > 20;
    xAxis->setScaleType(log ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    xAxis->setTicker(log ? QSharedPointer<QCPAxisTicker>(new QCPAxisTickerLog) : QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    xAxis->setRange(log ? minH / 1.5 : 0, xMax * (log ? 2.5 : 1.25));
    yAxis->setRange(0, yMax * 1.2);
    replot();
    separateChosenLabel();
}

// The choice's name must not lie over a limit's: it moves below its point, then to
// either side, and a limit's name that still meets it goes to the other end of its line.
void CostPlot::separateChosenLabel() {
    if (!m_chosenLabel) return;
    const auto meets = [&] {
        const QRectF chosen = labelRect(m_chosenLabel);
        return std::any_of(m_limitLabels.begin(), m_limitLabels.end(),
                           [&](const QCPItemText* t) { return labelRect(t).intersects(chosen); });
    };
    const std::pair<Qt::Alignment, QMargins> places[] = {
        {Qt::AlignHCenter | Qt::AlignTop, QMargins(0, 14, 0, 0)},
        {Qt::AlignRight | Qt::AlignVCenter, QMargins(0, 0, 14, 0)},
        {Qt::AlignLeft | Qt::AlignVCenter, QMargins(14, 0, 0, 0)},
    };
    for (const auto& [alignment, padding] : places) {
        if (!meets()) break;
        m_chosenLabel->setPositionAlignment(alignment);
        m_chosenLabel->setPadding(padding);
    }
    for (QCPItemText* t : m_limitLabels)
        if (labelRect(t).intersects(labelRect(m_chosenLabel))) {
            const bool vertical = t->position->typeY() == QCPItemPosition::ptAxisRectRatio;
            t->position->setCoords(vertical ? t->position->coords().x() : 0, vertical ? 1 : t->position->coords().y());
            t->setPositionAlignment(vertical ? (Qt::AlignRight | Qt::AlignBottom) : (Qt::AlignLeft | Qt::AlignBottom));
        }
    replot();
}

// The wheel scrolls the page the plot sits on, as over any other part of it; with Ctrl
// held it zooms the plot (and a drag then pans it), as in the Watch page's plots.
void CostPlot::wheelEvent(QWheelEvent* event) {
    if (!(event->modifiers() & Qt::ControlModifier)) {
        event->ignore();
        return;
    }
    setInteractions(QCP::iRangeZoom | QCP::iRangeDrag);
    QCustomPlot::wheelEvent(event);
}

bool CostPlot::exportPng(const QString& path) {
    replot(QCustomPlot::rpImmediateRefresh);
    return savePlotPng(this, path);
}

bool CostPlot::exportSvg(const QString& path) { return savePlotSvg(this, path, accessibleName()); }

void CostPlot::menu(const QPoint& at) {
    QMenu menu(this);
    QAction* png = menu.addAction(tr("Export the plot as PNG…"));
    menu.addAction(tr("Export the plot as SVG…"));
    QAction* chosen = menu.exec(mapToGlobal(at));
    if (!chosen) return;
    const QString f = QFileDialog::getSaveFileName(this, chosen->text(), QString(),
                                                   chosen == png ? tr("PNG images (*.png)") : tr("SVG images (*.svg)"));
    if (!f.isEmpty() && !(chosen == png ? exportPng(f) : exportSvg(f)))
        QMessageBox::warning(this, tr("Export"), tr("%1 could not be written.").arg(f));
}

void CostPlot::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) redraw();
    QCustomPlot::changeEvent(event);
}

}  // namespace traindeck::gui
