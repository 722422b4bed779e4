#pragma once
// The money of a plan under its layouts: each layout's cost per hour and to finish
// (with the step time's expected error), where the price comes from, the deadline's
// or budget's answer with the chosen layout marked and why the cheaper ones fail,
// and the cost plot. Shown on the Layouts page and the wizard's review; it draws
// core's priced analysis (core/cost) of its document and computes nothing.

#include <QWidget>

class QLabel;

namespace traindeck::gui {

class CostPlot;
class PlanDocument;

class CostPanel : public QWidget {
    Q_OBJECT
public:
    // Draws `document`'s analysis whenever it changes.
    explicit CostPanel(const PlanDocument& document, QWidget* parent = nullptr);

    QString tableText() const;    // the cost table as shown (tests)
    QString goalText() const;     // the goal's answer as shown (tests)
    CostPlot* plot() const { return m_plot; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void redraw();

    const PlanDocument& m_document;
    QLabel* m_title = nullptr;
    QLabel* m_table = nullptr;
    QLabel* m_source = nullptr;
    QLabel* m_goal = nullptr;
    CostPlot* m_plot = nullptr;
};

}  // namespace traindeck::gui
