#pragma once
// A command whose output is a run's lines: `kubectl logs -f -l job-name=x
// --prefix`, `ssh login tail -F run.log`, a PAI or Slurm tool. Started with
// /bin/sh in a process group of its own (stopped with it), its standard output
// read without waiting. Lines that carry a node prefix are the node's:
//   kubectl --prefix:  "[pod/NAME/CONTAINER] line"   → node NAME
//   srun --label:      "  3: line"                  → node "3"
// and each node's lines are a stream of their own (its partial last line, its
// own Hugging Face step count), all feeding one run.

#include "watch/byte_source.h"
#include "text/text.h"

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <sys/types.h>
#include <utility>
#include <vector>

namespace traindeck::watch {

// The node a line names by its prefix, and the line without it; node "" when none.
std::pair<std::string_view, std::string_view> splitNodePrefix(std::string_view line);

class CommandStream {
public:
    explicit CommandStream(std::string command);
    ~CommandStream();
    CommandStream(const CommandStream&) = delete;
    CommandStream& operator=(const CommandStream&) = delete;

    bool start(Text& why);
    // Takes what the command wrote since, at most `maxBytes`; true while it may write more.
    bool pump(std::size_t maxBytes);
    bool exited() const { return exited_; }
    int exitStatus() const { return status_; }  // 128 + N: killed by signal N
    const std::string& command() const { return command_; }

    // The nodes seen so far ("" for lines without a prefix), in the order first seen.
    const std::vector<std::string>& nodes() const { return order_; }
    // A node's lines, as bytes (each line with its newline).
    std::unique_ptr<ByteSource> stream(const std::string& node);

private:
    struct Queue;
    void line(std::string_view text);

    std::string command_;
    pid_t pid_ = -1;
    int fd_ = -1;
    bool exited_ = false;
    int status_ = -1;
    std::string partial_;
    std::map<std::string, std::shared_ptr<Queue>, std::less<>> queues_;
    std::vector<std::string> order_;
};

}  // namespace traindeck::watch
