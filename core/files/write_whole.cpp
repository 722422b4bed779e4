#include "files/write_whole.h"

#include "text/system_error.h"

#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

namespace traindeck {

namespace {

Text cannot(TextTemplate what, const std::string& path, int error) {
    return Text(what, {Text::value(path), systemErrorText(error)});
}

}  // namespace

Text writeWhole(const std::string& path, const std::function<void(std::ostream&)>& write, bool executable) {
    // A name of its own beside the target (two writers never share a temporary),
    // hidden, on the same filesystem: the rename replaces the target in one step.
    const std::size_t slash = path.rfind('/');
    const std::string folder = slash == std::string::npos ? std::string() : path.substr(0, slash + 1);
    const std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
    std::string temp = folder + "." + name + ".XXXXXX";
    const int fd = ::mkstemp(temp.data());
    if (fd < 0) return cannot(TD_TEXT("Files", "%1: cannot write: %2"), path, errno);
    ::close(fd);
    const auto fail = [&](TextTemplate what, int error) {
        ::unlink(temp.c_str());
        return cannot(what, path, error);
    };
    {
        std::ofstream out(temp, std::ios::binary | std::ios::trunc);
        if (!out) return fail(TD_TEXT("Files", "%1: cannot write: %2"), errno);
        try {
            write(out);
        } catch (...) {
            out.close();
            ::unlink(temp.c_str());
            throw;
        }
        out.flush();
        if (!out) return fail(TD_TEXT("Files", "%1: write failed: %2"), errno ? errno : EIO);
    }
    // On the disk before it replaces the old file: a crash leaves one or the other.
    const int sync = ::open(temp.c_str(), O_RDONLY | O_CLOEXEC);
    if (sync < 0 || ::fsync(sync) != 0 || ::fchmod(sync, executable ? 0755 : 0644) != 0) {
        const int error = errno;
        if (sync >= 0) ::close(sync);
        return fail(TD_TEXT("Files", "%1: write failed: %2"), error);
    }
    ::close(sync);
    if (std::rename(temp.c_str(), path.c_str()) != 0) return fail(TD_TEXT("Files", "%1: cannot replace: %2"), errno);
    return {};
}

Text writeWhole(const std::string& path, const std::string& content, bool executable) {
    return writeWhole(path, [&](std::ostream& out) { out << content; }, executable);
}

}  // namespace traindeck
