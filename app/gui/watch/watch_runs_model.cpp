#include "gui/watch/watch_runs_model.h"

#include "metrics/metric_units.h"
#include "localized.h"
#include "metrics/summary.h"
#include "metrics/summary_rows.h"

#include <QPixmap>

namespace traindeck::gui {

WatchRunsModel::WatchRunsModel(const metrics::Store& store, QObject* parent) : QAbstractListModel(parent), m_store(store) {}

void WatchRunsModel::sync() {
    const int have = int(m_shown.size()), now = int(m_store.runs().size());
    if (now <= have)
        return;
    beginInsertRows({}, have, now - 1);
    m_shown.resize(std::size_t(now), true);
    endInsertRows();
}

std::vector<const metrics::Run*> WatchRunsModel::shownRuns() const {
    std::vector<const metrics::Run*> out;
    for (std::size_t i = 0; i < m_shown.size(); ++i)
        if (m_shown[i])
            out.push_back(m_store.runs()[i].get());
    return out;
}

int WatchRunsModel::rowOf(const metrics::Run* run) const {
    for (std::size_t i = 0; i < m_shown.size(); ++i)
        if (m_store.runs()[i].get() == run)
            return int(i);
    return -1;
}

QColor WatchRunsModel::color(int row) {
    static const QColor palette[] = {QColor(31, 119, 180), QColor(255, 127, 14), QColor(44, 160, 44),
                                     QColor(214, 39, 40),  QColor(148, 103, 189), QColor(140, 86, 75),
                                     QColor(227, 119, 194), QColor(127, 127, 127)};
    return palette[row % 8];
}

int WatchRunsModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(m_shown.size()); }

QVariant WatchRunsModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= int(m_shown.size()))
        return {};
    const metrics::Run& run = *m_store.runs()[std::size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole: return QString::fromStdString(run.name());
    case Qt::CheckStateRole: return m_shown[std::size_t(index.row())] ? Qt::Checked : Qt::Unchecked;
    case Qt::DecorationRole: {
        QPixmap swatch(12, 12);
        swatch.fill(color(index.row()));
        return swatch;
    }
    case Qt::ToolTipRole: return summaryHtml(run);  // asked for on hover only: summarize() walks the run
    default: return {};
    }
}

QString WatchRunsModel::summaryHtml(const metrics::Run& run) { return summaryHtml(run, metrics::summarize(run)); }

QString WatchRunsModel::summaryHtml(const metrics::Run& run, const metrics::RunSummary& summary) {
    QString html = QStringLiteral("<b>%1</b><table cellspacing=\"0\" cellpadding=\"1\">").arg(QString::fromStdString(run.name()).toHtmlEscaped());
    for (const metrics::SummaryRow& r : metrics::summaryRows(run, summary)) {
        const QString value = app::qLocalized(r.value).toHtmlEscaped();
        html += QStringLiteral("<tr><td style=\"color:#555; padding-right:6px\">%1</td><td>%2</td></tr>")
                    .arg(app::qLocalized(r.label).toHtmlEscaped(),
                         r.alarm ? QStringLiteral("<span style=\"color:#b3261e\">%1</span>").arg(value) : value);
    }
    return html + QStringLiteral("</table>");
}

Qt::ItemFlags WatchRunsModel::flags(const QModelIndex& index) const {
    if (!index.isValid())
        return Qt::NoItemFlags;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable;
}

bool WatchRunsModel::setData(const QModelIndex& index, const QVariant& value, int role) {
    if (!index.isValid() || role != Qt::CheckStateRole || index.row() >= int(m_shown.size()))
        return false;
    const bool shown = value.toInt() == Qt::Checked;
    if (m_shown[std::size_t(index.row())] == shown)
        return true;
    m_shown[std::size_t(index.row())] = shown;
    emit dataChanged(index, index, {Qt::CheckStateRole});
    emit shownChanged();
    return true;
}

}  // namespace traindeck::gui
