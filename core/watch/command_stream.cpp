#include "watch/command_stream.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace traindeck::watch {

std::pair<std::string_view, std::string_view> splitNodePrefix(std::string_view line) {
    // kubectl logs --prefix: "[pod/taehv-worker-0/pytorch] …"
    if (line.starts_with("[pod/")) {
        const std::size_t close = line.find("] ");
        if (close != std::string_view::npos && line.substr(0, close).find(' ') == std::string_view::npos) {
            std::string_view name = line.substr(5, close - 5);
            name = name.substr(0, name.find('/'));
            if (!name.empty())
                return {name, line.substr(close + 2)};
        }
    }
    // srun --label: "  3: …" (the task number, right-aligned)
    std::size_t i = 0;
    while (i < line.size() && line[i] == ' ')
        ++i;
    const std::size_t digits = i;
    while (i < line.size() && line[i] >= '0' && line[i] <= '9' && i - digits < 7)
        ++i;
    if (i > digits && line.substr(i).starts_with(": "))
        return {line.substr(digits, i - digits), line.substr(i + 2)};
    return {{}, line};
}

struct CommandStream::Queue {
    std::string bytes;
};

namespace {

class QueueReader final : public ByteSource {
public:
    explicit QueueReader(std::shared_ptr<std::string> bytes) : bytes_(std::move(bytes)) {}
    Change read(std::string& out, std::size_t maxBytes) override {
        const std::size_t n = std::min(maxBytes, bytes_->size());
        out.assign(*bytes_, 0, n);
        bytes_->erase(0, n);
        return n ? Change::Grew : Change::None;
    }
    bool caughtUp() const override { return bytes_->empty(); }
    std::string problem() const override { return {}; }

private:
    std::shared_ptr<std::string> bytes_;
};

}  // namespace

CommandStream::CommandStream(std::string command) : command_(std::move(command)) {}

CommandStream::~CommandStream() {
    if (pid_ > 0 && !exited_) {
        ::kill(-pid_, SIGTERM);
        int status;
        for (int i = 0; i < 50 && ::waitpid(pid_, &status, WNOHANG) == 0; ++i)
            ::usleep(20000);
        if (::waitpid(pid_, &status, WNOHANG) == 0) {
            ::kill(-pid_, SIGKILL);
            ::waitpid(pid_, &status, 0);
        }
    }
    if (fd_ >= 0)
        ::close(fd_);
}

bool CommandStream::start(Text& why) {
    int pipeFds[2];
    if (::pipe2(pipeFds, O_CLOEXEC) != 0) {
        why = Text::value(std::strerror(errno));
        return false;
    }
    pid_ = ::fork();
    if (pid_ < 0) {
        why = Text::value(std::strerror(errno));
        return false;
    }
    if (pid_ == 0) {
        ::setpgid(0, 0);
        ::dup2(pipeFds[1], STDOUT_FILENO);
        const int null = ::open("/dev/null", O_RDONLY);
        if (null >= 0)
            ::dup2(null, STDIN_FILENO);
        ::execl("/bin/sh", "sh", "-c", command_.c_str(), static_cast<char*>(nullptr));
        ::_exit(127);
    }
    ::setpgid(pid_, pid_);
    ::close(pipeFds[1]);
    fd_ = pipeFds[0];
    ::fcntl(fd_, F_SETFL, ::fcntl(fd_, F_GETFL) | O_NONBLOCK);
    return true;
}

bool CommandStream::pump(std::size_t maxBytes) {
    if (fd_ < 0)
        return false;
    char buf[65536];
    std::size_t taken = 0;
    bool eof = false;
    while (taken < maxBytes) {
        const ssize_t n = ::read(fd_, buf, std::min(sizeof buf, maxBytes - taken));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            eof = n == 0;
            break;
        }
        taken += std::size_t(n);
        partial_.append(buf, std::size_t(n));
        std::size_t start = 0;
        for (std::size_t nl; (nl = partial_.find('\n', start)) != std::string::npos; start = nl + 1)
            line(std::string_view(partial_).substr(start, nl - start));
        partial_.erase(0, start);
    }
    if (eof) {
        if (!partial_.empty())
            line(partial_);
        partial_.clear();
        ::close(fd_);
        fd_ = -1;
        int status = 0;
        ::waitpid(pid_, &status, 0);
        exited_ = true;
        status_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
        return false;
    }
    return true;
}

void CommandStream::line(std::string_view text) {
    const auto [node, rest] = splitNodePrefix(text);
    auto it = queues_.find(node);
    if (it == queues_.end()) {
        it = queues_.emplace(std::string(node), std::make_shared<Queue>()).first;
        order_.emplace_back(node);
    }
    it->second->bytes.append(rest);
    it->second->bytes += '\n';
}

std::unique_ptr<ByteSource> CommandStream::stream(const std::string& node) {
    auto it = queues_.find(node);
    if (it == queues_.end())
        return nullptr;
    // The reader shares the queue's bytes: an aliasing pointer into the queue.
    return std::make_unique<QueueReader>(std::shared_ptr<std::string>(it->second, &it->second->bytes));
}

}  // namespace traindeck::watch
