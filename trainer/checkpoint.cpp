#include "checkpoint.h"

#include "options.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <thread>
#include <unistd.h>

namespace traindeck::trainer {

namespace fs = std::filesystem;

namespace {

constexpr char kMagic[8] = {'T', 'D', 'C', 'K', 'P', 'T', '1', '\n'};

// Writes to a file descriptor while hashing what it writes. The state goes out
// straight from the vectors: no second copy of a model-sized buffer.
struct HashingWriter {
    int fd;
    const std::string& path;
    uint64_t hash = 0xcbf29ce484222325ULL;  // FNV-1a offset basis, as fnv1a64
    uint64_t bytes = 0;

    void put(const void* data, size_t size) {
        hash = fnv1a64(data, size, hash);
        raw(data, size);
    }
    // The state's three vectors: hashed on a second thread while this one writes them
    // (the byte-wise hash alone runs at about the disk's speed), the same hash as put's.
    void state(const TrainState& s) {
        const std::vector<const std::vector<float>*> parts = {&s.params, &s.adamM, &s.adamV};
        uint64_t h = hash;
        std::thread hasher([&] {
            for (const auto* v : parts) h = fnv1a64(v->data(), v->size() * sizeof(float), h);
        });
        try {
            for (const auto* v : parts) raw(v->data(), v->size() * sizeof(float));
        } catch (...) {
            hasher.join();
            throw;
        }
        hasher.join();
        hash = h;
    }
    void raw(const void* data, size_t size) {
        bytes += size;
        const char* p = static_cast<const char*>(data);
        while (size > 0) {
            const ssize_t n = ::write(fd, p, size);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) throw CheckpointError("cannot write " + path + ": " + std::strerror(errno));
            p += n;
            size -= size_t(n);
        }
    }
    void u64(uint64_t v) {
        unsigned char b[8];
        for (int i = 0; i < 8; ++i) b[i] = (v >> (8 * i)) & 0xff;
        put(b, 8);
    }
};

// Reads a file sequentially while hashing it, throwing CheckpointError at a short read.
struct HashingReader {
    std::ifstream in;
    const std::string& path;
    uint64_t left;  // bytes before the trailing checksum
    uint64_t hash = 0xcbf29ce484222325ULL;

    void take(void* out, uint64_t size) {
        if (size > left || !in.read(static_cast<char*>(out), std::streamsize(size)))
            throw CheckpointError(path + " is truncated");
        left -= size;
        hash = fnv1a64(out, size, hash);
    }
    uint64_t u64() {
        unsigned char b[8];
        take(b, 8);
        uint64_t v = 0;
        for (int i = 0; i < 8; ++i) v |= uint64_t(b[i]) << (8 * i);
        return v;
    }
    std::vector<float> floats(uint64_t n) {
        if (n > left / sizeof(float)) throw CheckpointError(path + " is truncated");
        std::vector<float> v(n);
        take(v.data(), n * sizeof(float));
        return v;
    }
};

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
    const fs::path target(path);
    std::error_code ec;
    fs::create_directories(target.parent_path(), ec);
    const std::string tmp = (target.parent_path() / ("." + target.filename().string() + ".tmp." +
                                                     std::to_string(::getpid()))).string();
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) throw CheckpointError("cannot create " + tmp + ": " + std::strerror(errno));
    uint64_t bytes = 0;
    try {
        HashingWriter w{fd, tmp};
        w.put(kMagic, sizeof kMagic);
        w.u64(uint64_t(ckpt.step));
        w.u64(ckpt.samplesSeen);
        w.u64(ckpt.config.size());
        w.put(ckpt.config.data(), ckpt.config.size());
        w.u64(ckpt.state.params.size());
        w.state(ckpt.state);
        w.u64(w.hash);  // the checksum of everything before it
        bytes = w.bytes;
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
    return bytes;
}

Checkpoint readCheckpoint(const std::string& path) {
    std::error_code ec;
    const uintmax_t size = fs::file_size(path, ec);
    HashingReader r{std::ifstream(path, std::ios::binary), path, 0};
    if (ec || !r.in) throw CheckpointError("cannot read " + path);
    const std::string notOurs = path + " is not a traindeck-trainer checkpoint";
    if (size < sizeof kMagic + 8) throw CheckpointError(notOurs);
    r.left = size - 8;  // all but the checksum
    char magic[sizeof kMagic];
    r.take(magic, sizeof magic);
    if (std::memcmp(magic, kMagic, sizeof kMagic) != 0) throw CheckpointError(notOurs);
    Checkpoint c;
    c.step = long(r.u64());
    c.samplesSeen = r.u64();
    const uint64_t configLen = r.u64();
    if (configLen > r.left) throw CheckpointError(path + " is truncated");
    c.config.resize(configLen);
    r.take(c.config.data(), configLen);
    const uint64_t n = r.u64();
    c.state.params = r.floats(n);
    c.state.adamM = r.floats(n);
    c.state.adamV = r.floats(n);
    if (r.left != 0) throw CheckpointError(path + " has trailing bytes");
    const uint64_t computed = r.hash;
    r.left = 8;
    if (r.u64() != computed) throw CheckpointError(path + " fails its checksum (corrupt or partly written)");
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
