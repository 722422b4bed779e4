#include "gui/plan/finding_view.h"

#include "localized.h"
#include "plan/layout_rows.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QStyle>

namespace traindeck::gui {

QString FindingView::title(const Finding& finding) { return app::qLocalized(finding.title); }

FindingView::FindingView(Finding finding, ApplyFix applyFix, QWidget* parent)
    : QWidget(parent), m_finding(std::move(finding)), m_applyFix(std::move(applyFix)) {
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    m_icon = new QLabel(this);
    const QStyle::StandardPixmap pixmap = m_finding.severity == Severity::Error     ? QStyle::SP_MessageBoxCritical
                                          : m_finding.severity == Severity::Warning ? QStyle::SP_MessageBoxWarning
                                                                                    : QStyle::SP_MessageBoxInformation;
    const int size = style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, this);
    m_icon->setPixmap(style()->standardIcon(pixmap, nullptr, this).pixmap(size, size));
    m_icon->setAlignment(Qt::AlignTop);
    row->addWidget(m_icon);

    m_text = new QLabel(this);
    m_text->setWordWrap(true);
    m_text->setTextFormat(Qt::RichText);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    row->addWidget(m_text, 1);

    if (!m_finding.edits.empty() && m_applyFix) {
        m_fixButton = new QPushButton(this);
        connect(m_fixButton, &QPushButton::clicked, this, [this] {
            // Copy first: applying the fix rebuilds the views, this one included.
            const Finding finding = m_finding;
            const ApplyFix apply = m_applyFix;
            apply(finding);
        });
        row->addWidget(m_fixButton, 0, Qt::AlignTop);
    }
    retranslate();
}

QString FindingView::severityText(Severity severity) {
    switch (severity) {
    case Severity::Error: return tr("Error");
    case Severity::Warning: return tr("Warning");
    case Severity::Info: return tr("Note");
    }
    return {};
}

QString FindingView::summary(const std::vector<Finding>& findings) {
    return app::qLocalized(findingsSummary(findings));  // core's count, as the Layouts columns and `traindeck plan` show it
}

void FindingView::retranslate() {
    const QString headline = title(m_finding);
    QString text = app::qLocalized(m_finding.message).toHtmlEscaped();
    text = headline.isEmpty() ? QStringLiteral("<b>%1</b>").arg(text)
                              : QStringLiteral("<b>%1</b><br>%2").arg(headline.toHtmlEscaped(), text);
    if (!m_finding.fix.empty())
        text += QStringLiteral("<br>") + tr("Fix: %1").arg(app::qLocalized(m_finding.fix)).toHtmlEscaped();
    m_text->setText(text);
    m_icon->setToolTip(severityText(m_finding.severity));
    setAccessibleName(severityText(m_finding.severity) + QLatin1String(": ") + app::qLocalized(m_finding.message));
    if (m_fixButton) {
        m_fixButton->setText(tr("Apply fix"));
        m_fixButton->setToolTip(app::qLocalized(m_finding.fix));
    }
}

void FindingView::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

}  // namespace traindeck::gui
