#pragma once
// Picks the backend that --backend names (see the top of backend.h for how a backend
// registers itself).

#include "backend.h"

#include <memory>
#include <string>

namespace traindeck::trainer {

// "gloo", "nccl" or "auto". Throws UsageError (exit 2) when the named backend is not
// in this build or cannot run here.
std::unique_ptr<Backend> makeBackend(const std::string& name);

}  // namespace traindeck::trainer
