#include "metrics/watch.h"

#include "metrics/file_follower.h"
#include "metrics/text_stream.h"
#include "metrics/tfevents.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <map>
#include <system_error>

namespace fs = std::filesystem;

namespace traindeck::metrics {
namespace {

constexpr double kRescanSeconds = 1.0;  // new files in watched folders are found within a second
constexpr int kLogdirDepth = 6;          // how deep a logdir is searched for runs

bool isEventFile(const fs::path& p) {
    return p.filename().string().find("tfevents") != std::string::npos;
}

bool isNodeOut(const fs::path& p) {
    const std::string n = p.filename().string();
    return n.starts_with("node-") && n.ends_with(".out");
}

bool isRunFolder(const fs::path& dir) {
    std::error_code ec;
    if (fs::exists(dir / "launch.jsonl", ec))
        return true;
    for (const auto& e : fs::directory_iterator(dir, ec))
        if (isNodeOut(e.path()))
            return true;
    return false;
}

// The files of a folder that feed a run, in name order (TensorBoard reads a run's
// event files in that order: later files hold later events).
std::vector<fs::path> runFiles(const fs::path& dir, bool runFolder) {
    std::vector<fs::path> files;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(dir, ec)) {
        if (!e.is_regular_file(ec))
            continue;
        const fs::path& p = e.path();
        if (runFolder ? (isNodeOut(p) || p.filename() == "launch.jsonl") : isEventFile(p))
            files.push_back(p);
    }
    std::sort(files.begin(), files.end());
    return files;
}

}  // namespace

double unixNow() {
    return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
}

struct Watch::Feed {
    Feed(const fs::path& p, Run& r, bool events)
        : path(p.string()), run(&r), follower(p.string()) {
        if (events)
            tf = std::make_unique<TfEventsReader>(r);
        else
            text = std::make_unique<TextStreamReader>(r);
    }
    std::string path;
    Run* run;
    FileFollower follower;
    std::unique_ptr<TextStreamReader> text;
    std::unique_ptr<TfEventsReader> tf;
    bool failed = false;
};

struct Watch::Source {
    enum Kind { File, RunFolder, LogDir } kind;
    fs::path path;
};

Watch::Watch() = default;
Watch::~Watch() = default;

bool Watch::add(const std::string& path, Text& error) {
    std::error_code ec;
    const fs::path p = fs::absolute(path, ec).lexically_normal();
    const auto status = fs::status(p, ec);
    if (!fs::exists(status)) {
        error = Text(TD_TEXT("Watch", "%1: no such file or folder"), {Text::value(printable(path))});
        return false;
    }
    auto source = std::make_unique<Source>();
    source->path = p;
    source->kind = fs::is_directory(status) ? (isRunFolder(p) ? Source::RunFolder : Source::LogDir) : Source::File;
    const std::size_t before = feeds_.size();
    scan(*source);
    if (feeds_.size() == before) {
        error = Text(TD_TEXT("Watch", "%1: no run found (no event files, no run folder, no log)"),
                     {Text::value(printable(path))});
        return false;
    }
    sources_.push_back(std::move(source));
    return true;
}

Run& Watch::runFor(const std::string& name, const std::string& key) {
    for (const auto& f : feeds_)
        if (fs::path(f->path).parent_path().string() == key || f->path == key)
            return *f->run;
    std::string unique = name;
    for (int n = 2; store_.find(unique); ++n)
        unique = name + " (" + std::to_string(n) + ")";
    return store_.run(unique);
}

