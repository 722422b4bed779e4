#include "clean_nodes.h"

#include "generate/shell_quote.h"

namespace traindeck::launch {

namespace {

// Prints removed=N in_use=M. A folder is in use while a process has its
// working directory in it (each node's supervisor runs in its run's folder).
std::string cleanScript(const std::string& remoteDir) {
    return "bash -c " + generate::shellQuote(
                            "cd " + generate::shellQuote(remoteDir) + " 2>/dev/null || { echo removed=0 in_use=0; exit 0; }\n"
                            "removed=0 in_use=0\n"
                            "busy=$(for p in /proc/[0-9]*/cwd; do readlink \"$p\"; done 2>/dev/null)\n"
                            "for d in */; do\n"
                            "  [ -d \"$d\" ] || continue\n"
                            "  abs=$(cd \"$d\" && pwd)\n"
                            "  if grep -qxF -e \"$abs\" <<<\"$busy\" || grep -qF -e \"$abs/\" <<<\"$busy\"; then\n"
                            "    in_use=$((in_use + 1))\n"
                            "  else\n"
                            "    rm -rf -- \"$d\" && removed=$((removed + 1))\n"
                            "  fi\n"
                            "done\n"
                            "echo removed=$removed in_use=$in_use\n");
}

int valueOf(const std::string& out, const std::string& key) {
    const auto at = out.find(key + "=");
    return at == std::string::npos ? 0 : std::atoi(out.c_str() + at + key.size() + 1);
}

}  // namespace

std::vector<CleanResult> cleanNodes(const std::vector<std::string>& hosts, const std::string& remoteDir,
                                    const ssh::Settings& ssh, const std::function<void(const CleanResult&)>& done) {
    std::vector<CleanResult> results;
    const std::string dir = remoteDir.empty() ? std::string(".traindeck/runs") : remoteDir;
    for (int i = 0; i < int(hosts.size()); ++i) {
        CleanResult r;
        r.host = hosts[i];
        auto session = makeSshSession(i, hosts[i], ssh);
        if (const NodeSession::Opened opened = session->open(); !opened.ok) {
            r.why = opened.why;
        } else if (const CommandResult c = session->run(cleanScript(dir)); c.status != 0) {
            r.why = c.error.empty() ? Text::value(printable(c.err, kWholeValue)) : c.error;
        } else {
            r.ok = true;
            r.removed = valueOf(c.out, "removed");
            r.inUse = valueOf(c.out, "in_use");
        }
        if (done) done(r);
        results.push_back(std::move(r));
    }
    return results;
}

}  // namespace traindeck::launch
