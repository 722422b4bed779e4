#include "gui/launch/launch_control.h"

#include <chrono>
#include <future>

namespace traindeck::gui {

namespace {

// A host-key question's answer, given once on the page's thread and awaited by a node's.
struct KeyAnswer {
    std::promise<bool> promise;
    bool given = false;  // touched on the page's thread only
    void give(bool trust) {
        if (given)
            return;
        given = true;
        promise.set_value(trust);
    }
};

}  // namespace

LaunchControl::LaunchControl(QObject* parent) : QObject(parent), m_relay(new QObject(this)) {}

LaunchControl::~LaunchControl() {
    *m_closing = true;  // a node thread waiting for a host-key answer gives up
    if (m_run) {
        m_run->stop();  // the trainer checkpoints on SIGTERM; the grace period bounds the wait
        if (m_waiter.joinable())
            m_waiter.join();  // every node thread has ended, while m_relay still exists
        m_run.reset();
    }
}

void LaunchControl::start(launch::LaunchConfig config) {
    if (running())
        return;
    // Both run on the run's threads; they reach this object only through m_relay's queue.
    QObject* relay = m_relay;
    LaunchControl* self = this;
    std::shared_ptr<std::atomic<bool>> closing = m_closing;
    config.ssh.askHostKey = [relay, self, closing](const ssh::HostKeyQuestion& q) {
        auto answer = std::make_shared<KeyAnswer>();
        std::future<bool> trusted = answer->promise.get_future();
        QMetaObject::invokeMethod(
            relay,
            [self, q, answer] {
                if (!self->running())
                    return answer->give(false);
                emit self->hostKeyAsked(q, [answer](bool trust) { answer->give(trust); });
            },
            Qt::QueuedConnection);
        while (trusted.wait_for(std::chrono::milliseconds(100)) != std::future_status::ready)
            if (*closing)
                return false;
        return trusted.get();
    };
    auto sink = [relay, self](const launch::Event& e) {
        QMetaObject::invokeMethod(relay, [self, e] { self->onEvent(e); }, Qt::QueuedConnection);
    };
    m_run = std::make_unique<launch::Launch>(std::move(config), sink);  // throws LaunchError
    m_run->start();
    m_waiter = std::thread([run = m_run.get()] { run->wait(); });
}

void LaunchControl::stop() {
    if (m_run)
        m_run->stop();
}

void LaunchControl::kill() {
    if (m_run)
        m_run->kill();
}

void LaunchControl::onEvent(const launch::Event& e) {
    if (!m_run)
        return;  // a node thread's last word queued behind the run's end
    if (e.kind == launch::Event::Kind::End) {
        if (m_waiter.joinable())
            m_waiter.join();  // End is the waiter's last word: it has returned or is returning
        m_run.reset();
    }
    emit event(e);
}

}  // namespace traindeck::gui
