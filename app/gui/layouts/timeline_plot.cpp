#include "gui/layouts/timeline_plot.h"

#include "cost/cost_solver.h"
#include "gui/parts/figure_format.h"
#include "gui/plan/plan_document.h"
#include "gui/watch/watch_runs_model.h"
#include "localized.h"
#include "metrics/run.h"
#include "plan/run_speed.h"
#include "text/clock_text.h"

#include <qcustomplot.h>

#include <QDateTime>
#include <QEvent>
#include <QLabel>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <ctime>

namespace traindeck::gui {

namespace {

// One colour per compared layout, apart from the watched runs' own (WatchRunsModel's,
// which a run keeps on every card of the Watch page).
const QColor kLayoutColors[] = {QColor(0x1b, 0x3a, 0x5c), QColor(0x00, 0x80, 0x80), QColor(0x80, 0x80, 0x00),
                                QColor(0x8b, 0x00, 0x8b), QColor(0xb8, 0x86, 0x0b), QColor(0x4a, 0x5a, 0x6a)};
constexpr int kCurvePoints = 800;   // samples of the planned line over its duration
constexpr int kMostMarks = 400;     // evaluations or checkpoints marked one by one, at most

// When a line ends, as the Layouts page and `traindeck plan` write it (core's clockText).
QString clockText(double unixSeconds) {
    return QString::fromStdString(traindeck::clockText(unixSeconds, std::time(nullptr)));
}

}  // namespace

TimelinePlot::TimelinePlot(const PlanDocument& document, QWidget* parent) : QWidget(parent), m_document(document) {
    setObjectName(QStringLiteral("timelinePage"));
    auto* column = new QVBoxLayout(this);
    m_plot = new QCustomPlot(this);
    m_plot->setObjectName(QStringLiteral("timelinePlot"));
    m_plot->setMinimumSize(480, 320);
    m_plot->setFocusPolicy(Qt::NoFocus);
    // A watched run's minutes beside a plan's days: the reader zooms in on either.
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_plot->plotLayout()->insertRow(0);
    m_plot->plotLayout()->addElement(
        0, 0, new QCPTextElement(m_plot, QString(), QFont(font().family(), font().pointSize() + 1, QFont::Bold)));
    column->addWidget(m_plot, 1);
    m_caption = new QLabel(this);
    m_caption->setObjectName(QStringLiteral("timelineCaption"));
    m_caption->setWordWrap(true);
    m_caption->setTextInteractionFlags(Qt::TextSelectableByMouse);
    column->addWidget(m_caption);
    connect(&m_document, &PlanDocument::analysisChanged, this, &TimelinePlot::followPlan);
    redraw();
}

void TimelinePlot::followPlan() {
    // A watched run's planned line follows the plan as it is now.
    const PlanAnalysis& analysis = m_document.analysis();
    for (Watched& w : m_watched)
        if (analysis.valid())
            plan(w);
    redraw();
}

void TimelinePlot::setWatchedRuns(const std::vector<const metrics::Run*>& runs) {
    const PlanAnalysis& analysis = m_document.analysis();
    m_watched.clear();
    for (const metrics::Run* run : runs) {
        if (!run || run->info.starts == 0 || !analysis.valid())
            continue;
        Watched w;
        w.name = QString::fromStdString(run->name());
        w.progress = runProgress(*run);
        w.startTime = run->info.startTime;
        w.facts = run->info;
        plan(w);
        m_watched.push_back(std::move(w));
    }
    redraw();
}

void TimelinePlot::plan(Watched& w) const {
    // The plan's line over a run of its own only: core's one check (run_speed.h).
    const PlanAnalysis& analysis = m_document.analysis();
    const std::optional<Text> refusal = runOfAnotherPlan(analysis.plan, w.facts);
    w.notThePlans = refusal ? app::qLocalized(*refusal) : QString();
    const Layout layout = w.facts.nodes > 0 && w.facts.gpusPerNode > 0 ? Layout{w.facts.nodes, w.facts.gpusPerNode}
                                                                        : analysis.plan.cluster.layout();
    w.planned = analysis.timelineAt(layout);
}

void TimelinePlot::setPlannedStart(double unixSeconds) {
    m_plannedStart = unixSeconds;
    redraw();
}

QString TimelinePlot::caption() const { return m_caption->text(); }

void TimelinePlot::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::LocaleChange)
        redraw();
    QWidget::changeEvent(event);
}

