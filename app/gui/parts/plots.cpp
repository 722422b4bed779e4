#include "gui/parts/plots.h"

#include "gui/parts/figure_format.h"
#include "gui/parts/plot_text.h"
#include "gui/plan/plan_document.h"
#include "localized.h"
#include "plan/calibration_workload.h"
#include "plan/layout_rows.h"
#include "plan/plan_fields.h"
#include "plan/workload_summary.h"
#include "schedule/lr_schedule.h"

#include <qcustomplot.h>

#include <QEvent>
#include <QGridLayout>

#include <algorithm>

namespace traindeck::gui {

namespace {

const QColor kPredicted(0x2e, 0x75, 0xb6);
const QColor kCalibrated(0xed, 0x7d, 0x31);
const QColor kMeasured(0xc0, 0x00, 0x00);

QCustomPlot* makePlot(QWidget* parent) {
    auto* plot = new QCustomPlot(parent);
    plot->setMinimumSize(320, 220);
    plot->plotLayout()->insertRow(0);
    auto* title = new QCPTextElement(plot, QString(), QFont(plot->font().family(), plot->font().pointSize() + 1, QFont::Bold));
    plot->plotLayout()->addElement(0, 0, title);
    // Plots are read, not navigated; keep Tab for the controls.
    plot->setFocusPolicy(Qt::NoFocus);
    return plot;
}

void startPlot(QCustomPlot* plot, const QString& title) {
    plot->clearPlottables();
    plot->clearItems();
    plot->legend->setVisible(false);
    plot->setLocale(QLocale());
    static_cast<QCPTextElement*>(plot->plotLayout()->element(0, 0))->setText(title);
    plot->setAccessibleName(title);
    plot->xAxis->setTicker(numberTicker());  // numbers as the bars' labels write them (plot_text.h)
    plot->yAxis->setTicker(numberTicker());
}

void noteInPlot(QCustomPlot* plot, const QString& text) {
    auto* note = new QCPItemText(plot);
    note->position->setType(QCPItemPosition::ptAxisRectRatio);
    note->position->setCoords(0.5, 0.5);
    // In lines that fit the plot (its least width, where it is not laid out yet): a
    // centred line wider than the plot is cut at both ends.
    note->setText(wrappedText(text, note->font(), std::max(plot->minimumWidth(), plot->width()) - 60));
    note->setColor(plot->palette().color(QPalette::PlaceholderText));
}

// "2×8": a layout under its bars, short enough for a row of them.
QString layoutTick(const Layout& layout) { return QStringLiteral("%1×%2").arg(layout.nodes).arg(layout.gpusPerNode); }

QSharedPointer<QCPAxisTickerText> layoutTicker(const std::vector<Layout>& layouts) {
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    for (size_t i = 0; i < layouts.size(); ++i)
        ticker->addTick(double(i + 1), layoutTick(layouts[i]));
    return ticker;
}

QCPBars* addBars(QCustomPlot* plot, const QVector<double>& keys, const QVector<double>& values, const QColor& color,
                 const QString& name) {
    auto* bars = new QCPBars(plot->xAxis, plot->yAxis);
    bars->setData(keys, values);
    bars->setName(name);
    bars->setPen(QPen(color.darker(130)));
    bars->setBrush(color);
    bars->setWidth(0.6);
    return bars;
}

}  // namespace

PlotsPage::PlotsPage(const PlanDocument& document, QWidget* parent) : QWidget(parent), m_document(document) {
    auto* grid = new QGridLayout(this);
    m_time = makePlot(this);
    m_throughput = makePlot(this);
    m_lr = makePlot(this);
    m_calibration = makePlot(this);
    m_time->setObjectName(QStringLiteral("timePlot"));
    m_throughput->setObjectName(QStringLiteral("throughputPlot"));
    m_lr->setObjectName(QStringLiteral("lrPlot"));
    m_calibration->setObjectName(QStringLiteral("calibrationPlot"));
    // The comparison's legend in a row under its axes: inside, it would hide one group of bars or another.
    m_calibration->axisRect()->insetLayout()->take(m_calibration->legend);
    m_calibration->plotLayout()->addElement(2, 0, m_calibration->legend);
    m_calibration->plotLayout()->setRowStretchFactor(2, 0.001);
    m_calibration->legend->setFillOrder(QCPLegend::foColumnsFirst);
    m_calibration->legend->setBorderPen(Qt::NoPen);
    m_calibration->legend->setWrap(2);  // two a row: the plot is narrow on a 1366-pixel screen
    grid->addWidget(m_time, 0, 0);
    grid->addWidget(m_throughput, 0, 1);
    grid->addWidget(m_lr, 1, 0);
    grid->addWidget(m_calibration, 1, 1);
    connect(&m_document, &PlanDocument::analysisChanged, this, &PlotsPage::redraw);
    redraw();
}

const PlanAnalysis& PlotsPage::analysis() const { return m_document.analysis(); }

void PlotsPage::redraw() {
    // The time to finish (evaluations and checkpoint writes counted, core/plan/run_timeline.h)
    // in the unit the table's row writes it: the bars' numbers are the table's.
    const DurationScale scale = rowDurationScale(analysis(), LayoutRow::TimeToFinish);
    std::vector<double> finish, throughput;
    for (const Estimate& e : analysis().estimates) {
        finish.push_back(e.hoursToFinish.value * scale.perHour());
        throughput.push_back(e.samplesPerS.value);
    }
    const QString unit = app::qLocalized(scale.name());
    startPlot(m_time, tr("Time to finish per layout"));
    m_time->yAxis->setLabel(unit);
    drawPerLayout(m_time, finish, unit);
    startPlot(m_throughput, tr("Throughput per layout"));
    m_throughput->yAxis->setLabel(tr("samples/s"));
    drawPerLayout(m_throughput, throughput, tr("samples/s"));
    drawLr();
    drawCalibration();
}

void PlotsPage::drawPerLayout(QCustomPlot* plot, const std::vector<double>& values, const QString& unit) {
    plot->xAxis->setLabel(tr("layout (nodes × GPUs per node)"));
    if (!analysis().valid()) {
        noteInPlot(plot, tr("The plan is not complete yet."));
        plot->replot();
        return;
    }
    QVector<double> keys;
    for (size_t i = 0; i < values.size(); ++i)
        keys << double(i + 1);
    addBars(plot, keys, QVector<double>(values.begin(), values.end()), kPredicted, unit);
    for (size_t i = 0; i < values.size(); ++i) {
        // The number on each bar: a plot of three bars is read, not estimated.
        auto* label = new QCPItemText(plot);
        label->position->setCoords(keys[int(i)], values[i]);
        label->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
        label->setText(localeNumber(values[i]));
    }
    plot->xAxis->setTicker(layoutTicker(analysis().layouts()));
    plot->xAxis->setRange(0.4, double(values.size()) + 0.6);
    const double top = values.empty() ? 1 : *std::max_element(values.begin(), values.end());
    plot->yAxis->setRange(0, top > 0 ? top * 1.18 : 1);
    plot->replot();
}

void PlotsPage::drawLr() {
    startPlot(m_lr, tr("Learning-rate schedule (this plan's layout)"));
    m_lr->xAxis->setLabel(tr("optimizer step"));
    m_lr->yAxis->setLabel(tr("learning rate"));
    if (!analysis().valid() || analysis().estimates.empty()) {
        noteInPlot(m_lr, tr("The plan is not complete yet."));
        m_lr->replot();
        return;
    }
    // The schedule of the plan's own layout: the one it will run on.
    const Estimate* own = analysis().estimateFor(analysis().plan.cluster.layout());
    const Estimate& e = own ? *own : analysis().estimates.front();
    LrSchedule schedule;
    schedule.peak = e.lr.value;
    schedule.warmupSteps = long(e.warmupSteps.value);
    schedule.totalSteps = std::max(1L, long(e.totalSteps.value));
    // Enough points for the warmup corner and the cosine, whatever the run's length.
    const long total = schedule.totalSteps;
    const long stride = std::max(1L, total / 2000);
    QVector<double> steps, rates;
    for (long s = 0; s < total; s += stride) {
        steps << double(s);
        rates << learningRate(schedule, s);
    }
    for (long s : {schedule.warmupSteps - 1, schedule.warmupSteps, total - 1})
        if (s >= 0 && s < total) {
            steps << double(s);
            rates << learningRate(schedule, s);
        }
    // Sorted, since the corner points were appended at the end.
    std::vector<std::pair<double, double>> points;
    for (int i = 0; i < steps.size(); ++i)
        points.emplace_back(steps[i], rates[i]);
    std::sort(points.begin(), points.end());
    steps.clear();
    rates.clear();
    for (const auto& [s, r] : points) {
        steps << s;
        rates << r;
    }
    QCPGraph* curve = m_lr->addGraph();
    curve->setName(tr("learning rate"));
    curve->setPen(QPen(kPredicted, 2));
    curve->setData(steps, rates, true);

    const auto marks = [&](int every, QCPScatterStyle::ScatterShape shape, const QColor& color, const QString& name,
                           double size) {
        if (every <= 0)
            return;
        QVector<double> x, y;
        for (long s = every; s <= total; s += every) {
            x << double(s);
            y << learningRate(schedule, std::min(s, total - 1));
        }
        QCPGraph* g = m_lr->addGraph();
        g->setName(name);
        g->setLineStyle(QCPGraph::lsNone);
        g->setScatterStyle(QCPScatterStyle(shape, color, color, size));
        g->setData(x, y, true);
    };
    // Validation first, so checkpoints (often on the same steps) are drawn on top and larger.
    marks(analysis().plan.recipe.evalEvery, QCPScatterStyle::ssCircle, QColor(0x38, 0x8e, 0x3c), tr("validation"), 6);
    marks(analysis().plan.recipe.checkpointEvery, QCPScatterStyle::ssTriangle, kMeasured, tr("checkpoint"), 10);
    m_lr->legend->setVisible(true);
    m_lr->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
    m_lr->xAxis->setRange(0, double(total));
    m_lr->yAxis->setRange(0, schedule.peak * 1.1);
    m_lr->yAxis->setNumberFormat(QStringLiteral("gb"));
    m_lr->yAxis->setNumberPrecision(2);
    m_lr->replot();
}

void PlotsPage::drawCalibration() {
    startPlot(m_calibration, tr("Predicted and measured throughput"));
    m_calibration->xAxis->setLabel(QString());
    m_calibration->yAxis->setLabel(tr("samples/s"));
    if (!analysis().valid() || analysis().fit.points.empty()
        || analysis().uncalibrated.size() != analysis().estimates.size()) {
        // Points all refused (another model or GPU type) say why in the panel above.
        noteInPlot(m_calibration, analysis().plan.calibrations.empty()
                                      ? tr("Enter a measured speed above to compare.")
                                      : tr("No measured point can calibrate this plan: the panel above says why."));
        m_calibration->replot();
        return;
    }
    // Two kinds of groups, each comparing like with like. First each measured point beside
    // the calibrated model at the point's own shape (the fit's residual: core's
    // PointResidual); then each layout at the plan's shape, the model before and after
    // calibration. A point measured at micro-batch 8 is never set against the plan's 16.
    const Plan& plan = analysis().plan;
    const std::vector<PointResidual>& points = analysis().fit.points;
    // What sets the points' shapes apart from the plan's: the groups' labels say it.
    std::vector<WorkloadPart> differing;
    for (const PointResidual& r : points)
        for (const WorkloadPart part : differingParts(pointWorkload(plan, r.point), workloadOfPlan(plan, r.point.layout)))
            if (std::find(differing.begin(), differing.end(), part) == differing.end())
                differing.push_back(part);
    const auto shapeOf = [&](const MeasuredWorkload& w) { return app::qLocalized(workloadSummary(w, differing)); };
    // A group's name in lines, narrow enough for a row of groups: its layout, what it
    // shows, and its shape where it has one to say.
    const auto tick = [](const Layout& layout, const QString& what, const QString& shape) {
        return layoutTick(layout) + QLatin1Char('\n') + what + (shape.isEmpty() ? QString() : QLatin1Char('\n') + shape);
    };

    constexpr double kHalf = 0.22;  // a bar's half width; a group's two bars sit either side of its key
    constexpr double kStep = 1.15;  // from one group to the next: room for "measured" under each
    QVector<double> measuredKeys, measured, atPointKeys, atPoint, planKeys, before, after;
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    double key = 1;
    for (const PointResidual& r : points) {
        measuredKeys << key - kHalf;
        measured << r.measuredSamplesPerS();
        atPointKeys << key + kHalf;
        atPoint << r.predictedSamplesPerS();
        ticker->addTick(key, tick(r.point.layout, tr("measured"), shapeOf(pointWorkload(plan, r.point))));
        key += kStep;
    }
    const double divider = key - kStep / 2 + 0.25;
    key += 0.5;  // a gap between the measurements and the plan
    const std::vector<Layout> layouts = analysis().layouts();
    // The plan's shape said once under the axis where every layout has the same (the usual
    // case), under each layout where they differ (an accumulation solved per layout).
    QStringList planShapes;
    for (const Layout& layout : layouts)
        planShapes << shapeOf(workloadOfPlan(plan, layout));
    const bool oneShape = std::all_of(planShapes.begin(), planShapes.end(),
                                      [&](const QString& shape) { return shape == planShapes.front(); });
    if (oneShape && !planShapes.front().isEmpty())
        m_calibration->xAxis->setLabel(tr("the plan's layouts at %1").arg(planShapes.front()));
    for (size_t i = 0; i < layouts.size(); ++i) {
        planKeys << key;
        before << analysis().uncalibrated[i].samplesPerS.value;
        after << analysis().estimates[i].samplesPerS.value;
        ticker->addTick(key, tick(layouts[i], tr("plan"), oneShape ? QString() : planShapes[int(i)]));
        key += kStep;
    }
    const auto shifted = [](QVector<double> keys, double by) {
        for (double& k : keys)
            k += by;
        return keys;
    };
    QFont numberFont = m_calibration->font();
    numberFont.setPointSizeF(numberFont.pointSizeF() * 0.85);
    const auto bars = [&](const QVector<double>& keys, const QVector<double>& values, const QColor& color,
                          const QString& name) {
        QCPBars* b = addBars(m_calibration, keys, values, color, name);
        b->setWidth(2 * kHalf - 0.02);
        for (int i = 0; i < keys.size(); ++i) {  // the number on each bar, as on the other plots
            auto* label = new QCPItemText(m_calibration);
            label->setFont(numberFont);  // two bars a group: a smaller number fits over each
            label->position->setCoords(keys[i], values[i]);
            label->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
            label->setText(localeNumber(values[i]));
        }
        return b;
    };
    bars(measuredKeys, measured, kMeasured, tr("measured"));
    bars(atPointKeys, atPoint, kCalibrated, tr("model, calibrated"));
    bars(shifted(planKeys, -kHalf), before, kPredicted, tr("model, uncalibrated"));
    bars(shifted(planKeys, kHalf), after, kCalibrated, tr("model, calibrated"))->removeFromLegend();
    // The measured groups and the plan's groups apart at a glance.
    auto* line = new QCPItemStraightLine(m_calibration);
    line->point1->setCoords(divider, 0);
    line->point2->setCoords(divider, 1);
    line->setPen(QPen(m_calibration->palette().color(QPalette::Mid), 1, Qt::DashLine));

    double top = 0;
    for (const QVector<double>* v : {&measured, &atPoint, &before, &after})
        for (const double x : *v)
            top = std::max(top, x);
    m_calibration->legend->setVisible(true);
    m_calibration->xAxis->setTicker(ticker);
    m_calibration->xAxis->setRange(1 - kStep / 2, key - kStep / 2);
    m_calibration->yAxis->setRange(0, top > 0 ? top * 1.18 : 1);
    m_calibration->replot();
}

void PlotsPage::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        redraw();
    QWidget::changeEvent(event);
}

}  // namespace traindeck::gui
