// The node on this machine: the same commands as over SSH, run by /bin/sh with
// fork/exec and pipes, so a 1×N plan launches, streams, stops and fails exactly
// as a remote node does.

#include "node_session.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

namespace traindeck::launch {

namespace {

struct Child {
    pid_t pid = -1;
    int in = -1, out = -1, err = -1;
};

// Starts `sh -c command` with its three standard streams on pipes.
bool spawn(const std::string& command, Child& c, Text& why) {
    int in[2], out[2], err[2];
    if (pipe2(in, O_CLOEXEC) || pipe2(out, O_CLOEXEC) || pipe2(err, O_CLOEXEC)) {
        why = Text::value(std::strerror(errno));
        return false;
    }
    const pid_t pid = fork();
    if (pid < 0) {
        why = Text::value(std::strerror(errno));
        return false;
    }
    if (pid == 0) {
        // A process group of its own: a Ctrl-C at the terminal reaches the launcher
        // only, which stops the node through its supervisor (term, then kill).
        setpgid(0, 0);
        dup2(in[0], 0);
        dup2(out[1], 1);
        dup2(err[1], 2);
        // The launcher may ignore SIGPIPE or block signals; the node starts clean.
        signal(SIGPIPE, SIG_DFL);
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, nullptr);
        execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    close(err[1]);
    c = {pid, in[1], out[0], err[0]};
    return true;
}

int statusOf(int wstatus) {
    if (WIFEXITED(wstatus)) return WEXITSTATUS(wstatus);
    if (WIFSIGNALED(wstatus)) return 128 + WTERMSIG(wstatus);
    return -1;
}

// Reads what is there; returns false at end of stream.
bool drain(int& fd, std::string& into) {
    char buf[16384];
    const ssize_t n = read(fd, buf, sizeof buf);
    if (n > 0) {
        into.append(buf, size_t(n));
        return true;
    }
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) return true;
    close(fd);
    fd = -1;
    return false;
}

class LocalSession final : public NodeSession {
public:
    ~LocalSession() override {
        for (int fd : {child_.in, child_.out, child_.err})
            if (fd >= 0) close(fd);
        if (child_.pid > 0 && status_ < 0) waitpid(child_.pid, nullptr, 0);
    }

    Opened open() override { return {true, FailureKind::None, {}}; }

    CommandResult run(const std::string& command) override {
        CommandResult r;
        Child c;
        if (!spawn(command, c, r.error)) return r;
        close(c.in);
        while (c.out >= 0 || c.err >= 0) {
            pollfd fds[2] = {{c.out, POLLIN, 0}, {c.err, POLLIN, 0}};
            poll(fds, 2, -1);
            if (c.out >= 0 && fds[0].revents) drain(c.out, r.out);
            if (c.err >= 0 && fds[1].revents) drain(c.err, r.err);
        }
        int wstatus = 0;
        while (waitpid(c.pid, &wstatus, 0) < 0 && errno == EINTR) {
        }
        r.status = statusOf(wstatus);
        return r;
    }

    bool start(const std::string& command, Text& why) override { return spawn(command, child_, why); }

    Pumped pump(std::string& out, std::string& err, int waitMs) override {
        if (child_.out < 0 && child_.err < 0) {
            int wstatus = 0;
            while (waitpid(child_.pid, &wstatus, 0) < 0 && errno == EINTR) {
            }
            status_ = statusOf(wstatus);
            return Pumped::Ended;
        }
        pollfd fds[2] = {{child_.out, POLLIN, 0}, {child_.err, POLLIN, 0}};
        if (poll(fds, 2, waitMs) <= 0) return Pumped::Idle;
        const std::size_t before = out.size() + err.size();
        if (child_.out >= 0 && fds[0].revents) drain(child_.out, out);
        if (child_.err >= 0 && fds[1].revents) drain(child_.err, err);
        return out.size() + err.size() > before ? Pumped::Data : Pumped::Idle;
    }

    void write(const std::string& input) override {
        if (child_.in >= 0 && ::write(child_.in, input.data(), input.size()) < 0) {
            // The node has gone: its stdin is closed, nothing to tell it.
        }
    }
    int exitStatus() const override { return status_; }
    Text lostReason() const override { return {}; }

private:
    Child child_;
    int status_ = -1;
};

}  // namespace

std::unique_ptr<NodeSession> makeLocalSession() { return std::make_unique<LocalSession>(); }

}  // namespace traindeck::launch
