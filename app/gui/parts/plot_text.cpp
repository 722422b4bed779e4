#include "gui/parts/plot_text.h"

#include "gui/parts/figure_format.h"

#include <qcustomplot.h>

#include <QStringList>
#include <QTextLayout>

#include <algorithm>
#include <cmath>

namespace traindeck::gui {
namespace {

// A tick at zero comes out of the ticker's arithmetic as 2.8e-17: it is zero.
QString tickText(double tick) { return localeNumber(std::abs(tick) < 1e-12 ? 0.0 : tick); }

class NumberTicker : public QCPAxisTicker {
protected:
    QString getTickLabel(double tick, const QLocale&, QChar, int) override { return tickText(tick); }
};

class NumberLogTicker : public QCPAxisTickerLog {
protected:
    QString getTickLabel(double tick, const QLocale&, QChar, int) override { return tickText(tick); }
};

class HoursTicker : public QCPAxisTicker {
protected:
    QString getTickLabel(double tick, const QLocale&, QChar, int) override {
        return std::abs(tick) < 1e-9 ? QStringLiteral("0") : formatDuration(tick);
    }
};

}  // namespace

QSharedPointer<QCPAxisTicker> hoursTicker() { return QSharedPointer<QCPAxisTicker>(new HoursTicker); }
QSharedPointer<QCPAxisTicker> numberTicker() { return QSharedPointer<QCPAxisTicker>(new NumberTicker); }
QSharedPointer<QCPAxisTickerLog> numberLogTicker() { return QSharedPointer<QCPAxisTickerLog>(new NumberLogTicker); }

QString wrappedText(const QString& text, const QFont& font, int width) {
    QStringList lines;
    for (const QString& paragraph : text.split(QLatin1Char('\n'))) {
        QTextLayout layout(paragraph, font);
        layout.beginLayout();
        for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
            line.setLineWidth(std::max(40, width));
            lines << paragraph.mid(line.textStart(), line.textLength()).trimmed();
        }
        layout.endLayout();
    }
    return lines.join(QLatin1Char('\n'));
}

}  // namespace traindeck::gui
