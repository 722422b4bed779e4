#include "gui/launch/launch_log.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QVBoxLayout>

namespace traindeck::gui {

namespace {

// The output pane keeps the last lines only; the run folder keeps every line.
constexpr int kOutputLines = 5000;

}  // namespace

LaunchLog::LaunchLog(const QString& name, QWidget* parent) : QWidget(parent) {
    const auto named = [&name](const char* part) {
        const QString p = QLatin1String(part);
        return name.isEmpty() ? p : name + p.left(1).toUpper() + p.mid(1);
    };
    auto* column = new QVBoxLayout(this);
    column->setContentsMargins(0, 0, 0, 0);
    auto* bar = new QHBoxLayout;
    m_label = new QLabel;
    m_filter = new QComboBox;
    m_filter->setObjectName(named("logFilter"));
    m_search = new QLineEdit;
    m_search->setObjectName(named("search"));
    m_search->setClearButtonEnabled(true);
    m_follow = new QCheckBox;
    m_follow->setChecked(true);
    bar->addWidget(m_label);
    bar->addWidget(m_filter);
    bar->addWidget(m_search, 1);
    bar->addWidget(m_follow);
    column->addLayout(bar);

    m_output = new QPlainTextEdit;
    m_output->setObjectName(named("output"));
    m_output->setReadOnly(true);
    m_output->setMaximumBlockCount(kOutputLines);
    // A long line (a Python traceback's, a command line) wraps: cut at the edge it could not be read.
    m_output->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_output->setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    m_output->setFont(QFont(QStringLiteral("monospace")));
    column->addWidget(m_output, 1);

    connect(m_filter, &QComboBox::currentIndexChanged, this, [this] { refill(); });
    connect(m_search, &QLineEdit::returnPressed, this, [this] { findNext(); });
    setNodes(1);
    retranslate();
}

void LaunchLog::setNodes(int nodes) {
    m_filter->setVisible(nodes > 0);
    const int shown = shownNode();
    const QSignalBlocker quiet(m_filter);
    m_filter->clear();
    m_filter->addItem(QString(), -1);
    for (int node = 0; node < nodes; ++node)
        m_filter->addItem(QString(), node);
    m_filter->setCurrentIndex(std::max(0, m_filter->findData(shown)));
    retranslate();
}

int LaunchLog::shownNode() const { return m_filter->currentIndex() < 0 ? -1 : m_filter->currentData().toInt(); }

void LaunchLog::append(int node, const QString& line) {
    m_lines.emplace_back(node, line);
    if (m_lines.size() > size_t(2 * kOutputLines))  // a whole node's log is in the run folder
        m_lines.erase(m_lines.begin(), m_lines.begin() + kOutputLines);
    const int shown = shownNode();
    if (shown >= 0 && node != shown)
        return;
    QScrollBar* bar = m_output->verticalScrollBar();
    const int kept = bar->value();
    m_output->appendPlainText(line);
    bar->setValue(m_follow->isChecked() ? bar->maximum() : kept);
}

void LaunchLog::appendPrinted(int node, const std::string& metricsEvent, const QString& line) {
    if (metricsEvent != "step" && metricsEvent != "rank")
        append(node, line);
}

void LaunchLog::clear() {
    m_lines.clear();
    m_output->clear();
}

void LaunchLog::refill() {
    const int shown = shownNode();
    QStringList text;
    for (const auto& [node, line] : m_lines)
        if (shown < 0 || node == shown)
            text << line;
    m_output->setPlainText(text.join(QLatin1Char('\n')));
    m_output->verticalScrollBar()->setValue(m_output->verticalScrollBar()->maximum());
}

// Next match after the cursor, from the top again at the end.
void LaunchLog::findNext() {
    const QString text = m_search->text();
    if (text.isEmpty())
        return;
    m_follow->setChecked(false);  // the user reads: the live edge no longer pulls the view away
    if (!m_output->find(text)) {
        m_output->moveCursor(QTextCursor::Start);
        m_output->find(text);
    }
}

void LaunchLog::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void LaunchLog::retranslate() {
    m_label->setText(tr("Log"));
    m_search->setPlaceholderText(tr("Find in the log (Enter: next)"));
    m_follow->setText(tr("Follow"));
    for (int i = 0; i < m_filter->count(); ++i) {
        const int node = m_filter->itemData(i).toInt();
        m_filter->setItemText(i, node < 0 ? tr("All nodes") : tr("Node %1").arg(node));
    }
}

}  // namespace traindeck::gui
