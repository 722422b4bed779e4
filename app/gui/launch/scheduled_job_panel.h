#pragma once
// The Launch page's part for a plan whose platform has a scheduler (Slurm): the
// scheduler runs the job, this panel submits it (Check = --dry-run), shows its
// state and why it waits, the nodes it runs on and its output, stops it (Stop =
// SIGTERM to its tasks, scancel after the grace) and attaches to a run folder's job
// again. It draws and forwards clicks: the job is ScheduledJobControl's, and what the
// panel says of it (its state, submitted, stopping, how it ended) is core's text
// (scheduler::jobStatusText, launch/launch_texts.h), the same `traindeck launch` prints.
// What it submits is its document's plan, read at the click.

#include "launch/scheduled_job.h"

#include <QWidget>

class QLabel;
class QLineEdit;
class QPushButton;

namespace traindeck::gui {

class Banner;
class LaunchLog;
class PlanDocument;
class ScheduledJobControl;

class ScheduledJobPanel : public QWidget {
    Q_OBJECT
public:
    explicit ScheduledJobPanel(const PlanDocument& document, QWidget* parent = nullptr);
    ~ScheduledJobPanel() override;  // leaves the job to the scheduler (it runs on) and waits for the thread

    void setRunDir(const QString& dir);
    void setGraceSeconds(double seconds);
    void setPollInterval(double seconds);

    bool submit(bool dryRun);        // Submit (false: the plan cannot be submitted, the banner says why)
    bool attach(const QString& runDir);  // follow the job of an earlier launch into runDir
    void stop();                     // Stop: the job is cancelled (SIGTERM to its tasks first)
    bool running() const;
    // Another plan: the ended job (its banner, values, log) was the plan before's. A job
    // still followed stays.
    void forgetEndedJob();

    // What the panel shows, for tests.
    QString stateText() const;
    QString nodesText() const;
    QString jobId() const;
    QString banner() const;
    QString runDir() const { return m_runDir; }
    const launch::LaunchEnd& lastEnd() const { return m_end; }

signals:
    void runEnded(bool ok);
    void watchRequested(const QString& runDir);

protected:
    void changeEvent(QEvent* event) override;

private:
    void started();  // a job is followed from now: the last one's values go
    void onEvent(const launch::JobEvent& e);
    void showValues();
    void retranslate();
    void updateButtons();

    const PlanDocument& m_document;
    ScheduledJobControl* m_control = nullptr;
    bool m_stopped = false;
    launch::LaunchEnd m_end;
    scheduler::JobStatus m_status;
    bool m_hasStatus = false;
    QString m_runDir, m_jobId;

    QLabel* m_intro = nullptr;
    QLabel* m_runDirLabel = nullptr;
    QLineEdit* m_runDirEdit = nullptr;
    QLabel* m_jobLabel = nullptr;
    QLabel* m_job = nullptr;
    QLabel* m_stateLabel = nullptr;
    QLabel* m_state = nullptr;
    QLabel* m_nodesLabel = nullptr;
    QLabel* m_nodes = nullptr;
    QPushButton* m_checkButton = nullptr;
    QPushButton* m_submitButton = nullptr;
    QPushButton* m_stopButton = nullptr;
    QPushButton* m_attachButton = nullptr;
    QPushButton* m_watchButton = nullptr;
    Banner* m_banner = nullptr;
    LaunchLog* m_log = nullptr;
};

}  // namespace traindeck::gui
