#include "gui/layouts/memory_bar.h"

#include "gui/parts/figure_format.h"
#include "localized.h"
#include "plan/layout_rows.h"

#include <QEvent>
#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>

namespace traindeck::gui {

namespace {
struct Segment {
    double gb;
    QColor color;
};
}  // namespace

QColor MemoryBar::partColor(Part part) {
    switch (part) {
    case Part::Weights: return {0x2e, 0x75, 0xb6};
    case Part::Gradients: return {0x5b, 0x9b, 0xd5};
    case Part::Optimizer: return {0x9d, 0xc3, 0xe6};
    case Part::Activations: return {0x70, 0xad, 0x47};
    case Part::Logits: return {0xed, 0x7d, 0x31};
    case Part::Overhead: break;
    }
    return {0xa5, 0xa5, 0xa5};
}

MemoryBar::MemoryBar(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

void MemoryBar::setEstimate(const Estimate& estimate) {
    m_estimate = estimate;
    updateToolTip();
    setAccessibleName(text());
    update();
}

bool MemoryBar::overCapacity() const {
    return !m_estimate.fitsCard();
}

QString MemoryBar::text() const {
    return app::qLocalized(memoryText(m_estimate));  // the Memory row's text, as `traindeck plan` writes it
}

QSize MemoryBar::sizeHint() const { return {160, fontMetrics().height() + 8}; }
QSize MemoryBar::minimumSizeHint() const { return {90, fontMetrics().height() + 6}; }

void MemoryBar::updateToolTip() {
    const MemoryBreakdown& m = m_estimate.memory;
    QString tip = figureToolTip(tr("Memory per GPU"), m_estimate.memoryPerGpuGb);
    const auto line = [](const QString& name, double gb) {
        return QStringLiteral("<br>%1: %2 GiB").arg(name.toHtmlEscaped(), localeNumber(gb));
    };
    // "Weights", as the legend says; and why they weigh what they do (they halve from ZeRO 0 to 1).
    tip += line(tr("Weights"), m.paramsGb) +
           (m.weightsNote.empty() ? QString() : QStringLiteral(" <i>(%1)</i>").arg(app::qLocalized(m.weightsNote).toHtmlEscaped())) +
           line(tr("Gradients"), m.gradsGb) +
           line(tr("Optimizer state"), m.optimizerGb) + line(tr("Activations"), m.activationsGb) +
           line(tr("Logits"), m.logitsGb) + line(tr("Overhead"), m.overheadGb) + line(tr("Card"), m_estimate.gpuMemoryGb);
    if (overCapacity())
        tip += QStringLiteral("<br><b>%1</b>").arg(tr("Does not fit on the card.").toHtmlEscaped());
    setToolTip(tip);
}

void MemoryBar::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    // Fractional coordinates: crisp at any device pixel ratio.
    const QRectF r = QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5);
    p.setPen(palette().color(QPalette::Mid));
    p.setBrush(palette().color(QPalette::Base));
    p.drawRoundedRect(r, 3, 3);

    const double card = m_estimate.gpuMemoryGb;
    const double used = m_estimate.memoryPerGpuGb.value;
    const double scale = std::max({card, used, 1e-9});
    const MemoryBreakdown& m = m_estimate.memory;
    const Segment segments[] = {{m.paramsGb, partColor(Part::Weights)},
                                {m.gradsGb, partColor(Part::Gradients)},
                                {m.optimizerGb, partColor(Part::Optimizer)},
                                {m.activationsGb, partColor(Part::Activations)},
                                {m.logitsGb, partColor(Part::Logits)},
                                {m.overheadGb, partColor(Part::Overhead)}};
    const QRectF inner = r.adjusted(1, 1, -1, -1);
    double x = inner.left();
    p.setPen(Qt::NoPen);
    for (const Segment& s : segments) {
        const double w = inner.width() * std::max(0.0, s.gb) / scale;
        p.setBrush(s.color);  // the legend's colours, fitting or not
        p.drawRect(QRectF(x, inner.top(), w, inner.height()));
        x += w;
    }
    if (overCapacity()) {
        // The card's edge, where the plan stops fitting, and what lies beyond it hatched red.
        const double edge = inner.left() + inner.width() * card / scale;
        p.setBrush(QBrush(QColor(0xc0, 0, 0), Qt::BDiagPattern));
        p.drawRect(QRectF(QPointF(edge, inner.top()), inner.bottomRight()));
        p.setPen(QPen(QColor(0xc0, 0, 0), 2));
        p.drawLine(QPointF(edge, r.top()), QPointF(edge, r.bottom()));
    }
    // The figure with a halo of the field's own colour around its glyphs, so that
    // it reads over any part's colour and over the red hatch alike while the fill
    // (how full the card is) stays visible around and between the letters.
    const QString figure = text();
    const QFontMetricsF metrics(font());
    const QPointF at(r.center().x() - metrics.horizontalAdvance(figure) / 2,
                     r.center().y() + (metrics.ascent() - metrics.descent()) / 2);
    QPainterPath glyphs;
    glyphs.addText(at, font(), figure);
    p.strokePath(glyphs, QPen(palette().color(QPalette::Base), 3, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
    p.fillPath(glyphs, palette().color(QPalette::Text));
}

void MemoryBar::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) {
        updateToolTip();
        update();
    }
    QWidget::changeEvent(event);
}

}  // namespace traindeck::gui
