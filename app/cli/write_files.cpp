#include "cli/write_files.h"

#include "files/write_whole.h"
#include "localized.h"
#include "text/system_error.h"

#include <filesystem>

namespace traindeck::cli {

namespace fs = std::filesystem;

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
        // Whole or not at all: a reader sees the old file or the new one, never half of it.
        if (const Text error = writeWhole(target.string(), f.content, f.executable); !error.empty())
            return app::localized(error);
    }
    return {};
}

}  // namespace traindeck::cli
