// The NCCL watchdog's rule (trainer/cuda/comm_watch.h): silent while the communicator
// is healthy, including the many short "in progress" spells of a non-blocking
// communicator; one verdict with a reason when it must abort.

#include "cuda/comm_watch.h"

#include <string>

#include <QtTest>

using namespace traindeck::trainer::cuda;
using namespace std::chrono_literals;

namespace {

bool has(const std::string& s, const char* part) { return s.find(part) != std::string::npos; }

const CommWatch::Clock::time_point t0{};

}  // namespace

class TestCommWatch : public QObject {
    Q_OBJECT
private slots:
    // A healthy run: in progress and done, over and over, for far longer than the timeout.
    void healthyRunStaysSilent() {
        CommWatch watch(3, 1000ms);
        bool spoke = false;
        for (int i = 0; i < 2000; ++i) {
            const auto now = t0 + i * 5ms;
            const CommState state = i % 3 == 0 ? CommState::InProgress : CommState::Ok;
            spoke = spoke || watch.observe(now, state, false).abort();
        }
        QVERIFY(!spoke);
        QVERIFY(watch.observe(t0 + 10s, CommState::Ok, false).message.empty());
    }

    // In progress without a break for longer than the timeout: a timeout, naming the rank.
    void inProgressPastTheTimeoutIsATimeout() {
        CommWatch watch(2, 1000ms);
        QVERIFY(!watch.observe(t0, CommState::InProgress, false).abort());
        QVERIFY(!watch.observe(t0 + 999ms, CommState::InProgress, false).abort());
        const CommVerdict v = watch.observe(t0 + 1001ms, CommState::InProgress, false);
        QVERIFY(v.kind == CommVerdict::Kind::Timeout && v.kindName() == "timeout");
        QVERIFY(has(v.message, "rank 2") && has(v.message, "1000 ms") && has(v.message, "--comm-timeout"));
    }

    // A moment of success restarts the clock of an in-progress spell.
    void successRestartsTheClock() {
        CommWatch watch(0, 1000ms);
        watch.observe(t0, CommState::InProgress, false);
        watch.observe(t0 + 900ms, CommState::Ok, false);
        QVERIFY(!watch.observe(t0 + 1000ms, CommState::InProgress, false).abort());
        QVERIFY(!watch.observe(t0 + 1900ms, CommState::InProgress, false).abort());
        QVERIFY(watch.observe(t0 + 2001ms, CommState::InProgress, false).abort());
    }

    // An asynchronous NCCL error: abort at once, with NCCL's words.
    void asynchronousErrorAbortsAtOnce() {
        CommWatch watch(1, 1000ms);
        const CommVerdict v = watch.observe(t0, CommState::Failed, false, "remote process exited or there was a network error");
        QVERIFY(v.kind == CommVerdict::Kind::Nccl && v.kindName() == "nccl");
        QVERIFY(has(v.message, "rank 1: NCCL asynchronous error") && has(v.message, "network error"));
    }

    // A wait that outlived its deadline while NCCL itself looks fine: a lost or stuck peer.
    void overdueWaitNamesALostPeer() {
        CommWatch watch(1, 500ms);
        const CommVerdict v = watch.observe(t0, CommState::Ok, true);
        QVERIFY(v.kind == CommVerdict::Kind::Timeout && has(v.message, "rank 1: communication did not complete") &&
                has(v.message, "a peer is lost or stuck"));
    }

    // The poll itself failing is an NCCL failure, whatever the state says.
    void failedPollIsAnNcclFailure() {
        CommWatch watch(0, 500ms);
        const CommVerdict v = watch.observe(t0, CommState::Ok, false, {}, "invalid argument");
        QVERIFY(v.kind == CommVerdict::Kind::Nccl && has(v.message, "rank 0: ncclCommGetAsyncError failed: invalid argument"));
    }
};

QTEST_APPLESS_MAIN(TestCommWatch)
#include "tst_comm_watch.moc"
