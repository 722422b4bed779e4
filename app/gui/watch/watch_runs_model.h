#pragma once
// The Watch page's run list: a Qt item model over core/metrics' run store, one
// row per run in the order the store holds them (its colour swatch, whether its
// graphs are shown, and core's summary of it as the tooltip). The store is
// core's; the model adds only the view's choice of which runs are shown.

#include "metrics/run.h"
#include "metrics/summary.h"

#include <QAbstractListModel>
#include <QColor>

#include <vector>

namespace traindeck::gui {

class WatchRunsModel : public QAbstractListModel {
    Q_OBJECT
public:
    explicit WatchRunsModel(const metrics::Store& store, QObject* parent = nullptr);

    // Rows for the runs the store gained since the last call, each shown at first.
    void sync();
    std::vector<const metrics::Run*> shownRuns() const;
    int rowOf(const metrics::Run* run) const;  // -1: not listed
    static QColor color(int row);              // a run's colour on every card
    // Core's summary rows of a run (what `traindeck watch` prints), as a table; a
    // failing alarm or a problem now in red.
    static QString summaryHtml(const metrics::Run& run);
    static QString summaryHtml(const metrics::Run& run, const metrics::RunSummary& summary);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    // Qt::CheckStateRole: shows or hides the run's graphs.
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;

signals:
    void shownChanged();

private:
    const metrics::Store& m_store;
    std::vector<bool> m_shown;  // per listed run
};

}  // namespace traindeck::gui
