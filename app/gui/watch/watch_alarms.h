#pragma once
// The Watch page's alarms: each new one raised (alarmRaised; the tray's message
// for a problem, where there is a tray), the banner naming what is wrong with
// each run now (core's Run::problems()), and the marks an alarm with a step
// leaves on the loss card. Which alarms are new is core's (metrics::RunNews).

#include "metrics/run.h"
#include "metrics/run_news.h"

#include <QObject>
#include <QString>

class QCustomPlot;
class QLabel;
class QSystemTrayIcon;
class QWidget;

namespace traindeck::gui {

class WatchAlarms : public QObject {
    Q_OBJECT
public:
    // The banner is made here, a child of `page`, hidden until a run has a problem.
    explicit WatchAlarms(QWidget* page);

    QLabel* bannerLabel() const { return m_banner; }
    // The store's alarms since the last call raised, and the banner set to the
    // problems now. True when an alarm is new (the loss cards' marks to draw again).
    bool update(const metrics::Store& store);
    QString banner() const;  // as shown; empty while hidden

    // Alarms with a step as vertical marks on `plot` (red: failing; grey: a restart
    // or the end; blue and numbered: a new attempt).
    static void drawMarks(QCustomPlot* plot, const metrics::Run& run);

signals:
    void alarmRaised(const QString& run, const QString& message, bool failing);

private:
    QWidget* m_page;
    QLabel* m_banner = nullptr;
    QSystemTrayIcon* m_tray = nullptr;  // made on the first problem, where there is a tray
    metrics::RunNews m_news;
};

}  // namespace traindeck::gui
