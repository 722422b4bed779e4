#pragma once
// What a launch shows of its nodes, while it goes and after it ended: one row
// per node (its host, state, last step, exit status or reason), kept from the
// run's events. The faces draw it (the Launch page through a Qt item model)
// and never read a state back out of what they drew.

#include "events.h"
#include "text/text.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace traindeck::launch {

struct NodeRow {
    std::string host;                      // [user@]host[:port] or an ssh alias, as given
    std::optional<NodeState> state;        // none: not started (yet)
    int status = -1;                       // Exited: its exit status
    std::optional<std::int64_t> lastStep;  // the last step its metrics stream reported
    // The last checkpoint its metrics stream reported durable (`checkpoint` event): its step and path.
    std::optional<std::int64_t> checkpointStep;
    std::string checkpointPath;
    Text reason;                           // why it failed: a check, a lost connection, a stop's reason
    bool stopped = false;                  // the launcher stopped it (the user, or another node's failure)
    bool stoppedForItsFailure = false;     // the launcher stopped it because it failed: still the failed node
    bool checkFailed = false;              // a pre-flight check of its failed (`reason` is the first that did)
    bool notStarted = false;               // the launch ended before this node started
};

class SessionState {
public:
    // One row per host, node 0 first, nothing started; a new run's rows keep the hosts.
    void setHosts(const std::vector<std::string>& hosts);
    void setHost(int node, const std::string& host);
    void clearRun();  // every row back to not started
    // Takes one of the run's events; returns the node whose row changed, or -1.
    int apply(const Event& e);

    const std::vector<NodeRow>& rows() const { return rows_; }
    std::vector<std::string> hosts() const;
    int size() const { return int(rows_.size()); }
    bool allRunning() const;

private:
    std::vector<NodeRow> rows_;
};

}  // namespace traindeck::launch
