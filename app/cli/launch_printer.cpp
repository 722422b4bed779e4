#include "cli/launch_printer.h"

#include "launch/launch_texts.h"
#include "localized.h"

#include <csignal>
#include <cstdio>

namespace traindeck::cli {

using namespace traindeck::launch;

namespace {

Text nodeNumber(int node) { return Text::value(std::to_string(node)); }

}  // namespace

LineWriter standardStreams() {
    return [](Stream stream, const std::string& line) {
        std::FILE* to = stream == Stream::Err ? stderr : stdout;
        std::fprintf(to, "%s\n", line.c_str());
        std::fflush(to);
    };
}

LaunchPrinter::LaunchPrinter(LineWriter write) : write_(std::move(write)) {}

void LaunchPrinter::setHosts(const std::vector<std::string>& hosts) {
    std::lock_guard lock(mutex_);
    session_.setHosts(hosts);
}

void LaunchPrinter::say(const std::string& line) { write_(Stream::Err, "traindeck launch: " + line); }

void LaunchPrinter::operator()(const Event& e) {
    std::lock_guard lock(mutex_);
    const int changed = session_.apply(e);
    switch (e.kind) {
    case Event::Kind::Output:
    case Event::Kind::Metrics:
        write_(e.stream, "[node " + std::to_string(e.node) + "] " + e.line);
        break;
    case Event::Kind::State:
        if (changed >= 0)
            say(app::localized(TD_TEXT("LaunchCommand", "node %1: %2"),
                               {nodeNumber(e.node), nodeSummaryText(session_.rows()[std::size_t(changed)])}));
        break;
    case Event::Kind::Preflight:
        say(app::localized(TD_TEXT("LaunchCommand", "node %1 %2"), {nodeNumber(e.node), preflightText(e)}));
        break;
    case Event::Kind::End:
        break;
    }
}

int LaunchPrinter::finish(const LaunchEnd& end, int signal) {
    std::lock_guard lock(mutex_);
    Event over;  // a run abandoned at a second Ctrl-C reported no End: its rows end here the same way
    over.kind = Event::Kind::End;
    over.end = end;
    session_.apply(over);
    for (int node = 0; node < session_.size(); ++node) {
        const NodeRow& row = session_.rows()[std::size_t(node)];
        say(app::localized(TD_TEXT("LaunchCommand", "node %1 %2: %3"),
                           {nodeNumber(node), Text::value(row.host), nodeSummaryText(row)}));
    }
    say(app::localized(endLine(end)));
    switch (end.status) {
    case EndStatus::Completed:
    case EndStatus::DryRun: return 0;
    case EndStatus::Interrupted: return signal == SIGTERM ? 143 : 130;
    case EndStatus::Failed: return end.kind == FailureKind::Access ? 3 : 1;
    }
    return 1;
}

}  // namespace traindeck::cli
