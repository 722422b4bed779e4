#pragma once
// The Launch page's node table: one row per node (LaunchNodesModel), the host
// editable while no run goes, as tall as its rows (up to a bound, then it scrolls),
// so that a 2-node plan leaves the room below to the log.

#include <QTableView>

namespace traindeck::gui {

class LaunchNodesModel;

class LaunchNodesView : public QTableView {
public:
    explicit LaunchNodesView(LaunchNodesModel* model, QWidget* parent = nullptr);

private:
    void fitRows();
};

}  // namespace traindeck::gui
