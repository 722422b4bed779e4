#include "metrics/text_stream.h"

#include <cstring>

namespace traindeck::metrics {
namespace {
constexpr std::size_t kPadding = 64;  // simdjson::SIMDJSON_PADDING
}

TextStreamReader::TextStreamReader(Run& run) : run_(run), json_(run), hf_(run) {}

void TextStreamReader::feed(std::string_view bytes, double seenAt) {
    if (discarding_) {
        const std::size_t nl = bytes.find('\n');
        if (nl == std::string_view::npos)
            return;
        discarding_ = false;
        bytes.remove_prefix(nl + 1);
    }
    if (buffer_.size() < used_ + bytes.size() + kPadding)
        buffer_.resize((used_ + bytes.size() + kPadding) * 3 / 2);
    std::memcpy(buffer_.data() + used_, bytes.data(), bytes.size());
    used_ += bytes.size();
    const char* begin = buffer_.data();
    const char* end = begin + used_;
    const char* bufferEnd = buffer_.data() + buffer_.size();
    const char* p = begin;
    while (p < end) {
        const char* nl = static_cast<const char*>(std::memchr(p, '\n', std::size_t(end - p)));
        if (!nl)
            break;
        line(p, std::size_t(nl - p), std::size_t(bufferEnd - p), seenAt);
        p = nl + 1;
    }
    used_ = std::size_t(end - p);
    if (used_ > kMaxLine) {
        used_ = 0;
        discarding_ = true;
        ++run_.skippedLines;
        run_.touch();
    } else if (p != begin && used_ > 0) {
        std::memmove(buffer_.data(), p, used_);
    }
}

void TextStreamReader::finish(double seenAt) {
    if (used_ == 0)
        return;
    if (buffer_.size() < used_ + kPadding)
        buffer_.resize(used_ + kPadding);
    line(buffer_.data(), used_, buffer_.size(), seenAt);
    used_ = 0;
}

void TextStreamReader::line(const char* begin, std::size_t length, std::size_t readable, double seenAt) {
    if (length > 0 && begin[length - 1] == '\r')
        --length;
    std::size_t skip = 0;
    while (skip < length && (begin[skip] == ' ' || begin[skip] == '\t'))
        ++skip;
    if (skip == length)
        return;  // blank lines are neither data nor noise
    ++lines_;
    const std::string_view text(begin + skip, length - skip);
    // TrainDeck's own lines among a run's output (job.sbatch's "traindeck: watch this job
    // with …", the launcher's markers): neither data nor a line the reader failed to read.
    if (text.rfind("traindeck: ", 0) == 0 || text.rfind("traindeck launch: ", 0) == 0)
        return;
    bool known;
    const std::size_t open = text.find_first_not_of(" \t", 1);
    if (text[0] == '{' && open != std::string_view::npos && text[open] == '\'')
        known = hf_.parse(text, seenAt);  // a Python dict: {'loss': …}
    else if (text[0] == '{')
        known = json_.parse(begin + skip, length - skip, readable - skip, seenAt);
    else
        known = parsePlainLogLine(text, run_, seenAt);
    if (!known) {
        ++run_.skippedLines;
        run_.touch();
    }
}

}  // namespace traindeck::metrics
