// A stand-in for trainer/cuda's module (trainer/backend_module.h), so that CI, which
// has no CUDA, tests how traindeck-trainer loads it: built once per situation a
// node can be in (a library missing, no GPU, a module of another build).

#include "backend_module.h"

#ifdef STANDIN_NEEDS_NCCL
extern "C" int traindeck_stub_nccl();  // from libtraindeck-standin-nccl.so.2, kept off the loader's path
#endif

extern "C" {

__attribute__((visibility("default"))) const char* traindeck_nccl_module_abi() { return STANDIN_ABI; }

__attribute__((visibility("default"))) bool traindeck_nccl_module_usable(std::string* why) {
#ifdef STANDIN_NEEDS_NCCL
    if (traindeck_stub_nccl() != 2) return false;
#endif
    *why = "no CUDA device visible (stand-in module)";
    return false;
}

__attribute__((visibility("default"))) traindeck::trainer::Backend* traindeck_nccl_module_make() { return nullptr; }

}  // extern "C"
