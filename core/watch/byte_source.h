#pragma once
// The bytes of one followed file, wherever it is (this machine, a remote host
// over SSH, a command's output): polled, never waiting.

#include <cstddef>
#include <string>

namespace traindeck::watch {

class ByteSource {
public:
    virtual ~ByteSource() = default;

    enum class Change {
        None,       // nothing new (or not there yet)
        Grew,       // `out` holds new bytes
        Restarted,  // truncated or replaced: read from the start again; `out` holds its first bytes
        Failed,     // cannot be read (problem() says why)
    };
    // Reads at most `maxBytes` new bytes into `out` (replacing its contents).
    virtual Change read(std::string& out, std::size_t maxBytes) = 0;
    virtual bool caughtUp() const = 0;  // the last read reached the end as it was then
    // From the next read on, the file again from its first byte (as Grew, not
    // Restarted: the reader asked for it). False where it cannot be (a command's output).
    virtual bool rewind() { return false; }
    virtual std::string problem() const = 0;
};

}  // namespace traindeck::watch
