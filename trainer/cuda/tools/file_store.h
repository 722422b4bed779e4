#pragma once
// A KvStore over a shared directory, for the CUDA tools that run several ranks on one
// machine without the trainer's TCP rendezvous (the benchmark driver, fault tests).
// set() writes key atomically (temp file + rename); get() polls for it.

#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>

#include "rendezvous/kv_store.h"

namespace traindeck::trainer::cuda {

class FileStore : public KvStore {
public:
    explicit FileStore(std::string dir) : dir_(std::move(dir)) {}

    void set(const std::string& key, const std::string& value) override {
        const std::string path = pathOf(key), tmp = path + ".tmp";
        {
            std::ofstream out(tmp, std::ios::binary);
            out.write(value.data(), std::streamsize(value.size()));
        }
        std::rename(tmp.c_str(), path.c_str());
    }

    std::string get(const std::string& key, std::chrono::milliseconds timeout) override {
        const auto deadline = std::chrono::steady_clock::now() + timeout;
        for (;;) {
            std::ifstream in(pathOf(key), std::ios::binary);
            if (in) {
                std::ostringstream s;
                s << in.rdbuf();
                return s.str();
            }
            if (std::chrono::steady_clock::now() > deadline) throw RendezvousError("file store: no key " + key);
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
    }

    int64_t add(const std::string&, int64_t) override {
        throw RendezvousError("file store: add is not supported");
    }

private:
    std::string pathOf(const std::string& key) const {
        std::string name = key;
        for (char& c : name) {
            if (c == '/') c = '_';
        }
        return dir_ + "/" + name;
    }
    std::string dir_;
};

}  // namespace traindeck::trainer::cuda