// The planned run from `start`: its steps over the wall clock, flat while an evaluation
// or a checkpoint write runs, its warm-up's end, evaluations and checkpoints marked.
void TimelinePlot::drawPlanned(const RunTimeline& t, double start, const QColor& color, const QString& name,
                               bool dashed) {
    const double total = t.timeToFinishS.value;
    if (!(total > 0) || !std::isfinite(total))
        return;
    QVector<double> x, y;
    for (int i = 0; i <= kCurvePoints; ++i) {
        const double s = total * i / kCurvePoints;
        x << start + s;
        y << t.stepAtSeconds(s);
    }
    QCPGraph* line = m_plot->addGraph();
    line->setName(name);
    line->setPen(QPen(color, 2, dashed ? Qt::DashLine : Qt::SolidLine));
    line->setData(x, y, true);

    const auto marks = [&](int every, int count, QCPScatterStyle::ScatterShape shape, double size) {
        if (every <= 0 || count <= 0 || count > kMostMarks)
            return;
        QVector<double> mx, my;
        for (long s = every; s <= t.totalSteps; s += every) {
            mx << start + t.secondsAtStep(double(s));
            my << double(s);
        }
        QCPGraph* g = m_plot->addGraph();
        g->removeFromLegend();
        g->setLineStyle(QCPGraph::lsNone);
        g->setScatterStyle(QCPScatterStyle(shape, color.darker(130), Qt::white, size));
        g->setData(mx, my, true);
    };
    marks(t.evalEvery, t.evaluations, QCPScatterStyle::ssCircle, 6);
    marks(t.checkpointEvery, t.checkpoints, QCPScatterStyle::ssTriangle, 8);
    m_evalMarks |= t.evalEvery > 0 && t.evaluations > 0 && t.evaluations <= kMostMarks;
    m_checkpointMarks |= t.checkpointEvery > 0 && t.checkpoints > 0 && t.checkpoints <= kMostMarks;
    if (t.warmupSteps > 0 && t.warmupSteps < t.totalSteps) {
        m_warmupMarks = true;
        QCPGraph* w = m_plot->addGraph();
        w->removeFromLegend();
        w->setLineStyle(QCPGraph::lsNone);
        w->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDiamond, color, color, 9));
        w->setData({start + t.secondsAtStep(double(t.warmupSteps))}, {double(t.warmupSteps)});
    }
    // The finish, as a date and time in the user's time zone: labelled once the axes are set.
    m_finishes.push_back({start + total, double(t.totalSteps), color.darker(120), tr("%1 ends %2").arg(name, clockText(start + total))});
}

