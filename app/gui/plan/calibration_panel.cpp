#include "gui/plan/calibration_panel.h"

#include "gui/parts/figure_format.h"
#include "gui/plan/plan_document.h"
#include "localized.h"
#include "plan/calibrate.h"
#include "plan/calibration_fit.h"
#include "plan/calibration_workload.h"
#include "plan/estimate.h"
#include "plan/model_findings.h"
#include "plan/plan_fields.h"
#include "plan/point_line.h"
#include "plan/run_speed.h"
#include "plan/workload_summary.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFileDialog>
#include <QGridLayout>
#include <QLabel>
#include <QListWidget>
#include <QLocale>

#include <QPushButton>

namespace traindeck::gui {
namespace {

QString percent(double share, int decimals) {
    return QLocale().toString(share * 100, 'f', decimals) + QLatin1Char('%');
}

QString latencyText(double seconds) {
    return seconds < 1e-3 ? CalibrationPanel::tr("%1 µs")
                                .arg(QLocale().toString(seconds * 1e6, 'f', 0))
                          : CalibrationPanel::tr("%1 ms")
                                .arg(QLocale().toString(seconds * 1e3, 'f', 2));
}

}  // namespace

CalibrationPanel::CalibrationPanel(const PlanDocument& document, QWidget* parent)
    : QWidget(parent), m_document(document) {
    auto* grid = new QGridLayout(this);
    m_title = new QLabel(this);
    m_title->setWordWrap(true);
    grid->addWidget(m_title, 0, 0, 1, 8);
    m_layoutLabel = new QLabel(this);
    m_layout = new QComboBox(this);
    m_layout->setObjectName(QStringLiteral("calibrationLayout"));
    m_layoutLabel->setBuddy(m_layout);
    m_valueLabel = new QLabel(this);
    m_value = new QDoubleSpinBox(this);
    m_value->setObjectName(QStringLiteral("calibrationValue"));
    m_value->setDecimals(3);
    m_value->setRange(0.001, 1e9);
    m_value->setValue(1.0);
    m_valueLabel->setBuddy(m_value);
    m_unit = new QComboBox(this);
    m_unit->setObjectName(QStringLiteral("calibrationUnit"));
    m_apply = new QPushButton(this);
    m_apply->setObjectName(QStringLiteral("calibrationApply"));
    m_fromRun = new QPushButton(this);
    m_fromRun->setObjectName(QStringLiteral("calibrationFromRun"));
    grid->addWidget(m_layoutLabel, 1, 0);
    grid->addWidget(m_layout, 1, 1);
    grid->addWidget(m_valueLabel, 1, 2);
    grid->addWidget(m_value, 1, 3);
    grid->addWidget(m_unit, 1, 4);
    grid->addWidget(m_apply, 1, 5);
    grid->addWidget(m_fromRun, 1, 6);
    grid->setColumnStretch(7, 1);

    // The points in force, one a line; a point is removed by selecting it.
    m_points = new QListWidget(this);
    m_points->setObjectName(QStringLiteral("calibrationPoints"));
    m_points->setMaximumHeight(90);
    m_remove = new QPushButton(this);
    m_remove->setObjectName(QStringLiteral("calibrationRemove"));
    m_clear = new QPushButton(this);
    m_clear->setObjectName(QStringLiteral("calibrationClear"));
    // Each point says its shape in words (workload_summary.h): a long one wraps rather
    // than hiding its end behind a scroll bar.
    m_points->setWordWrap(true);
    m_points->setResizeMode(QListView::Adjust);
    m_points->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    grid->addWidget(m_points, 2, 0, 2, 5);
    grid->addWidget(m_remove, 2, 5);
    grid->addWidget(m_clear, 3, 5);
    m_fit = new QLabel(this);
    m_fit->setObjectName(QStringLiteral("calibrationFit"));
    m_fit->setWordWrap(true);
    m_fit->setTextFormat(Qt::PlainText);
    grid->addWidget(m_fit, 4, 0, 1, 8);

    connect(m_apply, &QPushButton::clicked, this, [this] {
        const int index = m_layout->currentIndex();
        if (index < 0)
            return;
        const std::vector<Layout> layouts = m_document.analysis().layouts();
        Calibration c;
        c.layout = layouts.at(size_t(index));
        c.value = m_value->value();
        c.unit = Calibration::Unit(m_unit->currentData().toInt());
        c.workload = workloadOfPlan(m_document.plan(), c.layout);  // measured at the plan as it stands now
        // A new measurement of a layout replaces the old one of the same layout.
        std::vector<Calibration> next = m_document.plan().calibrations;
        std::erase_if(next, [&](const Calibration& old) { return old.layout == c.layout; });
        next.push_back(c);
        m_runMessage.clear();
        emit calibrationsRequested(next);
    });
    connect(m_fromRun, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(
            this, tr("A run's metrics"), QString(),
            tr("Trainer metrics (*.jsonl *.json *.out *.log);;All files (*)"));
        if (!path.isEmpty())
            addRun(path);
    });
    connect(m_remove, &QPushButton::clicked, this, [this] {
        const int row = m_points->currentRow();
        if (row < 0 || size_t(row) >= m_document.plan().calibrations.size())
            return;
        std::vector<Calibration> next = m_document.plan().calibrations;
        next.erase(next.begin() + row);
        emit calibrationsRequested(next);
    });
    connect(m_clear, &QPushButton::clicked, this, [this] { emit calibrationsRequested({}); });
    connect(&m_document, &PlanDocument::analysisChanged, this, &CalibrationPanel::showAnalysis);
    retranslate();  // also shows the analysis
}

