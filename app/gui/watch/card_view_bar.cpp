#include "gui/watch/card_view_bar.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

namespace traindeck::gui {

CardViewBar::CardViewBar(QWidget* parent) : QWidget(parent) {
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    m_smoothingLabel = new QLabel(this);
    m_smoothing = new QDoubleSpinBox(this);
    m_smoothing->setObjectName(QStringLiteral("smoothing"));
    m_smoothing->setRange(0, 0.99);
    m_smoothing->setSingleStep(0.05);
    // None until asked: a run logged every few steps is drawn as it is, not pulled
    // towards its past (TensorBoard's 0.6 drew a loss of 0.029 at 0.13). W&B's default too.
    m_smoothing->setValue(0);
    m_logY = new QCheckBox(this);
    m_outliers = new QCheckBox(this);
    m_xLabel = new QLabel(this);
    m_x = new QComboBox(this);
    m_x->addItems({QString(), QString(), QString()});  // in XAxis's order
    m_followButton = new QPushButton(this);
    for (QWidget* w : std::initializer_list<QWidget*>{m_smoothingLabel, m_smoothing, m_logY, m_outliers, m_xLabel, m_x,
                                                      m_followButton})
        row->addWidget(w);
    row->addStretch();
    connect(m_smoothing, &QDoubleSpinBox::valueChanged, this, &CardViewBar::viewChanged);
    connect(m_logY, &QCheckBox::toggled, this, &CardViewBar::viewChanged);
    connect(m_outliers, &QCheckBox::toggled, this, &CardViewBar::viewChanged);
    connect(m_x, &QComboBox::currentIndexChanged, this, &CardViewBar::followRequested);
    connect(m_followButton, &QPushButton::clicked, this, &CardViewBar::followRequested);
    retranslate();
}

CardView CardViewBar::view() const {
    return {m_smoothing->value(), XAxis(m_x->currentIndex()), m_logY->isChecked(), m_outliers->isChecked()};
}

QString CardViewBar::xTitle() const { return m_x->currentText(); }

void CardViewBar::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void CardViewBar::retranslate() {
    m_smoothingLabel->setText(tr("Smoothing"));
    m_logY->setText(tr("Log scale"));
    m_outliers->setText(tr("Ignore outliers"));
    m_xLabel->setText(tr("x axis"));
    m_x->setItemText(0, tr("Step"));
    m_x->setItemText(1, tr("Relative time (h)"));
    m_x->setItemText(2, tr("Wall time"));
    m_followButton->setText(tr("Follow the live edge"));
}

}  // namespace traindeck::gui
