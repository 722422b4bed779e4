#pragma once
// One SSH connection as TrainDeck makes it (libssh): the user's ~/.ssh/config, the
// host key checked against known_hosts (unknown: refused unless the user accepts it,
// then recorded; changed: always refused, with both fingerprints), then the agent and
// identity files. Nothing here can turn the check off. On the connection: commands
// run to their end, one long-running process with its three streams, and the libssh
// session itself for another protocol over the same login (SFTP).
//
// `traindeck launch` drives its nodes through it (core/launch) and the watch follows
// remote files over it (core/metrics), so both ask the same questions of the same
// host and neither depends on the other. A session is used from one thread only
// (libssh sessions are not shared).

#include "text/text.h"

#include <algorithm>
#include <functional>
#include <memory>
#include <string>

struct ssh_session_struct;  // libssh's session (libssh/libssh.h)

namespace traindeck::ssh {

struct CommandResult {
    int status = -1;  // exit status; -1: it could not run
    std::string out, err;
    Text error;  // why it could not run
};

// A host key ssh has not seen before: the user decides, then it is recorded.
struct HostKeyQuestion {
    int node = 0;             // which of the asker's connections asks (a launch's node index)
    std::string host;         // as given
    std::string fingerprint;  // SHA256:...
    std::string keyType;      // ssh-ed25519, ...
};

struct Settings {
    std::string identityFile;    // tried first when given; then the agent and the configuration's
    std::string knownHostsFile;  // empty: ~/.ssh/known_hosts
    std::string configFile;      // empty: ~/.ssh/config
    bool acceptNewHostKeys = false;
    // Asked (from the connection's thread) when a key is unknown and not accepted by the flag.
    std::function<bool(const HostKeyQuestion&)> askHostKey;
    int connectTimeoutS = 10;
    // Asked (from the connection's thread) while the connection is being made: true
    // gives it up at once (the user stopped), instead of after connectTimeoutS.
    std::function<bool()> stopRequested;
    // SSH-level keepalive (OpenSSH's ServerAliveInterval × ServerAliveCountMax):
    // a keepalive@openssh.com request after each interval in which the host sent
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

class Session {
public:
    virtual ~Session() = default;

    struct Opened {
        bool ok = false;
        // The host or the login said no (its key is unknown, changed or unreadable; no
        // identity was accepted): the user must act, trying again will not help.
        // Otherwise the host could not be reached or answered nothing in time.
        bool refused = false;
        Text why;
        bool stopped = false;  // given up because Settings::stopRequested said so: no failure
    };
    // Connects, checks the host key, authenticates.
    virtual Opened open() = 0;
    // Runs `command` with the login shell and waits for it (until it ends or the
    // connection is lost or silent).
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

    // The open, authenticated libssh session, for another protocol over the same
    // connection and the same host-key check (SFTP). Same thread rule as above.
    virtual ssh_session_struct* libsshSession() = 0;
};

// `host`: [user@]host[:port]; `node` is handed back in a HostKeyQuestion.
std::unique_ptr<Session> makeSession(int node, const std::string& host, const Settings& settings);

}  // namespace traindeck::ssh
