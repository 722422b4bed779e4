#include "rendezvous/rendezvous.h"

#include "options.h"

#include <chrono>
#include <cstdlib>
#include <sstream>
#include <thread>
#include <unistd.h>

namespace traindeck::trainer {

namespace {

using Clock = std::chrono::steady_clock;

std::chrono::milliseconds left(Clock::time_point deadline) {
    return std::max(std::chrono::milliseconds(0),
                    std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()));
}

std::string hostName() {
    char name[256] = {};
    ::gethostname(name, sizeof name - 1);
    return name;
}

// "world\nhash\nhost\n" + config: what every rank announces under rank/<r>.
struct Announcement {
    int world = 0;
    std::string hash, host, config;
    static Announcement parse(const std::string& text) {
        Announcement a;
        std::istringstream in(text);
        std::string world;
        std::getline(in, world);
        a.world = std::atoi(world.c_str());
        std::getline(in, a.hash);
        std::getline(in, a.host);
        std::ostringstream rest;
        rest << in.rdbuf();
        a.config = rest.str();
        return a;
    }
};

// Rank 0: wait for every rank's announcement and check it against our own.
// Returns "" when all agree, else the message every rank will print.
std::string verdict(KvClient& kv, const ProcessEnv& env, const std::string& config, Clock::time_point deadline,
                    std::chrono::milliseconds timeout, bool* mismatch) {
    const std::string ourHash = std::to_string(fnv1a64(config.data(), config.size()));
    for (int r = 1; r < env.worldSize; ++r) {
        std::string text;
        try {
            text = kv.get("rank/" + std::to_string(r), left(deadline));
        } catch (const RendezvousError&) {
            std::string missing;
            int count = 0;
            for (int m = r; m < env.worldSize; ++m) {
                try {
                    kv.get("rank/" + std::to_string(m), std::chrono::milliseconds(0));
                } catch (const RendezvousError&) {
                    missing += (count++ ? ", " : "") + std::to_string(m);
                }
            }
            return std::string(count > 1 ? "ranks " : "rank ") + missing + " never arrived at the rendezvous within " +
                   std::to_string(timeout.count() / 1000) + " s (" + std::to_string(env.worldSize - count) + " of " +
                   std::to_string(env.worldSize) + " arrived)";
        }
        const Announcement a = Announcement::parse(text);
        *mismatch = true;
        if (a.world != env.worldSize)
            return "rank " + std::to_string(r) + " (on " + a.host + ") says the world has " + std::to_string(a.world) +
                   " ranks, rank 0 says " + std::to_string(env.worldSize) + "; check WORLD_SIZE / --nproc-per-node on every node";
        if (a.hash != ourHash)
            return "rank " + std::to_string(r) + " (on " + a.host + ") runs another configuration than rank 0: " +
                   configDiff(a.config, "rank " + std::to_string(r), config, "rank 0");
        *mismatch = false;
    }
    return "";
}

// Rank 0, refusing: until every other rank that arrived has read the verdict or gone
// (its store connection closed: it died, and cannot read it anyway), or the rendezvous
// timeout has passed (a rank frozen that long). Not a fixed few seconds: a rank that a
// loaded machine holds back between its announcement and its question would find the
// store gone and exit 1, blaming rank 0, instead of 2 with the verdict.
void waitForReaders(KvClient& kv, std::chrono::milliseconds timeout) {
    const auto giveUp = Clock::now() + timeout;
    while (Clock::now() < giveUp) {
        const int64_t arrived = kv.add("arrived", 0), read = kv.add("verdict_read", 0);
        if (read >= arrived - 1) return;
        int connected = 0;
        for (const RankLiveness& r : kv.liveness()) connected += r.rank != 0 && r.connected;
        // Every rank still connected may yet read it; one that read it and left is not waited for.
        if (connected == 0) return;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
}
}  // namespace

Rendezvous rendezvous(const ProcessEnv& env, const std::string& config, std::chrono::milliseconds timeout) {
    const auto deadline = Clock::now() + timeout;
    Rendezvous rv;
    rv.host = env.masterAddr;
    rv.port = env.masterPort;
    if (env.rank == 0) {
        rv.server = std::make_unique<KvServer>(env.masterPort);
        rv.port = rv.server->port();
        rv.host = "127.0.0.1";
    }
    rv.client = std::make_unique<KvClient>(rv.host, rv.port, timeout);
    // Something that accepts connections but never answers (not our store) must not
    // hold us past the rendezvous timeout.
    rv.client->setIoTimeout(timeout);
    const std::string hash = std::to_string(fnv1a64(config.data(), config.size()));
    if (rv.client->add("claim/" + std::to_string(env.rank), 1) > 1)
        throw RendezvousMismatch("rank " + std::to_string(env.rank) + " joined the rendezvous twice; check RANK on every process");
    // Only now is this connection rank r's (a turned-away duplicate must not look like
    // rank r dying when it leaves).
    rv.client->hello(env.rank);
    // Counted before the announcement, so that rank 0, refusing, waits for us to read why.
    rv.client->add("arrived", 1);
    rv.client->set("rank/" + std::to_string(env.rank),
                   std::to_string(env.worldSize) + "\n" + hash + "\n" + hostName() + "\n" + config);

    if (env.rank == 0) {
        const char* given = std::getenv("TRAINDECK_RUN_ID");
        rv.runId = given && *given ? given
                                   : "td-" + std::to_string(std::chrono::duration_cast<std::chrono::seconds>(
                                                                std::chrono::system_clock::now().time_since_epoch()).count()) +
                                         "-" + std::to_string(::getpid());
        bool mismatch = false;
        const std::string problem = verdict(*rv.client, env, config, deadline, timeout, &mismatch);
        rv.client->set("verdict", problem.empty() ? "ok\n" + std::to_string(env.worldSize) + "\n" + hash + "\n" + rv.runId
                                                  : (mismatch ? "mismatch\n" : "fail\n") + problem);
        if (!problem.empty()) {
            // Let every rank that arrived read the verdict before the store goes away with
            // us: one that could not would report a lost rank 0 (exit 1) instead.
            waitForReaders(*rv.client, timeout);
            if (mismatch) throw RendezvousMismatch(problem);
            throw RendezvousError(problem);
        }
        return rv;
    }

    // TRAINDECK_TEST_VERDICT_DELAY_MS (tests only): this rank is slow to ask for the verdict.
    if (const char* delay = std::getenv("TRAINDECK_TEST_VERDICT_DELAY_MS"))
        std::this_thread::sleep_for(std::chrono::milliseconds(std::atol(delay)));
    // Rank 0 waits up to the timeout for the others; give it a little longer to answer.
    std::string v;
    try {
        v = rv.client->get("verdict", timeout + std::chrono::seconds(10));
    } catch (const RendezvousError&) {
        throw RendezvousError("rank 0 did not complete the rendezvous at " + rv.host + ":" + std::to_string(rv.port) +
                              " within " + std::to_string(timeout.count() / 1000) + " s");
    }
    std::istringstream in(v);
    std::string status, world, theirHash;
    std::getline(in, status);
    if (status != "ok") {
        try {
            rv.client->add("verdict_read", 1);  // rank 0 may leave now
        } catch (const RendezvousError&) {
            // Rank 0 has gone already: the verdict is read all the same.
        }
        std::ostringstream rest;
        rest << in.rdbuf();
        if (status == "mismatch") throw RendezvousMismatch(rest.str());
        throw RendezvousError(rest.str());
    }
    std::getline(in, world);
    std::getline(in, theirHash);
    std::getline(in, rv.runId);
    if (std::atoi(world.c_str()) != env.worldSize)
        throw RendezvousMismatch("this rank (" + std::to_string(env.rank) + ") says the world has " +
                                 std::to_string(env.worldSize) + " ranks, rank 0 says " + world +
                                 "; check WORLD_SIZE / --nproc-per-node on every node");
    return rv;
}

}  // namespace traindeck::trainer
