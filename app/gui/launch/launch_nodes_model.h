#pragma once
// The Launch page's node table: a Qt item model over core/launch's
// SessionState (node, host, state, last step, exit status or reason), each in
// core's words (launch/launch_texts.h: the same `traindeck launch` prints). The
// run's events change the state here; the view only draws it. The host column is the
// plan's launch.hosts, editable while no run goes.

#include "launch/session_state.h"

#include <QAbstractTableModel>
#include <QStringList>

namespace traindeck::gui {

class LaunchNodesModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { NodeColumn, HostColumn, StateColumn, StepColumn, ReasonColumn, ColumnCount };

    explicit LaunchNodesModel(QObject* parent = nullptr);

    const launch::SessionState& session() const { return m_session; }
    QStringList hosts() const;
    // One row per host (the plan's nodes); a change of the row count resets the model.
    void setHosts(const QStringList& hosts);
    void setHostsEnabled(bool enabled);  // false: this machine runs the node, no host to give
    void setRunning(bool running);       // a run goes: the hosts cannot be edited
    void clearRun();
    void apply(const launch::Event& e);
    void retranslate();  // the interface language changed

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;

signals:
    void hostsEdited(const QStringList& hosts);  // by the user, through the view

private:
    launch::SessionState m_session;
    bool m_hostsEnabled = true;
    bool m_running = false;
};

}  // namespace traindeck::gui
