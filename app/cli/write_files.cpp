#include "cli/write_files.h"

#include "localized.h"
#include "text/system_error.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace traindeck::cli {

namespace fs = std::filesystem;

namespace {

std::string cannotWrite(const fs::path& target, int error) {
    return app::localized(TD_TEXT("WriteFiles", "cannot write %1: %2"), {Text::value(target.string()), systemErrorText(error)});
}

std::string writeAtomically(const fs::path& target, const std::string& content, bool executable) {
    // The temporary file sits beside the target so rename() stays on one
    // filesystem and replaces the target in one step: a reader sees the old
    // file or the new one, never half of it.
    std::string tmpl = (target.parent_path() / ("." + target.filename().string() + ".XXXXXX")).string();
    const int fd = mkstemp(tmpl.data());
    if (fd < 0)
        return app::localized(TD_TEXT("WriteFiles", "cannot create a file in %1: %2"),
                              {Text::value(target.parent_path().string()), systemErrorText(errno)});
    const char* p = content.data();
    std::size_t left = content.size();
    while (left > 0) {
        const ssize_t n = ::write(fd, p, left);
        if (n < 0) {
            if (errno == EINTR) continue;
            const int why = errno;
            ::close(fd);
            ::unlink(tmpl.c_str());
            return cannotWrite(target, why);
        }
        p += n;
        left -= static_cast<std::size_t>(n);
    }
    const mode_t mode = executable ? 0755 : 0644;
    if (::fchmod(fd, mode) != 0 || ::fsync(fd) != 0 || ::close(fd) != 0) {
        const int why = errno;
        ::unlink(tmpl.c_str());
        return cannotWrite(target, why);
    }
    if (std::rename(tmpl.c_str(), target.c_str()) != 0) {
        const int why = errno;
        ::unlink(tmpl.c_str());
        return cannotWrite(target, why);
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
                return app::localized(TD_TEXT("WriteFiles", "%1 exists; nothing written (use --force to overwrite)"),
                                      {Text::value((root / f.path).string())});
    for (const auto& f : files) {
        const fs::path target = root / f.path;
        fs::create_directories(target.parent_path(), ec);
        if (ec)
            return app::localized(TD_TEXT("WriteFiles", "cannot create %1: %2"),
                                  {Text::value(target.parent_path().string()), systemErrorText(ec)});
        if (std::string error = writeAtomically(target, f.content, f.executable); !error.empty()) return error;
    }
    return {};
}

}  // namespace traindeck::cli
