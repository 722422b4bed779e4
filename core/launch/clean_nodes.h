#pragma once
// Removing what earlier launches left on the nodes: the run folders under the
// remote folder (`<remoteDir>/<run_id>`) that no running launch is using (none
// of its processes works in them). A launch removes its own files when it ends;
// this is for what a killed host, an older TrainDeck or a full disk left behind.

#include "node_session.h"
#include "text/text.h"

#include <functional>
#include <string>
#include <vector>

namespace traindeck::launch {

struct CleanResult {
    std::string host;
    bool ok = false;
    int removed = 0;  // run folders removed
    int inUse = 0;    // run folders kept: a running launch works in them
    Text why;         // why the host could not be cleaned
};

// One host after the other, each as `launch` would reach it; `remoteDir` as LaunchConfig's.
std::vector<CleanResult> cleanNodes(const std::vector<std::string>& hosts, const std::string& remoteDir,
                                    const ssh::Settings& ssh, const std::function<void(const CleanResult&)>& done);

}  // namespace traindeck::launch
