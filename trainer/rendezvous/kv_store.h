#pragma once
// The rendezvous key-value store. Rank 0 serves it on MASTER_ADDR:MASTER_PORT; every
// rank (rank 0 included) talks to it through a KvClient. It carries Gloo's addresses,
// the ncclUniqueId, the configuration check and each rank's heartbeat.
//
// Wire format (one TCP connection per client, requests answered in order):
//   request  = u8 op, u32 key length, key, u32 value length, value, i64 argument
//   response = u8 status (0 ok, 1 timeout, 2 error), u32 length, bytes
// All integers little-endian. Ops: set, get (blocks up to argument ms), add (argument
// is the delta, returns the new value as 8 bytes), hello (value = the rank: the
// server remembers which rank a connection belongs to), liveness (returns, per rank
// seen by hello, whether its connection is still open and ms since its last request).

#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

namespace traindeck::trainer {

// Rendezvous failures that the user must act on; the message is the one line to print.
// `silent`: the other side is there but stopped answering (hung), rather than gone.
struct RendezvousError : std::runtime_error {
    explicit RendezvousError(const std::string& message, bool silent = false)
        : std::runtime_error(message), silent(silent) {}
    bool silent;
};

class KvStore {
public:
    virtual ~KvStore() = default;
    virtual void set(const std::string& key, const std::string& value) = 0;
    // Blocks until the key exists; throws RendezvousError after `timeout`.
    virtual std::string get(const std::string& key, std::chrono::milliseconds timeout) = 0;
    // Atomically adds delta to the integer at key (0 if absent) and returns the result.
    virtual int64_t add(const std::string& key, int64_t delta) = 0;
};

struct RankLiveness {
    int rank = 0;
    bool connected = false;   // its store connection is open
    int64_t idleMs = 0;       // since its last request (heartbeats are requests)
};

// Serves the store on `port` of all interfaces from a background thread until
// destroyed. Throws RendezvousError when the port is taken.
class KvServer {
public:
    explicit KvServer(int port);
    ~KvServer();
    KvServer(const KvServer&) = delete;
    KvServer& operator=(const KvServer&) = delete;
    int port() const;  // the bound port (useful with port 0 in tests)

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// One connection to the store. Thread-safe (requests are serialised by a mutex).
class KvClient : public KvStore {
public:
    // Connects with retries until `timeout`; throws RendezvousError naming host:port.
    KvClient(const std::string& host, int port, std::chrono::milliseconds timeout);
    ~KvClient() override;
    KvClient(const KvClient&) = delete;
    KvClient& operator=(const KvClient&) = delete;

    void set(const std::string& key, const std::string& value) override;
    std::string get(const std::string& key, std::chrono::milliseconds timeout) override;
    int64_t add(const std::string& key, int64_t delta) override;
    // How long a request waits for its answer beyond its own blocking time.
    void setIoTimeout(std::chrono::milliseconds t) { ioTimeout_ = t; }
    // Tells the server which rank this connection belongs to (for liveness()).
    void hello(int rank);
    std::vector<RankLiveness> liveness();

private:
    std::string request(uint8_t op, const std::string& key, const std::string& value, int64_t arg,
                        uint8_t* status);
    int fd_ = -1;
    std::string where_;
    std::mutex mutex_;
    std::chrono::milliseconds ioTimeout_{std::chrono::seconds(60)};
};

}  // namespace traindeck::trainer
