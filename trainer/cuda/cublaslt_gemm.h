#pragma once
// bf16 matrix products through cuBLASLt, with the fused epilogues the tae-mlp needs.
//
// Everything here is column-major, as cuBLAS sees it: D (m×n) = op(A) · op(B) + beta·D.
// The CUDA backend keeps activations as row-major tokens × features, which is the same
// memory as a column-major features × tokens matrix; cuda_backend.cpp spells out how each
// product of the forward and backward maps onto this form.
//
// A plan (descriptors, layouts, the heuristic's first algorithm) is built the first time
// a shape is seen and cached. Plans are built outside CUDA-graph capture (the backend
// runs one uncaptured step first), and a product's replays inside a graph reuse them.
// (Timing the heuristic's top candidates instead picked slower kernels as often as
// faster ones on an H200: bench/RESULTS.md.)

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <tuple>

#include <cublasLt.h>
#include <cuda_runtime.h>

namespace traindeck::trainer::cuda {

enum class Epilogue {
    None,         // D = op(A)·op(B) + beta·D
    Bias,         // D = op(A)·op(B) + bias            (bias: m values, bf16)
    GeluAuxBias,  // aux = op(A)·op(B) + bias; D = gelu(aux)   (tanh form; aux bf16)
    DGelu,        // D = (op(A)·op(B)) ⊙ gelu'(aux)
    DGeluBgrad,   // D = (op(A)·op(B)) ⊙ gelu'(aux); bias = row sums of D
};

struct GemmArgs {
    cublasOperation_t opA = CUBLAS_OP_N, opB = CUBLAS_OP_N;
    int m = 0, n = 0, k = 0;
    const void* a = nullptr;  // bf16, as b and aux; products accumulate in fp32
    int lda = 0;
    const void* b = nullptr;
    int ldb = 0;
    void* d = nullptr;
    int ldd = 0;
    cudaDataType_t dType = CUDA_R_16BF;  // CUDA_R_16BF or CUDA_R_32F (weight gradients)
    float beta = 0.0f;                   // 1 accumulates into D (gradient accumulation)
    Epilogue epilogue = Epilogue::None;
    void* bias = nullptr;                // input for Bias/GeluAuxBias, output for DGeluBgrad
    cudaDataType_t biasType = CUDA_R_16BF;
    void* aux = nullptr;  // GeluAuxBias: written; DGelu, DGeluBgrad: read. Same shape as D.
    int ldaux = 0;
};

// D (m×n) = op(A)·op(B): the operands of a plain product; set the epilogue, beta and
// output type on the result.
inline GemmArgs product(cublasOperation_t opA, cublasOperation_t opB, int m, int n, int k, const void* a, int lda,
                        const void* b, int ldb, void* d, int ldd) {
    GemmArgs g;
    g.opA = opA, g.opB = opB, g.m = m, g.n = n, g.k = k;
    g.a = a, g.lda = lda, g.b = b, g.ldb = ldb, g.d = d, g.ldd = ldd;
    return g;
}

class LtGemm {
public:
    explicit LtGemm(size_t workspaceBytes = size_t(64) << 20);
    ~LtGemm();
    LtGemm(const LtGemm&) = delete;
    LtGemm& operator=(const LtGemm&) = delete;

    void run(const GemmArgs& args, cudaStream_t stream);

    // Whether cuBLASLt has an algorithm for this product (builds and caches its plan).
    // Used to choose between a fused epilogue and the unfused fallback.
    bool supported(const GemmArgs& args);

private:
    struct Plan;
    using Key = std::tuple<int, int, int, int, int, int, int, int, int, int, int, int, int, int>;
    Key keyOf(const GemmArgs& args) const;
    Plan* planFor(const GemmArgs& args);
    void bindPointers(Plan& plan, const GemmArgs& args);

    cublasLtHandle_t handle_ = nullptr;
    void* workspace_ = nullptr;
    size_t workspaceBytes_ = 0;
    std::map<Key, std::unique_ptr<Plan>> plans_;
};

}  // namespace traindeck::trainer::cuda
