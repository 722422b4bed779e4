#include "gui/parts/figure_format.h"

#include "localized.h"
#include "plan/layout_rows.h"
#include "text/number_text.h"

#include <QCoreApplication>
#include <QLocale>

#include <algorithm>
#include <cmath>

namespace traindeck::gui {

QString localeNumber(double value) {
    if (!std::isfinite(value))
        return QStringLiteral("—");
    // Core's one rule for estimates (text/number_text.h): the fix texts and the
    // figures beside them read the same ("1306 GiB" in both, not "1,306" in one).
    return QString::fromStdString(estimateText(value));
}

// Core's texts (plan/layout_rows.h), so the window writes a figure as `traindeck plan` does.
QString formatDuration(double hours) { return app::qLocalized(durationText(hours)); }

QString formatFigure(const Figure& figure) { return app::qLocalized(figureText(figure)); }

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
