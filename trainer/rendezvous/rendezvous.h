#pragma once
// The rendezvous: rank 0 serves the store, every rank connects (retrying until
// --rdzv-timeout), announces its world size and configuration, and rank 0 checks that
// every rank arrived and agrees before anyone starts. Failures are one-line
// RendezvousErrors; a disagreement is a RendezvousMismatch.

#include "process_env.h"
#include "rendezvous/kv_store.h"

#include <chrono>
#include <memory>
#include <string>

namespace traindeck::trainer {

struct RendezvousMismatch : RendezvousError {  // ranks disagree on world size or configuration
    using RendezvousError::RendezvousError;
};

struct Rendezvous {
    std::unique_ptr<KvServer> server;  // rank 0 only
    std::unique_ptr<KvClient> client;
    std::string host;  // where the store is reachable from this process
    int port = 0;
    std::string runId;
};

Rendezvous rendezvous(const ProcessEnv& env, const std::string& config, std::chrono::milliseconds timeout);

}  // namespace traindeck::trainer
