#pragma once
// The row of the Watch page that says how the cards show their series:
// smoothing (none until asked), a log scale, outliers ignored, the x axis, and
// the button that follows the live edge again after a zoom or pan.

#include "gui/watch/watch_cards.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;

namespace traindeck::gui {

class CardViewBar : public QWidget {
    Q_OBJECT
public:
    explicit CardViewBar(QWidget* parent = nullptr);

    CardView view() const;
    QString xTitle() const;  // the x axis as the bar names it (an exported picture's axis title)

signals:
    void viewChanged();      // smoothing, scale or outliers
    void followRequested();  // the Follow button, or another x axis: rescale to the newest data

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();

    QLabel* m_smoothingLabel = nullptr;
    QDoubleSpinBox* m_smoothing = nullptr;
    QCheckBox* m_logY = nullptr;
    QCheckBox* m_outliers = nullptr;
    QLabel* m_xLabel = nullptr;
    QComboBox* m_x = nullptr;
    QPushButton* m_followButton = nullptr;
};

}  // namespace traindeck::gui
