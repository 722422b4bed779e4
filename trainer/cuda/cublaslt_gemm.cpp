#include "cublaslt_gemm.h"

#include <algorithm>
#include <vector>

#include "check.h"

namespace traindeck::trainer::cuda {

namespace {

// The largest power of two (up to 256) that divides the address: cuBLASLt's kernels
// have alignment requirements, and pointers into the flat parameter vector are only
// 32-byte aligned, so the heuristic must be told what it will really get.
int alignmentOf(const void* p) {
    auto v = reinterpret_cast<uintptr_t>(p);
    int a = 256;
    while (a > 1 && (v % uintptr_t(a)) != 0) a /= 2;
    return a;
}

cublasLtEpilogue_t toLt(Epilogue e) {
    switch (e) {
        case Epilogue::None: return CUBLASLT_EPILOGUE_DEFAULT;
        case Epilogue::Bias: return CUBLASLT_EPILOGUE_BIAS;
        case Epilogue::GeluAuxBias: return CUBLASLT_EPILOGUE_GELU_AUX_BIAS;
        case Epilogue::DGelu: return CUBLASLT_EPILOGUE_DGELU;
        case Epilogue::DGeluBgrad: return CUBLASLT_EPILOGUE_DGELU_BGRAD;
    }
    return CUBLASLT_EPILOGUE_DEFAULT;
}

constexpr int kCandidates = 8;

}  // namespace

struct LtGemm::Plan {
    cublasLtMatmulDesc_t desc = nullptr;
    cublasLtMatrixLayout_t a = nullptr, b = nullptr, d = nullptr;
    cublasLtMatmulHeuristicResult_t algo{};
    ~Plan() {
        if (desc) cublasLtMatmulDescDestroy(desc);
        if (a) cublasLtMatrixLayoutDestroy(a);
        if (b) cublasLtMatrixLayoutDestroy(b);
        if (d) cublasLtMatrixLayoutDestroy(d);
    }
};

LtGemm::LtGemm(size_t workspaceBytes) : workspaceBytes_(workspaceBytes) {
    TD_CUBLAS(cublasLtCreate(&handle_));
    TD_CUDA(cudaMalloc(&workspace_, workspaceBytes_));
}

LtGemm::~LtGemm() {
    plans_.clear();
    if (workspace_) cudaFree(workspace_);
    if (handle_) cublasLtDestroy(handle_);
}

LtGemm::Key LtGemm::keyOf(const GemmArgs& g) const {
    const int hasAux = g.aux ? g.ldaux : 0;
    const int align = alignmentOf(g.a) | (alignmentOf(g.b) << 9) | (alignmentOf(g.d) << 18);
    const int biasAlign = g.bias ? alignmentOf(g.bias) : 0;
    return Key{int(g.opA), int(g.opB), g.m, g.n, g.k, g.lda, g.ldb, g.ldd, int(g.dType), int(g.epilogue),
               int(g.biasType), hasAux, align, biasAlign + (g.beta != 0.0f ? 1 << 12 : 0)};
}

void LtGemm::bindPointers(Plan& plan, const GemmArgs& g) {
    if (g.bias) {
        TD_CUBLAS(cublasLtMatmulDescSetAttribute(plan.desc, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &g.bias,
                                                 sizeof(g.bias)));
    }
    if (g.aux) {
        TD_CUBLAS(cublasLtMatmulDescSetAttribute(plan.desc, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER, &g.aux,
                                                 sizeof(g.aux)));
    }
}

LtGemm::Plan* LtGemm::planFor(const GemmArgs& g) {
    const Key key = keyOf(g);
    auto found = plans_.find(key);
    if (found != plans_.end()) return found->second.get();

    auto plan = std::make_unique<Plan>();
    TD_CUBLAS(cublasLtMatmulDescCreate(&plan->desc, CUBLAS_COMPUTE_32F, CUDA_R_32F));
    TD_CUBLAS(cublasLtMatmulDescSetAttribute(plan->desc, CUBLASLT_MATMUL_DESC_TRANSA, &g.opA, sizeof(g.opA)));
    TD_CUBLAS(cublasLtMatmulDescSetAttribute(plan->desc, CUBLASLT_MATMUL_DESC_TRANSB, &g.opB, sizeof(g.opB)));
    const cublasLtEpilogue_t epi = toLt(g.epilogue);
    TD_CUBLAS(cublasLtMatmulDescSetAttribute(plan->desc, CUBLASLT_MATMUL_DESC_EPILOGUE, &epi, sizeof(epi)));
    if (g.epilogue != Epilogue::None && g.epilogue != Epilogue::DGelu) {
        TD_CUBLAS(cublasLtMatmulDescSetAttribute(plan->desc, CUBLASLT_MATMUL_DESC_BIAS_DATA_TYPE, &g.biasType,
                                                 sizeof(g.biasType)));
    }
    if (g.aux) {
        const int64_t ld = g.ldaux;
        TD_CUBLAS(cublasLtMatmulDescSetAttribute(plan->desc, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD, &ld, sizeof(ld)));
        const cudaDataType_t auxType = CUDA_R_16BF;
        TD_CUBLAS(cublasLtMatmulDescSetAttribute(plan->desc, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_DATA_TYPE, &auxType,
                                                 sizeof(auxType)));
    }
    const int aRows = g.opA == CUBLAS_OP_N ? g.m : g.k, aCols = g.opA == CUBLAS_OP_N ? g.k : g.m;
    const int bRows = g.opB == CUBLAS_OP_N ? g.k : g.n, bCols = g.opB == CUBLAS_OP_N ? g.n : g.k;
    TD_CUBLAS(cublasLtMatrixLayoutCreate(&plan->a, CUDA_R_16BF, aRows, aCols, g.lda));
    TD_CUBLAS(cublasLtMatrixLayoutCreate(&plan->b, CUDA_R_16BF, bRows, bCols, g.ldb));
    TD_CUBLAS(cublasLtMatrixLayoutCreate(&plan->d, g.dType, g.m, g.n, g.ldd));
    bindPointers(*plan, g);

    cublasLtMatmulPreference_t pref = nullptr;
    TD_CUBLAS(cublasLtMatmulPreferenceCreate(&pref));
    TD_CUBLAS(cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &workspaceBytes_,
                                                   sizeof(workspaceBytes_)));
    const uint32_t alignA = alignmentOf(g.a), alignB = alignmentOf(g.b), alignD = alignmentOf(g.d);
    TD_CUBLAS(cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_A_BYTES, &alignA,
                                                   sizeof(alignA)));
    TD_CUBLAS(cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_B_BYTES, &alignB,
                                                   sizeof(alignB)));
    TD_CUBLAS(cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_C_BYTES, &alignD,
                                                   sizeof(alignD)));
    TD_CUBLAS(cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_D_BYTES, &alignD,
                                                   sizeof(alignD)));
    // The heuristic's first choice (of the eight asked for, as when it was measured).
    std::vector<cublasLtMatmulHeuristicResult_t> candidates(kCandidates);
    int returned = 0;
    const cublasStatus_t status = cublasLtMatmulAlgoGetHeuristic(handle_, plan->desc, plan->a, plan->b, plan->d,
                                                                 plan->d, pref, kCandidates, candidates.data(),
                                                                 &returned);
    cublasLtMatmulPreferenceDestroy(pref);
    if (status != CUBLAS_STATUS_SUCCESS || returned == 0) return nullptr;  // not cached: caller decides
    plan->algo = candidates[0];
    Plan* raw = plan.get();
    plans_.emplace(key, std::move(plan));
    return raw;
}

bool LtGemm::supported(const GemmArgs& args) { return planFor(args) != nullptr; }

void LtGemm::run(const GemmArgs& g, cudaStream_t stream) {
    Plan* plan = planFor(g);
    if (!plan) {
        failCall("cublas", "cublasLtMatmulAlgoGetHeuristic", "no algorithm for this product", __FILE__, __LINE__);
    }
    bindPointers(*plan, g);
    const float alpha = 1.0f;
    TD_CUBLAS(cublasLtMatmul(handle_, plan->desc, &alpha, g.a, plan->a, g.b, plan->b, &g.beta, g.d, plan->d, g.d,
                             plan->d, &plan->algo.algo, workspace_, workspaceBytes_, stream));
}

}  // namespace traindeck::trainer::cuda
