#include "gui/parts/figure_format.h"

#include "localized.h"
#include "text/number_text.h"

#include <QCoreApplication>
#include <QLocale>

#include <algorithm>
#include <cmath>

namespace traindeck::gui {

namespace {
QString unitText(const char* text) { return QCoreApplication::translate("Units", text); }
}  // namespace

QString localeNumber(double value) {
    if (!std::isfinite(value))
        return QStringLiteral("—");
    // Core's one rule for estimates (text/number_text.h): the fix texts and the
    // figures beside them read the same ("1306 GiB" in both, not "1,306" in one).
    return QString::fromStdString(estimateText(value));
}

QString unitText(const std::string& unit) {
    // The units core writes, so that lupdate sees each one.
    static const struct {
        const char* core;
        const char* text;
    } units[] = {
        {"samples", QT_TRANSLATE_NOOP("Units", "samples")},
        {"sample", QT_TRANSLATE_NOOP("Units", "samples")},
        {"steps", QT_TRANSLATE_NOOP("Units", "steps")},
        {"step", QT_TRANSLATE_NOOP("Units", "steps")},
        {"GiB", QT_TRANSLATE_NOOP("Units", "GiB")},
        {"s", QT_TRANSLATE_NOOP("Units", "s")},
        {"h", QT_TRANSLATE_NOOP("Units", "h")},
        {"hours", QT_TRANSLATE_NOOP("Units", "h")},
        {"GPU-hours", QT_TRANSLATE_NOOP("Units", "GPU-hours")},
        {"GPU·h", QT_TRANSLATE_NOOP("Units", "GPU-hours")},
        {"GPU h", QT_TRANSLATE_NOOP("Units", "GPU-hours")},
        {"steps/s", QT_TRANSLATE_NOOP("Units", "steps/s")},
        {"samples/s", QT_TRANSLATE_NOOP("Units", "samples/s")},
        {"s/step", QT_TRANSLATE_NOOP("Units", "s/step")},
        {"%", "%"},
        {"GPUs", QT_TRANSLATE_NOOP("Units", "GPUs")},
    };
    for (const auto& u : units)
        if (unit == u.core)
            return unitText(u.text);
    return QString::fromStdString(unit);
}

QString formatDuration(double hours) {
    // Under an hour in minutes, over two days with the days beside: "0.283 h"
    // and "173.5 h" are hard to picture.
    if (hours < 1.0)
        return QCoreApplication::translate("Units", "%1 min").arg(localeNumber(std::round(hours * 600) / 10));
    const QString h = QCoreApplication::translate("Units", "%1 %2", "value and unit").arg(localeNumber(hours), unitText("h"));
    if (hours >= 48.0)
        return QCoreApplication::translate("Units", "%1 (%2 days)").arg(h, QLocale().toString(hours / 24.0, 'f', 1));
    return h;
}

QString formatFigure(const Figure& figure) {
    if (figure.unit == "h")
        return formatDuration(figure.value);
    const QString unit = unitText(figure.unit);
    if (unit.isEmpty())
        return localeNumber(figure.value);
    if (unit == QLatin1String("%"))
        return localeNumber(figure.value) + unit;
    return QCoreApplication::translate("Units", "%1 %2", "value and unit").arg(localeNumber(figure.value), unit);
}

QString figureToolTip(const QString& title, const Figure& figure) {
    // Rich text so the formula stands out; the worked line is kept verbatim.
    QString tip = QStringLiteral("<b>%1</b>: %2").arg(title.toHtmlEscaped(), formatFigure(figure).toHtmlEscaped());
    if (!figure.formula.empty())
        tip += QStringLiteral("<br>%1 <code>%2</code>")
                   .arg(QCoreApplication::translate("Units", "Formula:").toHtmlEscaped(),
                        app::qLocalized(figure.formula).toHtmlEscaped());
    if (!figure.worked.empty())
        tip += QStringLiteral("<br>%1 <code>%2</code>")
                   .arg(QCoreApplication::translate("Units", "With this plan's numbers:").toHtmlEscaped(),
                        QString::fromStdString(figure.worked).toHtmlEscaped());
    return tip;
}

QString layoutName(const Layout& layout) {
    return QCoreApplication::translate("Units", "%1 × %2 (%3 GPUs)")
        .arg(QLocale().toString(layout.nodes), QLocale().toString(layout.gpusPerNode),
             QLocale().toString(layout.worldSize()));
}

}  // namespace traindeck::gui
