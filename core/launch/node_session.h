#pragma once
// One node as the run drives it: open (connect, host key, authenticate), run a
// command to its end, and start the node's long-running process with its
// stdout, stderr and stdin. SSH (libssh) and this machine (fork/exec)
// implement it, so pre-flight, start, stop and failure are the same code for both.
// A session is used from one thread only (libssh sessions are not shared).

#include "events.h"
#include "text/text.h"

#include <algorithm>
#include <functional>
#include <memory>
#include <string>

struct ssh_session_struct;  // libssh's session (libssh/libssh.h)

namespace traindeck::launch {

struct CommandResult {
    int status = -1;  // exit status; -1: it could not run
    std::string out, err;
    Text error;  // why it could not run
};

// A host key ssh has not seen before: the user decides, then it is recorded.
struct HostKeyQuestion {
    int node = 0;
    std::string host;         // as given
    std::string fingerprint;  // SHA256:...
    std::string keyType;      // ssh-ed25519, ...
};

struct SshSettings {
    std::string identityFile;    // tried first when given; then the agent and the configuration's
    std::string knownHostsFile;  // empty: ~/.ssh/known_hosts
    std::string configFile;      // empty: ~/.ssh/config
    bool acceptNewHostKeys = false;
    // Asked (from a node's thread) when a key is unknown and not accepted by the flag.
    std::function<bool(const HostKeyQuestion&)> askHostKey;
    int connectTimeoutS = 10;
    // Asked (from a node's thread) while the connection is being made: true gives
    // it up at once (the user stopped the run), instead of after connectTimeoutS.
    std::function<bool()> stopRequested;
    // SSH-level keepalive (OpenSSH's ServerAliveInterval × ServerAliveCountMax):
    // a keepalive@openssh.com request after each interval in which the node sent
    // nothing; the connection is lost when `keepaliveCountMax` in a row go
    // unanswered. The launcher's heartbeat to each node's supervisor uses the same
    // interval. 0: off.
    double keepaliveIntervalS = 5;
    int keepaliveCountMax = 3;
    // How long a connection may stay silent before it counts as lost: the
    // unanswered keepalives and one interval more. 0 with keepalive off.
    double silenceBoundS() const {
        return keepaliveIntervalS > 0 ? keepaliveIntervalS * (std::max(1, keepaliveCountMax) + 1) : 0;
    }
};

class NodeSession {
public:
    virtual ~NodeSession() = default;

    struct Opened {
        bool ok = false;
        FailureKind kind = FailureKind::None;  // Access or Preflight on failure
        Text why;
        bool stopped = false;  // given up because SshSettings::stopRequested said so: no failure
    };
    virtual Opened open() = 0;
    // Runs `command` with the node's shell (POSIX sh) and waits for it (over SSH:
    // until it ends or the connection is lost or silent).
    virtual CommandResult run(const std::string& command) = 0;

    // The long-running process: start, then pump until it ends.
    virtual bool start(const std::string& command, Text& why) = 0;
    enum class Pumped { Data, Idle, Ended, Lost };
    // Waits up to `waitMs` for output and appends what came. Ended: the process
    // exited (exitStatus()); Lost: the connection failed (lostReason()).
    virtual Pumped pump(std::string& out, std::string& err, int waitMs) = 0;
    virtual void write(const std::string& input) = 0;
    virtual int exitStatus() const = 0;
    virtual Text lostReason() const = 0;

    // The open, authenticated libssh session of an SSH node (nullptr for this
    // machine), for another protocol over the same connection and the same
    // host-key check: SFTP for watching remote files. Same thread rule as above.
    virtual ssh_session_struct* libsshSession() { return nullptr; }
};

std::unique_ptr<NodeSession> makeSshSession(int node, const std::string& host, const SshSettings& settings);
std::unique_ptr<NodeSession> makeLocalSession();

}  // namespace traindeck::launch
