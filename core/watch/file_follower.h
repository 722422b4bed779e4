#pragma once
// One file read as it grows, like `tail -F`: a file truncated (rewritten from the
// start) or replaced (a new file under the same name, as log rotation does) is
// read again from its beginning. Plain POSIX calls, polled: no thread, no wait.

#include "watch/byte_source.h"

#include <cstddef>
#include <string>
#include <sys/types.h>

namespace traindeck::watch {

class FileFollower final : public ByteSource {
public:
    explicit FileFollower(std::string path);
    ~FileFollower() override;
    FileFollower(const FileFollower&) = delete;
    FileFollower& operator=(const FileFollower&) = delete;

    Change read(std::string& out, std::size_t maxBytes) override;
    bool rewind() override {
        offset_ = 0;
        caughtUp_ = false;
        return true;
    }

    const std::string& path() const { return path_; }
    std::string problem() const override { return problem_; }
    bool caughtUp() const override { return caughtUp_; }
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

}  // namespace traindeck::watch
