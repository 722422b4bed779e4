#include "model/parameters.h"

#include <algorithm>

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

// LlamaForCausalLM and the models built like it (Qwen2, Mistral, Mixtral):
// q/k/v/o projections (GQA: k and v have kv_heads·head_dim outputs), a SwiGLU MLP
// (gate, up, down) or, for Mixtral, num_local_experts of them and a router
// (hidden → experts, no bias), two RMSNorms per block, a final RMSNorm, and an
// lm_head unless tied to the token embedding.
ParameterCount llama(const Architecture& a) {
    const long long h = a.hidden, q = a.qDim(), kv = a.kvDim(), f = a.ffn;
    const bool qkvBias = a.attentionBias || a.qkvBias;
    const long long attention = h * q + 2 * h * kv + q * h;
    const long long attentionBias = (qkvBias ? q + 2 * kv : 0) + (a.attentionBias ? h : 0);
    const long long mlp = 3 * h * f;
    const long long mlpBias = a.mlpBias ? 2 * f + h : 0;
    const long long experts = a.experts > 0 ? a.experts : 1;
    const long long activeExperts = a.experts > 0 ? a.expertsPerToken : 1;
    const long long router = a.experts > 0 ? h * a.experts : 0;
    const long long norms = 2 * h;
    ParameterCount c;
    c.perLayer = attention + attentionBias + experts * (mlp + mlpBias) + router + norms;
    c.embedding = a.vocab * h;
    c.head = a.vocab * h;
    c.total = c.embedding + a.layers * c.perLayer + h + (a.tiedEmbeddings ? 0 : c.head);
    c.active = c.total - a.layers * (experts - activeExperts) * (mlp + mlpBias);
    c.blockMatmul = attention + activeExperts * mlp + router;
    c.blockCopied = attention + (a.experts > 0 ? router : mlp);
    c.largestTensor = std::max({c.embedding, a.experts > 0 ? a.experts * mlp : mlp});
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
    c.total = c.embedding + a.layers * c.perLayer + 2 * h;
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
    c.total = c.embedding + patchWeights + h + a.layers * c.perLayer + 2 * h + c.head + a.labels;
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
