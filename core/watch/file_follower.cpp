#include "watch/file_follower.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace traindeck::watch {

FileFollower::FileFollower(std::string path) : path_(std::move(path)) {}

FileFollower::~FileFollower() {
    if (fd_ >= 0)
        ::close(fd_);
}

bool FileFollower::open() {
    fd_ = ::open(path_.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd_ < 0) {
        problem_ = std::strerror(errno);
        return false;
    }
    struct stat st {};
    ::fstat(fd_, &st);
    dev_ = st.st_dev;
    ino_ = st.st_ino;
    offset_ = 0;
    problem_.clear();
    return true;
}

FileFollower::Change FileFollower::read(std::string& out, std::size_t maxBytes) {
    out.clear();
    bool restarted = false;
    if (fd_ < 0) {
        if (!open())
            return errno == ENOENT ? Change::None : Change::Failed;
    } else {
        struct stat named {};
        if (::stat(path_.c_str(), &named) == 0 && (named.st_ino != ino_ || named.st_dev != dev_)) {
            // Replaced: finish nothing of the old file (its tail was read already), start the new one.
            ::close(fd_);
            fd_ = -1;
            if (!open())
                return Change::Failed;
            restarted = true;
        }
    }
    struct stat st {};
    if (::fstat(fd_, &st) != 0) {
        problem_ = std::strerror(errno);
        return Change::Failed;
    }
    if (std::size_t(st.st_size) < offset_) {
        offset_ = 0;  // truncated: the writer started over
        restarted = true;
    }
    const std::size_t available = std::size_t(st.st_size) - offset_;
    const std::size_t want = std::min(available, maxBytes);
    out.resize(want);
    std::size_t got = 0;
    while (got < want) {
        const ssize_t n = ::pread(fd_, out.data() + got, want - got, off_t(offset_ + got));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        got += std::size_t(n);
    }
    out.resize(got);
    offset_ += got;
    caughtUp_ = got == available;
    if (restarted)
        return Change::Restarted;
    return got > 0 ? Change::Grew : Change::None;
}

}  // namespace traindeck::watch
