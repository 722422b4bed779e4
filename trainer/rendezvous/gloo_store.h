#pragma once
// Gloo's rendezvous Store over our KV store. Debian's libgloo-dev ships no TCP store,
// and one rendezvous server for Gloo, NCCL and our own checks keeps one port to open.

#include "rendezvous/kv_store.h"

#include <gloo/rendezvous/store.h>

namespace traindeck::trainer {

class GlooStore : public gloo::rendezvous::Store {
public:
    // Keys are put under `prefix` so that Gloo's names cannot collide with ours.
    GlooStore(KvStore& store, std::string prefix, std::chrono::milliseconds timeout)
        : store_(store), prefix_(std::move(prefix)), timeout_(timeout) {}

    void set(const std::string& key, const std::vector<char>& data) override;
    std::vector<char> get(const std::string& key) override;
    void wait(const std::vector<std::string>& keys) override { wait(keys, timeout_); }
    void wait(const std::vector<std::string>& keys, const std::chrono::milliseconds& timeout) override;

private:
    KvStore& store_;
    std::string prefix_;
    std::chrono::milliseconds timeout_;
};

}  // namespace traindeck::trainer
