#include "model/parameters.h"

#include <algorithm>
#include <cmath>

namespace traindeck::model {
namespace {

// The trainer's tae-mlp (docs: trainer-workload.md): encoder 192→D→…→D→16 and
// decoder 16→D→…→D→192, each with L−1 hidden D×D layers, every Linear with a bias.
ParameterCount taeMlp(const Architecture& a) {
    const long long d = a.hidden, l = a.layers;
    const long long hiddenLayer = d * d + d;
    const long long encoder = (192 * d + d) + (l - 1) * hiddenLayer + (d * 16 + 16);
    const long long decoder = (16 * d + d) + (l - 1) * hiddenLayer + (d * 192 + 192);
    ParameterCount c;
    c.total = c.active = encoder + decoder;
    c.perLayer = hiddenLayer;
    c.blocks = a.layers * hiddenLayer;
    c.largestTensor = std::max(hiddenLayer, 192 * d + d);
    return c;
}

ParameterCount convVideo(const Architecture& a) {
    ParameterCount c;
    for (const Conv& v : a.convs) {
        const long long p = v.in * v.out * v.kernel * v.kernel + v.out;
        c.total += p;
        c.largestTensor = std::max(c.largestTensor, p);
    }
    c.active = c.total;
    return c;
}

// The decoders transformers builds from one description (architecture.h): per block, the
// attention (q/k/v/o projections, GQA's k and v of kv_heads·head_dim; or latent attention:
// q directly or through q_a_proj, its RMSNorm and q_b_proj, kv_a_proj_with_mqa to the latent
// and the rotary key, its RMSNorm, kv_b_proj to each head's key and value, o_proj), its
// biases, q/k norms and sinks; a gated MLP (gate, up, down, or Phi-3's fused gate_up: the
// same weights) or a mixture: the router (hidden → experts, gpt-oss with a bias), the routed
// experts (gated MLPs of expert_ffn, gpt-oss's with biases) and the shared experts (one
// gated MLP of shared_ffn); `norms` RMSNorms of hidden. Then the token embedding, the final
// RMSNorm and the lm_head unless tied.
ParameterCount llama(const Architecture& a) {
    const long long h = a.hidden, q = a.qDim(), kv = a.kvDim(), f = a.ffn;
    long long attention = 0, attentionBias = 0;
    if (a.latentAttention()) {
        const long long nope = a.headDim - a.ropeHeadDim, heads = a.heads;
        const long long query = a.qLoraRank > 0 ? h * a.qLoraRank + a.qLoraRank + a.qLoraRank * heads * a.headDim
                                                : h * heads * a.headDim;
        attention = query + h * (a.kvLoraRank + a.ropeHeadDim) + a.kvLoraRank +
                    a.kvLoraRank * heads * (nope + a.vHeadDim) + heads * a.vHeadDim * h;
        if (a.attentionBias) attentionBias = (a.qLoraRank > 0 ? a.qLoraRank : 0) + a.kvLoraRank + a.ropeHeadDim + h;
    } else {
        attention = h * q + 2 * h * kv + q * h;
        attentionBias = (a.attentionBias || a.qkvBias ? q + 2 * kv : 0) + (a.attentionBias ? h : 0);
    }
    const long long qkNorms = a.qkNorm == QkNorm::PerHead ? 2 * a.headDim : a.qkNorm == QkNorm::Whole ? q + kv : 0;
    const long long sinks = a.sinks ? a.heads : 0;
    const long long mlp = 3 * h * f, mlpBias = a.mlpBias ? 2 * f + h : 0;
    const long long fe = a.expertFfn > 0 ? a.expertFfn : f;
    const long long expert = 3 * h * fe + (a.expertBias ? 2 * fe + h : 0);
    const long long router = a.experts > 0 ? h * a.experts + (a.routerBias ? a.experts : 0) : 0;
    const long long shared = 3 * h * a.sharedFfn;
    const long long norms = a.norms * h;
    const long long common = attention + attentionBias + qkNorms + sinks + norms;
    const long long moe = a.moeLayers(), dense = a.layers - moe;
    const long long denseBlock = common + mlp + mlpBias, moeBlock = common + a.experts * expert + router + shared;
    ParameterCount c;
    c.blocks = dense * denseBlock + moe * moeBlock;
    c.perLayer = moe > 0 ? moeBlock : denseBlock;
    c.embedding = a.vocab * h;
    c.head = a.vocab * h;
    c.total = c.embedding + c.blocks + h + (a.tiedEmbeddings ? 0 : c.head);
    c.active = c.total - moe * (a.experts - a.expertsPerToken) * expert;
    // Per block on average over the blocks: what a token multiplies with, and what autocast
    // copies to 16 bits (transformers runs the routed experts outside autocast).
    const double layers = double(std::max(1LL, a.layers));
    const long long matmul = dense * mlp + moe * (a.expertsPerToken * 3 * h * fe + router + shared);
    const long long copied = dense * mlp + moe * (router + shared);
    c.blockMatmul = attention + static_cast<long long>(std::llround(double(matmul) / layers));
    c.blockCopied = attention + static_cast<long long>(std::llround(double(copied) / layers));
    c.largestTensor = std::max({c.embedding, moe > 0 ? a.experts * expert : 0, dense > 0 ? mlp : 0});
    return c;
}

// GPT2LMHeadModel: token and position embeddings, blocks of LayerNorm (weight and
// bias), c_attn (h → 3h, bias), c_proj (h → h, bias), LayerNorm, c_fc (h → n_inner,
// bias), c_proj (n_inner → h, bias), a final LayerNorm; lm_head is the token embedding.
ParameterCount gpt2(const Architecture& a) {
    const long long h = a.hidden, f = a.ffn;
    ParameterCount c;
    c.perLayer = 2 * h + (h * 3 * h + 3 * h) + (h * h + h) + 2 * h + (h * f + f) + (f * h + h);
    c.embedding = a.vocab * h + a.positions * h;
    c.head = a.vocab * h;
    c.blocks = a.layers * c.perLayer;
    c.total = c.embedding + c.blocks + 2 * h;
    c.active = c.total;
    c.blockMatmul = c.blockCopied = 4 * h * h + 2 * h * f;
    c.largestTensor = a.vocab * h;
    return c;
}

// ViTForImageClassification (no pooler): [CLS] token, position embeddings for the
// patches and [CLS], the patch projection (a conv of channels·patch² → hidden, bias);
// blocks of LayerNorm, q/k/v (bias when qkv_bias), output dense, LayerNorm,
// intermediate and output dense (biases); a final LayerNorm; the classifier (bias).
ParameterCount vit(const Architecture& a) {
    const long long h = a.hidden, f = a.ffn;
    const long long patches = (a.imageSize / a.patchSize) * (a.imageSize / a.patchSize);
    const long long patchWeights = a.channels * a.patchSize * a.patchSize * h;
    ParameterCount c;
    c.perLayer = 2 * h + 3 * (h * h + (a.qkvBias ? h : 0)) + (h * h + h) + 2 * h + (h * f + f) + (f * h + h);
    c.embedding = h + (patches + 1) * h;
    c.head = h * a.labels;
    c.blocks = a.layers * c.perLayer;
    c.total = c.embedding + patchWeights + h + c.blocks + 2 * h + c.head + a.labels;
    c.active = c.total;
    c.blockMatmul = c.blockCopied = 4 * h * h + 2 * h * f;
    c.largestTensor = std::max(h * f + f, patchWeights + h);
    return c;
}

}  // namespace

ParameterCount countParameters(const Architecture& a) {
    switch (a.family()) {
    case Family::TaeMlp: return taeMlp(a);
    case Family::ConvVideo: return convVideo(a);
    case Family::Gpt2: return gpt2(a);
    case Family::Vit: return vit(a);
    case Family::Llama: break;
    }
    return llama(a);
}

}  // namespace traindeck::model
