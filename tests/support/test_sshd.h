#pragma once
// A real OpenSSH sshd on loopback for the launch tests: 127.0.0.1 and 127.0.0.2
// stand for two hosts, with the sshd's own host key, an authorized user key, an
// empty ssh config and a HOME of the test's own, and a node PATH holding traindeck-trainer
// (TRAINER_BINARY) and a stub nvidia-smi that reports the node's GPUs.

#include <QtTest>

#include "test_files.h"

#include <arpa/inet.h>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <netinet/in.h>
#include <pwd.h>
#include <sys/socket.h>
#include <unistd.h>

#ifndef TRAINER_BINARY
#error "define TRAINER_BINARY: the trainer the sshd's nodes run"
#endif

namespace test_sshd {


// A port for a server the test starts later (an sshd, a trainer's rendezvous), kept
// bound here until the test process ends: bind(0) and connect() elsewhere on this
// machine are never given it meanwhile (a port closed at once was, now and then, taken
// by another test beside this one before its server bound it). The socket is bound with
// SO_REUSEADDR and never listens, so a server that binds with SO_REUSEADDR too (sshd,
// traindeck-trainer) can, and a connection to it is refused until one does (the
// launcher's check of the master port reads it as free).
inline int freePort() {
    const int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    const int one = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_ANY);
    socklen_t len = sizeof a;
    if (fd < 0 || bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 ||
        getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) != 0)
        qFatal("freePort: cannot bind a port: %s", strerror(errno));
    return ntohs(a.sin_port);  // fd stays open, on purpose, until the process exits
}

inline bool canConnect(const char* ip, int port) {
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(quint16(port));
    inet_aton(ip, &a.sin_addr);
    const bool ok = ::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0;
    close(fd);
    return ok;
}

using test_files::readFile;
using test_files::writeFile;

inline QString userName() { return QString::fromLocal8Bit(getpwuid(getuid())->pw_name); }

inline int keygen(const QStringList& args) { return QProcess::execute("ssh-keygen", args); }

// One sshd serving 127.0.0.1 and 127.0.0.2 on one port, its node PATH holding
// traindeck-trainer and a stub nvidia-smi that reports `gpus` GPUs.
struct Sshd {
    QTemporaryDir dir;
    QProcess process;
    int port = 0;
    QString why;  // why it did not start
    QByteArray extraConfig;  // sshd_config lines of a test's own, set before start()

    QString path(const QString& name) const { return dir.filePath(name); }

