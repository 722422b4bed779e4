#pragma once
// One node as the run drives it: open (connect, host key, authenticate), run a
// command to its end, and start the node's long-running process with its
// stdout, stderr and stdin. SSH (core/ssh's session) and this machine (fork/exec)
// implement it, so pre-flight, start, stop and failure are the same code for both.
// A session is used from one thread only (libssh sessions are not shared).

#include "events.h"
#include "ssh/session.h"
#include "text/text.h"

#include <memory>
#include <string>

namespace traindeck::launch {

using ssh::CommandResult;

class NodeSession {
public:
    virtual ~NodeSession() = default;

    struct Opened {
        bool ok = false;
        FailureKind kind = FailureKind::None;  // Access or Preflight on failure
        Text why;
        bool stopped = false;  // given up because ssh::Settings::stopRequested said so: no failure
    };
    virtual Opened open() = 0;
    // Runs `command` with the node's shell (POSIX sh) and waits for it (over SSH:
    // until it ends or the connection is lost or silent).
    virtual CommandResult run(const std::string& command) = 0;

    // The long-running process: start, then pump until it ends.
    virtual bool start(const std::string& command, Text& why) = 0;
    using Pumped = ssh::Session::Pumped;
    // Waits up to `waitMs` for output and appends what came. Ended: the process
    // exited (exitStatus()); Lost: the connection failed (lostReason()).
    virtual Pumped pump(std::string& out, std::string& err, int waitMs) = 0;
    virtual void write(const std::string& input) = 0;
    virtual int exitStatus() const = 0;
    virtual Text lostReason() const = 0;
};

// Node `node` over SSH: a host or login that says no is an access failure (the user
// must act), anything else a pre-flight failure.
std::unique_ptr<NodeSession> makeSshSession(int node, const std::string& host, const ssh::Settings& settings);
std::unique_ptr<NodeSession> makeLocalSession();

}  // namespace traindeck::launch
