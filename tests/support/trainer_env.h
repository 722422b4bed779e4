#pragma once
// The environment of a traindeck-trainer started by a test: its own rendezvous
// port (a free one the kernel picks), so that tests running in parallel under
// ctest never meet on the default 29500.

#include <QProcessEnvironment>

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

inline int freeTcpPort() {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = 0;
    socklen_t len = sizeof a;
    int port = 0;
    if (fd >= 0 && ::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0 &&
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) == 0)
        port = ntohs(a.sin_port);
    if (fd >= 0)
        ::close(fd);
    return port;
}

inline QProcessEnvironment trainerEnvironment() {
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("MASTER_ADDR"), QStringLiteral("127.0.0.1"));
    env.insert(QStringLiteral("MASTER_PORT"), QString::number(freeTcpPort()));
    return env;
}
