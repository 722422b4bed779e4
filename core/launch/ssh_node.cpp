// A node over SSH: core/ssh's session, its refusals as the run's access failures.

#include "node_session.h"

namespace traindeck::launch {

namespace {

class SshNode final : public NodeSession {
public:
    explicit SshNode(std::unique_ptr<ssh::Session> session) : session_(std::move(session)) {}

    Opened open() override {
        const ssh::Session::Opened o = session_->open();
        const FailureKind kind = o.ok || o.stopped ? FailureKind::None
                                 : o.refused      ? FailureKind::Access
                                                  : FailureKind::Preflight;
        return {o.ok, kind, o.why, o.stopped};
    }
    CommandResult run(const std::string& command) override { return session_->run(command); }
    bool start(const std::string& command, Text& why) override { return session_->start(command, why); }
    Pumped pump(std::string& out, std::string& err, int waitMs) override { return session_->pump(out, err, waitMs); }
    void write(const std::string& input) override { session_->write(input); }
    int exitStatus() const override { return session_->exitStatus(); }
    Text lostReason() const override { return session_->lostReason(); }

private:
    std::unique_ptr<ssh::Session> session_;
};

}  // namespace

std::unique_ptr<NodeSession> makeSshSession(int node, const std::string& host, const ssh::Settings& settings) {
    return std::make_unique<SshNode>(ssh::makeSession(node, host, settings));
}

}  // namespace traindeck::launch
