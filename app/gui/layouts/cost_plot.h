#pragma once
// Cost against time to finish: the layouts a deadline or budget considered (each GPU
// type its own colour when it tried several), or without one the compared layouts;
// the deadline and the budget as lines, the chosen layout marked. It draws what
// core's priced analysis of its document holds (PlanAnalysis::costs and ::goal),
// redrawn whenever it changes, and computes nothing.
// Exportable as PNG or SVG from its context menu, like the Watch page's cards. The
// wheel scrolls the page; Ctrl+wheel zooms the plot.

#include <qcustomplot.h>

namespace traindeck::gui {

class PlanDocument;

class CostPlot : public QCustomPlot {
    Q_OBJECT
public:
    explicit CostPlot(const PlanDocument& document, QWidget* parent = nullptr);

    // The points drawn (for tests and the accessible description).
    int pointCount() const { return m_points; }
    bool hasChosenMark() const { return m_chosen; }
    // The choice's name and the limits' names as drawn (tests: they must not overlap).
    const QCPItemText* chosenLabel() const { return m_chosenLabel; }
    const QList<QCPItemText*>& limitLabels() const { return m_limitLabels; }
    static QRectF labelRect(const QCPItemText* text);

    bool exportPng(const QString& path);
    bool exportSvg(const QString& path);

protected:
    void changeEvent(QEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;

private:
    void redraw();
    void menu(const QPoint& at);
    void separateChosenLabel();

    const PlanDocument& m_document;
    int m_points = 0;
    bool m_chosen = false;
    QCPItemText* m_chosenLabel = nullptr;
    QList<QCPItemText*> m_limitLabels;
};

}  // namespace traindeck::gui