bool CalibrationPanel::addRun(const QString& path) {
    Text error;
    const std::optional<RunSpeed> run = readRunSpeed(path.toStdString(), error);
    if (!run) {
        m_runMessage = app::qLocalized(error);
        showFit();
        return false;
    }
    m_runMessage = tr("From the run: %1 samples/s on %2, the median of %n step(s) (%3 to %4).", nullptr,
                      run->stepsUsed)
                       .arg(localeNumber(run->calibration.value), layoutName(run->calibration.layout))
                       .arg(run->firstStep)
                       .arg(run->lastStep);
    if (const std::optional<Text> refusal = runPlanMismatch(m_document.plan(), *run)) {
        m_runMessage += QLatin1Char(' ') + tr("Not added: %1.").arg(app::qLocalized(*refusal));
        showFit();
        return false;
    }
    std::vector<Calibration> next = m_document.plan().calibrations;
    next.push_back(run->calibration);
    emit calibrationsRequested(next);
    showFit();
    return true;
}

void CalibrationPanel::showAnalysis() {
    const PlanAnalysis& analysis = m_document.analysis();
    const Plan& plan = analysis.plan;
    setEnabled(analysis.valid());
    const std::vector<Layout> layouts = analysis.layouts();
    const int keep = m_layout->currentIndex();
    m_layout->clear();
    for (const Layout& l : layouts)
        m_layout->addItem(layoutName(l));
    if (keep >= 0 && keep < m_layout->count())
        m_layout->setCurrentIndex(keep);
    m_points->clear();
    for (const Calibration& c : plan.calibrations) {
        const QString unit = c.unit == Calibration::Unit::StepsPerSecond     ? tr("steps/s")
                             : c.unit == Calibration::Unit::SamplesPerSecond ? tr("samples/s")
                                                                              : tr("s/step");
        // Each point with the workload it was measured at, in core's words (as `traindeck plan`
        // prints it); the spelling for plan files and --calibrate on hover.
        const QString shape = app::qLocalized(workloadSummary(c.workload));
        auto* item = new QListWidgetItem(
            shape.isEmpty() ? tr("%1: %2 %3").arg(layoutName(c.layout), localeNumber(c.value), unit)
                            : tr("%1: %2 %3 at %4").arg(layoutName(c.layout), localeNumber(c.value), unit, shape),
            m_points);
        item->setToolTip(QString::fromStdString(calibrationText(c)));
    }
    m_remove->setEnabled(!plan.calibrations.empty());
    m_clear->setEnabled(!plan.calibrations.empty());
    showFit();
}

void CalibrationPanel::showFit() {
    const PlanAnalysis& analysis = m_document.analysis();
    QStringList lines;
    bool warn = false;
    if (analysis.plan.calibrations.empty() || !analysis.valid()) {
        lines << tr("No measurement entered: the figures use the assumed efficiency (MFU %1).")
                     .arg(percent(analysis.plan.recipe.mfu, 0));
    } else {
        const FittedModel& fit = analysis.fit;
        lines << tr("Fitted to %n measurement(s): efficiency (MFU) %1, overlap of communication %2, latency %3 "
                    "per collective; every layout is re-predicted with them.",
                    nullptr, int(fit.points.size()))
                     .arg(percent(fit.mfu, 1), percent(fit.overlap, 0), latencyText(fit.latencyS));
        for (const PointResidual& r : fit.points) {
            warn = warn || fitsBadly(r);  // the finding's rule (model_findings.h), which the line says too
            lines << app::qLocalized(
                calibrationPointLine(analysis.plan, r, Text::value(layoutName(r.point.layout).toStdString())));
        }
        for (const Text& note : fit.notes) {
            lines << app::qLocalized(note);
            warn = true;
        }
    }
    if (analysis.valid())  // how sure the plan's own step time is (each layout's own is its column's "expected error")
        lines << tr("Step time on %1: %2.")
                     .arg(layoutName(analysis.confidence.layout), app::qLocalized(analysis.confidence.basis));
    if (!m_runMessage.isEmpty())
        lines << m_runMessage;
    m_fit->setText(lines.join(QLatin1Char('\n')));
    m_fit->setStyleSheet(warn ? QStringLiteral("color: #b36b00;") : QString());
}

void CalibrationPanel::retranslate() {
    m_title->setText(QStringLiteral("<b>%1</b> %2").arg(
        tr("Calibration").toHtmlEscaped(),
        tr("Measured a run? Enter its speed on one or more layouts, or read it from the run's metrics; the "
           "other layouts are predicted from them. Two layouts (1 and 2 GPUs) also fit what communication "
           "costs.")
            .toHtmlEscaped()));
    m_layoutLabel->setText(tr("Measured on:"));
    m_valueLabel->setText(tr("Speed:"));
    const int unit = m_unit->currentIndex();
    m_unit->clear();
    m_unit->addItem(tr("steps/s"), int(Calibration::Unit::StepsPerSecond));
    m_unit->addItem(tr("samples/s"), int(Calibration::Unit::SamplesPerSecond));
    m_unit->addItem(tr("s/step"), int(Calibration::Unit::SecondsPerStep));
    m_unit->setCurrentIndex(std::max(0, unit));
    m_unit->setAccessibleName(tr("Unit"));
    m_apply->setText(tr("Add measurement"));
    m_fromRun->setText(tr("From a run…"));
    m_remove->setText(tr("Remove"));
    m_clear->setText(tr("Clear all"));
    m_points->setAccessibleName(tr("Measurements"));
    m_value->setLocale(QLocale());
    showAnalysis();
}

void CalibrationPanel::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

}  // namespace traindeck::gui
