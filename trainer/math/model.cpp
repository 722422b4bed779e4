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

float gelu(float x) {
    return 0.5f * x * (1.0f + std::tanh(kGeluC * (x + 0.044715f * x * x * x)));
}

float geluGrad(float x) {
    const float th = std::tanh(kGeluC * (x + 0.044715f * x * x * x));
    return 0.5f * (1.0f + th) + 0.5f * x * (1.0f - th * th) * kGeluC * (1.0f + 3.0f * 0.044715f * x * x);
}

// out (T × N) = in (T × K) · W (K × N) + b. The inner loop runs along a contiguous
// row of W and of out, which the compiler vectorises without reassociation.
static void linearForward(const float* in, const float* W, const float* b, float* out, int T, int K,
                          int N) {
    for (int t = 0; t < T; ++t) {
        float* o = out + size_t(t) * N;
        const float* x = in + size_t(t) * K;
        for (int n = 0; n < N; ++n) o[n] = b[n];
        for (int k = 0; k < K; ++k) {
            const float a = x[k];
            const float* w = W + size_t(k) * N;
            for (int n = 0; n < N; ++n) o[n] += a * w[n];
        }
    }
}

// Given dOut (T × N): dW += inᵀ·dOut, db += Σ_t dOut, and (when dIn) dIn = dOut·Wᵀ.
static void linearBackward(const float* in, const float* W, const float* dOut, float* dW, float* db,
                           float* dIn, int T, int K, int N) {
    for (int t = 0; t < T; ++t) {
        const float* g = dOut + size_t(t) * N;
        const float* x = in + size_t(t) * K;
        for (int n = 0; n < N; ++n) db[n] += g[n];
        for (int k = 0; k < K; ++k) {
            const float a = x[k];
            float* dw = dW + size_t(k) * N;
            for (int n = 0; n < N; ++n) dw[n] += a * g[n];
        }
        if (!dIn) continue;
        float* dx = dIn + size_t(t) * K;
        for (int k = 0; k < K; ++k) {
            const float* w = W + size_t(k) * N;
            float s = 0;
#pragma omp simd reduction(+ : s)
            for (int n = 0; n < N; ++n) s += g[n] * w[n];
            dx[k] = s;
        }
    }
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
