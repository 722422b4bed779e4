// The module's three C entry points (trainer/backend_module.h): what
// traindeck-trainer looks up after dlopen(traindeck-trainer-nccl.so).

#include "backend_module.h"

namespace tt = traindeck::trainer;

extern "C" {

__attribute__((visibility("default"))) const char* traindeck_nccl_module_abi() { return TRAINDECK_BACKEND_ABI; }

__attribute__((visibility("default"))) bool traindeck_nccl_module_usable(std::string* why) {
    return tt::ncclBackendUsable(why);
}

// Ownership passes to the caller, which wraps it in a unique_ptr: the module stays
// loaded for the process, so its vtable and destructor outlive the object.
__attribute__((visibility("default"))) tt::Backend* traindeck_nccl_module_make() {
    return tt::makeNcclBackend().release();
}

}  // extern "C"
