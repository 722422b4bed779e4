#include "gui/calibration_panel.h"

#include "gui/core_messages.h"
#include "gui/figure_format.h"
#include "plan/calibrate.h"
#include "plan/estimate.h"
#include "plan/plan_fields.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>

namespace traindeck::gui {

CalibrationPanel::CalibrationPanel(QWidget* parent) : QWidget(parent) {
    auto* grid = new QGridLayout(this);
    m_title = new QLabel(this);
    m_title->setWordWrap(true);
    grid->addWidget(m_title, 0, 0, 1, 7);
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
    m_clear = new QPushButton(this);
    grid->addWidget(m_layoutLabel, 1, 0);
    grid->addWidget(m_layout, 1, 1);
    grid->addWidget(m_valueLabel, 1, 2);
    grid->addWidget(m_value, 1, 3);
    grid->addWidget(m_unit, 1, 4);
    grid->addWidget(m_apply, 1, 5);
    grid->addWidget(m_clear, 1, 6);
    grid->setColumnStretch(7, 1);
    m_fit = new QLabel(this);
    m_fit->setWordWrap(true);
    grid->addWidget(m_fit, 2, 0, 1, 8);

    connect(m_apply, &QPushButton::clicked, this, [this] {
        const int index = m_layout->currentIndex();
        if (index < 0)
            return;
        const std::vector<Layout> layouts = layoutsOf(m_plan);
        Calibration c;
        c.layout = layouts.at(size_t(index));
        c.value = m_value->value();
        c.unit = Calibration::Unit(m_unit->currentData().toInt());
        emit calibrationRequested(c);
    });
    connect(m_clear, &QPushButton::clicked, this, [this] { emit calibrationRequested(std::nullopt); });
    retranslate();
}

void CalibrationPanel::setPlan(const Plan& plan) {
    m_plan = plan;
    const bool valid = validatePlan(plan).empty();
    setEnabled(valid);
    const std::vector<Layout> layouts = valid ? layoutsOf(plan) : std::vector<Layout>{};
    const int keep = m_layout->currentIndex();
    m_layout->clear();
    for (const Layout& l : layouts)
        m_layout->addItem(layoutName(l));
    if (plan.calibration) {
        // Show the measurement in force, so the user sees what the figures rest on.
        const auto it = std::find(layouts.begin(), layouts.end(), plan.calibration->layout);
        if (it != layouts.end())
            m_layout->setCurrentIndex(int(it - layouts.begin()));
        m_value->setValue(plan.calibration->value);
        m_unit->setCurrentIndex(m_unit->findData(int(plan.calibration->unit)));
    } else if (keep >= 0 && keep < m_layout->count()) {
        m_layout->setCurrentIndex(keep);
    }
    m_clear->setEnabled(plan.calibration.has_value());
    showFit();
}

void CalibrationPanel::showFit() {
    if (!m_plan.calibration || !validatePlan(m_plan).empty()) {
        m_fit->setText(tr("No measurement entered: the figures use the assumed efficiency (MFU %1).")
                           .arg(QLocale().toString(m_plan.recipe.mfu * 100, 'f', 0) + QLatin1Char('%')));
        m_fit->setStyleSheet(QString());
        return;
    }
    const CalibrationFit fit = fitCalibration(m_plan, *m_plan.calibration);
    QString text = tr("Calibrated on %1: the measurement means an efficiency (MFU) of %2; every layout is re-predicted with it.")
                       .arg(layoutName(m_plan.calibration->layout),
                            QLocale().toString(fit.mfu * 100, 'f', 1) + QLatin1Char('%'));
    if (!fit.exact)
        text += QLatin1Char(' ') + tr("Not an exact fit: %1").arg(calibrationNoteText(fit.note));
    m_fit->setText(text);
    m_fit->setStyleSheet(fit.exact ? QString() : QStringLiteral("color: #b36b00;"));
}

void CalibrationPanel::retranslate() {
    m_title->setText(QStringLiteral("<b>%1</b> %2").arg(
        tr("Calibration").toHtmlEscaped(),
        tr("Measured a run? Enter its speed on one layout; the other layouts are predicted from it.").toHtmlEscaped()));
    m_layoutLabel->setText(tr("Measured on:"));
    m_valueLabel->setText(tr("Speed:"));
    const int unit = m_unit->currentIndex();
    m_unit->clear();
    m_unit->addItem(tr("steps/s"), int(Calibration::Unit::StepsPerSecond));
    m_unit->addItem(tr("samples/s"), int(Calibration::Unit::SamplesPerSecond));
    m_unit->addItem(tr("s/step"), int(Calibration::Unit::SecondsPerStep));
    m_unit->setCurrentIndex(std::max(0, unit));
    m_unit->setAccessibleName(tr("Unit"));
    m_apply->setText(tr("Apply measurement"));
    m_clear->setText(tr("Clear"));
    m_value->setLocale(QLocale());
    setPlan(m_plan);
}

void CalibrationPanel::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

}  // namespace traindeck::gui
