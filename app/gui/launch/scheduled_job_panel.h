#pragma once
// The Launch page's part for a plan whose platform has a scheduler (Slurm): the
// scheduler runs the job, this panel submits it (Check = --dry-run), shows its
// state and why it waits, the nodes it runs on and its output, stops it (Stop =
// SIGTERM to its tasks, scancel after the grace) and attaches to a run folder's job
// again. A thin face over launch::ScheduledJob, whose blocking follow runs on a
// thread of its own and reaches this panel through queued calls.

#include "launch/scheduled_job.h"
#include "plan/plan_analysis.h"
#include "scheduler/command_runner.h"

#include <QWidget>

#include <memory>
#include <mutex>
#include <thread>

class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;

namespace traindeck::gui {

class ScheduledJobPanel : public QWidget {
    Q_OBJECT
public:
    explicit ScheduledJobPanel(QWidget* parent = nullptr);
    ~ScheduledJobPanel() override;  // leaves the job to the scheduler (it runs on) and waits for the thread

    void setAnalysis(const PlanAnalysis& analysis);
    void setRunDir(const QString& dir);
    void setGraceSeconds(double seconds) { m_graceSeconds = seconds; }
    void setPollInterval(double seconds) { m_pollInterval = seconds; }

    bool submit(bool dryRun);        // Submit (false: the plan cannot be submitted, the banner says why)
    bool attach(const QString& runDir);  // follow the job of an earlier launch into runDir
    void stop();                     // Stop: the job is cancelled (SIGTERM to its tasks first)
    bool running() const { return m_thread.joinable() && !m_ended; }

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
    bool idle();  // no job followed now (the last one's thread joined)
    void begin(std::function<std::unique_ptr<launch::ScheduledJob>(launch::ScheduledJob::Sink)> make);
    void onEvent(const launch::JobEvent& e);
    void retranslate();
    void updateButtons();
    void showBanner(const QString& text, bool failing);

    PlanAnalysis m_analysis;
    scheduler::ProcessRunner m_runner;
    std::unique_ptr<scheduler::Scheduler> m_scheduler;
    // The run, made on the thread (its checks ask the cluster), and what the user asked
    // of it before it was made: shared by this panel and the thread.
    struct Shared {
        std::mutex mutex;
        std::unique_ptr<launch::ScheduledJob> run;
        bool stop = false, leave = false;
    };
    std::shared_ptr<Shared> m_shared;
    std::thread m_thread;
    bool m_ended = true;
    bool m_stopped = false;
    launch::LaunchEnd m_end;
    scheduler::JobStatus m_status;
    bool m_hasStatus = false;
    QString m_runDir, m_jobId;
    double m_graceSeconds = 30;
    double m_pollInterval = 3;
    QObject* m_relay = nullptr;  // receives the thread's queued calls; dies with the panel

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
    QLabel* m_banner = nullptr;
    QPlainTextEdit* m_output = nullptr;
};

}  // namespace traindeck::gui
