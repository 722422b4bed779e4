// Target ssh: bare machines. A hostfile, the same hosts in DeepSpeed's
// `host slots=N` form, one script per node that sets its rank and the master's
// address and runs the entrypoint, and a launcher that starts every node's
// script over ssh (with the user's ssh configuration and host-key checking as
// they are: nothing here turns it off).

#include "generate/context.h"
#include "generate/host_address.h"
#include "generate/shell_quote.h"
#include "generate/workload.h"

namespace traindeck::generate {

namespace {

std::string nodeScriptName(int rank) { return "node-" + std::to_string(rank) + ".sh"; }

}  // namespace

std::vector<GeneratedFile> sshFiles(const Context& ctx) {
    const std::vector<std::string>& hosts = ctx.options.hosts;
    const int nodes = ctx.figures.nodes;
    if (static_cast<int>(hosts.size()) != nodes)
        throw GenerateError(Text(TD_TEXT("GenerateErrors", "SSH needs one host per node, node 0 first: %1 gave %2 for %3 nodes"),
                                 {Text::field("launch.hosts", "--hosts"), Text::value(std::to_string(hosts.size())),
                                  Text::value(std::to_string(nodes))}));
    // Hostfiles have no quoting: `[user@]host` only (IPv6 included); a port is
    // ssh's alone (pdsh and DeepSpeed's hostfile cannot carry one).
    std::vector<HostAddress> addresses;
    for (const std::string& h : hosts) {
        const auto a = parseHostAddress(h);
        if (!a)
            throw GenerateError(Text(TD_TEXT("GenerateErrors", "host '%1' is not a host name or address, [user@]host[:port]"),
                                     {Text::value(printable(h))}));
        addresses.push_back(*a);
    }

    std::string hostfile, dsHostfile;
    for (const HostAddress& a : addresses) {
        hostfile += a.destination() + "\n";
        dsHostfile += a.destination() + " slots=" + std::to_string(ctx.figures.gpusPerNode) + "\n";
    }
    std::vector<GeneratedFile> files = {{"hostfile", hostfile, false}, {"ds_hostfile", dsHostfile, false}};

    for (int rank = 0; rank < nodes; ++rank) {
        std::string s = "#!/usr/bin/env bash\n"
                        "# Node " + std::to_string(rank) + " of " + std::to_string(nodes) +
                        ": run on that host, from the directory that holds these files.\n" +
                        kShellcheckDirective +
                        "set -euo pipefail\n"
                        "here=$(cd \"$(dirname \"${BASH_SOURCE[0]}\")\" && pwd)\n"
                        "export TRAINDECK_PLATFORM=ssh\n"
                        "export NODE_RANK=" + std::to_string(rank) + "\n"
                        "export NNODES=" + std::to_string(nodes) + "\n"
                        "export MASTER_ADDR=" + shellQuote(addresses.front().host) + "\n"
                        "export MASTER_PORT=" + std::to_string(ctx.plan.launch.masterPort) + "\n"
                        "exec bash \"$here/" + kEntrypointFile + "\"\n";
        files.push_back({nodeScriptName(rank), s, true});
    }

    std::string launch = R"SH(#!/usr/bin/env bash
# Starts every node's script on its host over ssh and waits for all of them.
# The directory holding these files must be at the same path on every host
# (a shared filesystem, or copied there). ssh uses your configuration, keys and
# known_hosts as they are; a host whose key is unknown is refused, not trusted.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
)SH";
    launch += "hosts=(";
    for (std::size_t i = 0; i < addresses.size(); ++i) launch += (i ? " " : "") + shellQuote(addresses[i].destination());
    launch += ")\n# Each host's ssh port; empty: the ssh configuration's.\nports=(";
    for (std::size_t i = 0; i < addresses.size(); ++i)
        launch += (i ? " " : "") + (addresses[i].port ? std::to_string(addresses[i].port) : std::string("''"));
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
    files.push_back({"launch-ssh.sh", launch, true});
    for (GeneratedFile& f : supportFiles(ctx)) files.push_back(std::move(f));
    return files;
}

}  // namespace traindeck::generate
