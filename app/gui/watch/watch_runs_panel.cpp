#include "gui/watch/watch_runs_panel.h"

#include "gui/parts/widget_parts.h"
#include "gui/watch/watch_runs_model.h"

#include <QApplication>
#include <QClipboard>
#include <QEvent>
#include <QLabel>
#include <QListView>
#include <QMenu>
#include <QScrollArea>
#include <QSplitter>
#include <QTextDocument>
#include <QTimer>
#include <QVBoxLayout>

#include <map>

namespace traindeck::gui {
namespace {

// A summary's walk per turn of the event loop: a quarter of a million points take ~8 ms,
// so a million-step run's first summary (four series) spreads over a few turns instead of
// holding the window ~120 ms in one.
constexpr std::size_t kPointsWalkedPerTurn = std::size_t(1) << 18;

}  // namespace

// The summary, a rich-text table. Laying the table out is the costly part of a
// layout pass, and Qt asks a word-wrapped label for its height at a width on every
// pass of the page's layouts (any label's new text, a replot's status line, starts
// one): here it is laid out once per text and width. Its width never pushes the
// cards aside (Ignored): a longer figure is not a resize of every card.
class SummaryLabel : public QLabel {
public:
    explicit SummaryLabel(QWidget* parent) : QLabel(parent) {
        setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    }
    // False when the summary says what it said already (nothing laid out again).
    bool setSummary(const QString& html) {
        if (html == text())
            return false;
        m_heights.clear();
        setText(html);
        return true;
    }
    int heightForWidth(int width) const override {
        const auto known = m_heights.find(width);
        if (known != m_heights.end())
            return known->second;
        return m_heights[width] = QLabel::heightForWidth(width);
    }

protected:
    void changeEvent(QEvent* event) override {
        if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange)
            m_heights.clear();  // another font: other heights
        QLabel::changeEvent(event);
    }

private:
    mutable std::map<int, int> m_heights;
};

WatchRunsPanel::WatchRunsPanel(const metrics::Store& store, QWidget* parent) : QWidget(parent), m_store(store) {
    auto* column = new QVBoxLayout(this);
    column->setContentsMargins(0, 0, 0, 0);
    setMinimumWidth(140);
    // The list over the summary, each as tall as the user drags it; the summary (twenty
    // rows for a run with restarts and alarms) scrolls rather than making the window
    // taller than a 1366×768 screen.
    auto* split = new QSplitter(Qt::Vertical, this);
    split->setChildrenCollapsible(false);
    m_model = new WatchRunsModel(store, this);
    m_runs = new QListView(split);
    m_runs->setModel(m_model);
    m_runs->setObjectName(QStringLiteral("runs"));
    m_runs->setContextMenuPolicy(Qt::CustomContextMenu);
    m_runs->setMinimumHeight(60);
    m_summary = new SummaryLabel(this);
    m_summary->setObjectName(QStringLiteral("runSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    QScrollArea* summary = makeScrollArea(m_summary, split, false);
    summary->setMinimumHeight(60);
    split->addWidget(m_runs);
    split->addWidget(summary);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 2);
    split->setSizes({140, 360});  // the summary the larger part: a list of a few runs needs little
    column->addWidget(split, 1);
    connect(m_runs, &QWidget::customContextMenuRequested, this, &WatchRunsPanel::runMenu);
    m_lateSummary = new QTimer(this);
    m_lateSummary->setSingleShot(true);
    connect(m_lateSummary, &QTimer::timeout, this, &WatchRunsPanel::showSummary);
    connect(m_runs->selectionModel(), &QItemSelectionModel::currentChanged, this, &WatchRunsPanel::showSummary);
}

const metrics::Run* WatchRunsPanel::selectedRun() const {
    if (const QModelIndex current = m_runs->currentIndex(); current.isValid() && std::size_t(current.row()) < m_store.runs().size())
        return m_store.runs()[std::size_t(current.row())].get();
    const auto shown = m_model->shownRuns();
    return shown.empty() ? nullptr : shown.front();
}

void WatchRunsPanel::showSummary() {
    const metrics::Run* run = selectedRun();
    if (run == m_summarized && (!run || run->generation() == m_summarizedGeneration))
        return;  // nothing new to say
    if (run == m_summarized && m_summaryClock.isValid() && m_summaryClock.elapsed() < 1000) {
        if (!m_lateSummary->isActive())
            m_lateSummary->start(int(1000 - m_summaryClock.elapsed()));
        return;
    }
    m_lateSummary->stop();
    if (!run) {
        m_summarized = nullptr;
        m_summary->setSummary(QString());
        return;
    }
    // A long run's first summary walks its points a slice per turn of the event loop.
    const std::optional<metrics::RunSummary> summary = m_trackers[run].update(*run, kPointsWalkedPerTurn);
    if (!summary) {
        m_lateSummary->start(0);  // the next slice, after the events waiting now
        return;
    }
    m_summaryClock.start();
    m_summarized = run;
    m_summarizedGeneration = run->generation();
    ++m_summaries;
    m_summary->setSummary(WatchRunsModel::summaryHtml(*run, *summary));
}

std::size_t WatchRunsPanel::pointsWalked() const {
    std::size_t n = 0;
    for (const auto& [run, tracker] : m_trackers)
        n += tracker.pointsWalked();
    return n;
}

void WatchRunsPanel::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange && m_summarized) {
        m_summarized = nullptr;
        QTimer::singleShot(0, this, &WatchRunsPanel::showSummary);  // once the texts are in the new language
    }
    QWidget::changeEvent(event);
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
