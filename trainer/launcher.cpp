#include "launcher.h"

#include "process_env.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace traindeck::trainer {

namespace {

volatile sig_atomic_t g_forward = 0;  // a signal to pass on to the workers

void onSignal(int sig) { g_forward = sig; }

std::string describe(int status) {
    if (WIFEXITED(status)) return "exit code " + std::to_string(WEXITSTATUS(status));
    if (WIFSIGNALED(status)) return std::string("killed by signal ") + std::to_string(WTERMSIG(status)) + " (" +
                                    strsignal(WTERMSIG(status)) + ")";
    return "status " + std::to_string(status);
}

// The program the workers run: this one, by its path. Not /proc/self/exe: a
// process's name (comm: what ps, top, pgrep and pkill show and match) is the
// name of the file it was started from, and every worker would be called "exe",
// hidden from whoever looks for traindeck-trainer (a user stopping a hung job,
// a cluster's cleanup). /proc/self/exe only when the file at that path is no
// longer this program (replaced by an upgrade while the launcher ran).
std::string selfPath() {
    std::error_code ec;
    const std::filesystem::path path = std::filesystem::read_symlink("/proc/self/exe", ec);
    struct stat self{}, named{};
    if (!ec && ::stat("/proc/self/exe", &self) == 0 && ::stat(path.c_str(), &named) == 0 &&
        self.st_dev == named.st_dev && self.st_ino == named.st_ino)
        return path.string();
    return "/proc/self/exe";
}

}  // namespace

int runLauncher(const Options& o, char** argv) {
    const NodeEnv node = nodeEnv(o);  // UsageError → exit 2
    const int nproc = o.nprocPerNode, world = node.nodes * nproc;
    const char* addr = std::getenv("MASTER_ADDR");
    if (node.nodes > 1 && !(addr && *addr))
        throw UsageError("MASTER_ADDR is not set but the job spans " + std::to_string(node.nodes) + " nodes (" +
                         node.source + ")");
    const std::string masterAddr = addr && *addr ? addr : "127.0.0.1";
    const char* port = std::getenv("MASTER_PORT");
    const std::string masterPort = port && *port ? port : "29500";

    struct sigaction sa{};
    sa.sa_handler = onSignal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGTERM, &sa, nullptr);
    sigaction(SIGINT, &sa, nullptr);

    const std::string program = selfPath();
    std::vector<pid_t> pids(size_t(nproc), -1);
    for (int local = 0; local < nproc; ++local) {
        const pid_t pid = ::fork();
        if (pid < 0) throw std::runtime_error(std::string("cannot start a worker: ") + std::strerror(errno));
        if (pid == 0) {
            ::prctl(PR_SET_PDEATHSIG, SIGKILL);  // never outlive the launcher
            signal(SIGTERM, SIG_DFL);
            signal(SIGINT, SIG_IGN);  // a terminal's ^C reaches the launcher, which passes SIGTERM on
            const int rank = node.node * nproc + local;
            setenv("RANK", std::to_string(rank).c_str(), 1);
            setenv("LOCAL_RANK", std::to_string(local).c_str(), 1);
            setenv("WORLD_SIZE", std::to_string(world).c_str(), 1);
            setenv("LOCAL_WORLD_SIZE", std::to_string(nproc).c_str(), 1);
            setenv("TRAINDECK_NODE_RANK", std::to_string(node.node).c_str(), 1);
            setenv("MASTER_ADDR", masterAddr.c_str(), 1);
            setenv("MASTER_PORT", masterPort.c_str(), 1);
            setenv("TRAINDECK_WORKER", "1", 1);
            ::execv(program.c_str(), argv);
            std::fprintf(stderr, "traindeck-trainer: cannot start worker: %s\n", std::strerror(errno));
            ::_exit(127);
        }
        pids[size_t(local)] = pid;
    }

    int running = nproc, firstFailure = -1, firstCode = 1, interrupted = 0;
    bool forwarded = false;
    auto killDeadline = std::chrono::steady_clock::time_point::max();
    while (running > 0) {
        if (g_forward && !forwarded) {
            forwarded = true;
            for (pid_t p : pids)
                if (p > 0) ::kill(p, SIGTERM);
        }
        if (std::chrono::steady_clock::now() > killDeadline) {
            for (pid_t p : pids)
                if (p > 0) ::kill(p, SIGKILL);
            killDeadline = std::chrono::steady_clock::time_point::max();
        }
        int status = 0;
        const pid_t pid = ::waitpid(-1, &status, WNOHANG);
        if (pid <= 0) {
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
            continue;
        }
        int local = 0;
        while (local < nproc && pids[size_t(local)] != pid) ++local;
        if (local == nproc) continue;
        pids[size_t(local)] = -1;
        --running;
        const int rank = node.node * nproc + local;
        if (WIFEXITED(status) && WEXITSTATUS(status) == 0) continue;
        // Checkpointed after SIGTERM, or ended by it before training began.
        if ((WIFEXITED(status) && WEXITSTATUS(status) == 143) ||
            (forwarded && WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM)) {
            ++interrupted;
            continue;
        }
        if (firstFailure < 0) {
            firstFailure = rank;
            // A worker killed by a signal: 128 + the signal, as a shell says it, so whoever
            // started this node names the signal ("killed (SIGKILL)").
            firstCode = WIFEXITED(status) ? WEXITSTATUS(status) : WIFSIGNALED(status) ? 128 + WTERMSIG(status) : 1;
            std::fprintf(stderr, "traindeck-trainer: rank %d (local rank %d on node %d) failed: %s; stopping the other workers\n",
                         rank, local, node.node, describe(status).c_str());
            // The others notice through the watchdog and write their own error events.
            killDeadline = std::chrono::steady_clock::now() +
                           std::chrono::milliseconds(long(o.commTimeoutS * 1000) + 5000);
        }
    }
    if (firstFailure >= 0) {
        std::fprintf(stderr, "traindeck-trainer: node %d failed: rank %d failed first\n", node.node, firstFailure);
        // A bad configuration stays exit 2, a signal 128 + it; any other failure is 1.
        return firstCode == 2 || firstCode > 128 ? firstCode : 1;
    }
    return interrupted ? 143 : 0;
}

}  // namespace traindeck::trainer
