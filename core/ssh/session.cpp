// An SSH connection with libssh (session.h says what it checks and why).

#include "ssh/session.h"

#include "hosts/host_address.h"

#include <libssh/libssh.h>
#include <libssh/server.h>  // ssh_send_keepalive, which clients may use too

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <memory>
#include <poll.h>
#include <thread>

namespace traindeck::ssh {

namespace {

std::string fingerprintOf(ssh_key key) {
    unsigned char* hash = nullptr;
    size_t len = 0;
    if (ssh_get_publickey_hash(key, SSH_PUBLICKEY_HASH_SHA256, &hash, &len) != SSH_OK) return "?";
    char* text = ssh_get_fingerprint_hash(SSH_PUBLICKEY_HASH_SHA256, hash, len);
    std::string out = text ? text : "?";
    ssh_string_free_char(text);
    ssh_clean_pubkey_hash(&hash);
    return out;
}

class SshSession final : public Session {
public:
    SshSession(int node, std::string host, Settings settings)
        : node_(node), hostText_(std::move(host)), settings_(std::move(settings)) {}
    ~SshSession() override {
        if (channel_) {
            ssh_channel_close(channel_);
            ssh_channel_free(channel_);
        }
        if (session_) {
            ssh_disconnect(session_);
            ssh_free(session_);
        }
    }

    Opened open() override {
        const auto address = hosts::parseHostAddress(hostText_);
        if (!address)
            return fail(false,
                        Text(TD_TEXT("Ssh", "'%1' is not [user@]host[:port]"), {Text::value(hostText_)}));
        session_ = ssh_new();
        if (!session_) return fail(false, Text(TD_TEXT("Ssh", "libssh could not make a session")));
        ssh_options_set(session_, SSH_OPTIONS_HOST, address->host.c_str());
        // The configuration first (Host aliases, HostName, User, Port, IdentityFile,
        // ProxyJump); what the user wrote on the command line wins over it.
        ssh_options_parse_config(session_, settings_.configFile.empty() ? nullptr : settings_.configFile.c_str());
        if (!address->user.empty()) ssh_options_set(session_, SSH_OPTIONS_USER, address->user.c_str());
        if (address->port) {
            const unsigned port = unsigned(address->port);
            ssh_options_set(session_, SSH_OPTIONS_PORT, &port);
        }
        if (!settings_.knownHostsFile.empty())
            ssh_options_set(session_, SSH_OPTIONS_KNOWNHOSTS, settings_.knownHostsFile.c_str());
        const long timeout = settings_.connectTimeoutS;
        ssh_options_set(session_, SSH_OPTIONS_TIMEOUT, &timeout);
        ssh_set_counters(session_, nullptr, &received_);
        Text error;
        switch (connect(error)) {
        case Connected::Stopped:
            return {false, false, {}, true};
        case Connected::Failed:
            return fail(false,
                        Text(TD_TEXT("Ssh", "cannot connect to %1: %2"), {Text::value(hostText_), error}));
        case Connected::Ok:
            break;
        }
        if (Opened checked = checkHostKey(); !checked.ok) return checked;
        return authenticate();
    }

    CommandResult run(const std::string& command) override {
        CommandResult r;
        ssh_channel ch = ssh_channel_new(session_);
        if (!ch || ssh_channel_open_session(ch) != SSH_OK || ssh_channel_request_exec(ch, command.c_str()) != SSH_OK) {
            r.error = Text::value(ssh_get_error(session_));
            if (ch) ssh_channel_free(ch);
            return r;
        }
        for (;;) {
            const Pumped p = pumpChannel(ch, r.out, r.err, 100);
            if (p == Pumped::Lost) {
                r.error = lost_;
                ssh_channel_free(ch);
                return r;
            }
            if (p == Pumped::Ended) break;
        }
        r.status = ssh_channel_get_exit_status(ch);
        ssh_channel_free(ch);
        return r;
    }

    bool start(const std::string& command, Text& why) override {
        channel_ = ssh_channel_new(session_);
        if (!channel_ || ssh_channel_open_session(channel_) != SSH_OK ||
            ssh_channel_request_exec(channel_, command.c_str()) != SSH_OK) {
            why = Text::value(ssh_get_error(session_));
            return false;
        }
        return true;
    }

