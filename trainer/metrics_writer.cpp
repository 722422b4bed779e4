#include "metrics_writer.h"

#include <cerrno>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <unistd.h>

namespace traindeck::trainer {

std::string jsonString(const std::string& text) {
    std::string out = "\"";
    for (const char ch : text) {
        const auto c = static_cast<unsigned char>(ch);
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        default:
            if (c < 0x20) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", c);
                out += buf;
            } else {
                out += ch;
            }
        }
    }
    return out + "\"";
}

std::string jsonNumber(double value) {
    char buf[32];
    const auto res = std::to_chars(buf, buf + sizeof buf, value);
    return std::string(buf, res.ptr);
}

JsonLine::JsonLine(const std::string& event) {
    const double now = std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
    body_ = "{\"v\":1,\"event\":" + jsonString(event) + ",\"time\":" + jsonNumber(now);
}

JsonLine& JsonLine::raw(const std::string& key, const std::string& json) {
    body_ += "," + jsonString(key) + ":" + json;
    return *this;
}

JsonLine& JsonLine::num(const std::string& key, double value) {
    if (!std::isfinite(value)) {
        nonfinite_.push_back(key);
        return raw(key, "null");
    }
    return raw(key, jsonNumber(value));
}

JsonLine& JsonLine::integer(const std::string& key, int64_t value) { return raw(key, std::to_string(value)); }
JsonLine& JsonLine::str(const std::string& key, const std::string& value) { return raw(key, jsonString(value)); }
JsonLine& JsonLine::null(const std::string& key) { return raw(key, "null"); }

std::string JsonLine::finish() const {
    std::string out = body_;
    if (!nonfinite_.empty()) {
        out += ",\"nonfinite\":[";
        for (size_t i = 0; i < nonfinite_.size(); ++i) out += (i ? "," : "") + jsonString(nonfinite_[i]);
        out += "]";
    }
    return out + "}\n";
}

MetricsWriter::MetricsWriter(const std::string& path) {
    if (path.empty()) return;
    fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd_ < 0) throw std::runtime_error("cannot open --metrics-file " + path + ": " + std::strerror(errno));
    own_ = true;
}

MetricsWriter::~MetricsWriter() {
    if (own_) ::close(fd_);
}

void MetricsWriter::write(const JsonLine& line) {
    const std::string text = line.finish();
    std::lock_guard lock(mutex_);
    size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(fd_, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return;  // a closed stdout must not kill training
        done += size_t(n);
    }
}

}  // namespace traindeck::trainer
