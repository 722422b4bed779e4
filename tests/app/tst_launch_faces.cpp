// One launch, two faces: the same events fed to `traindeck launch`'s printer and to
// the Launch page (its node table and banner), and to the Slurm printer and the
// Slurm panel. Each node's state and why, the run's end and the job's state and end
// must read the same in both, in English and in Chinese: the words are core's
// (launch/launch_texts.h, scheduler::jobStatusText), neither face has its own.

#include "test_support.h"

#include "cli/launch_printer.h"
#include "cli/scheduled_launch.h"
#include "gui/launch/launch_control.h"
#include "gui/launch/launch_nodes_model.h"
#include "gui/launch/launch_page.h"
#include "gui/launch/scheduled_job_control.h"
#include "gui/launch/scheduled_job_panel.h"
#include "gui/window/language.h"
#include "gui/plan/plan_document.h"
#include "launch/launch_texts.h"
#include "localized.h"
#include "plan/plan_analysis.h"
#include "plan/plan_fields.h"

#include <QLineEdit>
#include <QPlainTextEdit>
#include <QTableView>
#include <QtTest>

using namespace traindeck;
using namespace traindeck::gui;
using launch::Event;
using launch::NodeState;

namespace {

Plan threeNodes() {
    Plan plan = demoPlan();
    for (const auto& [key, value] : std::vector<std::pair<const char*, const char*>>{
             {"cluster.nodes", "3"}, {"cluster.gpus_per_node", "1"}, {"launch.hosts", "gpu-0,gpu-1,gpu-2"}}) {
        const std::string error = setPlanField(plan, key, value).english();
        if (!error.empty())
            qFatal("%s: %s", key, error.c_str());
    }
    return plan;
}

Event step(int node, std::int64_t at) {
    Event e;
    e.kind = Event::Kind::Metrics;
    e.node = node;
    e.metricsEvent = "step";
    e.step = at;
    e.line = R"({"v":1,"event":"step"})";
    return e;
}

Event endEvent(launch::LaunchEnd end) {
    Event e;
    e.kind = Event::Kind::End;
    e.end = std::move(end);
    return e;
}

// Node 1 is killed mid-run; node 0 is stopped (SIGTERM) and node 2's connection is lost.
std::vector<Event> killedRun() {
    const Text why = Text(TD_TEXT("Launch", "node %1 (%2): %3"), {Text::value("1"), Text::value("gpu-1"), launch::exitText(137)});
    return {launch::stateEvent(0, NodeState::Connecting), launch::stateEvent(1, NodeState::Connecting),
            launch::stateEvent(2, NodeState::Connecting), launch::stateEvent(0, NodeState::Running),
            launch::stateEvent(1, NodeState::Running),    launch::stateEvent(2, NodeState::Running),
            step(0, 40),                                  launch::stateEvent(1, NodeState::Exited, 137),
            launch::stateEvent(0, NodeState::Stopping),   launch::stateEvent(2, NodeState::Lost, -1, Text::value("no answer from gpu-2")),
            launch::stateEvent(0, NodeState::Exited, 143),
            endEvent({launch::EndStatus::Failed, launch::FailureKind::Node, 1, why})};
}

// Node 0 fails its GPU check (then its workload check) while node 1 still connects and
// node 2 checks: nothing starts.
std::vector<Event> refusedRun() {
    const Text gpus = Text::value("node 0 (gpu-0) has 4 GPUs but the plan runs 1 per node");
    return {launch::stateEvent(0, NodeState::Checking), launch::stateEvent(1, NodeState::Connecting),
            launch::stateEvent(2, NodeState::Checking), launch::preflightEvent(0, "gpus", false, gpus),
            launch::preflightEvent(0, "workload", false, Text::value("python3: command not found")),
            endEvent({launch::EndStatus::Failed, launch::FailureKind::Preflight, 0, gpus})};
}

struct Shown {
    QStringList cliLines;  // the printer's stderr lines, without "traindeck launch: "
    int exitStatus = -1;
};

// The events through both faces; the page's node table and banner are read afterwards.
Shown feed(LaunchPage& page, const std::vector<Event>& events) {
    Shown shown;
    cli::LaunchPrinter printer([&](launch::Stream stream, const std::string& line) {
        if (stream == launch::Stream::Err)
            shown.cliLines << QString::fromStdString(line).remove(QStringLiteral("traindeck launch: "));
    });
    printer.setHosts({"gpu-0", "gpu-1", "gpu-2"});
    auto* control = page.findChild<LaunchControl*>();
    for (const Event& e : events) {
        printer(e);
        emit control->event(e);
    }
    shown.exitStatus = printer.finish(events.back().end, 0);
    return shown;
}

QString cellText(LaunchPage& page, int row, int column, int role = Qt::DisplayRole) {
    QAbstractItemModel* model = page.findChild<QTableView*>(QStringLiteral("nodes"))->model();
    return model->data(model->index(row, column), role).toString();
}

}  // namespace

