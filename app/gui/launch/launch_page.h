#pragma once
// The Launch page: starts the plan's nodes (over SSH, or the one node of a 1×N
// plan on this machine) through core/launch, checks them first, shows every
// node's state and output as it happens, stops them together, and names the
// node that failed first. It draws and forwards clicks: the run is LaunchControl's
// (its node threads reach this page through queued calls, so the window never
// waits on a node), the node table draws LaunchNodesModel (core's SessionState and
// its words), the settings are LaunchForm's, the output LaunchLog's, and how the
// run ended is core's text (launch/launch_texts.h). A Slurm plan shows
// ScheduledJobPanel instead. The plan is its document's: on analysisChanged the
// page shows the plan's nodes (and which part runs it); it keeps no copy.

#include "launch/launch.h"
#include "plan/plan.h"

#include <QStringList>
#include <QWidget>

class QLabel;
class QPushButton;

namespace traindeck::gui {

class Banner;
class LaunchControl;
class LaunchForm;
class LaunchLog;
class LaunchNodesModel;
class LaunchNodesView;
class PlanDocument;
class ScheduledJobPanel;
class SshSettings;

class LaunchPage : public QWidget {
    Q_OBJECT
public:
    // `document`'s plan is what runs (launch::Launch decides whether it may).
    explicit LaunchPage(const PlanDocument& document, QWidget* parent = nullptr);
    ~LaunchPage() override;  // stops a run in progress (SIGTERM, then SIGKILL) and waits for it

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
    bool running() const;

    // For tests: a node's state as shown, the banner, the last run's end.
    QString nodeStateText(int node) const;
    QString banner() const;
    const launch::LaunchEnd& lastEnd() const { return m_end; }
    QString runDir() const { return m_runDir; }
    ScheduledJobPanel* scheduledPanel() const { return m_scheduled; }

signals:
    void runEnded(bool ok);
    // The user edited the hosts: the plan's launch.hosts, node 0 first (saved with the plan).
    void hostsEdited(const QStringList& hosts);
    void watchRequested(const QString& runDir);  // the run folder, for the Watch page
    void hostKeyAsked(const QString& host, const QString& fingerprint);

protected:
    void changeEvent(QEvent* event) override;

private:
    QWidget* makeSshPart();
    bool begin(bool dryRun);
    void kill();
    void onEvent(const launch::Event& e);
    void finish(const launch::LaunchEnd& end);
    void retranslate();
    void showPlan();  // the document's plan changed
    void forgetEndedRun();  // another plan
    void syncNodes();
    void updateButtons();

    const PlanDocument& m_document;
    const Plan& plan() const;
    LaunchControl* m_control = nullptr;
    bool m_dryRun = false;
    bool m_ended = false;  // the last run ended (not a refused start)
    int m_stops = 0;
    launch::LaunchEnd m_end;
    QString m_runDir;
    double m_graceSeconds = 30;

    QLabel* m_intro = nullptr;
    LaunchNodesModel* m_model = nullptr;  // the nodes' rows: what the run's events say
    LaunchNodesView* m_nodes = nullptr;
    LaunchForm* m_form = nullptr;
    QPushButton* m_checkButton = nullptr;
    QPushButton* m_startButton = nullptr;
    QPushButton* m_stopButton = nullptr;
    QPushButton* m_killButton = nullptr;
    QPushButton* m_watchButton = nullptr;
    QPushButton* m_folderButton = nullptr;
    Banner* m_banner = nullptr;
    LaunchLog* m_log = nullptr;
    // A plan whose platform has a scheduler (Slurm) is the scheduler's to run: this
    // panel stands in for the SSH part (m_sshPart) then.
    ScheduledJobPanel* m_scheduled = nullptr;
    QWidget* m_sshPart = nullptr;
};

}  // namespace traindeck::gui
