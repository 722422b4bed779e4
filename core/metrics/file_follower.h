#pragma once
// One file read as it grows, like `tail -F`: a file truncated (rewritten from the
// start) or replaced (a new file under the same name, as log rotation does) is
// read again from its beginning. Plain POSIX calls, polled: no thread, no wait.

#include <cstddef>
#include <string>
#include <sys/types.h>

namespace traindeck::metrics {

class FileFollower {
public:
    explicit FileFollower(std::string path);
    ~FileFollower();
    FileFollower(const FileFollower&) = delete;
    FileFollower& operator=(const FileFollower&) = delete;

    enum class Change {
        None,       // nothing new (or not there yet)
        Grew,       // `out` holds new bytes
        Restarted,  // truncated or replaced: read from the start again; `out` holds its first bytes
        Failed,     // cannot be read (problem() says why)
    };
    // Reads at most `maxBytes` new bytes into `out` (replacing its contents).
    Change read(std::string& out, std::size_t maxBytes);

    const std::string& path() const { return path_; }
    const std::string& problem() const { return problem_; }
    bool caughtUp() const { return caughtUp_; }  // the last read reached the end as it was then
    std::size_t offset() const { return offset_; }

private:
    bool open();

    std::string path_;
    int fd_ = -1;
    dev_t dev_ = 0;
    ino_t ino_ = 0;
    std::size_t offset_ = 0;
    bool caughtUp_ = false;
    std::string problem_;
};

}  // namespace traindeck::metrics