class TestLaunchFaces : public QObject {
    Q_OBJECT
    QTemporaryDir settings;

private slots:
    void initTestCase() { test::isolateSettings(settings); }

    void nodeRowsAndTheEndReadTheSameInBothFaces_data() {
        QTest::addColumn<QString>("language");
        QTest::addColumn<bool>("killed");
        for (const char* language : {"en", "zh_CN"}) {
            QTest::newRow(qPrintable(QString(language) + " killed")) << QString(language) << true;
            QTest::newRow(qPrintable(QString(language) + " refused")) << QString(language) << false;
        }
    }
    void nodeRowsAndTheEndReadTheSameInBothFaces() {
        QFETCH(QString, language);
        QFETCH(bool, killed);
        Language lang;
        QVERIFY(lang.apply(language));
        PlanDocument document;
        LaunchPage page(document);
        document.reset(threeNodes(), {}, false);
        const std::vector<Event> events = killed ? killedRun() : refusedRun();
        const Shown cli = feed(page, events);

        // The summary: one line per node, "node <i> <host>: <state>[: <why>]", then the end.
        QCOMPARE(cli.cliLines.size() >= 4, true);
        const QStringList summary = cli.cliLines.mid(cli.cliLines.size() - 4, 3);
        for (int node = 0; node < 3; ++node) {
            const QString state = page.nodeStateText(node);
            const QString why = cellText(page, node, LaunchNodesModel::ReasonColumn);
            const QString row = cellText(page, node, LaunchNodesModel::StateColumn, Qt::ToolTipRole);
            const QString host = QStringLiteral("gpu-%1").arg(node);
            QCOMPARE(summary[node], app::qLocalized(Text(TD_TEXT("LaunchCommand", "node %1 %2: %3"),
                                                         {Text::value(std::to_string(node)), Text::value(host.toStdString()),
                                                          Text::value(row.toStdString())})));
            // The table's two cells are the line's two parts.
            QVERIFY2(state.isEmpty() ? row == why || why.isEmpty() : row.startsWith(state), qPrintable(row + " / " + state));
            QVERIFY2(row.endsWith(why), qPrintable(row + " / " + why));
        }
        // How it ended: the CLI's last line and the page's banner both carry core's reason.
        const launch::LaunchEnd& end = events.back().end;
        QCOMPARE(cli.cliLines.last(), app::qLocalized(launch::endLine(end)));
        QCOMPARE(page.banner(), app::qLocalized(launch::endText(end)));
        QVERIFY(cli.cliLines.last().contains(app::qLocalized(end.why)) && page.banner().contains(app::qLocalized(end.why)));
        QCOMPARE(page.lastEnd().node, end.node);
        QCOMPARE(cli.exitStatus, 1);

        // What each says, word for word, in both languages.
        const bool en = language == "en";
        if (killed) {
            QCOMPARE(page.nodeStateText(1), en ? QStringLiteral("exited 137") : QStringLiteral("已退出 137"));
            QCOMPARE(cellText(page, 1, LaunchNodesModel::ReasonColumn),
                     en ? QStringLiteral("killed (SIGKILL)") : QStringLiteral("被信号终止（SIGKILL）"));
            QCOMPARE(summary[0], en ? QStringLiteral("node 0 gpu-0: exited 143: stopped (SIGTERM); no checkpoint was reported")
                                    : QStringLiteral("节点 0（gpu-0）：已退出 143：已停止（SIGTERM）；未报告任何检查点"));
            QCOMPARE(summary[2], en ? QStringLiteral("node 2 gpu-2: lost: no answer from gpu-2")
                                    : QStringLiteral("节点 2（gpu-2）：失联：no answer from gpu-2"));
            QCOMPARE(cellText(page, 0, LaunchNodesModel::StepColumn), QStringLiteral("40"));
            // The node that failed is red; the one the launcher stopped is not.
            QAbstractItemModel* model = page.findChild<QTableView*>(QStringLiteral("nodes"))->model();
            const auto colour = [&](int row) { return model->data(model->index(row, LaunchNodesModel::StateColumn), Qt::ForegroundRole); };
            QVERIFY(colour(1).isValid() && !colour(0).isValid());
        } else {
            // Nodes that never started say so, not "connecting" or "checking", nor nothing;
            // the one whose check failed says that, and its reason is the banner's.
            QCOMPARE(page.nodeStateText(1), en ? QStringLiteral("not started") : QStringLiteral("未启动"));
            QCOMPARE(page.nodeStateText(2), page.nodeStateText(1));
            QCOMPARE(page.nodeStateText(0), en ? QStringLiteral("check failed") : QStringLiteral("检查未通过"));
            QCOMPARE(summary[1], en ? QStringLiteral("node 1 gpu-1: not started") : QStringLiteral("节点 1（gpu-1）：未启动"));
            QCOMPARE(summary[0], en ? QStringLiteral("node 0 gpu-0: check failed: node 0 (gpu-0) has 4 GPUs but the plan runs 1 per node")
                                    : QStringLiteral("节点 0（gpu-0）：检查未通过：node 0 (gpu-0) has 4 GPUs but the plan runs 1 per node"));
            QCOMPARE(page.banner(), (en ? QStringLiteral("Nothing was started. Node 0: ") : QStringLiteral("未启动任何节点。节点 0："))
                                        + cellText(page, 0, LaunchNodesModel::ReasonColumn));
            QVERIFY(cellText(page, 1, LaunchNodesModel::ReasonColumn).isEmpty());
            // The failed check: the CLI's line and the page's log line say it in the same words.
            const QString check = en ? QStringLiteral("FAIL gpus: node 0 (gpu-0) has 4 GPUs but the plan runs 1 per node")
                                     : QStringLiteral("失败 gpus：node 0 (gpu-0) has 4 GPUs but the plan runs 1 per node");
            QVERIFY2(cli.cliLines.contains(app::qLocalized(Text(TD_TEXT("LaunchCommand", "node %1 %2"),
                                                                {Text::value("0"), Text::value(check.toStdString())}))),
                     qPrintable(cli.cliLines.join('\n')));
            const QString log = page.findChild<QPlainTextEdit*>(QStringLiteral("output"))->toPlainText();
            QVERIFY2(log.split('\n').contains(QStringLiteral("[0] ") + check), qPrintable(log));
        }
    }

