#include "backend_registry.h"

#include "backend_module.h"
#include "gloo_backend.h"
#include "options.h"

#include <functional>
#include <vector>

namespace traindeck::trainer {

namespace {

struct Entry {
    std::string name;
    std::function<bool(std::string*)> usable;
    std::function<std::unique_ptr<Backend>()> make;
};

// In the order --backend auto tries them.
std::vector<Entry> entries() {
    std::vector<Entry> out;
    // The CUDA backend is a module loaded on demand (backend_module.h): usable when it
    // loads and finds a GPU, else `why` names what is missing.
    out.push_back({"nccl",
                   [](std::string* why) {
                       const NcclModule* module = loadNcclModule(why);
                       return module && module->usable(why);
                   },
                   [] { return std::unique_ptr<Backend>(loadNcclModule(nullptr)->make()); }});
    out.push_back({"gloo", [](std::string*) { return true; }, &makeGlooBackend});
    return out;
}

}  // namespace

std::unique_ptr<Backend> makeBackend(const std::string& name) {
    const auto all = entries();
    for (const Entry& e : all) {
        std::string why;
        if (name == "auto" && e.usable(&why)) return e.make();
        if (e.name != name) continue;
        if (!e.usable(&why)) throw UsageError("--backend " + name + " cannot run here: " + why);
        return e.make();
    }
    throw UsageError("--backend " + name + " is not in this build");
}

}  // namespace traindeck::trainer
