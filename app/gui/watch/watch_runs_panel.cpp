#include "gui/watch/watch_runs_panel.h"

#include "gui/watch/watch_runs_model.h"

#include <QApplication>
#include <QClipboard>
#include <QLabel>
#include <QListView>
#include <QMenu>
#include <QTextDocument>
#include <QVBoxLayout>

namespace traindeck::gui {

WatchRunsPanel::WatchRunsPanel(const metrics::Store& store, QWidget* parent) : QWidget(parent), m_store(store) {
    auto* column = new QVBoxLayout(this);
    column->setContentsMargins(0, 0, 0, 0);
    setMinimumWidth(140);
    m_model = new WatchRunsModel(store, this);
    m_runs = new QListView(this);
    m_runs->setModel(m_model);
    m_runs->setObjectName(QStringLiteral("runs"));
    m_runs->setContextMenuPolicy(Qt::CustomContextMenu);
    column->addWidget(m_runs, 1);
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("runSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    column->addWidget(m_summary);
    connect(m_runs, &QWidget::customContextMenuRequested, this, &WatchRunsPanel::runMenu);
    connect(m_runs->selectionModel(), &QItemSelectionModel::currentChanged, this, [this] { showSummary(true); });
}

void WatchRunsPanel::showSummary(bool now) {
    if (!now && m_summaryClock.isValid() && m_summaryClock.elapsed() < 1000)
        return;
    m_summaryClock.start();
    const metrics::Run* run = nullptr;
    if (const QModelIndex current = m_runs->currentIndex(); current.isValid())
        run = m_store.runs()[std::size_t(current.row())].get();
    else if (const auto shown = m_model->shownRuns(); !shown.empty())
        run = shown.front();
    if (!run) {
        m_summary->clear();
        return;
    }
    m_summary->setText(WatchRunsModel::summaryHtml(*run));
}

QString WatchRunsPanel::summary() const {
    QTextDocument doc;
    doc.setHtml(m_summary->text());
    return doc.toPlainText();
}

void WatchRunsPanel::runMenu(const QPoint& at) {
    const QModelIndex index = m_runs->indexAt(at);
    QMenu menu(this);
    const auto show = [this](int only) {  // -1: every run
        for (int row = 0; row < m_model->rowCount(); ++row)
            m_model->setData(m_model->index(row), only < 0 || row == only ? Qt::Checked : Qt::Unchecked, Qt::CheckStateRole);
    };
    menu.addAction(tr("Show only this run"), this, [show, row = index.row()] { show(row); })->setEnabled(index.isValid());
    menu.addAction(tr("Show every run"), this, [show] { show(-1); });
    menu.addAction(tr("Copy this run's summary"), this, [index] {
        QTextDocument plain;  // the summary's rows as lines of text
        plain.setHtml(index.data(Qt::ToolTipRole).toString());
        QApplication::clipboard()->setText(plain.toPlainText());
    })->setEnabled(index.isValid());
    menu.exec(m_runs->viewport()->mapToGlobal(at));
}

}  // namespace traindeck::gui
