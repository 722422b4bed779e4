#include "text/system_error.h"

#include <cerrno>
#include <cstring>

namespace traindeck {
namespace {

const struct {
    int code;
    TextTemplate text;
} kSystemErrors[] = {
    {ENOENT, TD_TEXT("SystemErrors", "No such file or directory")},
    {EACCES, TD_TEXT("SystemErrors", "Permission denied")},
    {EPERM, TD_TEXT("SystemErrors", "Operation not permitted")},
    {EISDIR, TD_TEXT("SystemErrors", "Is a directory")},
    {ENOTDIR, TD_TEXT("SystemErrors", "Not a directory")},
    {EROFS, TD_TEXT("SystemErrors", "Read-only file system")},
    {ENOSPC, TD_TEXT("SystemErrors", "No space left on device")},
    {EDQUOT, TD_TEXT("SystemErrors", "Disk quota exceeded")},
    {ENAMETOOLONG, TD_TEXT("SystemErrors", "File name too long")},
    {ELOOP, TD_TEXT("SystemErrors", "Too many levels of symbolic links")},
    {EIO, TD_TEXT("SystemErrors", "Input/output error")},
    {EBUSY, TD_TEXT("SystemErrors", "Device or resource busy")},
    {EXDEV, TD_TEXT("SystemErrors", "Invalid cross-device link")},
    {EMFILE, TD_TEXT("SystemErrors", "Too many open files")},
    {EEXIST, TD_TEXT("SystemErrors", "File exists")},
    // A failure whose errno was not set (a stream that failed without a system call).
    {0, TD_TEXT("SystemErrors", "reason unknown")},
};

}  // namespace

Text systemErrorText(int code) {
    for (const auto& e : kSystemErrors)
        if (e.code == code)
            return Text(e.text);
    return Text::value(std::strerror(code));
}

Text systemErrorText(const std::error_code& ec) {
    if (ec.category() == std::generic_category() || ec.category() == std::system_category())
        return systemErrorText(ec.value());
    return Text::value(ec.message());
}

}  // namespace traindeck
