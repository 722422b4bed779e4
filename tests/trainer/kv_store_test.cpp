// The rendezvous store: set/get/add, blocking get, liveness, and its one-line errors.

#include "check.h"
#include "rendezvous/kv_store.h"

#include <atomic>
#include <string>
#include <thread>
#include <vector>

using namespace traindeck::trainer;
using namespace std::chrono_literals;

int main() {
    KvServer server(0);  // any free port
    const int port = server.port();
    CHECK(port > 0);

    KvClient a("127.0.0.1", port, 5s), b("localhost", port, 5s);
    a.set("k", std::string("v\0w", 3));
    CHECK(b.get("k", 1s) == std::string("v\0w", 3));

    // A blocking get returns as soon as another client sets the key.
    const auto t0 = std::chrono::steady_clock::now();
    std::thread setter([&] {
        std::this_thread::sleep_for(200ms);
        a.set("later", "x");
    });
    CHECK(b.get("later", 5s) == "x");
    setter.join();
    CHECK(std::chrono::steady_clock::now() - t0 < 3s);

    // A get that times out says which key it waited for.
    CHECK_THROWS(RendezvousError, b.get("never", 300ms), "'never'");

    // add is atomic across clients.
    std::vector<std::thread> adders;
    std::atomic<int> ok{0};
    for (int t = 0; t < 4; ++t)
        adders.emplace_back([&] {
            KvClient c("127.0.0.1", port, 5s);
            for (int i = 0; i < 50; ++i) c.add("n", 1);
            ++ok;
        });
    for (auto& t : adders) t.join();
    CHECK(ok == 4);
    CHECK(a.add("n", 0) == 200);
    CHECK(a.add("n", -10) == 190);

    // Liveness: a rank whose connection closes shows as disconnected.
    {
        KvClient gone("127.0.0.1", port, 5s);
        gone.hello(3);
        a.hello(0);
        bool seen = false;
        for (const auto& r : a.liveness()) seen |= r.rank == 3 && r.connected;
        CHECK(seen);
    }
    std::this_thread::sleep_for(200ms);
    bool closed = false;
    for (const auto& r : a.liveness()) closed |= r.rank == 3 && !r.connected;
    CHECK(closed);

    // The port is taken: one clear line naming MASTER_PORT.
    CHECK_THROWS(RendezvousError, KvServer second(port), "already in use");

    // Nobody listens: the client retries until its timeout, then names host:port.
    int freePort = 0;
    {
        KvServer probe(0);
        freePort = probe.port();
    }
    const auto t1 = std::chrono::steady_clock::now();
    CHECK_THROWS(RendezvousError, KvClient("127.0.0.1", freePort, 1s), "cannot reach the rendezvous master at 127.0.0.1:");
    CHECK(std::chrono::steady_clock::now() - t1 >= 900ms);

    // The server going away turns a client's request into an error, not a hang.
    auto lone = std::make_unique<KvServer>(0);
    KvClient orphan("127.0.0.1", lone->port(), 5s);
    lone.reset();
    CHECK_THROWS(RendezvousError, orphan.get("x", 10s), "rendezvous store");
    return checkResult("trainer_kv_store_test");
}
