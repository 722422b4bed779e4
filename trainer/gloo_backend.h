#pragma once
// The CPU backend: the reference maths of math/ on fp32 (the GPU backend's bf16
// matrix products are its own precision), gradients averaged over ranks with Gloo's
// ring all-reduce over TCP.

#include "backend.h"

#include <memory>

namespace traindeck::trainer {

std::unique_ptr<Backend> makeGlooBackend();

}  // namespace traindeck::trainer
