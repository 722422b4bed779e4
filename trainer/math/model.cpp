#include "math/model.h"

#include "math/waves.h"

#include <algorithm>
#include <cmath>

namespace traindeck::trainer {

bool applyPreset(const std::string& preset, ModelShape& shape) {
    if (preset == "tiny") shape.width = 128, shape.layers = 2;
    else if (preset == "base") shape.width = 1024, shape.layers = 3;
    else if (preset == "large") shape.width = 4096, shape.layers = 4;
    else return false;
    return true;
}

ParamLayout paramLayout(const ModelShape& shape) {
    ParamLayout layout;
    const int D = shape.width, L = shape.layers;
    // Encoder token→D→…→latent, then decoder latent→D→…→token; GELU after all but
    // the last Linear of each half.
    auto half = [&](int in, int out) {
        std::vector<int> sizes{in};
        for (int l = 0; l < L; ++l) sizes.push_back(D);
        sizes.push_back(out);
        for (size_t k = 0; k + 1 < sizes.size(); ++k) {
            LinearLayout lin;
            lin.fanIn = sizes[k];
            lin.fanOut = sizes[k + 1];
            lin.weight = layout.count;
            lin.bias = lin.weight + size_t(lin.fanIn) * size_t(lin.fanOut);
            lin.gelu = k + 2 < sizes.size();
            layout.count = lin.bias + size_t(lin.fanOut);
            layout.maxWidth = std::max({layout.maxWidth, size_t(lin.fanIn), size_t(lin.fanOut)});
            layout.linears.push_back(lin);
        }
    };
    half(shape.tokenSize(), shape.latent);
    half(shape.latent, shape.tokenSize());
    return layout;
}

void initParameters(const ModelShape& shape, uint64_t seed, float* params) {
    const ParamLayout layout = paramLayout(shape);
    const uint64_t stream = splitmix64(seed ^ 0x7061726d73ULL);  // "parms"
    for (const LinearLayout& lin : layout.linears) {
        const double bound = 1.0 / std::sqrt(double(lin.fanIn));
        const size_t end = lin.bias + size_t(lin.fanOut);
        for (size_t j = lin.weight; j < end; ++j) {
            const double u = double(splitmix64(stream ^ j) >> 11) * 0x1.0p-53;
            params[j] = float((2.0 * u - 1.0) * bound);
        }
    }
}

std::vector<uint8_t> weightDecayMask(const ModelShape& shape) {
    const ParamLayout layout = paramLayout(shape);
    std::vector<uint8_t> mask(layout.count, 0);
    for (const LinearLayout& lin : layout.linears)
        std::fill(mask.begin() + long(lin.weight), mask.begin() + long(lin.bias), uint8_t(1));
    return mask;
}

void Activations::resize(const ParamLayout& layout, int tokenCount) {
    tokens = tokenCount;
    pre.resize(layout.linears.size());
    post.resize(layout.linears.size());
    for (size_t l = 0; l < layout.linears.size(); ++l) {
        const size_t n = size_t(tokenCount) * size_t(layout.linears[l].fanOut);
        pre[l].resize(n);
        // A layer without GELU outputs its pre-activation; post stays empty for it.
        post[l].resize(layout.linears[l].gelu ? n : 0);
    }
}

static constexpr float kGeluC = 0.7978845608028654f;  // √(2/π)

// tanh(u) = 1 − 2/(e^{2u} + 1): glibc's expf is several times faster than tanhf and
// saturates correctly at ±1 (e^{2u} → ∞ or 0); the absolute error stays ~1e-7.
static float fastTanh(float u) { return 1.0f - 2.0f / (std::exp(2.0f * u) + 1.0f); }

float gelu(float x) {
    return 0.5f * x * (1.0f + fastTanh(kGeluC * (x + 0.044715f * x * x * x)));
}

float geluGrad(float x) {
    const float th = fastTanh(kGeluC * (x + 0.044715f * x * x * x));
    return 0.5f * (1.0f + th) + 0.5f * x * (1.0f - th * th) * kGeluC * (1.0f + 3.0f * 0.044715f * x * x);
}

// The Linear kernels work on R tokens at a time (R = 4, then 1 for the rest), so that
// each row of W is loaded once per R tokens; the inner loops run along contiguous rows
// of W and of the activations, which the compiler vectorises without reassociation.

// out rows t0..t0+R (N wide) = in rows (K wide) · W (K × N) + b.
template <int R>
static void forwardRows(const float* in, const float* W, const float* b, float* out, int t0, int K, int N) {
    float* o[R];
    const float* x[R];
    for (int i = 0; i < R; ++i) {
        o[i] = out + size_t(t0 + i) * N;
        x[i] = in + size_t(t0 + i) * K;
        for (int n = 0; n < N; ++n) o[i][n] = b[n];
    }
    for (int k = 0; k < K; ++k) {
        const float* w = W + size_t(k) * N;
        float a[R];
        for (int i = 0; i < R; ++i) a[i] = x[i][k];
        for (int i = 0; i < R; ++i) {
            float* oi = o[i];
            for (int n = 0; n < N; ++n) oi[n] += a[i] * w[n];
        }
    }
}

// Given dOut rows t0..t0+R: dW += inᵀ·dOut, db += Σ dOut, and (when dIn) dIn = dOut·Wᵀ.
template <int R>
static void backwardRows(const float* in, const float* W, const float* dOut, float* dW, float* db, float* dIn,
                         int t0, int K, int N) {
    const float* g[R];
    const float* x[R];
    for (int i = 0; i < R; ++i) {
        g[i] = dOut + size_t(t0 + i) * N;
        x[i] = in + size_t(t0 + i) * K;
        for (int n = 0; n < N; ++n) db[n] += g[i][n];
    }
    for (int k = 0; k < K; ++k) {
        float* dw = dW + size_t(k) * N;
        for (int i = 0; i < R; ++i) {
            const float a = x[i][k];
            const float* gi = g[i];
            for (int n = 0; n < N; ++n) dw[n] += a * gi[n];
        }
    }
    if (!dIn) return;
    for (int i = 0; i < R; ++i) {
        float* dx = dIn + size_t(t0 + i) * K;
        const float* gi = g[i];
        for (int k = 0; k < K; ++k) {
            const float* w = W + size_t(k) * N;
            float s = 0;
#pragma omp simd reduction(+ : s)
            for (int n = 0; n < N; ++n) s += gi[n] * w[n];
            dx[k] = s;
        }
    }
}

static void linearForward(const float* in, const float* W, const float* b, float* out, int T, int K, int N) {
    int t = 0;
    for (; t + 4 <= T; t += 4) forwardRows<4>(in, W, b, out, t, K, N);
    for (; t < T; ++t) forwardRows<1>(in, W, b, out, t, K, N);
}

static void linearBackward(const float* in, const float* W, const float* dOut, float* dW, float* db, float* dIn,
                           int T, int K, int N) {
    int t = 0;
    for (; t + 4 <= T; t += 4) backwardRows<4>(in, W, dOut, dW, db, dIn, t, K, N);
    for (; t < T; ++t) backwardRows<1>(in, W, dOut, dW, db, dIn, t, K, N);
}

static const float* layerOutput(const ParamLayout& layout, const Activations& acts, size_t l) {
    return layout.linears[l].gelu ? acts.post[l].data() : acts.pre[l].data();
}

double forward(const ParamLayout& layout, const float* params, const float* input, int tokens,
               Activations& acts) {
    if (acts.tokens != tokens || acts.pre.size() != layout.linears.size()) acts.resize(layout, tokens);
    const float* x = input;
    for (size_t l = 0; l < layout.linears.size(); ++l) {
        const LinearLayout& lin = layout.linears[l];
        float* pre = acts.pre[l].data();
        linearForward(x, params + lin.weight, params + lin.bias, pre, tokens, lin.fanIn, lin.fanOut);
        if (lin.gelu) {
            float* post = acts.post[l].data();
            const size_t n = acts.pre[l].size();
            for (size_t j = 0; j < n; ++j) post[j] = gelu(pre[j]);
        }
        x = layerOutput(layout, acts, l);
    }
    const size_t n = size_t(tokens) * size_t(layout.linears.back().fanOut);
    double sum = 0;
    for (size_t j = 0; j < n; ++j) {
        const double d = double(x[j]) - double(input[j]);
        sum += d * d;
    }
    return sum;
}

void backward(const ParamLayout& layout, const float* params, const float* input,
              const Activations& acts, float scale, float* grads, std::vector<float>& scratch) {
    const int T = acts.tokens;
    const size_t slab = size_t(T) * layout.maxWidth;
    if (scratch.size() < 2 * slab) scratch.resize(2 * slab);
    float* dOut = scratch.data();      // gradient w.r.t. the current layer's output
    float* dIn = scratch.data() + slab;  // gradient w.r.t. its input

    // d/d recon of scale·Σ(recon − input)².
    const size_t L = layout.linears.size();
    const float* recon = acts.pre[L - 1].data();
    const size_t n = size_t(T) * size_t(layout.linears.back().fanOut);
    for (size_t j = 0; j < n; ++j) dOut[j] = 2.0f * scale * (recon[j] - input[j]);

    for (size_t l = L; l-- > 0;) {
        const LinearLayout& lin = layout.linears[l];
        if (lin.gelu) {  // through the GELU: dPre = dPost · gelu'(pre)
            const float* pre = acts.pre[l].data();
            const size_t m = acts.pre[l].size();
            for (size_t j = 0; j < m; ++j) dOut[j] *= geluGrad(pre[j]);
        }
        const float* in = l == 0 ? input : layerOutput(layout, acts, l - 1);
        linearBackward(in, params + lin.weight, dOut, grads + lin.weight, grads + lin.bias,
                       l == 0 ? nullptr : dIn, T, lin.fanIn, lin.fanOut);
        std::swap(dOut, dIn);
    }
}

}  // namespace traindeck::trainer
