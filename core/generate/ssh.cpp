// Target ssh: bare machines. A hostfile, the same hosts in DeepSpeed's
// `host slots=N` form, an ssh_config with the ports neither hostfile can hold,
// one script per node that sets its rank and the master's address and runs the
// entrypoint, and a launcher that starts every node's script over ssh (with the
// user's ssh configuration and host-key checking as they are: nothing here
// turns it off).

#include "generate/checkpoint_place.h"
#include "generate/context.h"
#include "generate/master_address.h"
#include "generate/shell_quote.h"
#include "generate/workload.h"
#include "hosts/host_address.h"
#include "platform/node_env.h"

#include <algorithm>

namespace traindeck::generate {

namespace {

constexpr const char* kSshConfigFile = "ssh_config";

std::string nodeScriptName(int rank) { return "node-" + std::to_string(rank) + ".sh"; }

std::vector<hosts::HostAddress> parseHosts(const Context& ctx) {
    const std::vector<std::string>& hosts = ctx.options.hosts;
    const int nodes = ctx.figures.nodes;
    if (static_cast<int>(hosts.size()) != nodes)
        throw GenerateError(Text(TD_TEXT("GenerateErrors", "SSH needs one host per node, node 0 first: %1 gave %2 for %3 nodes"),
                                 {Text::field("launch.hosts", "--hosts"), Text::value(std::to_string(hosts.size())),
                                  Text::value(std::to_string(nodes))}));
    std::vector<hosts::HostAddress> addresses;
    for (const std::string& h : hosts) {
        const auto a = hosts::parseHostAddress(h);
        if (!a)
            throw GenerateError(Text(TD_TEXT("GenerateErrors", "host '%1' is not a host name or address, [user@]host[:port]"),
                                     {Text::value(printable(h, kWholeValue))}));
        addresses.push_back(*a);
    }
    return addresses;
}

bool anyPort(const std::vector<hosts::HostAddress>& addresses) {
    return std::any_of(addresses.begin(), addresses.end(), [](const hosts::HostAddress& a) { return a.port != 0; });
}

// pdsh (`-w ^hostfile`) and DeepSpeed's runner read `[user@]host` and `host slots=N`,
// and ssh's port is not part of either: they reach a node on another port only
// through the ssh configuration. Both skip '#' comments.
std::vector<GeneratedFile> hostfiles(const Context& ctx, const std::vector<hosts::HostAddress>& addresses) {
    std::string note;
    if (anyPort(addresses))
        note = std::string("# Some nodes listen on another ssh port, which this file cannot hold: give ssh ") +
               kSshConfigFile + "\n# (read it for how) to the tool that reads this file.\n";
    std::string hostfile = note, dsHostfile = note;
    for (const hosts::HostAddress& a : addresses) {
        hostfile += a.destination() + "\n";
        dsHostfile += a.destination() + " slots=" + std::to_string(ctx.figures.gpusPerNode) + "\n";
    }
    return {{"hostfile", hostfile, false}, {"ds_hostfile", dsHostfile, false}};
}

// The ports as ssh configuration: the nodes' Host blocks first (ssh takes the
// first value it reads), then the user's and the system's configuration for
// everything else (keys, ProxyJump, known hosts), as ssh would read them unasked.
GeneratedFile sshConfig(const std::vector<hosts::HostAddress>& addresses) {
    std::string s = "# The ssh ports of the nodes, which the hostfiles cannot hold. pdsh and DeepSpeed's\n"
                    "# runner (which runs pdsh) pass it to ssh through PDSH_SSH_ARGS_APPEND:\n"
                    "#   PDSH_SSH_ARGS_APPEND=\"-F $PWD/ssh_config\" pdsh -R ssh -w ^hostfile hostname\n"
                    "#   PDSH_SSH_ARGS_APPEND=\"-F $PWD/ssh_config\" deepspeed --hostfile ds_hostfile train.py\n";
    std::vector<std::string> seen;
    for (const hosts::HostAddress& a : addresses) {
        if (!a.port || std::find(seen.begin(), seen.end(), a.host) != seen.end()) continue;
        seen.push_back(a.host);
        s += "Host " + a.host + "\n    Port " + std::to_string(a.port) + "\n";
    }
    s += "Match all\nInclude ~/.ssh/config\nInclude /etc/ssh/ssh_config\n";
    return {kSshConfigFile, s, false};
}

std::string nodeScript(const Context& ctx, int rank, const std::string& masterAddress) {
    const int nodes = ctx.figures.nodes;
    const CheckpointPlace place = checkpointPlace(ctx, Target::Ssh);
    // The plan's choice of this machine's GPUs; without one the entrypoint counts them all.
    const std::string chosenGpus =
        ctx.plan.launch.visibleGpus.empty()
            ? std::string()
            : "export CUDA_VISIBLE_DEVICES=" + shellQuote(platform::cudaVisibleDevices(ctx.plan)) + "\n";
    const std::string checkpointExport =
        place.shellValue.empty() ? std::string() : std::string("export ") + kCheckpointDirVar + "=" + place.shellValue + "\n";
    return "#!/usr/bin/env bash\n"
           "# Node " + std::to_string(rank) + " of " + std::to_string(nodes) +
           ": run on that host, from the directory that holds these files.\n" +
           kShellcheckDirective +
           "set -euo pipefail\n"
           "here=$(cd \"$(dirname \"${BASH_SOURCE[0]}\")\" && pwd)\n"
           "export TRAINDECK_PLATFORM=ssh\n"
           "export NODE_RANK=" + std::to_string(rank) + "\n"
           "export NNODES=" + std::to_string(nodes) + "\n"
           "export MASTER_ADDR=" + shellQuote(masterAddress) + "\n"
           "export MASTER_PORT=" + std::to_string(ctx.plan.launch.masterPort) + "\n" +
           checkpointExport + chosenGpus +
           "exec bash \"$here/" + kEntrypointFile + "\"\n";
}

std::string launcher(const Context& ctx, const std::vector<hosts::HostAddress>& addresses) {
    std::string launch = R"SH(#!/usr/bin/env bash
# Starts every node's script on its host over ssh and waits for all of them.
# The directory holding these files must be at the same path on every host
# (a shared filesystem, or copied there). ssh uses your configuration, keys and
# known_hosts as they are; a host whose key is unknown is refused, not trusted.
)SH";
    launch += warningComments(ctx, "# ");
    launch += "set -euo pipefail\nhere=$(cd \"$(dirname \"${BASH_SOURCE[0]}\")\" && pwd)\n";
    launch += "hosts=(";
    for (std::size_t i = 0; i < addresses.size(); ++i) {
        if (i) launch += ' ';
        launch += shellQuote(addresses[i].destination());
    }
    launch += ")\n# Each host's ssh port; empty: the ssh configuration's.\nports=(";
    for (std::size_t i = 0; i < addresses.size(); ++i) {
        if (i) launch += ' ';
        launch += addresses[i].port ? std::to_string(addresses[i].port) : std::string("''");
    }
    launch += ")\n";
    launch += R"SH(pids=()
# shellcheck disable=SC2317  # reached through the trap below
stop_all() {
    for pid in "${pids[@]}"; do
        kill -TERM "$pid" 2>/dev/null || true
    done
}
trap stop_all TERM INT
for rank in "${!hosts[@]}"; do
    # The remote shell reads the command line again: quote the path for it.
    printf -v remote 'bash %q' "$here/node-$rank.sh"
    # A terminal (-tt) ties the remote processes to this connection: when this
    # launcher stops, the remote entrypoint gets SIGHUP and stops its workload.
    port=${ports[$rank]}
    ssh -tt -o BatchMode=yes ${port:+-p "$port"} -- "${hosts[$rank]}" "$remote" &
    pids+=("$!")
done
status=0
for pid in "${pids[@]}"; do
    wait "$pid" || status=$?
done
exit "$status"
)SH";
    return launch;
}

}  // namespace

