// traindeck-cuda-gemmbench: times each matrix product of one bench-large (or
// bench-small) step as the backend issues it, next to the alternatives (no fused
// epilogue, PyTorch's operand layouts, heuristic choice vs autotuned), so that a slow
// step can be traced to the product and the variant that costs it.
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

double timeIt(LtGemm& gemm, const GemmArgs& g, cudaStream_t s) {
    cudaEvent_t a, b;
    TD_CUDA(cudaEventCreate(&a));
    TD_CUDA(cudaEventCreate(&b));
    gemm.run(g, s);  // plan, autotune, warm-up
    gemm.run(g, s);
    std::vector<float> t;
    for (int i = 0; i < 7; ++i) {
        TD_CUDA(cudaEventRecord(a, s));
        gemm.run(g, s);
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
            const double bg = timeWork([&] { biasGelu(aux, bias, y, M, D, s); }, s);
            std::printf("KERNEL biasGelu %d x %d: %.3f ms (%.0f GB/s counting 3 passes)\n", M, D, bg, 3 * bytes / bg / 1e6);
            randomBf16(aux, size_t(M) * D, 2, 2.0f, s);
        }
        for (bool tune : {false}) {
            LtGemm gemm;
            gemm.setAutotune(tune);
            const std::string tag = tune ? " [autotuned]" : " [heuristic]";
            // Forward D→D as the backend does it: NN, W (fanIn×fanOut row-major).
            GemmArgs f;
            f.m = D, f.n = M, f.k = D, f.a = w, f.lda = D, f.b = x, f.ldb = D, f.d = y, f.ldd = D;
            line(("fwd NN plain" + tag).c_str(), f, timeIt(gemm, f, s));
            GemmArgs fb = f;
            fb.epilogue = Epilogue::Bias, fb.bias = bias;
            line(("fwd NN +bias" + tag).c_str(), fb, timeIt(gemm, fb, s));
            GemmArgs fg = fb;
            fg.epilogue = Epilogue::GeluAuxBias, fg.aux = aux, fg.ldaux = D;
            line(("fwd NN +bias+gelu+aux (backend)" + tag).c_str(), fg, timeIt(gemm, fg, s));
            GemmArgs ft = f;
            ft.opA = CUBLAS_OP_T;  // PyTorch's layout: W stored fanOut×fanIn
            line(("fwd TN plain (torch layout)" + tag).c_str(), ft, timeIt(gemm, ft, s));
            GemmArgs ftg = fg;
            ftg.opA = CUBLAS_OP_T;
            line(("fwd TN +bias+gelu+aux" + tag).c_str(), ftg, timeIt(gemm, ftg, s));
            // Data gradient: TN in the backend.
            GemmArgs d;
            d.opA = CUBLAS_OP_T, d.m = D, d.n = M, d.k = D, d.a = w, d.lda = D, d.b = x, d.ldb = D, d.d = y, d.ldd = D;
            line(("dgrad TN plain" + tag).c_str(), d, timeIt(gemm, d, s));
            GemmArgs dg = d;
            dg.epilogue = Epilogue::DGeluBgrad, dg.aux = aux, dg.ldaux = D, dg.bias = dwb, dg.biasType = CUDA_R_16BF;
            line(("dgrad TN +dgelu+bgrad (backend)" + tag).c_str(), dg, timeIt(gemm, dg, s));
            GemmArgs dn = d;
            dn.opA = CUBLAS_OP_N;
            GemmArgs dnd = dn;
            dnd.epilogue = Epilogue::DGelu, dnd.aux = aux, dnd.ldaux = D;
            line(("dgrad NN +dgelu (no bgrad)" + tag).c_str(), dnd, timeIt(gemm, dnd, s));
            line(("dgrad NN plain (torch layout)" + tag).c_str(), dn, timeIt(gemm, dn, s));
            GemmArgs dng = dg;
            dng.opA = CUBLAS_OP_N;
            line(("dgrad NN +dgelu+bgrad" + tag).c_str(), dng, timeIt(gemm, dng, s));
            // Weight gradient: NT, k = tokens.
            GemmArgs wg;
            wg.opA = CUBLAS_OP_N, wg.opB = CUBLAS_OP_T, wg.m = D, wg.n = D, wg.k = M, wg.a = y, wg.lda = D, wg.b = x,
            wg.ldb = D, wg.d = dw, wg.ldd = D, wg.dType = CUDA_R_32F;
            line(("wgrad NT fp32 out beta0 (backend)" + tag).c_str(), wg, timeIt(gemm, wg, s));
            GemmArgs wg1 = wg;
            wg1.beta = 1.0f;
            line(("wgrad NT fp32 out beta1" + tag).c_str(), wg1, timeIt(gemm, wg1, s));
            GemmArgs wgb = wg;
            wgb.d = dwb, wgb.dType = CUDA_R_16BF;
            line(("wgrad NT bf16 out (torch)" + tag).c_str(), wgb, timeIt(gemm, wgb, s));
            // The narrow layers of the same step.
            GemmArgs f0 = fg;
            f0.k = 192, f0.ldb = 192;
            line(("fwd 192->D +bias+gelu+aux" + tag).c_str(), f0, timeIt(gemm, f0, s));
            GemmArgs fo = fb;
            fo.m = 192, fo.lda = 192, fo.ldd = 192;
            line(("fwd D->192 +bias" + tag).c_str(), fo, timeIt(gemm, fo, s));
            GemmArgs w0 = wg;
            w0.n = 192, w0.ldb = 192;
            line(("wgrad 192->D layer" + tag).c_str(), w0, timeIt(gemm, w0, s));
            GemmArgs dlast = d;
            dlast.k = 192, dlast.lda = 192, dlast.ldb = 192;
            line(("dgrad D<-192 plain" + tag).c_str(), dlast, timeIt(gemm, dlast, s));
            GemmArgs wl = wg;
            wl.m = 16, wl.lda = 16;
            line(("wgrad D->16 layer" + tag).c_str(), wl, timeIt(gemm, wl, s));
            GemmArgs wl2 = wg;
            wl2.n = 16, wl2.ldb = 16;
            line(("wgrad 16->D layer" + tag).c_str(), wl2, timeIt(gemm, wl2, s));
            GemmArgs dl = d;
            dl.m = 16, dl.lda = 16, dl.ldd = 16;
            dl.opA = CUBLAS_OP_N;
            line(("dgrad 16<-D layer" + tag).c_str(), dl, timeIt(gemm, dl, s));
            line(("fwd NN plain, again (clock drift)" + tag).c_str(), f, timeIt(gemm, f, s));
        }
    } catch (const std::exception& e) {
        std::printf("gemm bench failed: %s\n", e.what());
        return 1;
    }
    return 0;
}
