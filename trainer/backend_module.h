#pragma once
// The CUDA/NCCL backend lives in a module of its own, traindeck-trainer-nccl.so,
// which traindeck-trainer loads with dlopen() only when `--backend nccl` (or auto)
// asks for it. The trainer itself links no CUDA library, so on a node without
// CUDA or NCCL it still trains with `--backend gloo`, and `--backend nccl` fails
// with one line naming the library that is missing instead of the loader's
// "error while loading shared libraries" before main().
//
// The module is found, in this order: in $TRAINDECK_TRAINER_MODULE_DIR when that
// is set (and only there); beside the executable (a build folder); in
// <executable>/../<libdir>/traindeck (an installed package).

#include "backend.h"

#include <memory>
#include <string>

namespace traindeck::trainer {

inline constexpr const char* kNcclModuleFile = "traindeck-trainer-nccl.so";

// What the module exports, as C symbols (declared here so both sides agree).
// The ABI string (a hash of the interface's headers, TRAINDECK_BACKEND_ABI, set by
// trainer/CMakeLists.txt) guards against a module of another build: the Backend
// interface is a C++ vtable, only the same layout is safe to call.
using ModuleAbiFn = const char* (*)();
using ModuleUsableFn = bool (*)(std::string* why);
using ModuleMakeFn = Backend* (*)();
inline constexpr const char* kModuleAbiSymbol = "traindeck_nccl_module_abi";
inline constexpr const char* kModuleUsableSymbol = "traindeck_nccl_module_usable";
inline constexpr const char* kModuleMakeSymbol = "traindeck_nccl_module_make";

// The loaded module's entry points (the module stays loaded for the process).
struct NcclModule {
    std::string path;
    ModuleUsableFn usable = nullptr;
    ModuleMakeFn make = nullptr;
};

// Loads the module once per process. On failure returns nullptr and says why in
// one line: not built, not found (where it looked), a library it needs is missing
// (the loader's own words name it), or a module of another build.
const NcclModule* loadNcclModule(std::string* why);

}  // namespace traindeck::trainer
