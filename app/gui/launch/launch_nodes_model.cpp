#include "gui/launch/launch_nodes_model.h"

#include "launch/launch_texts.h"
#include "localized.h"

#include <QBrush>
#include <QColor>

namespace traindeck::gui {

using launch::NodeState;

LaunchNodesModel::LaunchNodesModel(QObject* parent) : QAbstractTableModel(parent) {}

QStringList LaunchNodesModel::hosts() const {
    QStringList out;
    for (const std::string& h : m_session.hosts())
        out << QString::fromStdString(h);
    return out;
}

void LaunchNodesModel::setHosts(const QStringList& hosts) {
    std::vector<std::string> list;
    for (const QString& h : hosts)
        list.push_back(h.trimmed().toStdString());
    if (int(list.size()) != m_session.size()) {
        beginResetModel();
        m_session.setHosts(list);
        endResetModel();
        return;
    }
    m_session.setHosts(list);
    if (!list.empty())
        emit dataChanged(index(0, HostColumn), index(int(list.size()) - 1, HostColumn));
}

void LaunchNodesModel::setHostsEnabled(bool enabled) {
    m_hostsEnabled = enabled;
    if (m_session.size() > 0)
        emit dataChanged(index(0, HostColumn), index(m_session.size() - 1, HostColumn));
}

void LaunchNodesModel::setRunning(bool running) { m_running = running; }

void LaunchNodesModel::clearRun() {
    m_session.clearRun();
    if (m_session.size() > 0)
        emit dataChanged(index(0, 0), index(m_session.size() - 1, ColumnCount - 1));
}

void LaunchNodesModel::apply(const launch::Event& e) {
    const int row = m_session.apply(e);
    if (e.kind == launch::Event::Kind::End && m_session.size() > 0)  // rows not started any more
        emit dataChanged(index(0, StateColumn), index(m_session.size() - 1, ReasonColumn));
    else if (row >= 0)
        emit dataChanged(index(row, StateColumn), index(row, ReasonColumn));
}

void LaunchNodesModel::retranslate() {
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (m_session.size() > 0)
        emit dataChanged(index(0, 0), index(m_session.size() - 1, ColumnCount - 1));
}

int LaunchNodesModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : m_session.size(); }

int LaunchNodesModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant LaunchNodesModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= m_session.size())
        return {};
    const launch::NodeRow& row = m_session.rows()[std::size_t(index.row())];
    if (role == Qt::DisplayRole || role == Qt::EditRole) {
        switch (index.column()) {
        case NodeColumn:
            return index.row();
        case HostColumn:
            return QString::fromStdString(row.host);
        case StateColumn:
            return app::qLocalized(launch::nodeStateText(row));
        case StepColumn:
            return row.lastStep ? QVariant(qlonglong(*row.lastStep)) : QVariant();
        case ReasonColumn:
            return app::qLocalized(launch::nodeReasonText(row));
        default:
            return {};
        }
    }
    if (role == Qt::ToolTipRole)  // the row in one line, as `traindeck launch` prints it
        return app::qLocalized(launch::nodeSummaryText(row));
    if (role == Qt::ForegroundRole && index.column() == StateColumn && row.checkFailed && !row.state)
        return QBrush(QColor(0xb3, 0x26, 0x1e));  // its check is why nothing started
    if (role == Qt::ForegroundRole && index.column() == StateColumn && row.state) {
        const bool exited = *row.state == NodeState::Exited;
        if (exited && row.status == 0)
            return QBrush(QColor(0x1b, 0x7f, 0x3b));
        // Red for a node that failed; one the launcher stopped is not one that failed.
        if ((exited && !row.stopped) || *row.state == NodeState::Lost)
            return QBrush(QColor(0xb3, 0x26, 0x1e));
    }
    return {};
}

QVariant LaunchNodesModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case NodeColumn:
        return tr("Node");
    case HostColumn:
        return tr("Host ([user@]host[:port] or ssh alias)");
    case StateColumn:
        return tr("State");
    case StepColumn:
        return tr("Step");
    case ReasonColumn:
        return tr("Exit status or reason");
    default:
        return {};
    }
}

Qt::ItemFlags LaunchNodesModel::flags(const QModelIndex& index) const {
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (index.column() == HostColumn) {
        if (!m_hostsEnabled)
            f &= ~Qt::ItemIsEnabled;
        else if (!m_running)
            f |= Qt::ItemIsEditable;
    }
    return f;
}

bool LaunchNodesModel::setData(const QModelIndex& index, const QVariant& value, int role) {
    if (role != Qt::EditRole || index.column() != HostColumn || index.row() >= m_session.size() || m_running)
        return false;
    m_session.setHost(index.row(), value.toString().trimmed().toStdString());
    emit dataChanged(index, index);
    emit hostsEdited(hosts());
    return true;
}

}  // namespace traindeck::gui
