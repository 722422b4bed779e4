// core/launch's SessionState: the node rows the faces draw, kept from a run's
// events (states, the last step a node's stream reported, why a node failed).

#include "launch/launch_texts.h"
#include "launch/session_state.h"

#include <QtTest>

using namespace traindeck;
using namespace traindeck::launch;

namespace {

Event stepEvent(int node, std::int64_t step) {
    Event e;
    e.kind = Event::Kind::Metrics;
    e.node = node;
    e.metricsEvent = "step";
    e.step = step;
    return e;
}

}  // namespace

class TestSessionState : public QObject {
    Q_OBJECT
private slots:
    void rowsFollowTheEvents() {
        SessionState s;
        s.setHosts({"a@gpu-0", "gpu-1:2222"});
        QCOMPARE(s.size(), 2);
        QVERIFY(!s.rows()[0].state && !s.allRunning());
        QCOMPARE(s.apply(stateEvent(0, NodeState::Running)), 0);
        QVERIFY(!s.allRunning());
        QCOMPARE(s.apply(stateEvent(1, NodeState::Running)), 1);
        QVERIFY(s.allRunning());
        QCOMPARE(s.apply(stepEvent(1, 40)), 1);
        QCOMPARE(s.rows()[1].lastStep, std::optional<std::int64_t>(40));
        // A line that is not a step, and an event for no node, change no row.
        Event rank = stepEvent(0, 3);
        rank.metricsEvent = "rank";
        QCOMPARE(s.apply(rank), -1);
        QCOMPARE(s.apply(stateEvent(7, NodeState::Lost)), -1);
        QVERIFY(!s.rows()[0].lastStep);
        QCOMPARE(s.apply(stateEvent(1, NodeState::Exited, 137)), 1);
        QCOMPARE(s.rows()[1].status, 137);
        QVERIFY(!s.allRunning());
    }

    // A stopped node's line says what ended it and what the stop saved: the checkpoint its
    // workload reported (the metrics protocol's `checkpoint` event), or that none was reported
    // by a workload that reports its steps; nothing of checkpoints for one that reports nothing.
    void aStoppedNodeSaysWhatTheStopSaved() {
        SessionState s;
        s.setHosts({"gpu-0", "gpu-1", "gpu-2"});
        for (int node : {0, 1, 2}) {
            s.apply(stateEvent(node, NodeState::Running));
            s.apply(stoppingEvent(node, false));
        }
        s.apply(stepEvent(0, 9));
        Event saved = stepEvent(0, 9);
        saved.metricsEvent = "checkpoint";
        saved.line = R"({"v":1,"event":"checkpoint","step":9,"path":"/ck/step-00000010.ckpt","bytes":10})";
        QCOMPARE(s.apply(saved), 0);
        s.apply(stepEvent(1, 9));
        s.apply(stateEvent(0, NodeState::Exited, 143));
        s.apply(stateEvent(1, NodeState::Exited, 137));
        s.apply(stateEvent(2, NodeState::Exited, 143));
        QCOMPARE(QString::fromStdString(nodeSummaryText(s.rows()[0]).english()),
                 QStringLiteral("exited 143: stopped (SIGTERM); checkpoint written: /ck/step-00000010.ckpt"));
        QCOMPARE(QString::fromStdString(nodeSummaryText(s.rows()[1]).english()),
                 QStringLiteral("exited 137: stopped (SIGKILL); no checkpoint was reported"));
        QCOMPARE(QString::fromStdString(nodeSummaryText(s.rows()[2]).english()), QStringLiteral("exited 143: stopped (SIGTERM)"));
    }

    void aFailedCheckIsTheReason() {
        SessionState s;
        s.setHosts({"gpu-0"});
        QCOMPARE(s.apply(preflightEvent(0, "gpus", true, Text::value("8 GPUs"))), -1);
        QVERIFY(s.rows()[0].reason.empty());
        QCOMPARE(s.apply(preflightEvent(0, "gpus", false, Text::value("node 0 (gpu-0) has 4 GPUs"))), 0);
        QCOMPARE(QString::fromStdString(s.rows()[0].reason.english()), QStringLiteral("node 0 (gpu-0) has 4 GPUs"));
        // A later check failing too is not the reason: the first is the one the launch's end names.
        QCOMPARE(s.apply(preflightEvent(0, "workload", false, Text::value("python3 not found"))), -1);
        QCOMPARE(QString::fromStdString(s.rows()[0].reason.english()), QStringLiteral("node 0 (gpu-0) has 4 GPUs"));
    }