    Pumped pump(std::string& out, std::string& err, int waitMs) override {
        const Pumped p = pumpChannel(channel_, out, err, waitMs);
        if (p == Pumped::Ended) status_ = ssh_channel_get_exit_status(channel_);
        return p;
    }

    void write(const std::string& input) override {
        if (channel_) ssh_channel_write(channel_, input.data(), uint32_t(input.size()));
    }
    int exitStatus() const override { return status_; }
    Text lostReason() const override { return lost_; }
    ssh_session_struct* libsshSession() override { return session_; }

private:
    using Clock = std::chrono::steady_clock;

    Opened fail(bool refused, Text why) { return {false, refused, std::move(why)}; }

    // A libssh call in its non-blocking mode, called again until it is done, so
    // that a stop is heard within a few tens of milliseconds: a host that drops
    // the SYN, never sends its banner or stalls the authentication (a hung
    // AuthorizedKeysCommand, an LDAP lookup) would hold a blocking call for the
    // whole timeout. `again` is what the call returns while it waits for the
    // node; `rc` is its last answer. Back in blocking mode after.
    enum class Waited { Done, Stopped, TimedOut };
    template <class Call>
    Waited untilDone(Call call, int again, int& rc) {
        const auto deadline = Clock::now() + std::chrono::seconds(timeoutS());
        Waited waited = Waited::Done;
        ssh_set_blocking(session_, 0);
        for (;;) {
            rc = call();
            if (rc != again) break;
            if (settings_.stopRequested && settings_.stopRequested()) {
                waited = Waited::Stopped;
                break;
            }
            if (Clock::now() >= deadline) {
                waited = Waited::TimedOut;
                break;
            }
            // Until the node sends something (a call handles what came and writes
            // what it can), or a short while: the TCP connect completing is no input.
            pollfd p{ssh_get_fd(session_), POLLIN, 0};
            if (p.fd < 0 || ::poll(&p, 1, 20) < 0) std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
        ssh_set_blocking(session_, 1);
        return waited;
    }
    int timeoutS() const { return settings_.connectTimeoutS > 0 ? settings_.connectTimeoutS : 10; }  // libssh's default
    Text noAnswer() const {
        return Text(TD_TEXT("Ssh", "no answer within %1 s"), {Text::value(std::to_string(timeoutS()))});
    }

    // ssh_connect: the TCP connect, the banners and the key exchange.
    enum class Connected { Ok, Failed, Stopped };
    Connected connect(Text& error) {
        int rc = SSH_ERROR;
        switch (untilDone([&] { return ssh_connect(session_); }, SSH_AGAIN, rc)) {
        case Waited::Stopped:
            return Connected::Stopped;
        case Waited::TimedOut:
            error = noAnswer();
            return Connected::Failed;
        case Waited::Done:
            break;
        }
        if (rc == SSH_OK) return Connected::Ok;
        error = Text::value(ssh_get_error(session_));
        return Connected::Failed;
    }

    Pumped lost() {
        lost_ = Text(TD_TEXT("Ssh", "the connection to %1 was lost: %2"),
                     {Text::value(hostText_), Text::value(ssh_get_error(session_))});
        return Pumped::Lost;
    }

    // Reads what the channel has, waits up to `waitMs` for more, and keeps the
    // connection's liveness checked.
    Pumped pumpChannel(ssh_channel ch, std::string& out, std::string& err, int waitMs) {
        char buf[16384];
        bool any = false;
        for (int stream : {0, 1}) {
            for (;;) {
                const int n = ssh_channel_read_nonblocking(ch, buf, sizeof buf, stream);
                if (n == SSH_ERROR) return lost();
                if (n <= 0) break;
                (stream ? err : out).append(buf, size_t(n));
                any = true;
            }
        }
        if (!keepalive()) return Pumped::Lost;
        if (any) return Pumped::Data;
        if (ssh_channel_is_eof(ch) || ssh_channel_is_closed(ch)) {
            ssh_channel_close(ch);
            return Pumped::Ended;
        }
        if (ssh_channel_poll_timeout(ch, waitMs, 0) == SSH_ERROR) return lost();
        return Pumped::Idle;
    }

    static std::string number(double v) {
        char text[32];
        std::snprintf(text, sizeof text, "%g", v);
        return text;
    }

    // OpenSSH's ServerAlive: after each interval in which the node sent nothing,
    // a keepalive@openssh.com request, which a server must answer (RFC 4254 §4:
    // want_reply; OpenSSH answers REQUEST_FAILURE). Any packet from the node
    // counts as an answer (libssh's packet counter); `keepaliveCountMax`
    // intervals in a row without one: the connection is lost.
    bool keepalive() {
        if (settings_.keepaliveIntervalS <= 0) return true;
        const auto now = Clock::now();
        if (now - lastCheck_ < std::chrono::duration<double>(settings_.keepaliveIntervalS)) return true;
        lastCheck_ = now;
        if (received_.in_packets != packetsSeen_) {
            packetsSeen_ = received_.in_packets;
            unanswered_ = 0;
        } else if (++unanswered_ >= std::max(1, settings_.keepaliveCountMax)) {
            lost_ = Text(TD_TEXT("Ssh", "no answer from %1 for %2 s (SSH keepalive every %3 s): the host, its "
                                           "sshd or the network is not responding"),
                         {Text::value(hostText_), Text::value(number(settings_.keepaliveIntervalS * unanswered_)),
                          Text::value(number(settings_.keepaliveIntervalS))});
            return false;
        }
        // Non-blocking: libssh would otherwise wait for the answer. The first call
        // finishes an answered request, the second sends the next one; while one
        // is still unanswered neither sends another.
        ssh_set_blocking(session_, 0);
        ssh_send_keepalive(session_);
        ssh_send_keepalive(session_);
        ssh_set_blocking(session_, 1);
        return true;
    }

    // The fingerprints known_hosts holds for this host. libssh hands back an entry
    // only when the key matches, so for a changed key the file is read here.
    std::string recordedFingerprints() {
        std::string file = settings_.knownHostsFile;
        if (file.empty()) {
            char* path = nullptr;
            if (ssh_options_get(session_, SSH_OPTIONS_KNOWNHOSTS, &path) == SSH_OK && path) {
                file = path;
                ssh_string_free_char(path);
            }
        }
        char* host = nullptr;
        unsigned int port = 22;
        if (ssh_options_get(session_, SSH_OPTIONS_HOST, &host) != SSH_OK || !host) return "?";
        std::string hostPort = host;
        ssh_string_free_char(host);
        ssh_options_get_port(session_, &port);
        if (port != 22) hostPort = "[" + hostPort + "]:" + std::to_string(port);
        std::ifstream in(file);
        std::string found;
        for (std::string line; std::getline(in, line);) {
            if (line.empty() || line[0] == '#') continue;
            ssh_knownhosts_entry* entry = nullptr;
            if (ssh_known_hosts_parse_line(hostPort.c_str(), line.c_str(), &entry) == SSH_OK && entry) {
                if (entry->publickey) {
                    const std::string fp = fingerprintOf(entry->publickey);
                    if (found.find(fp) == std::string::npos) found += (found.empty() ? "" : ", ") + fp;
                }
                ssh_knownhosts_entry_free(entry);
            }
        }
        return found.empty() ? std::string("?") : found;
    }

    Opened checkHostKey() {
        ssh_key key = nullptr;
        if (ssh_get_server_publickey(session_, &key) != SSH_OK)
            return fail(true, Text(TD_TEXT("Ssh", "%1 sent no host key"), {Text::value(hostText_)}));
        const std::string fingerprint = fingerprintOf(key);
        const std::string type = ssh_key_type_to_char(ssh_key_type(key));
        ssh_key_free(key);
        switch (ssh_session_is_known_server(session_)) {
        case SSH_KNOWN_HOSTS_OK:
            return {true, false, {}};
        case SSH_KNOWN_HOSTS_CHANGED:
        case SSH_KNOWN_HOSTS_OTHER: {
            const std::string recorded = recordedFingerprints();
            return fail(true,
                        Text(TD_TEXT("Ssh", "THE HOST KEY OF %1 HAS CHANGED: known_hosts has %2, the server "
                                               "sent %3 (%4). Someone may be intercepting the connection, or "
                                               "the host was reinstalled: check with its administrator, then "
                                               "remove the old key (ssh-keygen -R). Nothing was started."),
                             {Text::value(hostText_), Text::value(recorded), Text::value(fingerprint),
                              Text::value(type)}));
        }
        case SSH_KNOWN_HOSTS_UNKNOWN:
        case SSH_KNOWN_HOSTS_NOT_FOUND: {
            const HostKeyQuestion q{node_, hostText_, fingerprint, type};
            const bool accepted = settings_.acceptNewHostKeys || (settings_.askHostKey && settings_.askHostKey(q));
            if (!accepted)
                return fail(true,
                            Text(TD_TEXT("Ssh", "the host key of %1 is unknown (%2 %3): accept it with "
                                                   "--accept-new-host-keys after checking the fingerprint"),
                                 {Text::value(hostText_), Text::value(type), Text::value(fingerprint)}));
            if (ssh_session_update_known_hosts(session_) != SSH_OK)
                return fail(true, Text(TD_TEXT("Ssh", "cannot record the host key of %1: %2"),
                                                      {Text::value(hostText_), Text::value(ssh_get_error(session_))}));
            return {true, false, {}};
        }
        case SSH_KNOWN_HOSTS_ERROR:
        default:
            return fail(true, Text(TD_TEXT("Ssh", "cannot check the host key of %1: %2"),
                                                  {Text::value(hostText_), Text::value(ssh_get_error(session_))}));
        }
    }

    // The identity file first when given, then the agent and the configuration's
    // keys; each attempt can be stopped and times out as the connect does.
    Opened authenticate() {
        int rc = SSH_AUTH_ERROR;
        Waited waited = Waited::Done;
        if (!settings_.identityFile.empty()) {
            ssh_key key = nullptr;
            if (ssh_pki_import_privkey_file(settings_.identityFile.c_str(), nullptr, nullptr, nullptr, &key) != SSH_OK)
                return fail(true, Text(TD_TEXT("Ssh", "cannot read the identity file %1"),
                                                      {Text::value(settings_.identityFile)}));
            waited = untilDone([&] { return ssh_userauth_publickey(session_, nullptr, key); }, SSH_AUTH_AGAIN, rc);
            ssh_key_free(key);
        }
        if (waited == Waited::Done && rc != SSH_AUTH_SUCCESS)
            waited = untilDone([&] { return ssh_userauth_publickey_auto(session_, nullptr, nullptr); }, SSH_AUTH_AGAIN, rc);
        if (waited == Waited::Stopped) return {false, false, {}, true};
        if (waited == Waited::TimedOut)
            return fail(false, Text(TD_TEXT("Ssh", "authentication on %1: %2"),
                                                  {Text::value(hostText_), noAnswer()}));
        if (rc == SSH_AUTH_SUCCESS) return {true, false, {}};
        char* user = nullptr;
        ssh_options_get(session_, SSH_OPTIONS_USER, &user);
        const std::string who = user ? user : "?";
        ssh_string_free_char(user);
        return fail(true,
                    Text(TD_TEXT("Ssh", "authentication as %1 on %2 failed: the server accepted none of the "
                                           "keys tried (--identity, the agent, the ssh configuration's)"),
                         {Text::value(who), Text::value(hostText_)}));
    }

    int node_;
    std::string hostText_;
    Settings settings_;
    ssh_session session_ = nullptr;
    ssh_channel channel_ = nullptr;
    int status_ = -1;
    Text lost_;
    ssh_counter_struct received_{};  // libssh counts the packets it receives here
    std::uint64_t packetsSeen_ = 0;
    int unanswered_ = 0;
    Clock::time_point lastCheck_ = Clock::now();
};

}  // namespace

std::unique_ptr<Session> makeSession(int node, const std::string& host, const Settings& settings) {
    return std::make_unique<SshSession>(node, host, settings);
}

}  // namespace traindeck::ssh
