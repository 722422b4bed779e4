// traindeck-cuda-gemmbench: times each matrix product of one bench-large (or
// bench-small) step as the backend issues it, next to the alternatives (other fused
// epilogues, the other operand layout), with cuBLASLt's heuristic choice, so that a
// slow step can be traced to the product and the variant that costs it. Products run
// back to back: under the card's power cap the last ones run at a lower clock, which
// the repeated first product at the end shows.
//
//   traindeck-cuda-gemmbench [tokens] [width]     (default 131072 4096: bench-large)
//
// Prints one line per variant: milliseconds (median of 7) and TFLOP/s.

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "check.h"
#include "cublaslt_gemm.h"
#include "kernels.h"

using namespace traindeck::trainer::cuda;

namespace {

template <class F>
double timeWork(F&& work, cudaStream_t s) {
    cudaEvent_t a, b;
    TD_CUDA(cudaEventCreate(&a));
    TD_CUDA(cudaEventCreate(&b));
    work();
    std::vector<float> t;
    for (int i = 0; i < 7; ++i) {
        TD_CUDA(cudaEventRecord(a, s));
        work();
        TD_CUDA(cudaEventRecord(b, s));
        TD_CUDA(cudaEventSynchronize(b));
        float ms = 0;
        TD_CUDA(cudaEventElapsedTime(&ms, a, b));
        t.push_back(ms);
    }
    cudaEventDestroy(a);
    cudaEventDestroy(b);
    std::sort(t.begin(), t.end());
    return t[3];
}

double timeIt(LtGemm& gemm, const GemmArgs& g, cudaStream_t s) {
    gemm.run(g, s);  // builds the plan
    return timeWork([&] { gemm.run(g, s); }, s);
}

void line(const char* name, const GemmArgs& g, double ms) {
    const double tflops = 2.0 * g.m * double(g.n) * g.k / (ms * 1e-3) / 1e12;
    std::printf("GEMM %-44s m %6d n %6d k %6d  %8.3f ms  %6.1f TFLOP/s\n", name, g.m, g.n, g.k, ms, tflops);
    std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
    const int M = argc > 1 ? std::atoi(argv[1]) : 131072;
    const int D = argc > 2 ? std::atoi(argv[2]) : 4096;
    try {
        cudaStream_t s;
        TD_CUDA(cudaStreamCreate(&s));
        auto alloc = [](size_t bytes) {
            void* p = nullptr;
            TD_CUDA(cudaMalloc(&p, bytes));
            return p;
        };
        bf16* x = static_cast<bf16*>(alloc(size_t(M) * D * 2));
        bf16* y = static_cast<bf16*>(alloc(size_t(M) * D * 2));
        bf16* aux = static_cast<bf16*>(alloc(size_t(M) * D * 2));
        bf16* w = static_cast<bf16*>(alloc(size_t(D) * D * 2));
        bf16* bias = static_cast<bf16*>(alloc(size_t(D) * 2));
        float* dw = static_cast<float*>(alloc(size_t(D) * D * 4));
        bf16* dwb = static_cast<bf16*>(alloc(size_t(D) * D * 2));
        randomBf16(x, size_t(M) * D, 1, 1.0f, s);
        randomBf16(aux, size_t(M) * D, 2, 2.0f, s);
        randomBf16(w, size_t(D) * D, 3, 0.02f, s);
        randomBf16(bias, size_t(D), 4, 0.1f, s);
        TD_CUDA(cudaStreamSynchronize(s));

        float* partials = static_cast<float*>(alloc(size_t(columnSumPartials(M)) * D * 4));
        float* biasGrad = static_cast<float*>(alloc(size_t(D) * 4));
        {
            // The elementwise passes the backend pairs with plain products.
            const double bytes = double(M) * D * 2;
            const double gb = timeWork([&] { geluBackwardBias(y, aux, M, D, partials, biasGrad, 0.0f, s); }, s);
            std::printf("KERNEL geluBackwardBias %d x %d: %.3f ms (%.0f GB/s counting 3 passes)\n", M, D, gb, 3 * bytes / gb / 1e6);
            const double ge = timeWork([&] { gelu(aux, y, size_t(M) * D, s); }, s);
            std::printf("KERNEL gelu %d x %d: %.3f ms (%.0f GB/s counting 2 passes)\n", M, D, ge, 2 * bytes / ge / 1e6);
            randomBf16(aux, size_t(M) * D, 2, 2.0f, s);
        }
        LtGemm gemm;
        // One line per product: a base case and what the variant changes in it.
        auto time = [&](const char* name, GemmArgs g, auto&& change) {
            change(g);
            line(name, g, timeIt(gemm, g, s));
        };
        auto same = [](GemmArgs&) {};
        // Forward D→D as the backend did first: NN, W stored fanIn × fanOut.
        GemmArgs f;
        f.m = D, f.n = M, f.k = D, f.a = w, f.lda = D, f.b = x, f.ldb = D, f.d = y, f.ldd = D;
        const auto bias1 = [&](GemmArgs& g) { g.epilogue = Epilogue::Bias, g.bias = bias; };
        const auto gelu = [&](GemmArgs& g) {
            g.epilogue = Epilogue::GeluAuxBias, g.bias = bias, g.aux = aux, g.ldaux = D;
        };
        const auto transA = [](GemmArgs& g) { g.opA = g.opA == CUBLAS_OP_N ? CUBLAS_OP_T : CUBLAS_OP_N; };
        time("fwd NN plain", f, same);
        time("fwd NN +bias", f, bias1);
        time("fwd NN +bias+gelu+aux", f, gelu);
        time("fwd TN plain (backend layout)", f, transA);
        time("fwd TN +bias+gelu+aux (backend)", f, [&](GemmArgs& g) { transA(g), gelu(g); });
        time("fwd TN +bias (backend, unfused)", f, [&](GemmArgs& g) { transA(g), bias1(g); });
        // Data gradient: NN in the backend (W stored fanOut × fanIn).
        GemmArgs d = f;
        const auto dgelu = [&](GemmArgs& g) { g.epilogue = Epilogue::DGelu, g.aux = aux, g.ldaux = D; };
        const auto dgeluBgrad = [&](GemmArgs& g) {
            g.epilogue = Epilogue::DGeluBgrad, g.aux = aux, g.ldaux = D, g.bias = dwb, g.biasType = CUDA_R_16BF;
        };
        time("dgrad NN plain (backend)", d, same);
        time("dgrad NN +dgelu (no bgrad)", d, dgelu);
        time("dgrad NN +dgelu+bgrad", d, dgeluBgrad);
        time("dgrad TN plain", d, transA);
        time("dgrad TN +dgelu+bgrad", d, [&](GemmArgs& g) { transA(g), dgeluBgrad(g); });
        // Weight gradient: NT, k = tokens, fp32 out.
        GemmArgs wg;
        wg.opA = CUBLAS_OP_N, wg.opB = CUBLAS_OP_T, wg.m = D, wg.n = D, wg.k = M, wg.a = y, wg.lda = D, wg.b = x,
        wg.ldb = D, wg.d = dw, wg.ldd = D, wg.dType = CUDA_R_32F;
        time("wgrad NT fp32 out beta0 (backend)", wg, same);
        time("wgrad NT fp32 out beta1", wg, [](GemmArgs& g) { g.beta = 1.0f; });
        time("wgrad NT bf16 out (torch)", wg, [&](GemmArgs& g) { g.d = dwb, g.dType = CUDA_R_16BF; });
        // The narrow layers of the same step.
        time("fwd 192->D +bias+gelu+aux", f, [&](GemmArgs& g) { transA(g), gelu(g), g.k = 192, g.lda = 192, g.ldb = 192; });
        time("fwd D->192 +bias", f, [&](GemmArgs& g) { transA(g), bias1(g), g.m = 192, g.ldd = 192; });
        time("wgrad 192->D layer", wg, [](GemmArgs& g) { g.n = 192, g.ldb = 192; });
        time("dgrad D<-192 plain", d, [](GemmArgs& g) { g.k = 192, g.ldb = 192; });
        time("wgrad D->16 layer", wg, [](GemmArgs& g) { g.m = 16, g.lda = 16; });
        time("wgrad 16->D layer", wg, [](GemmArgs& g) { g.n = 16, g.ldb = 16; });
        time("dgrad 16<-D layer", d, [](GemmArgs& g) { g.m = 16, g.lda = 16, g.ldd = 16; });
        time("fwd NN plain, again (clock drift)", f, same);
    } catch (const std::exception& e) {
        std::printf("gemm bench failed: %s\n", e.what());
        return 1;
    }
    return 0;
}
