#include "backend_module.h"

#include <traindeck_build_info.h>

#include <dlfcn.h>
#include <unistd.h>

#include <filesystem>
#include <mutex>
#include <vector>

namespace traindeck::trainer {

namespace {

namespace fs = std::filesystem;

// Where the module may be, in the order searched (see backend_module.h).
std::vector<fs::path> moduleDirs() {
    if (const char* dir = std::getenv("TRAINDECK_TRAINER_MODULE_DIR"); dir && *dir) return {fs::path(dir)};
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (ec) return {};
    const fs::path bin = exe.parent_path();
    return {bin, (bin / ".." / TRAINDECK_MODULE_LIBDIR / "traindeck").lexically_normal()};
}

// dlerror() ends with no newline but may hold several ':'-joined parts; it is one line.
std::string loaderError() {
    const char* e = dlerror();
    return e ? e : "unknown dlopen error";
}

const NcclModule* load(std::string* why) {
    std::string looked;
    for (const fs::path& dir : moduleDirs()) {
        const fs::path path = dir / kNcclModuleFile;
        std::error_code ec;
        if (!fs::exists(path, ec)) {
            looked += (looked.empty() ? "" : ", ") + dir.string();
            continue;
        }
        // RTLD_LOCAL: the module's CUDA symbols stay its own; RTLD_NOW: a missing
        // symbol is found here, not in the middle of a run.
        void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (!handle) {
            *why = "the CUDA backend cannot be loaded: " + loaderError();
            if (*TRAINDECK_BUILD_CUDA_LIBRARIES) *why += std::string(" (it needs ") + TRAINDECK_BUILD_CUDA_LIBRARIES + ")";
            return nullptr;
        }
        auto abi = reinterpret_cast<ModuleAbiFn>(dlsym(handle, kModuleAbiSymbol));
        auto usable = reinterpret_cast<ModuleUsableFn>(dlsym(handle, kModuleUsableSymbol));
        auto make = reinterpret_cast<ModuleMakeFn>(dlsym(handle, kModuleMakeSymbol));
        if (!abi || !usable || !make) {
            *why = path.string() + " is not a traindeck-trainer backend module";
            return nullptr;
        }
        if (std::string(abi()) != TRAINDECK_BACKEND_ABI) {
            *why = path.string() + " was built with another traindeck-trainer (backend interface " +
                   std::string(abi()).substr(0, 8) + ", this one " + std::string(TRAINDECK_BACKEND_ABI).substr(0, 8) +
                   "); install both from the same build";
            return nullptr;
        }
        static NcclModule module;
        module = {path.string(), usable, make};
        return &module;
    }
    if (!TRAINDECK_BUILD_CUDA)
        *why = "this build has no CUDA backend (built without nvcc); use --backend gloo";
    else
        *why = std::string("the CUDA backend module ") + kNcclModuleFile + " is not installed (looked in " + looked + ")";
    return nullptr;
}

}  // namespace

const NcclModule* loadNcclModule(std::string* why) {
    // Loaded once: the answer (and the reason) does not change within a process.
    static std::once_flag once;
    static const NcclModule* module = nullptr;
    static std::string reason;
    std::call_once(once, [] { module = load(&reason); });
    if (!module && why) *why = reason;
    return module;
}

}  // namespace traindeck::trainer