std::vector<GeneratedFile> sshFiles(const Context& ctx) {
    const std::vector<hosts::HostAddress> addresses = parseHosts(ctx);
    const MasterAddress master = resolveMasterAddress(addresses.front(), ctx.options.sshConfigFile);
    std::vector<GeneratedFile> files = hostfiles(ctx, addresses);
    if (anyPort(addresses)) files.push_back(sshConfig(addresses));
    for (int rank = 0; rank < ctx.figures.nodes; ++rank)
        files.push_back({nodeScriptName(rank), nodeScript(ctx, rank, master.address), true});
    files.push_back({"launch-ssh.sh", launcher(ctx, addresses), true});
    for (GeneratedFile& f : supportFiles(ctx)) files.push_back(std::move(f));
    return files;
}

std::vector<Text> sshNotes(const Context& ctx) {
    const std::vector<hosts::HostAddress> addresses = parseHosts(ctx);
    std::vector<Text> notes;
    if (Text how = resolveMasterAddress(addresses.front(), ctx.options.sshConfigFile).how; !how.empty())
        notes.push_back(how);
    if (anyPort(addresses))
        notes.push_back(Text(TD_TEXT("GenerateNotes", "some nodes use another ssh port: pdsh and DeepSpeed read it "
                                                      "from %1 (PDSH_SSH_ARGS_APPEND=\"-F %1\"), launch-ssh.sh by itself"),
                             {Text::value(kSshConfigFile)}));
    return notes;
}

}  // namespace traindeck::generate