    bool start(int gpus = 1) {
        QDir().mkpath(path("bin"));
        // The nodes' shells get a home of the test's own: the user's ~/.bashrc (a pyenv or
        // conda init takes seconds on a loaded machine) is not the launcher's to test.
        // The working directory stays the user's home (sshd's chdir is from passwd).
        QDir().mkpath(path("home"));
        QFile::link(TRAINER_BINARY, path("bin/traindeck-trainer"));
        // The GPU check hangs while the file slow-nvidia-smi exists (a wedged driver);
        // a test's own nvidia-smi-hook, where it exists, runs first (and may answer).
        QByteArray smi = "#!/bin/sh\n[ -e " + path("slow-nvidia-smi").toUtf8() + " ] && sleep 120\n"
                         "[ -e " + path("nvidia-smi-hook").toUtf8() + " ] && . " + path("nvidia-smi-hook").toUtf8() + "\n";
        for (int i = 0; i < gpus; ++i) smi += "echo 'GPU " + QByteArray::number(i) + ": Stub GPU (UUID: GPU-" + QByteArray::number(i) + ")'\n";
        writeFile(path("bin/nvidia-smi"), smi, true);
        if (keygen({"-q", "-t", "ed25519", "-N", "", "-f", path("host_key")}) != 0 ||
            keygen({"-q", "-t", "ed25519", "-N", "", "-f", path("user_key")}) != 0 ||
            keygen({"-q", "-t", "ed25519", "-N", "", "-f", path("other_key")}) != 0) {
            why = "ssh-keygen failed";
            return false;
        }
        QFile::copy(path("user_key.pub"), path("authorized_keys"));
        writeFile(path("ssh_config"), "");  // the test's own, empty: nothing of the user's
        if (!QFileInfo::exists("/usr/sbin/sshd")) {
            why = "/usr/sbin/sshd is not installed (openssh-server)";
            return false;
        }
        if (getuid() == 0) QDir().mkpath("/run/sshd");  // sshd's privilege separation directory
        // freePort keeps the port from bind(0) and connect() elsewhere, not from a server
        // that binds a number of its own choosing: where one holds ours, another port.
        for (int attempt = 1; attempt <= 5; ++attempt) {
            port = freePort();
            if (listen()) return true;
            if (!why.contains("Address already in use")) return false;
        }
        return false;
    }
    // Starts sshd on `port`; true once it answers on both addresses. Its log goes to
    // sshd.log: the only place where it says that a port was taken (an address it
    // cannot bind is skipped, and the other still answers).
    bool listen() {
        const QByteArray config =
            "Port " + QByteArray::number(port) + "\nListenAddress 127.0.0.1\nListenAddress 127.0.0.2\n"
            "HostKey " + path("host_key").toUtf8() + "\nPidFile " + path("sshd.pid").toUtf8() +
            "\nAuthorizedKeysFile " + path("authorized_keys").toUtf8() +
            "\nStrictModes no\nUsePAM no\nPasswordAuthentication no\nKbdInteractiveAuthentication no\n"
            "PubkeyAuthentication yes\nPermitRootLogin prohibit-password\nLogLevel ERROR\nMaxStartups 64\n"
            "Subsystem sftp internal-sftp\n"  // as every distribution's sshd_config has it (remote watching)
            "SetEnv PATH=" + path("bin").toUtf8() + ":/usr/local/bin:/usr/bin:/bin HOME=" + path("home").toUtf8() +
            " TRAINDECK_TEST_TAG=" +
            QFileInfo(dir.path()).fileName().toUtf8() + "\n" + extraConfig;
        writeFile(path("sshd_config"), config);
        QFile::remove(path("sshd.log"));
        process.setProcessChannelMode(QProcess::ForwardedErrorChannel);  // what it says before its log opens
        process.start("/usr/sbin/sshd", {"-D", "-E", path("sshd.log"), "-f", path("sshd_config")});
        bool answers = false;
        for (int i = 0; i < 100; ++i) {
            answers = canConnect("127.0.0.1", port) && canConnect("127.0.0.2", port);
            if (answers || process.state() == QProcess::NotRunning) break;
            QThread::msleep(50);
        }
        const QByteArray log = readFile(path("sshd.log"));
        if (answers && !log.contains("Address already in use")) return true;
        why = "sshd did not start on port " + QString::number(port) + ": " + QString::fromLocal8Bit(log);
        stop();
        return false;
    }
    void stop() {
        if (process.state() != QProcess::NotRunning) {
            process.terminate();
            process.waitForFinished(3000);
        }
    }
    ~Sshd() { stop(); }
    // known_hosts lines for both addresses, as ssh writes them for a non-default port.
    void trustHostKey(const QString& knownHosts, const QString& keyFile) const {
        const QByteArray key = readFile(keyFile).trimmed();
        QByteArray lines;
        for (const char* ip : {"127.0.0.1", "127.0.0.2"})
            lines += "[" + QByteArray(ip) + "]:" + QByteArray::number(port) + " " + key + "\n";
        writeFile(knownHosts, lines);
    }
    QByteArray tag() const { return "TRAINDECK_TEST_TAG=" + QFileInfo(dir.path()).fileName().toUtf8(); }
    // The processes started through this sshd that are still there (found by this
    // sshd's tag in their environment; zombies have ended and do not count).
    QList<int> processesLeft() const {
        QList<int> left;
        for (const QString& pid : QDir("/proc").entryList(QDir::Dirs)) {
            if (pid.toInt() <= 0) continue;
            const QByteArray stat = readFile("/proc/" + pid + "/stat");
            const int close = stat.lastIndexOf(')');
            if (close < 0 || stat.mid(close + 2, 1) == "Z") continue;
            if (readFile("/proc/" + pid + "/environ").split('\0').contains(tag())) left << pid.toInt();
        }
        return left;
    }
    // "pid: command line" of each process, for a failure's message.
    static QString describe(const QList<int>& pids) {
        QStringList lines;
        for (int pid : pids)
            lines << QString::number(pid) + ": " +
                         QString::fromUtf8(readFile("/proc/" + QString::number(pid) + "/cmdline").replace('\0', ' '));
        return lines.join('\n');
    }
    // `signal` to node `nodeRank`'s trainer processes started through this sshd (found by
    // this sshd's tag and NODE_RANK in their environment); how many got it.
    int signalTrainers(int nodeRank, int signal) const {
        const QByteArray rank = "NODE_RANK=" + QByteArray::number(nodeRank);
        int hit = 0;
        for (const QString& pid : QDir("/proc").entryList(QDir::Dirs)) {
            if (readFile("/proc/" + pid + "/comm").trimmed() != "traindeck-train") continue;
            const QList<QByteArray> env = readFile("/proc/" + pid + "/environ").split('\0');
            if (env.contains(tag()) && env.contains(rank)) hit += ::kill(pid.toInt(), signal) == 0;
        }
        return hit;
    }
    int killTrainers(int nodeRank) const { return signalTrainers(nodeRank, SIGKILL); }
    // The sshd process that serves node `node`'s running part (the parent of its
    // supervise.sh): stopping it freezes that node's connection. 0: none.
    int sessionProcess(int node) const {
        const QByteArray script = "node-" + QByteArray::number(node) + ".sh";
        for (const QString& pid : QDir("/proc").entryList(QDir::Dirs)) {
            const QList<QByteArray> args = readFile("/proc/" + pid + "/cmdline").split('\0');
            if (args.size() < 3 || !args[1].endsWith("supervise.sh") || args[2] != script) continue;
            if (!readFile("/proc/" + pid + "/environ").split('\0').contains(tag())) continue;
            const QByteArray stat = readFile("/proc/" + pid + "/stat");
            const QList<QByteArray> fields = stat.mid(stat.lastIndexOf(')') + 2).split(' ');
            const int parent = fields.size() > 1 ? fields[1].toInt() : 0;
            if (readFile("/proc/" + QByteArray::number(parent) + "/comm").trimmed() == "sshd") return parent;
        }
        return 0;
    }
    QString hosts(int nodes) const {
        QStringList h;
        for (int i = 0; i < nodes; ++i) h << QString("%1@127.0.0.%2:%3").arg(userName()).arg(i + 1).arg(port);
        return h.join(',');
    }
};

}  // namespace test_sshd
