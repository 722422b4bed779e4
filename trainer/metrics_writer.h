#pragma once
// Writes the metrics stream of docs/metrics-protocol.md: one JSON object
// per line with "v":1, "event" and "time"; a non-finite number becomes null and its
// key is listed in "nonfinite". Each line goes out in one write(2) on a file opened
// with O_APPEND, so lines of several ranks sharing a file never interleave.

#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

namespace traindeck::trainer {

// One event under construction. Keys keep the order they were added in.
class JsonLine {
public:
    explicit JsonLine(const std::string& event);
    JsonLine& num(const std::string& key, double value);  // null + "nonfinite" when not finite
    JsonLine& integer(const std::string& key, int64_t value);
    JsonLine& str(const std::string& key, const std::string& value);
    JsonLine& null(const std::string& key);
    JsonLine& raw(const std::string& key, const std::string& json);  // an already-encoded value
    std::string finish() const;                                       // the line, with '\n'

private:
    std::string body_;
    std::vector<std::string> nonfinite_;
};

std::string jsonString(const std::string& text);
std::string jsonNumber(double value);  // shortest round-trip form

class MetricsWriter {
public:
    // Empty path: standard output. Throws std::runtime_error when the file cannot be opened.
    explicit MetricsWriter(const std::string& path);
    ~MetricsWriter();
    MetricsWriter(const MetricsWriter&) = delete;
    MetricsWriter& operator=(const MetricsWriter&) = delete;

    void write(const JsonLine& line);

private:
    int fd_ = 1;
    bool own_ = false;
    std::mutex mutex_;
};

}  // namespace traindeck::trainer