// Each finish's label above the top of its line, stacked so that runs ending together stay
// readable, on the side of the end that has room.
void TimelinePlot::labelFinishes() {
    const QCPRange x = m_plot->xAxis->range();
    const double lift = m_plot->yAxis->range().upper * 0.035;
    for (size_t i = 0; i < m_finishes.size(); ++i) {
        const Finish& f = m_finishes[i];
        auto* label = new QCPItemText(m_plot);
        label->position->setCoords(f.time, f.steps + lift * double(i + 1));
        const bool roomLeft = f.time > x.lower + 0.5 * x.size();
        label->setPositionAlignment((roomLeft ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignBottom);
        label->setColor(f.color);
        label->setText(f.text);
    }
    m_finishes.clear();
}

void TimelinePlot::redraw() {
    const PlanAnalysis& analysis = m_document.analysis();
    m_plot->clearPlottables();
    m_plot->clearItems();
    m_finishes.clear();
    m_evalMarks = m_checkpointMarks = m_warmupMarks = false;
    m_plot->setLocale(QLocale());
    const QString title = tr("The run over time: planned for each layout, and watched runs");
    static_cast<QCPTextElement*>(m_plot->plotLayout()->element(0, 0))->setText(title);
    m_plot->setAccessibleName(title);
    m_plot->xAxis->setLabel(tr("local time"));
    m_plot->yAxis->setLabel(tr("optimizer steps done"));
    QSharedPointer<QCPAxisTickerDateTime> ticker(new QCPAxisTickerDateTime);
    ticker->setDateTimeSpec(Qt::LocalTime);
    ticker->setDateTimeFormat(QStringLiteral("MM-dd\nHH:mm"));
    m_plot->xAxis->setTicker(ticker);
    if (!analysis.valid()) {
        auto* note = new QCPItemText(m_plot);
        note->position->setType(QCPItemPosition::ptAxisRectRatio);
        note->position->setCoords(0.5, 0.5);
        note->setText(tr("The plan is not complete yet."));
        m_caption->clear();
        m_plot->replot();
        return;
    }
    const double now = m_plannedStart > 0 ? m_plannedStart : double(QDateTime::currentSecsSinceEpoch());
    double first = now, last = now, top = 1;
    QStringList lines;
    // How sure the plan's own step time is, as core says it (each layout's own is its column's "expected error").
    lines << tr("Step time on %1: %2.")
                 .arg(layoutName(analysis.confidence.layout), app::qLocalized(analysis.confidence.basis));
    int colour = 0;
    for (const Estimate& e : analysis.estimates) {
        const RunTimeline& t = e.timeline;
        if (!analysis.fitsNode(t.layout))
            continue;  // cannot run on this GPU type; its finding says why
        const QColor color = kLayoutColors[colour++ % std::size(kLayoutColors)];
        const QString name = layoutName(t.layout);
        drawPlanned(t, now, color, name, false);
        last = std::max(last, now + t.timeToFinishS.value);
        top = std::max(top, double(t.totalSteps));
        lines << tr("%1: ends %2, in %3: training %4, evaluations %5, checkpoint writes %6.")
                     .arg(name, clockText(now + t.timeToFinishS.value), formatDuration(t.timeToFinishS.value / 3600),
                          formatDuration(t.trainingS.value / 3600), formatDuration(t.evaluationsS.value / 3600),
                          formatDuration(t.checkpointsS.value / 3600));
    }
    for (size_t i = 0; i < m_watched.size(); ++i) {
        const Watched& w = m_watched[i];
        const QColor color = WatchRunsModel::color(int(i));
        const bool planned = w.notThePlans.isEmpty();
        if (planned)
            drawPlanned(w.planned, w.startTime, color, tr("%1 (planned on %2)").arg(w.name, layoutName(w.planned.layout)),
                        true);
        else
            lines << tr("%1: no planned line: %2").arg(w.name, w.notThePlans);
        QVector<double> x, y;
        for (const auto& [time, step] : w.progress) {
            x << time;
            y << step;
        }
        QCPGraph* actual = m_plot->addGraph();
        actual->setName(tr("%1 (measured)").arg(w.name));
        actual->setPen(QPen(color, 2.5));
        actual->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, color, color, 4));
        actual->setData(x, y, true);
        first = std::min(first, w.startTime);
        if (planned)
            last = std::max(last, w.startTime + w.planned.timeToFinishS.value);
        if (!w.progress.empty()) {
            last = std::max(last, w.progress.back().first);
            top = std::max(top, w.progress.back().second);
            // Ahead of its plan or behind, at the last step it logged.
            const double plannedS = w.planned.secondsAtStep(w.progress.back().second);
            const double actualS = w.progress.back().first - w.startTime;
            if (planned)
                lines << tr("%1: step %2 after %3, planned after %4.")
                             .arg(w.name, localeNumber(w.progress.back().second), formatDuration(actualS / 3600),
                                  formatDuration(plannedS / 3600));
        }
        if (planned)
            top = std::max(top, double(w.planned.totalSteps));
    }
    // The deadline, where the plan sets one: the lines that cross it finish too late.
    if (analysis.goal && analysis.goal->deadlineHours) {
        const double deadline = now + *analysis.goal->deadlineHours * 3600;
        auto* line = new QCPItemStraightLine(m_plot);
        line->point1->setCoords(deadline, 0);
        line->point2->setCoords(deadline, 1);
        line->setPen(QPen(QColor(0xb3, 0x26, 0x1e), 1.5, Qt::DashLine));
        auto* label = new QCPItemText(m_plot);
        label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        label->position->setCoords(deadline, 0.01);
        label->setPositionAlignment(Qt::AlignRight | Qt::AlignTop);
        label->setColor(QColor(0xb3, 0x26, 0x1e));
        label->setText(tr("deadline %1").arg(clockText(deadline)));
        last = std::max(last, deadline);
    }
    // What the marks on the planned lines are: legend entries of their own, in grey.
    const auto explain = [this](bool drawn, QCPScatterStyle::ScatterShape shape, double size, const QString& what) {
        if (!drawn)
            return;
        QCPGraph* key = m_plot->addGraph();
        key->setName(what);
        key->setPen(Qt::NoPen);
        key->setLineStyle(QCPGraph::lsNone);
        key->setScatterStyle(QCPScatterStyle(shape, QColor(90, 90, 90), shape == QCPScatterStyle::ssDiamond ? QColor(90, 90, 90) : Qt::white, size));
    };
    explain(m_warmupMarks, QCPScatterStyle::ssDiamond, 9, tr("warm-up ends"));
    explain(m_evalMarks, QCPScatterStyle::ssCircle, 6, tr("evaluation"));
    explain(m_checkpointMarks, QCPScatterStyle::ssTriangle, 8, tr("checkpoint"));
    // The lines rise from bottom left to top right: the legend goes where they are not.
    m_plot->legend->setVisible(true);
    m_plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignBottom | Qt::AlignRight);
    const double span = std::max(60.0, last - first);
    m_plot->xAxis->setRange(first - 0.02 * span, last + 0.04 * span);
    m_plot->yAxis->setRange(0, top * (1.08 + 0.035 * double(m_finishes.size())));
    labelFinishes();
    m_caption->setText(lines.join(QLatin1Char('\n')));
    m_plot->replot();
}

}  // namespace traindeck::gui
