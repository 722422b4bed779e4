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
    // The parts in the order they are stacked, and the colour each is drawn in
    // (a text that names them can show the same colour beside each).
    enum class Part { Weights, Gradients, Optimizer, Activations, Logits, Overhead };
    static QColor partColor(Part part);

    explicit MemoryBar(QWidget* parent = nullptr);
    void setEstimate(const Estimate& estimate);
    bool overCapacity() const;
    QString text() const;  // "62.3 / 80 GiB", as drawn on the bar
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
