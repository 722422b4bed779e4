#include "gui/watch/watch_alarms.h"

#include "gui/parts/widget_parts.h"

#include "localized.h"

#include <qcustomplot.h>

#include <QApplication>
#include <QLabel>
#include <QSystemTrayIcon>

namespace traindeck::gui {

WatchAlarms::WatchAlarms(QWidget* page) : QObject(page), m_page(page) {
    m_banner = new QLabel(page);
    m_banner->setObjectName(QStringLiteral("alarmBanner"));
    m_banner->setWordWrap(true);
    styleBanner(m_banner, true);
    m_banner->hide();
}

bool WatchAlarms::update(const metrics::Store& store) {
    bool raised = false;
    for (const auto& run : store.runs()) {
        for (const metrics::Alarm& a : m_news.newAlarms(*run)) {
            raised = true;
            const QString message = app::qLocalized(a.text());
            emit alarmRaised(QString::fromStdString(run->name()), message, a.failing());
            if (a.problem() && QSystemTrayIcon::isSystemTrayAvailable()) {
                if (!m_tray) {  // the page's own: it goes with the page
                    m_tray = new QSystemTrayIcon(QApplication::windowIcon(), m_page);
                    m_tray->show();
                }
                m_tray->showMessage(tr("TrainDeck: %1").arg(QString::fromStdString(run->name())), message,
                                    QSystemTrayIcon::Warning);
            }
        }
    }
    // The banner: what is wrong with each run now.
    QStringList failing;
    for (const auto& run : store.runs())
        for (const metrics::Alarm& a : run->problems())
            failing << QStringLiteral("%1: %2").arg(QString::fromStdString(run->name()), app::qLocalized(a.text()));
    m_banner->setText(failing.join(QLatin1Char('\n')));
    m_banner->setVisible(!failing.isEmpty());
    return raised;
}

QString WatchAlarms::banner() const { return m_banner->isVisible() ? m_banner->text() : QString(); }

void WatchAlarms::drawMarks(QCustomPlot* plot, const metrics::Run& run) {
    for (const metrics::Alarm& a : run.alarms()) {
        if (a.step < 0 || a.kind == metrics::AlarmKind::Stalled)
            continue;
        auto* mark = new QCPItemStraightLine(plot);
        mark->point1->setCoords(double(a.step), 0);
        mark->point2->setCoords(double(a.step), 1);
        mark->setPen(QPen(a.failing() ? QColor(179, 38, 30) : QColor(120, 120, 120), 1, Qt::DotLine));
        if (a.kind == metrics::AlarmKind::Relaunched) {
            // A new attempt: a line of its own and its number at the top, where the restart came.
            mark->setPen(QPen(QColor(31, 119, 180), 1.5, Qt::DashLine));
            auto* label = new QCPItemText(plot);
            label->position->setTypeX(QCPItemPosition::ptPlotCoords);
            label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
            label->position->setCoords(double(a.step), 0);
            label->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
            label->setColor(QColor(31, 119, 180));
            label->setText(tr("attempt %1").arg(QString::fromStdString(a.detail)));
        }
    }
}

}  // namespace traindeck::gui
