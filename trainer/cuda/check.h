#pragma once
// Return-code checks for every CUDA runtime, cuBLASLt and NCCL call of the CUDA backend.
// A failed call throws CudaError naming the call, the file and the line, so that the
// training loop can turn it into an `error` event instead of the process dying silently
// or, worse, carrying on with garbage.

#include <stdexcept>
#include <string>

#include <cublasLt.h>
#include <cuda_runtime.h>
#include <nccl.h>

namespace traindeck::trainer::cuda {

// `kind` is the metrics protocol's error kind: "cuda", "cublas", "nccl" or "timeout".
class CudaError : public std::runtime_error {
public:
    CudaError(std::string kind, const std::string& message)
        : std::runtime_error(message), kind_(std::move(kind)) {}
    const std::string& kind() const { return kind_; }

private:
    std::string kind_;
};

[[noreturn]] inline void failCall(const char* kind, const char* call, const char* detail, const char* file,
                                  int line) {
    throw CudaError(kind, std::string(file) + ":" + std::to_string(line) + ": " + call + " failed: " + detail);
}

inline void checkCuda(cudaError_t status, const char* call, const char* file, int line) {
    if (status != cudaSuccess) failCall("cuda", call, cudaGetErrorString(status), file, line);
}

inline void checkCublas(cublasStatus_t status, const char* call, const char* file, int line) {
    if (status != CUBLAS_STATUS_SUCCESS) {
        failCall("cublas", call, (std::string("cublasStatus ") + std::to_string(int(status))).c_str(), file, line);
    }
}

// ncclInProgress is not a failure on a non-blocking communicator: the caller waits for
// it through Communicator::waitReady, so it is let through here.
inline void checkNccl(ncclResult_t status, const char* call, const char* file, int line) {
    if (status != ncclSuccess && status != ncclInProgress) failCall("nccl", call, ncclGetErrorString(status), file, line);
}

}  // namespace traindeck::trainer::cuda

#define TD_CUDA(call) ::traindeck::trainer::cuda::checkCuda((call), #call, __FILE__, __LINE__)
#define TD_CUBLAS(call) ::traindeck::trainer::cuda::checkCublas((call), #call, __FILE__, __LINE__)
#define TD_NCCL(call) ::traindeck::trainer::cuda::checkNccl((call), #call, __FILE__, __LINE__)
// After a kernel launch: launch-configuration errors surface here, not at the next sync.
#define TD_CUDA_LAUNCHED() TD_CUDA(cudaGetLastError())
