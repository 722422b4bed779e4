#pragma once
// The Launch page's log (and the Slurm panel's): what every node printed (or one
// node's lines, by the filter), the page's own lines, a search (Enter: the next match) and Follow (the
// view stays at the live edge until the user reads). It keeps the last lines only;
// the run folder keeps every line of every node.

#include <QWidget>

#include <string>

#include <utility>
#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;

namespace traindeck::gui {

class LaunchLog : public QWidget {
    Q_OBJECT
public:
    // `name` prefixes its parts' object names ("output", or "jobOutput" for "job").
    explicit LaunchLog(const QString& name = {}, QWidget* parent = nullptr);

    // The filter's choices: all nodes, then each node; 0: one stream (a Slurm job's), no filter.
    void setNodes(int nodes);
    // A line of the output: `node` -1 is the page's own (shown with all nodes).
    void append(int node, const QString& line);
    // A line a node printed: a trainer's metrics line per step or per rank is left to the
    // node table and the run folder (one a step would bury the rest); others are appended.
    void appendPrinted(int node, const std::string& metricsEvent, const QString& line);
    void clear();

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    int shownNode() const;  // the filter's node; -1: all
    void refill();
    void findNext();

    std::vector<std::pair<int, QString>> m_lines;  // newest last, bounded
    QLabel* m_label = nullptr;
    QComboBox* m_filter = nullptr;
    QLineEdit* m_search = nullptr;
    QCheckBox* m_follow = nullptr;
    QPlainTextEdit* m_output = nullptr;
};

}  // namespace traindeck::gui
