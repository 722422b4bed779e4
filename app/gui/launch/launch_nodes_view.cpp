#include "gui/launch/launch_nodes_view.h"

#include "gui/launch/launch_nodes_model.h"

#include <QHeaderView>

namespace traindeck::gui {

namespace {

constexpr int kMostRowsShown = 8;  // more nodes scroll

}  // namespace

LaunchNodesView::LaunchNodesView(LaunchNodesModel* model, QWidget* parent) : QTableView(parent) {
    setObjectName(QStringLiteral("nodes"));
    setModel(model);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    verticalHeader()->hide();
    QHeaderView* header = horizontalHeader();
    header->setSectionResizeMode(LaunchNodesModel::NodeColumn, QHeaderView::ResizeToContents);
    header->setSectionResizeMode(LaunchNodesModel::HostColumn, QHeaderView::Interactive);
    header->setSectionResizeMode(LaunchNodesModel::StateColumn, QHeaderView::ResizeToContents);
    header->setSectionResizeMode(LaunchNodesModel::StepColumn, QHeaderView::ResizeToContents);
    header->setSectionResizeMode(LaunchNodesModel::ReasonColumn, QHeaderView::Stretch);
    setColumnWidth(LaunchNodesModel::HostColumn, 320);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    connect(model, &QAbstractItemModel::modelReset, this, &LaunchNodesView::fitRows);
    fitRows();
}

void LaunchNodesView::fitRows() {
    const int rows = std::clamp(model()->rowCount(), 1, kMostRowsShown);
    setFixedHeight(horizontalHeader()->sizeHint().height() + rows * verticalHeader()->defaultSectionSize() +
                   2 * frameWidth() + 2);
}

}  // namespace traindeck::gui
