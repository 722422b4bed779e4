#pragma once
// Memory per GPU drawn against the card's memory: parameters, gradients,
// optimizer state, activations, logits and overhead stacked (the parts at the
// step's peak, core's step_memory.h), with the card's capacity marked, red when
// the plan does not fit.

#include "plan/estimate.h"

#include <QWidget>

namespace traindeck::gui {

class MemoryBar : public QWidget {
    Q_OBJECT
public:
    explicit MemoryBar(QWidget* parent = nullptr);
    void setEstimate(const Estimate& estimate);
    bool overCapacity() const;
    QString text() const;  // "62.3 / 80 GB", as drawn on the bar
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void updateToolTip();

    Estimate m_estimate;
};

}  // namespace traindeck::gui
