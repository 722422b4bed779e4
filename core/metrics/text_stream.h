#pragma once
// A text stream of one run (a trainer's stdout, a node's .out file, a user's log):
// bytes in, lines out to whichever parser knows the line's format. A line still
// being written (no newline yet) waits for the rest.

#include "metrics/line_parsers.h"

#include <string_view>
#include <vector>

namespace traindeck::metrics {

class TextStreamReader {
public:
    explicit TextStreamReader(Run& run);

    void feed(std::string_view bytes, double seenAt);
    // The stream is complete (a file read to its end, not followed): a last line
    // without a newline is read too.
    void finish(double seenAt);
    // The file was truncated or replaced: forget a partial line.
    void reset() {
        used_ = 0;
        discarding_ = false;
    }
    // A line longer than this is no line of ours (a binary file, a runaway print):
    // it is dropped, counted as skipped, and reading goes on at the next newline.
    static constexpr std::size_t kMaxLine = std::size_t(16) << 20;

    std::size_t lines() const { return lines_; }
    // The node these lines came from (a prefixed stream's): errors it reports name it.
    void setNode(const std::string& node) { json_.setNode(node); }

private:
    void line(const char* begin, std::size_t length, std::size_t readable, double seenAt);

    Run& run_;
    TrainerJsonParser json_;
    HuggingFaceDictParser hf_;
    std::vector<char> buffer_;  // pending bytes, with simdjson's padding after them
    std::size_t used_ = 0;
    std::size_t lines_ = 0;
    bool discarding_ = false;  // inside an over-long line: bytes up to its newline are dropped
};

}  // namespace traindeck::metrics
