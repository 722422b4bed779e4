#include "checkpoint.h"

#include "options.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

namespace traindeck::trainer {

namespace fs = std::filesystem;

namespace {

constexpr char kMagic[8] = {'T', 'D', 'C', 'K', 'P', 'T', '1', '\n'};

void putU64(std::string& s, uint64_t v) {
    for (int i = 0; i < 8; ++i) s.push_back(char((v >> (8 * i)) & 0xff));
}

void putFloats(std::string& s, const std::vector<float>& v) {
    s.append(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(float));
}

// Reads through a byte buffer, throwing CheckpointError at a short read.
struct Reader {
    const std::string& data;
    const std::string& path;
    size_t pos = 0;
    const char* take(size_t n) {
        if (data.size() - pos < n) throw CheckpointError(path + " is truncated");
        const char* p = data.data() + pos;
        pos += n;
        return p;
    }
    uint64_t u64() {
        const char* p = take(8);
        uint64_t v = 0;
        for (int i = 0; i < 8; ++i) v |= uint64_t(uint8_t(p[i])) << (8 * i);
        return v;
    }
    std::vector<float> floats(size_t n) {
        if (n > data.size() / sizeof(float)) throw CheckpointError(path + " is truncated");
        std::vector<float> v(n);
        std::memcpy(v.data(), take(n * sizeof(float)), n * sizeof(float));
        return v;
    }
};

void writeAll(int fd, const std::string& data, const std::string& path) {
    size_t done = 0;
    while (done < data.size()) {
        const ssize_t n = ::write(fd, data.data() + done, data.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) throw CheckpointError("cannot write " + path + ": " + std::strerror(errno));
        done += size_t(n);
    }
}

std::vector<std::pair<long, fs::path>> listCheckpoints(const std::string& dir) {
    std::vector<std::pair<long, fs::path>> found;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
        const std::string name = entry.path().filename().string();
        long step = 0;
        char tail = 0;
        if (std::sscanf(name.c_str(), "step-%ld.ckp%c", &step, &tail) == 2 && tail == 't' &&
            name == fs::path(checkpointPath(dir, step)).filename().string())
            found.emplace_back(step, entry.path());
    }
    std::sort(found.begin(), found.end(), [](auto& a, auto& b) { return a.first > b.first; });
    return found;
}

}  // namespace

std::string checkpointPath(const std::string& dir, long step) {
    char name[64];
    std::snprintf(name, sizeof name, "step-%08ld.ckpt", step);
    return (fs::path(dir) / name).string();
}

uint64_t writeCheckpoint(const std::string& path, const Checkpoint& ckpt) {
    std::string data(kMagic, sizeof kMagic);
    putU64(data, uint64_t(ckpt.step));
    putU64(data, ckpt.samplesSeen);
    putU64(data, ckpt.config.size());
    data += ckpt.config;
    putU64(data, ckpt.state.params.size());
    putFloats(data, ckpt.state.params);
    putFloats(data, ckpt.state.adamM);
    putFloats(data, ckpt.state.adamV);
    putU64(data, fnv1a64(data.data(), data.size()));

    const fs::path target(path);
    std::error_code ec;
    fs::create_directories(target.parent_path(), ec);
    const std::string tmp = (target.parent_path() / ("." + target.filename().string() + ".tmp." +
                                                     std::to_string(::getpid()))).string();
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) throw CheckpointError("cannot create " + tmp + ": " + std::strerror(errno));
    try {
        writeAll(fd, data, tmp);
        if (::fsync(fd) != 0) throw CheckpointError("cannot fsync " + tmp + ": " + std::strerror(errno));
    } catch (...) {
        ::close(fd);
        ::unlink(tmp.c_str());
        throw;
    }
    ::close(fd);
    if (::rename(tmp.c_str(), path.c_str()) != 0) {
        const int err = errno;
        ::unlink(tmp.c_str());
        throw CheckpointError("cannot rename " + tmp + " to " + path + ": " + std::strerror(err));
    }
    // The rename itself is durable only once the folder is.
    const int dirFd = ::open(target.parent_path().empty() ? "." : target.parent_path().c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dirFd >= 0) {
        ::fsync(dirFd);
        ::close(dirFd);
    }
    return data.size();
}

Checkpoint readCheckpoint(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw CheckpointError("cannot read " + path);
    std::ostringstream buffer;
    buffer << in.rdbuf();
    const std::string data = buffer.str();
    if (data.size() < sizeof kMagic + 8 || std::memcmp(data.data(), kMagic, sizeof kMagic) != 0)
        throw CheckpointError(path + " is not a traindeck-trainer checkpoint");
    Reader r{data, path, data.size() - 8};
    if (r.u64() != fnv1a64(data.data(), data.size() - 8))
        throw CheckpointError(path + " fails its checksum (corrupt or partly written)");
    r.pos = sizeof kMagic;
    Checkpoint c;
    c.step = long(r.u64());
    c.samplesSeen = r.u64();
    const uint64_t configLen = r.u64();
    c.config.assign(r.take(configLen), configLen);
    const uint64_t n = r.u64();
    c.state.params = r.floats(n);
    c.state.adamM = r.floats(n);
    c.state.adamV = r.floats(n);
    if (r.pos != data.size() - 8) throw CheckpointError(path + " has trailing bytes");
    return c;
}

void requireSameConfig(const std::string& path, const std::string& theirs, const std::string& ours) {
    if (theirs != ours)
        throw CheckpointMismatch(path + " belongs to another configuration: " +
                                 configDiff(theirs, "checkpoint", ours, "this run"));
}

std::optional<Checkpoint> newestCheckpoint(const std::string& dir, const std::string& config,
                                           const std::function<void(const std::string&)>& warn) {
    for (const auto& [step, path] : listCheckpoints(dir)) {
        try {
            Checkpoint c = readCheckpoint(path.string());
            requireSameConfig(path.string(), c.config, config);
            return c;
        } catch (const CheckpointError& e) {
            warn(std::string("skipping checkpoint: ") + e.what());
        }
    }
    return std::nullopt;
}

void pruneCheckpoints(const std::string& dir, int keep) {
    const auto found = listCheckpoints(dir);
    for (size_t i = size_t(keep); i < found.size(); ++i) {
        std::error_code ec;
        fs::remove(found[i].second, ec);
    }
}

}  // namespace traindeck::trainer
