#pragma once
// The Launch page: starts the plan's nodes (over SSH, or the one node of a 1×N
// plan on this machine) through core/launch, checks them first, shows every
// node's state and output as it happens, stops them together, and names the
// node that failed first. A thin face over launch::Launch: the run's node threads
// report events, which are handed to this page's thread through a queued call,
// so the window never waits on a node; the node table draws LaunchNodesModel,
// which keeps the nodes' states from those events.

#include "launch/launch.h"
#include "plan/plan_analysis.h"

#include <functional>
#include <QStringList>
#include <QWidget>

#include <atomic>
#include <memory>
#include <thread>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QTableView;

namespace traindeck::gui {

class SshSettings;

class LaunchNodesModel;
class ScheduledJobPanel;

class LaunchPage : public QWidget {
    Q_OBJECT
public:
    explicit LaunchPage(QWidget* parent = nullptr);
    ~LaunchPage() override;  // stops a run in progress (SIGTERM, then SIGKILL) and waits for it

    // The plan as the document analysed it: what runs, and whether it may.
    void setAnalysis(const PlanAnalysis& analysis);

    // What the user typed: one host per node, node 0 first; this machine; where to write.
    QStringList hosts() const;
    void setHosts(const QStringList& hosts);
    void setLocal(bool local);
    void setRunDir(const QString& dir);
    void setSshFiles(const QString& identity, const QString& knownHosts, const QString& config);
    // The window's one SSH settings object: what this page's fields say, kept there as they are edited.
    void useSsh(SshSettings* shared);
    void setGraceSeconds(double seconds) { m_graceSeconds = seconds; }

    bool check();  // pre-flight only; false when the run cannot even begin (the banner says why)
    bool start();
    void stop();   // first: SIGTERM to every node; a second one: SIGKILL at once
    bool running() const { return m_run != nullptr && !m_ended; }

    // For tests: a node's state as shown, the banner, the last run's end.
    QString nodeStateText(int node) const;
    QString banner() const;
    const launch::LaunchEnd& lastEnd() const { return m_end; }
    QString runDir() const { return m_runDir; }

signals:
    void runEnded(bool ok);
    // The user edited the hosts: the plan's launch.hosts, node 0 first (saved with the plan).
    void hostsEdited(const QStringList& hosts);
    void watchRequested(const QString& runDir);  // the run folder, for the Watch page
    void hostKeyAsked(const QString& host, const QString& fingerprint);

protected:
    void changeEvent(QEvent* event) override;

private:
    bool begin(bool dryRun);
    void onEvent(const launch::Event& e);
    void finish();
    void askHostKey(const ssh::HostKeyQuestion& q, std::shared_ptr<struct KeyAnswer> answer);
    void retranslate();
    void syncNodes();
    void updateButtons();
    // The banner's text is made again when the language changes.
    void showBanner(std::function<QString()> text, bool failing);
    QString endText() const;
    // A line of the output: kept per node (-1: the page's own), shown when the filter lets it.
    void appendLine(int node, const QString& line);
    void refillOutput();
    int shownNode() const;  // the log filter's node; -1: all
    void findInOutput();

    PlanAnalysis m_analysis;
    const Plan& plan() const { return m_analysis.plan; }
    std::unique_ptr<launch::Launch> m_run;
    std::thread m_waiter;  // blocks in Launch::wait(), whose End event tells this page the run is over
    bool m_ended = true;
    bool m_dryRun = false;
    int m_stops = 0;
    launch::LaunchEnd m_end;
    QString m_runDir;
    double m_graceSeconds = 30;
    // Shared with the run's threads: true once this page is going away, so that a
    // thread waiting for a host-key answer gives up instead of waiting on a dead window.
    std::shared_ptr<std::atomic<bool>> m_closing = std::make_shared<std::atomic<bool>>(false);
    QObject* m_relay = nullptr;  // receives the threads' queued calls; dies with the page

    QLabel* m_intro = nullptr;
    QCheckBox* m_local = nullptr;
    QLabel* m_runDirLabel = nullptr;
    QLineEdit* m_runDirEdit = nullptr;
    QLabel* m_remoteDirLabel = nullptr;
    QLineEdit* m_remoteDir = nullptr;
    QLabel* m_identityLabel = nullptr;
    QLineEdit* m_identity = nullptr;
    QLabel* m_knownHostsLabel = nullptr;
    QLineEdit* m_knownHosts = nullptr;
    QLabel* m_sshConfigLabel = nullptr;
    QLineEdit* m_sshConfig = nullptr;
    QPushButton* m_checkButton = nullptr;
    QPushButton* m_startButton = nullptr;
    QPushButton* m_stopButton = nullptr;
    QPushButton* m_killButton = nullptr;
    QPushButton* m_watchButton = nullptr;
    QPushButton* m_folderButton = nullptr;
    QComboBox* m_logFilter = nullptr;  // all nodes, or one node's log
    QLineEdit* m_search = nullptr;
    QCheckBox* m_follow = nullptr;
    QLabel* m_logLabel = nullptr;
    std::vector<std::pair<int, QString>> m_lines;  // the output, newest last, bounded
    QLabel* m_banner = nullptr;
    std::function<QString()> m_bannerText;  // what the banner says, in the language of the moment
    LaunchNodesModel* m_model = nullptr;  // the nodes' rows: what the run's events say
    QTableView* m_nodes = nullptr;
    QPlainTextEdit* m_output = nullptr;
    // A plan whose platform has a scheduler (Slurm) is the scheduler's to run: this
    // panel stands in for the SSH part (m_sshPart) then.
    ScheduledJobPanel* m_scheduled = nullptr;
    QWidget* m_sshPart = nullptr;

public:
    ScheduledJobPanel* scheduledPanel() const { return m_scheduled; }
};

}  // namespace traindeck::gui