    // The Slurm job: the CLI's state line and the panel's State row, and the end, in both languages.
    void aJobReadsTheSameInBothFaces_data() { test::languageRows(); }
    void aJobReadsTheSameInBothFaces() {
        QFETCH(QString, language);
        Language lang;
        QVERIFY(lang.apply(language));
        PlanDocument document;
        ScheduledJobPanel panel(document);
        auto* control = panel.findChild<ScheduledJobControl*>();
        QStringList cli;
        const cli::LineWriter write = [&](launch::Stream, const std::string& line) {
            cli << QString::fromStdString(line).remove(QStringLiteral("traindeck launch: "));
        };
        const auto both = [&](const launch::JobEvent& e) {
            cli::printJobEvent(e, false, write);
            emit control->event(e);
        };
        launch::JobEvent submitted;
        submitted.kind = launch::JobEvent::Kind::Submitted;
        submitted.jobId = "42";
        both(submitted);
        QCOMPARE(panel.banner(), cli.last());
        QCOMPARE(panel.jobId(), QStringLiteral("42"));

        launch::JobEvent pending;
        pending.kind = launch::JobEvent::Kind::Status;
        pending.jobId = "42";
        pending.status.reason = "Resources";
        both(pending);
        QCOMPARE(cli.last(), app::qLocalized(Text(TD_TEXT("LaunchCommand", "job %1: %2"),
                                                  {Text::value("42"), Text::value(panel.stateText().toStdString())})));
        // Slurm's reason in words, in both faces and languages.
        QCOMPARE(panel.stateText(), language == "en" ? QStringLiteral("pending: waiting for free resources")
                                                     : QStringLiteral("排队中：等待空闲资源"));

        launch::JobEvent running = pending;
        running.status = {scheduler::JobState::Running, "RUNNING", "", "n[0-1]", 0, 0};
        both(running);
        QVERIFY2(cli.last().endsWith(panel.stateText()) && panel.nodesText() == "n[0-1]", qPrintable(cli.last()));

        launch::JobEvent failed = running;
        failed.kind = launch::JobEvent::Kind::End;
        failed.status = {scheduler::JobState::Failed, "FAILED", "", "n[0-1]", 3, 0};
        failed.end = {launch::EndStatus::Failed, launch::FailureKind::Node, -1, scheduler::jobStatusText(failed.status)};
        emit control->event(failed);
        QCOMPARE(cli::printJobEnd(failed.end, "42", "/runs/x", 0, write), 1);
        QCOMPARE(panel.banner(), cli.last());
        // The State row says how it ended, as the end line does.
        QCOMPARE(panel.stateText(), language == "en" ? QStringLiteral("FAILED, exit code 3") : QStringLiteral("FAILED，退出码 3"));
        QVERIFY2(cli.last().contains(panel.stateText()), qPrintable(cli.last()));
        QVERIFY2(cli.last().startsWith(language == "en" ? QStringLiteral("job 42 failed: FAILED, exit code 3")
                                                        : QStringLiteral("作业 42 失败：FAILED，退出码 3")),
                 qPrintable(cli.last()));
    }

