#include "watch/watch.h"

#include "watch/command_stream.h"
#include "watch/file_follower.h"
#include "watch/remote_tree.h"
#include "watch/run_files.h"
#include "metrics/lightning_csv.h"
#include "metrics/text_stream.h"
#include "metrics/tfevents.h"

#include <algorithm>
#include <chrono>

namespace traindeck::watch {
using namespace traindeck::metrics;  // the readers and the store this watch feeds
namespace {

constexpr double kRescanSeconds = 1.0;  // new files in watched folders are found within a second
constexpr double kConnectWaitS = 30;    // an ssh:// source's first listing, at most

}  // namespace

double unixNow() {
    return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
}

struct Watch::Feed {
    std::string path;  // the file (a command's node: "command N: node")
    std::string key;   // the run's files share it
    Run* run = nullptr;
    std::unique_ptr<ByteSource> bytes;
    std::unique_ptr<TextStreamReader> text;
    std::unique_ptr<TfEventsReader> tf;
    std::unique_ptr<LightningCsvReader> csv;
    int nodeStream = -1;  // a command's node: its index in run->nodeStreams
    bool failed = false;
};

struct Watch::Source {
    std::string path;  // a local path, or the remote one
    std::unique_ptr<RemoteTree> remote;
    std::unique_ptr<CommandStream> command;
    std::string key;   // a command's run
    Run* run = nullptr;
    std::string given;  // as the user named it
    double deadline = 0;  // begun: given up when not connected by then (Unix seconds)
};

Watch::Watch() = default;
Watch::~Watch() = default;

bool Watch::add(const std::string& path, Text& error) {
    auto source = std::make_unique<Source>();
    Text malformed;
    const std::optional<RemoteAddress> remote = parseRemote(path, malformed);
    if (!malformed.empty()) {
        error = malformed;
        return false;
    }
    if (remote) {
        source->path = remote->path;
        source->remote = std::make_unique<RemoteTree>(*remote, ssh_);
        if (!source->remote->start(error, kConnectWaitS))
            return false;
    } else {
        if (listLocal(path).empty()) {
            error = Text(TD_TEXT("Watch", "%1: no such file or folder"), {Text::value(printable(path))});
            return false;
        }
        source->path = path;
    }
    return adopt(std::move(source), path, error);
}

// A source that is there: followed when it holds a run.
bool Watch::adopt(std::unique_ptr<Source> source, const std::string& path, Text& error) {
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

void Watch::begin(const std::string& path, bool askHostKeys) {
    Text malformed;
    const std::optional<RemoteAddress> remote = parseRemote(path, malformed);
    if (!remote) {
        Added a{path, false, malformed};
        if (malformed.empty())
            a.ok = add(path, a.error);  // here: at once
        added_.push_back(std::move(a));
        return;
    }
    auto source = std::make_unique<Source>();
    source->path = remote->path;
    source->given = path;
    source->deadline = unixNow() + kConnectWaitS;
    source->remote = std::make_unique<RemoteTree>(*remote, ssh_, askHostKeys);
    source->remote->launch();
    pending_.push_back(std::move(source));
}

void Watch::settlePending(double now) {
    for (std::size_t i = 0; i < pending_.size();) {
        Source& s = *pending_[i];
        Text why;
        const RemoteTree::State state = s.remote->state(why);
        if (state == RemoteTree::State::Asking)
            s.deadline = now + kConnectWaitS;  // the user's time to decide does not count
        if (state == RemoteTree::State::Connecting && now > s.deadline) {
            why = Text(TD_TEXT("Watch", "%1: no answer within %2 s"),
                       {Text::value(printable(s.given)), Text::value(std::to_string(int(kConnectWaitS)))});
        } else if (state != RemoteTree::State::Ready && state != RemoteTree::State::Failed) {
            ++i;
            continue;
        }
        Added a{s.given, false, why};
        std::unique_ptr<Source> source = std::move(pending_[i]);
        pending_.erase(pending_.begin() + std::ptrdiff_t(i));
        if (state == RemoteTree::State::Ready)
            a.ok = adopt(std::move(source), a.path, a.error);
        added_.push_back(std::move(a));
    }
}

std::vector<Watch::Added> Watch::takeAdded() {
    std::vector<Added> out;
    out.swap(added_);
    return out;
}

std::optional<Watch::KeyQuestion> Watch::hostKeyQuestion() const {
    for (const auto& s : pending_)
        if (auto q = s->remote->question())
            return KeyQuestion{s->given, *q};
    return std::nullopt;
}

void Watch::answerHostKey(bool accept) {
    for (const auto& s : pending_)
        if (s->remote->question()) {
            s->remote->answer(accept);
            return;
        }
}

bool Watch::addCommand(const std::string& command, Text& error) {
    auto source = std::make_unique<Source>();
    source->command = std::make_unique<CommandStream>(command);
    if (!source->command->start(error)) {
        error = Text(TD_TEXT("Watch", "cannot start %1: %2"), {Text::value(printable(command)), error});
        return false;
    }
    source->key = "command " + std::to_string(sources_.size()) + ": " + command;
    source->run = &runFor(printable(command, 60), source->key);  // there before its first line
    sources_.push_back(std::move(source));
    return true;
}

Run& Watch::runFor(const std::string& name, const std::string& key) {
    for (const auto& f : feeds_)
        if (f->key == key)
            return *f->run;
    std::string unique = name;
    for (int n = 2; store_.find(unique); ++n)
        unique = name + " (" + std::to_string(n) + ")";
    return store_.run(unique);
}

void Watch::scan(Source& source) {
    auto known = [this](const std::string& p) {
        return std::any_of(feeds_.begin(), feeds_.end(), [&](const auto& f) { return f->path == p; });
    };
    if (source.command) {
        Run* run = source.run;
        for (const std::string& node : source.command->nodes()) {
            const std::string path = source.key + " [" + node + "]";
            if (known(path))
                continue;
            auto feed = std::make_unique<Feed>();
            feed->path = path;
            feed->key = source.key;
            feed->run = run;
            feed->bytes = source.command->stream(node);
            feed->text = std::make_unique<TextStreamReader>(*run);
            if (!node.empty()) {
                feed->text->setNode(node);
                feed->nodeStream = int(run->nodeStreams.size());
                run->nodeStreams.push_back({node, 0});
            }
            feeds_.push_back(std::move(feed));
        }
        return;
    }
    const std::vector<Entry> entries = source.remote ? source.remote->listing() : listLocal(source.path);
    for (const RunFile& file : runFilesOf(entries)) {
        if (known(file.path))
            continue;
        auto feed = std::make_unique<Feed>();
        feed->path = file.path;
        feed->key = file.key;
        feed->run = &runFor(file.run, file.key);
        if (source.remote)
            feed->bytes = source.remote->follow(file.path);
        else
            feed->bytes = std::make_unique<FileFollower>(file.path);
        if (file.format == RunFile::Format::TfEvents)
            feed->tf = std::make_unique<TfEventsReader>(*feed->run);
        else if (file.format == RunFile::Format::LightningCsv)
            feed->csv = std::make_unique<LightningCsvReader>(*feed->run);
        else
            feed->text = std::make_unique<TextStreamReader>(*feed->run);
        feeds_.push_back(std::move(feed));
    }
}

void Watch::readFeed(Feed& f, std::size_t& budget, double now) {
    const auto change = f.bytes->read(buffer_, budget);
    if (change == ByteSource::Change::Failed) {
        f.failed = true;
        f.run->readProblems.push_back(Text(TD_TEXT("Watch", "%1 cannot be read: %2"),
                                           {Text::value(f.path), Text::value(f.bytes->problem())}));
        f.run->touch();
        return;
    }
    if (change == ByteSource::Change::Restarted) {
        if (f.text)
            f.text->reset();
        else if (f.csv)
            f.csv->reset();
        else
            f.tf->reset();
    }
    if (buffer_.empty())
        return;
    budget -= std::min(budget, buffer_.size());
    if (f.text) {
        f.text->feed(buffer_, now);
        if (f.nodeStream >= 0)
            f.run->nodeStreams[std::size_t(f.nodeStream)].lines = f.text->lines();
    } else if (f.csv) {
        f.csv->feed(buffer_, now);
        if (f.csv->wantsReread() && f.bytes->rewind())
            f.csv->reread();  // Lightning wrote the file again under a new header
    } else if (!f.tf->feed(buffer_, now)) {
        f.failed = true;
        f.run->readProblems.push_back(
            Text(TD_TEXT("Watch", "%1: the length of the record at byte %2 fails its CRC-32C; the rest of the file cannot be read"),
                 {Text::value(f.path), Text::value(std::to_string(f.tf->framingLostAt()))}));
        f.run->touch();
    }
}

bool Watch::poll(std::size_t maxBytes, double now) {
    bool more = false;
    if (!pending_.empty())
        settlePending(now);
    for (auto& s : sources_)
        if (s->command) {
            s->command->pump(maxBytes);
            scan(*s);  // a node's first line: its stream
        }
    if (now - lastScan_ >= kRescanSeconds) {
        lastScan_ = now;
        for (auto& s : sources_)
            if (!s->command)
                scan(*s);
    }
    std::size_t budget = maxBytes;
    for (auto& f : feeds_) {
        if (f->failed)
            continue;
        if (budget == 0) {
            more = true;
            break;
        }
        readFeed(*f, budget, now);
        if (!f->bytes->caughtUp())
            more = true;
    }
    lastPollBytes_ = maxBytes - budget;
    return more;
}

void Watch::finish(double now) {
    for (auto& f : feeds_) {
        if (f->text)
            f->text->finish(now);
        else if (f->csv)
            f->csv->finish(now);
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

bool Watch::commandsRunning() const {
    return std::any_of(sources_.begin(), sources_.end(), [](const auto& s) { return s->command && !s->command->exited(); });
}

bool Watch::onlyCommands() const {
    return !sources_.empty() && std::all_of(sources_.begin(), sources_.end(), [](const auto& s) { return bool(s->command); });
}

std::size_t Watch::files() const { return feeds_.size(); }

std::vector<Text> Watch::troubles() const {
    std::vector<Text> out;
    for (const auto& s : sources_)
        if (s->remote)
            if (Text t = s->remote->trouble(); !t.empty())
                out.push_back(Text(TD_TEXT("Watch", "%1: %2"), {Text::value(s->remote->url()), t}));
    return out;
}

}  // namespace traindeck::watch
