#pragma once
// The architecture of a model: the few numbers from which its parameter count,
// its FLOPs per sample and its activation memory follow (parameters.h,
// training_cost.h). Read from a Hugging Face config.json, from the model
// catalogue (catalogue.h), or from its one-line text form, which is how a plan
// keeps it (plan field model.architecture):
//
//   llama hidden=4096 layers=32 heads=32 kv_heads=8 ffn=14336 vocab=128256 positions=131072
//
// Families: decoder-only transformers as transformers builds them, every one a
// description of the same block (attention, its norms and biases, a gated MLP or a
// mixture of experts, the norms around them): llama, qwen2, qwen3, qwen3_moe, mistral,
// mixtral, gemma2, gemma3 (its text model), phi3, deepseek_v2, deepseek_v3, olmo2,
// granite and gpt_oss, each a row of keys and defaults in architecture.cpp, not a
// formula of its own; gpt2; the vision transformer (vit, as ViTForImageClassification),
// the trainer's patch autoencoder (tae_mlp) and a convolutional video autoencoder
// (conv_video: a list of convolutions at fractions of the frame's resolution).

#include "text/text.h"

#include <string>
#include <string_view>
#include <vector>

namespace traindeck::model {

// Llama: every decoder that transformers builds from the description below (the
// "llama-like" block); the other families have blocks of their own.
enum class Family { Llama, Gpt2, Vit, TaeMlp, ConvVideo };

// RMSNorms on queries and keys: none, one per head of head_dim (Qwen3, Gemma 3) or one
// over all heads (OLMo 2: q_norm of heads·head_dim, k_norm of kv_heads·head_dim).
enum class QkNorm { None, PerHead, Whole };

// One convolution of a conv_video model: `in`→`out` channels, a k×k×k kernel
// (k³ weights per channel pair; 3-D over time and space), at 1/scale of the
// frame's height and width.
struct Conv {
    long long in = 0, out = 0, kernel = 3, scale = 1;
    friend bool operator==(const Conv&, const Conv&) = default;
};

struct Architecture {
    std::string type;            // the config's model_type ("llama", "qwen3_moe", ...), "tae_mlp", "conv_video"
    long long hidden = 0;        // hidden_size / n_embd; tae_mlp: the width D
    long long layers = 0;        // transformer blocks; tae_mlp: L
    long long heads = 0;
    long long kvHeads = 0;       // grouped-query attention: K/V heads (= heads without GQA)
    long long headDim = 0;       // per head (hidden / heads unless the config says); latent attention: q/k's nope + rope
    long long ffn = 0;           // intermediate_size: the dense MLP's width (Mixtral, gpt-oss: each expert's)
    long long vocab = 0;
    long long positions = 0;     // max_position_embeddings / n_positions: the longest sequence
    bool tiedEmbeddings = false;
    bool attentionBias = false;  // llama's attention_bias (q, k, v, o)
    bool mlpBias = false;        // llama's mlp_bias
    bool qkvBias = false;        // qwen2 (q, k, v), vit's qkv_bias
    long long experts = 0;       // routed experts (num_local_experts, num_experts, n_routed_experts); 0: dense
    long long expertsPerToken = 0;
    long long expertFfn = 0;     // each routed expert's width (moe_intermediate_size); 0: ffn
    long long sharedFfn = 0;     // the shared experts' MLP, all of them together (DeepSeek); 0: none
    bool routerBias = false;     // gpt-oss: the router and
    bool expertBias = false;     // the experts' products have biases
    // Which blocks are dense (an MLP of ffn) in a mixture: the first firstDense
    // (first_k_dense_replace), those listed (mlp_only_layers), and those not on the
    // sparse step (layer i is sparse when (i + 1) % sparseStep == 0).
    long long firstDense = 0, sparseStep = 1;
    std::vector<long long> denseLayers;
    // Multi-head latent attention (DeepSeek V2/V3): queries through a qLoraRank-wide
    // latent (0: directly), keys and values through one of kvLoraRank; ropeHeadDim of each
    // query/key head carries the rotary part; vHeadDim is each value head.
    long long qLoraRank = 0, kvLoraRank = 0, ropeHeadDim = 0, vHeadDim = 0;
    QkNorm qkNorm = QkNorm::None;
    long long norms = 2;         // RMSNorms per block of hidden's width (Gemma: 4; OLMo 2: 2, after each part)
    bool sinks = false;          // gpt-oss: one learned attention sink per head
    // Sliding-window attention: window tokens (0: none); every globalEvery-th layer attends
    // to all (Gemma 2: 2, Gemma 3: 6); 0: every layer is windowed (Mistral).
    long long window = 0, globalEvery = 0;
    bool logitSoftcap = false;   // Gemma 2: tanh soft-capping of the logits
    bool assumed = false;        // a model_type not known here, read as the plain decoder (model_findings says so)
    long long imageSize = 0, patchSize = 0, channels = 3, labels = 0;  // vit
    std::vector<Conv> convs;     // conv_video
    friend bool operator==(const Architecture&, const Architecture&) = default;

    Family family() const;
    bool isLanguageModel() const { return family() == Family::Llama || family() == Family::Gpt2; }
    long long qDim() const { return heads * headDim; }
    // K and V widths per token (latent attention: each head's k and v, as attention computes them).
    long long kvDim() const { return latentAttention() ? heads * (headDim + vHeadDim) / 2 : kvHeads * headDim; }
    // The width of attention's two products per token: q·kᵀ over headDim, the weighted sum over v's width.
    long long attentionDim() const { return latentAttention() ? heads * (headDim + vHeadDim) / 2 : qDim(); }
    bool latentAttention() const { return kvLoraRank > 0; }
    // transformers runs attention with sinks eagerly (sdpa's and flash attention's kernels take
    // none: gpt-oss's attn_implementation is "eager", bench/moe_expert_loop.py): the s² scores are
    // materialised, op by op, and every key is multiplied, the causal mask's too.
    bool eagerAttention() const { return sinks; }
    bool moeLayer(long long layer) const;   // a mixture's block (false for every block of a dense model)
    long long moeLayers() const;
    bool windowedLayer(long long layer) const;
    long long windowedLayers() const;
};

// The model types a config.json may name, for the one line that lists them.
const std::vector<std::string>& knownModelTypes();

// Reads a config.json's text (its text model where it nests one in text_config). A
// model_type not known here whose keys still describe a decoder (hidden_size,
// num_hidden_layers, num_attention_heads, intermediate_size, vocab_size) is read as the
// plain decoder with `assumed` set; one that does not fails naming the missing keys.
// On failure returns false and a one-line `error`.
bool architectureFromHfConfig(std::string_view json, Architecture& out, Text& error);
// The same from a file (error names the path).
bool architectureFromHfConfigFile(const std::string& path, Architecture& out, Text& error);

// What an assumed architecture was assumed to be, for the finding that says so.
Text assumedDecoderText(const Architecture&);

// The one-line text form and back; parse checks every value.
std::string architectureText(const Architecture&);
bool parseArchitecture(std::string_view text, Architecture& out, Text& error);

}  // namespace traindeck::model