    // The job's output shows in the same log as a node's over SSH (search, follow), which
    // leaves a trainer's line per step or rank to the run folder and keeps the rest.
    void theJobsOutputIsTheLaunchLog() {
        PlanDocument document;
        ScheduledJobPanel panel(document);
        auto* control = panel.findChild<ScheduledJobControl*>();
        launch::JobEvent e;
        e.kind = launch::JobEvent::Kind::Output;
        e.jobId = "9";
        for (const auto& [event, line] : std::vector<std::pair<std::string, std::string>>{
                 {"start", R"({"v":1,"event":"start"})"}, {"step", R"({"v":1,"event":"step","step":0})"},
                 {"rank", R"({"v":1,"event":"rank","rank":1})"}, {"", "node 1: NCCL INFO ring 0"}}) {
            e.metricsEvent = event;
            e.line = line;
            emit control->event(e);
        }
        QVERIFY(panel.findChild<QLineEdit*>(QStringLiteral("jobSearch")));
        const QString shown = panel.findChild<QPlainTextEdit*>(QStringLiteral("jobOutput"))->toPlainText();
        QCOMPARE(shown, QStringLiteral("{\"v\":1,\"event\":\"start\"}\nnode 1: NCCL INFO ring 0"));
    }

    // A Slurm check's result stays in the log (not "nothing submitted": a check submits
    // nothing by design) until another plan is opened: then it was the plan before's.
    void aChecksResultIsLoggedUntilAnotherPlan() {
        PlanDocument document;
        LaunchPage page(document);
        Plan slurm = threeNodes();
        slurm.launch.platform = Platform::Slurm;
        document.reset(slurm, {}, false);
        ScheduledJobPanel* panel = page.scheduledPanel();
        QVERIFY(panel->isVisibleTo(&page));
        launch::JobEvent refused;
        refused.kind = launch::JobEvent::Kind::End;
        refused.end = {launch::EndStatus::Failed, launch::FailureKind::Preflight, -1,
                       Text(TD_TEXT("Launch", "the cluster cannot take this plan: %1"), {Text::value("no partition has 3 nodes")})};
        emit panel->findChild<ScheduledJobControl*>()->event(refused);
        auto* log = panel->findChild<QPlainTextEdit*>(QStringLiteral("jobOutput"));
        QVERIFY2(log->toPlainText().contains("the cluster cannot take this plan: no partition has 3 nodes"), qPrintable(log->toPlainText()));
        QVERIFY(!panel->banner().contains("nothing submitted") && panel->banner().contains("cannot take this plan"));
        document.reset(slurm, {}, false);
        QVERIFY(panel->banner().isEmpty());
        QVERIFY(log->toPlainText().isEmpty());
    }

    // A banner shown before a switch of language says it again in the new one, on the
    // Slurm panel as on the Launch page (one Banner for both).
    void theSlurmBannerFollowsTheLanguage() {
        Language lang;
        QVERIFY(lang.apply("en"));
        PlanDocument document;
        ScheduledJobPanel panel(document);
        panel.show();
        launch::JobEvent submitted;
        submitted.kind = launch::JobEvent::Kind::Submitted;
        submitted.jobId = "7";
        emit panel.findChild<ScheduledJobControl*>()->event(submitted);
        QCOMPARE(panel.banner(), QStringLiteral("submitted job 7"));
        QVERIFY(lang.apply("zh_CN"));
        QTRY_COMPARE(panel.banner(), app::qLocalized(launch::jobSubmittedText("7")));
        QVERIFY2(panel.banner() != QStringLiteral("submitted job 7") && panel.banner().contains("7"), qPrintable(panel.banner()));
        QVERIFY(lang.apply("en"));
        QTRY_COMPARE(panel.banner(), QStringLiteral("submitted job 7"));
    }
};

QTEST_MAIN(TestLaunchFaces)
#include "tst_launch_faces.moc"
