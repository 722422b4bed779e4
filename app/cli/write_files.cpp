#include "cli/write_files.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace traindeck::cli {

namespace fs = std::filesystem;

namespace {

std::string writeAtomically(const fs::path& target, const std::string& content, bool executable) {
    // The temporary file sits beside the target so rename() stays on one
    // filesystem and replaces the target in one step: a reader sees the old
    // file or the new one, never half of it.
    std::string tmpl = (target.parent_path() / ("." + target.filename().string() + ".XXXXXX")).string();
    const int fd = mkstemp(tmpl.data());
    if (fd < 0) return "cannot create a file in " + target.parent_path().string() + ": " + std::strerror(errno);
    const char* p = content.data();
    std::size_t left = content.size();
    while (left > 0) {
        const ssize_t n = ::write(fd, p, left);
        if (n < 0) {
            if (errno == EINTR) continue;
            const std::string why = std::strerror(errno);
            ::close(fd);
            ::unlink(tmpl.c_str());
            return "cannot write " + target.string() + ": " + why;
        }
        p += n;
        left -= static_cast<std::size_t>(n);
    }
    const mode_t mode = executable ? 0755 : 0644;
    if (::fchmod(fd, mode) != 0 || ::fsync(fd) != 0 || ::close(fd) != 0) {
        const std::string why = std::strerror(errno);
        ::unlink(tmpl.c_str());
        return "cannot write " + target.string() + ": " + why;
    }
    if (std::rename(tmpl.c_str(), target.c_str()) != 0) {
        const std::string why = std::strerror(errno);
        ::unlink(tmpl.c_str());
        return "cannot write " + target.string() + ": " + why;
    }
    return {};
}

}  // namespace

std::string writeFiles(const std::string& dir, const std::vector<generate::GeneratedFile>& files, bool force) {
    const fs::path root(dir);
    std::error_code ec;
    if (!force)
        for (const auto& f : files)
            if (fs::exists(root / f.path, ec))
                return (root / f.path).string() + " exists; nothing written (use --force to overwrite)";
    for (const auto& f : files) {
        const fs::path target = root / f.path;
        fs::create_directories(target.parent_path(), ec);
        if (ec) return "cannot create " + target.parent_path().string() + ": " + ec.message();
        if (std::string error = writeAtomically(target, f.content, f.executable); !error.empty()) return error;
    }
    return {};
}

}  // namespace traindeck::cli