void Watch::scan(Source& source) {
    auto known = [this](const fs::path& p) {
        return std::any_of(feeds_.begin(), feeds_.end(), [&](const auto& f) { return f->path == p.string(); });
    };
    auto addFolder = [&](const fs::path& dir, const std::string& name, bool runFolder) {
        for (const fs::path& file : runFiles(dir, runFolder)) {
            if (known(file))
                continue;
            Run& run = runFor(name, dir.string());
            feeds_.push_back(std::make_unique<Feed>(file, run, !runFolder));
        }
    };
    std::error_code ec;
    switch (source.kind) {
    case Source::File:
        if (!known(source.path)) {
            const bool events = isEventFile(source.path);
            const std::string name = events ? source.path.parent_path().filename().string()
                                             : source.path.stem().string();
            Run& run = runFor(name, source.path.string());
            feeds_.push_back(std::make_unique<Feed>(source.path, run, events));
        }
        break;
    case Source::RunFolder:
        addFolder(source.path, source.path.filename().string(), true);
        break;
    case Source::LogDir: {
        const std::string rootName = source.path.filename().string();
        addFolder(source.path, rootName, false);  // event files in the logdir itself: its own run
        for (auto it = fs::recursive_directory_iterator(source.path, fs::directory_options::skip_permission_denied, ec);
             it != fs::recursive_directory_iterator(); it.increment(ec)) {
            if (ec)
                break;
            if (it.depth() >= kLogdirDepth) {
                it.disable_recursion_pending();
                continue;
            }
            if (!it->is_directory(ec))
                continue;
            const fs::path dir = it->path();
            const std::string name = dir.lexically_relative(source.path).string();
            if (isRunFolder(dir)) {
                addFolder(dir, name, true);
                it.disable_recursion_pending();
            } else {
                addFolder(dir, name, false);
            }
        }
        break;
    }
    }
}

bool Watch::poll(std::size_t maxBytes, double now) {
    if (now - lastScan_ >= kRescanSeconds) {
        lastScan_ = now;
        for (auto& s : sources_)
            scan(*s);
    }
    std::size_t budget = maxBytes;
    bool more = false;
    for (auto& f : feeds_) {
        if (f->failed)
            continue;
        if (budget == 0) {
            more = true;
            break;
        }
        const auto change = f->follower.read(buffer_, budget);
        if (change == FileFollower::Change::Failed) {
            f->failed = true;
            f->run->readProblems.push_back(Text(TD_TEXT("Watch", "%1 cannot be read: %2"),
                                                {Text::value(f->path), Text::value(f->follower.problem())}));
            f->run->touch();
            continue;
        }
        if (change == FileFollower::Change::Restarted) {
            if (f->text)
                f->text->reset();
            else
                f->tf->reset();
        }
        if (!buffer_.empty()) {
            budget -= buffer_.size();
            if (f->text)
                f->text->feed(buffer_, now);
            else if (!f->tf->feed(buffer_, now)) {
                f->failed = true;
                f->run->readProblems.push_back(
                    Text(TD_TEXT("Watch", "%1: the length of the record at byte %2 fails its CRC-32C; the rest of the file cannot be read"),
                         {Text::value(f->path), Text::value(std::to_string(f->tf->framingLostAt()))}));
                f->run->touch();
            }
        }
        if (!f->follower.caughtUp())
            more = true;
    }
    return more;
}

void Watch::finish(double now) {
    for (auto& f : feeds_) {
        if (f->text)
            f->text->finish(now);
        else if (f->tf->pendingBytes() > 0) {
            f->run->readProblems.push_back(Text(TD_TEXT("Watch", "%1: the last record is incomplete (%2 bytes)"),
                                                {Text::value(f->path), Text::value(std::to_string(f->tf->pendingBytes()))}));
        }
        if (f->tf && f->tf->corruptRecords() > 0)
            f->run->readProblems.push_back(Text(TD_TEXT("Watch", "%1: %2 records failed their CRC-32C and were skipped"),
                                                {Text::value(f->path), Text::value(std::to_string(f->tf->corruptRecords()))}));
    }
}

bool Watch::allEnded() const {
    if (store_.runs().empty())
        return false;
    return std::all_of(store_.runs().begin(), store_.runs().end(), [](const auto& r) { return r->end.has_value(); });
}

std::size_t Watch::files() const { return feeds_.size(); }

}  // namespace traindeck::metrics
