#include "rendezvous/gloo_store.h"

namespace traindeck::trainer {

void GlooStore::set(const std::string& key, const std::vector<char>& data) {
    store_.set(prefix_ + key, std::string(data.begin(), data.end()));
}

std::vector<char> GlooStore::get(const std::string& key) {
    const std::string v = store_.get(prefix_ + key, timeout_);
    return {v.begin(), v.end()};
}

void GlooStore::wait(const std::vector<std::string>& keys, const std::chrono::milliseconds& timeout) {
    for (const std::string& key : keys) store_.get(prefix_ + key, timeout);
}

}  // namespace traindeck::trainer
