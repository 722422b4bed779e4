#pragma once
// The Launch page's hold on a launch::Launch: starts it, stops or kills it, and hands
// the run's events and host-key questions from its node threads to the page's
// thread (queued calls through an object that dies with this one), so that the
// window never waits on a node. Going away mid-run stops the nodes and waits for them.

#include "launch/launch.h"

#include <QObject>

#include <atomic>
#include <functional>
#include <memory>
#include <thread>

namespace traindeck::gui {

class LaunchControl : public QObject {
    Q_OBJECT
public:
    explicit LaunchControl(QObject* parent = nullptr);
    ~LaunchControl() override;  // stops a run in progress (SIGTERM, then SIGKILL) and waits for it

    // Starts the run (its checks only with config.dryRun). Throws launch::LaunchError:
    // the run cannot even begin. Host-key questions come as hostKeyAsked.
    void start(launch::LaunchConfig config);
    void stop();  // SIGTERM to every node; a second one: SIGKILL at once
    void kill();
    bool running() const { return m_run != nullptr; }
    std::string runDir() const { return m_run ? m_run->runDir() : std::string(); }

signals:
    // On the page's thread, in the order they happened; End is the last.
    void event(const launch::Event& e);
    // A node meets an unknown host key: `answer(true)` trusts and records it. Unanswered
    // while the run goes: the node waits; a stop answers no.
    void hostKeyAsked(const ssh::HostKeyQuestion& question, std::function<void(bool)> answer);

private:
    void onEvent(const launch::Event& e);

    std::unique_ptr<launch::Launch> m_run;
    std::thread m_waiter;  // blocks in Launch::wait(), whose End event says the run is over
    // Shared with the run's threads: true once this object is going away, so that a
    // thread waiting for a host-key answer gives up instead of waiting on a dead window.
    std::shared_ptr<std::atomic<bool>> m_closing = std::make_shared<std::atomic<bool>>(false);
    QObject* m_relay = nullptr;  // receives the threads' queued calls; dies with this object
};

}  // namespace traindeck::gui
