#include "gui/plan/finding_view.h"

#include "localized.h"
#include "plan/layout_rows.h"

#include <QCoreApplication>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QStyle>

namespace traindeck::gui {

namespace {

// A translated headline per finding code, so a Chinese reader sees what is
// wrong in Chinese; core's message below it carries the exact numbers.
const struct {
    const char* code;
    const char* title;
} kTitles[] = {
    {"gpus_per_node_exceeds_node", QT_TRANSLATE_NOOP("Findings", "More GPUs per node than the node has")},
    {"memory_over_card", QT_TRANSLATE_NOOP("Findings", "Does not fit in GPU memory")},
    {"memory_near_card", QT_TRANSLATE_NOOP("Findings", "GPU memory nearly full")},
    {"lr_not_rescaled", QT_TRANSLATE_NOOP("Findings", "Learning rate not rescaled for the batch")},
    {"epoch_shorter_than_batch", QT_TRANSLATE_NOOP("Findings", "Dataset smaller than one batch")},
    {"warmup_longer_than_run", QT_TRANSLATE_NOOP("Findings", "Warmup lasts the whole run")},
    {"poor_scaling", QT_TRANSLATE_NOOP("Findings", "Poor scaling: communication not hidden")},
    {"offload_needs_zero", QT_TRANSLATE_NOOP("Findings", "Optimizer offload needs ZeRO")},
    {"num_processes_mismatch", QT_TRANSLATE_NOOP("Findings", "accelerate num_processes does not match the job")},
    {"unread_environment_variable", QT_TRANSLATE_NOOP("Findings", "Environment variable has no effect")},
    {"deepspeed_batch_rule", QT_TRANSLATE_NOOP("Findings", "DeepSpeed batch rule")},
    {"batch_not_reachable", QT_TRANSLATE_NOOP("Findings", "Target batch not reachable exactly")},
    {"communication_dominates_step", QT_TRANSLATE_NOOP("Findings", "Communication dominates the step")},
    {"calibration_point_fits_badly", QT_TRANSLATE_NOOP("Findings", "A measurement fits the model badly")},
    {"calibration_point_refused", QT_TRANSLATE_NOOP("Findings", "A measurement of another model or GPU")},
    {"sequence_beyond_positions", QT_TRANSLATE_NOOP("Findings", "Sequence longer than the model allows")},
    {"costs_more_to_finish", QT_TRANSLATE_NOOP("Findings", "Sooner, but costs more to finish")},
    {"cheaper_and_sooner", QT_TRANSLATE_NOOP("Findings", "A layout that is cheaper and sooner")},
    {"comm_timeout_below_checkpoint_write", QT_TRANSLATE_NOOP("Findings", "Checkpoint write longer than the collective timeout allows")},
};

}  // namespace

QString FindingView::title(const Finding& finding) {
    for (const auto& t : kTitles)
        if (finding.code == t.code)
            return QCoreApplication::translate("Findings", t.title);
    return {};
}

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
