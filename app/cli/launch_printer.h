#pragma once
// What `traindeck launch` prints of a run over SSH: each node's lines prefixed by its
// index, a node's state as it changes and pre-flight results on stderr, and at the
// end one line per node and how the run ended. The node rows are core's
// SessionState and their words core's (launch/launch_texts.h), the same the Launch
// page's node table shows; this class only lays them out as lines.

#include "launch/events.h"
#include "launch/session_state.h"

#include <functional>
#include <mutex>
#include <string>
#include <vector>

namespace traindeck::cli {

// One line without its newline, to stdout (Out) or stderr (Err).
using LineWriter = std::function<void(launch::Stream, const std::string& line)>;
LineWriter standardStreams();  // the process's stdout and stderr, flushed line by line

class LaunchPrinter {
public:
    explicit LaunchPrinter(LineWriter write = standardStreams());

    void setHosts(const std::vector<std::string>& hosts);  // node 0 first
    void operator()(const launch::Event& e);               // from the run's threads
    // One line per node, then the run's end; returns the command's exit status.
    int finish(const launch::LaunchEnd& end, int signal);

private:
    void say(const std::string& line);  // one of the launcher's own lines, on stderr

    std::mutex mutex_;
    LineWriter write_;
    launch::SessionState session_;
};

}  // namespace traindeck::cli
