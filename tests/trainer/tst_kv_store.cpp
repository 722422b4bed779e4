// The rendezvous store: set/get/add, blocking get, liveness, and its one-line errors.

#include "predicates.h"
#include "rendezvous/kv_store.h"

#include <atomic>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <QtTest>

using namespace traindeck::trainer;
using namespace std::chrono_literals;

// One server on any free port for the whole test; each case has clients of its own.
class TestKvStore : public QObject {
    Q_OBJECT
    std::unique_ptr<KvServer> server_;
    int port_ = 0;

private slots:
    void initTestCase() {
        server_ = std::make_unique<KvServer>(0);
        port_ = server_->port();
        QVERIFY(port_ > 0);
    }

    void valuesAreBytes() {
        KvClient a("127.0.0.1", port_, 5s), b("localhost", port_, 5s);
        a.set("k", std::string("v\0w", 3));
        QVERIFY(b.get("k", 1s) == std::string("v\0w", 3));
    }

    // A blocking get returns as soon as another client sets the key.
    void blockingGetReturnsOnSet() {
        KvClient a("127.0.0.1", port_, 5s), b("localhost", port_, 5s);
        const auto t0 = std::chrono::steady_clock::now();
        std::thread setter([&] {
            std::this_thread::sleep_for(200ms);
            a.set("later", "x");
        });
        QVERIFY(b.get("later", 5s) == "x");
        setter.join();
        QVERIFY(std::chrono::steady_clock::now() - t0 < 3s);
    }

    // A get that times out says which key it waited for.
    void timedOutGetNamesTheKey() {
        KvClient b("localhost", port_, 5s);
        QVERIFY(throwsWith<RendezvousError>([&] { b.get("never", 300ms); }, "'never'"));
    }

    // add is atomic across clients.
    void addIsAtomic() {
        std::vector<std::thread> adders;
        std::atomic<int> ok{0};
        for (int t = 0; t < 4; ++t)
            adders.emplace_back([&] {
                KvClient c("127.0.0.1", port_, 5s);
                for (int i = 0; i < 50; ++i) c.add("n", 1);
                ++ok;
            });
        for (auto& t : adders) t.join();
        QVERIFY(ok == 4);
        KvClient a("127.0.0.1", port_, 5s);
        QVERIFY(a.add("n", 0) == 200);
        QVERIFY(a.add("n", -10) == 190);
    }

    // Liveness: a rank whose connection closes shows as disconnected.
    void closedRankShowsAsDisconnected() {
        KvClient a("127.0.0.1", port_, 5s);
        {
            KvClient gone("127.0.0.1", port_, 5s);
            gone.hello(3);
            a.hello(0);
            bool seen = false;
            for (const auto& r : a.liveness()) seen |= r.rank == 3 && r.connected;
            QVERIFY(seen);
        }
        std::this_thread::sleep_for(200ms);
        bool closed = false;
        for (const auto& r : a.liveness()) closed |= r.rank == 3 && !r.connected;
        QVERIFY(closed);
    }

    // The port is taken: one clear line naming MASTER_PORT.
    void takenPortIsOneLine() {
        QVERIFY(throwsWith<RendezvousError>([&] { KvServer second(port_); }, "already in use"));
    }

    // Nobody listens: the client retries until its timeout, then names host:port.
    void nobodyListeningNamesHostAndPort() {
        int freePort = 0;
        {
            KvServer probe(0);
            freePort = probe.port();
        }
        const auto t1 = std::chrono::steady_clock::now();
        QVERIFY(throwsWith<RendezvousError>([&] { KvClient("127.0.0.1", freePort, 1s); },
                                            "cannot reach the rendezvous master at 127.0.0.1:"));
        QVERIFY(std::chrono::steady_clock::now() - t1 >= 900ms);
    }

    // The server going away turns a client's request into an error, not a hang.
    void serverGoneIsAnError() {
        auto lone = std::make_unique<KvServer>(0);
        KvClient orphan("127.0.0.1", lone->port(), 5s);
        lone.reset();
        QVERIFY(throwsWith<RendezvousError>([&] { orphan.get("x", 10s); }, "rendezvous store"));
    }
};

QTEST_APPLESS_MAIN(TestKvStore)
#include "tst_kv_store.moc"
