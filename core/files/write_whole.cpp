#include "files/write_whole.h"

#include "text/system_error.h"

#include <cerrno>
#include <filesystem>
#include <fstream>
#include <system_error>

namespace traindeck {

namespace fs = std::filesystem;

Text writeWhole(const std::string& path, const std::function<void(std::ostream&)>& write, bool executable) {
    const fs::path target(path);
    // Hidden, beside the target: the same filesystem, so the rename is atomic.
    const fs::path temp = target.parent_path() / ("." + target.filename().string() + ".tmp");
    std::error_code ignored;
    {
        std::ofstream out(temp, std::ios::binary | std::ios::trunc);
        if (!out)
            return Text(TD_TEXT("Files", "%1: cannot write: %2"), {Text::value(path), systemErrorText(errno)});
        try {
            write(out);
        } catch (...) {
            out.close();
            fs::remove(temp, ignored);
            throw;
        }
        out.flush();
        if (!out) {
            const int error = errno;
            fs::remove(temp, ignored);
            return Text(TD_TEXT("Files", "%1: write failed: %2"), {Text::value(path), systemErrorText(error)});
        }
    }
    std::error_code ec;
    if (executable) fs::permissions(temp, fs::perms::owner_exec, fs::perm_options::add, ec);
    if (!ec) fs::rename(temp, target, ec);
    if (ec) {
        fs::remove(temp, ignored);  // the rename's reason is the one to report
        return Text(TD_TEXT("Files", "%1: cannot replace: %2"), {Text::value(path), systemErrorText(ec)});
    }
    return {};
}

Text writeWhole(const std::string& path, const std::string& content, bool executable) {
    return writeWhole(path, [&](std::ostream& out) { out << content; }, executable);
}

}  // namespace traindeck
