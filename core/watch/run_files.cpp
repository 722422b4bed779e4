#include "watch/run_files.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <system_error>

namespace fs = std::filesystem;

namespace traindeck::watch {
namespace {

bool isEventFile(const std::string& name) { return name.find("tfevents") != std::string::npos; }
bool isLightningCsv(const std::string& name) { return name == "metrics.csv"; }
// A file of a logdir's run: TensorBoard's event files, Lightning's CSVLogger file.
bool feedsLogdirRun(const std::string& name) { return isEventFile(name) || isLightningCsv(name); }
RunFile::Format formatOf(const std::string& name) {
    return isEventFile(name) ? RunFile::Format::TfEvents
                             : isLightningCsv(name) ? RunFile::Format::LightningCsv : RunFile::Format::Text;
}
bool isNodeOut(const std::string& name) { return name.starts_with("node-") && name.ends_with(".out"); }
bool feedsRunFolder(const std::string& name) { return isNodeOut(name) || name == "launch.jsonl"; }

std::string nameOf(const std::string& path) { return fs::path(path).filename().string(); }

// launch.jsonl last, the rest by name.
bool readOrder(const std::string& a, const std::string& b) {
    const bool la = nameOf(a) == "launch.jsonl", lb = nameOf(b) == "launch.jsonl";
    return la != lb ? lb : a < b;
}

}  // namespace

std::vector<RunFile> runFilesOf(const std::vector<Entry>& entries) {
    std::vector<RunFile> out;
    if (entries.empty())
        return out;
    const Entry& root = entries.front();
    if (!root.directory) {
        const fs::path p(root.path);
        const RunFile::Format format = formatOf(p.filename().string());
        const bool inFolder = format != RunFile::Format::Text;  // named by its folder, as in a logdir
        out.push_back({root.path, inFolder ? p.parent_path().filename().string() : p.stem().string(), root.path, format});
        return out;
    }
    // Each folder's files, then each folder classified.
    std::map<std::string, std::vector<std::string>> files;
    std::vector<std::string> dirs;
    for (const Entry& e : entries) {
        if (e.directory)
            dirs.push_back(e.path);
        else
            files[fs::path(e.path).parent_path().string()].push_back(e.path);
    }
    std::sort(dirs.begin(), dirs.end());
    auto isRunFolder = [&](const std::string& dir) {
        const auto it = files.find(dir);
        return it != files.end() &&
               std::any_of(it->second.begin(), it->second.end(), [](const std::string& f) { return feedsRunFolder(nameOf(f)); });
    };
    const fs::path rootPath(root.path);
    std::vector<std::string> runFolders;  // nothing under a run folder is a run of its own
    for (const std::string& dir : dirs) {
        const bool inside = std::any_of(runFolders.begin(), runFolders.end(), [&](const std::string& r) {
            return dir.size() > r.size() && dir.starts_with(r) && dir[r.size()] == '/';
        });
        if (inside)
            continue;
        const bool runFolder = isRunFolder(dir);
        if (runFolder)
            runFolders.push_back(dir);
        const std::string name = dir == root.path ? rootPath.filename().string()
                                                  : fs::path(dir).lexically_relative(rootPath).string();
        std::vector<std::string> mine;
        for (const std::string& f : files[dir])
            if (runFolder ? feedsRunFolder(nameOf(f)) : feedsLogdirRun(nameOf(f)))
                mine.push_back(f);
        std::sort(mine.begin(), mine.end(), readOrder);
        for (const std::string& f : mine)
            out.push_back({f, name, dir, runFolder ? RunFile::Format::Text : formatOf(nameOf(f))});
        if (runFolder && dir == root.path)
            break;  // the root is one run folder: that is all
    }
    return out;
}

std::vector<Entry> listLocal(const std::string& root) {
    std::vector<Entry> out;
    std::error_code ec;
    const fs::path p = fs::absolute(root, ec).lexically_normal();
    const auto status = fs::status(p, ec);
    if (!fs::exists(status))
        return out;
    std::string rootText = p.string();
    if (rootText.size() > 1 && rootText.back() == '/')
        rootText.pop_back();
    out.push_back({rootText, fs::is_directory(status)});
    if (!out.front().directory)
        return out;
    for (auto it = fs::recursive_directory_iterator(p, fs::directory_options::skip_permission_denied, ec);
         it != fs::recursive_directory_iterator(); it.increment(ec)) {
        if (ec)
            break;
        const bool dir = it->is_directory(ec);
        if (dir && it.depth() + 1 >= kLogdirDepth)
            it.disable_recursion_pending();
        if (dir || it->is_regular_file(ec))
            out.push_back({it->path().string(), dir});
    }
    return out;
}

}  // namespace traindeck::watch