    // The launch ended before a node got past its checks: its row says not started, not
    // "connecting" for ever; a failed check stays its reason; a node that ran keeps its state.
    void theEndLeavesNoNodeConnecting() {
        SessionState s;
        s.setHosts({"gpu-0", "gpu-1", "gpu-2"});
        s.apply(stateEvent(0, NodeState::Checking));
        s.apply(preflightEvent(0, "gpus", false, Text::value("node 0 (gpu-0) has 4 GPUs")));
        s.apply(stateEvent(1, NodeState::Connecting));
        s.apply(stateEvent(2, NodeState::Exited, 0));
        Event end;
        end.kind = Event::Kind::End;
        QCOMPARE(s.apply(end), -1);
        QVERIFY(!s.rows()[0].state && !s.rows()[1].state);
        QCOMPARE(QString::fromStdString(s.rows()[0].reason.english()), QStringLiteral("node 0 (gpu-0) has 4 GPUs"));
        QCOMPARE(QString::fromStdString(nodeStateText(s.rows()[0]).english()), QStringLiteral("check failed"));
        QCOMPARE(QString::fromStdString(nodeStateText(s.rows()[1]).english()), QStringLiteral("not started"));
        QVERIFY(s.rows()[1].reason.empty());
        QVERIFY(nodeStateText(s.rows()[2]).english() == "exited 0");
        QCOMPARE(s.rows()[2].state, std::optional<NodeState>(NodeState::Exited));
    }

    // A node the launcher stopped stays marked so after it exited (it is not what failed); a new run forgets it.
    void aStoppedNodeIsKnownAsStopped() {
        SessionState s;
        s.setHosts({"gpu-0", "gpu-1"});
        s.apply(stateEvent(0, NodeState::Running));
        s.apply(stateEvent(1, NodeState::Running));
        s.apply(stateEvent(1, NodeState::Exited, 137));
        s.apply(stateEvent(0, NodeState::Stopping));
        s.apply(stateEvent(0, NodeState::Exited, 143));
        QVERIFY(s.rows()[0].stopped && !s.rows()[1].stopped);
        s.clearRun();
        QVERIFY(!s.rows()[0].stopped);
    }

    // A node stopped because of itself (a rank killed from outside, its trainer's error)
    // is the failed node, not one the launcher stopped: its row says how it ended
    // ("killed (SIGKILL)"; the launcher's SIGTERM, if that ended it, is a stop), and a
    // node stopped for it says "stopped (SIGKILL)" whatever signal ended it.
    void aNodeStoppedForItsOwnFailureReadsAsFailed() {
        SessionState s;
        s.setHosts({"gpu-0", "gpu-1", "gpu-2"});
        for (int node = 0; node < 3; ++node) s.apply(stateEvent(node, NodeState::Running));
        s.apply(stoppingEvent(0, true));
        s.apply(stoppingEvent(1, true));
        s.apply(stoppingEvent(2, false));
        s.apply(stateEvent(0, NodeState::Exited, 137));
        s.apply(stateEvent(1, NodeState::Exited, 143));
        s.apply(stateEvent(2, NodeState::Exited, 137));
        auto summary = [&](int node) { return QString::fromStdString(nodeSummaryText(s.rows()[std::size_t(node)]).english()); };
        QCOMPARE(summary(0), QStringLiteral("exited 137: killed (SIGKILL)"));
        QCOMPARE(summary(1), QStringLiteral("exited 143: stopped (SIGTERM)"));
        QCOMPARE(summary(2), QStringLiteral("exited 137: stopped (SIGKILL)"));
        // The faces tell a failed node from a stopped one (the Launch page's red) by `stopped`.
        QVERIFY(!s.rows()[0].stopped && !s.rows()[1].stopped && s.rows()[2].stopped);
        s.clearRun();
        QVERIFY(!s.rows()[0].stoppedForItsFailure);
    }

    // A new run starts from nothing, on the same hosts; a changed host count keeps the hosts it can.
    void aNewRunKeepsTheHosts() {
        SessionState s;
        s.setHosts({"gpu-0", "gpu-1"});
        s.apply(stateEvent(0, NodeState::Lost, -1, Text::value("the connection was lost")));
        s.apply(stepEvent(0, 5));
        s.clearRun();
        QVERIFY(!s.rows()[0].state && !s.rows()[0].lastStep && s.rows()[0].reason.empty());
        QCOMPARE(s.hosts(), (std::vector<std::string>{"gpu-0", "gpu-1"}));
        s.setHost(1, "gpu-9");
        s.setHosts({"gpu-0", "gpu-9", ""});
        QCOMPARE(s.hosts(), (std::vector<std::string>{"gpu-0", "gpu-9", ""}));
    }
};

QTEST_GUILESS_MAIN(TestSessionState)
#include "tst_session_state.moc"
