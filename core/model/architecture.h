#pragma once
// The architecture of a model: the few numbers from which its parameter count,
// its FLOPs per sample and its activation memory follow (parameters.h,
// training_cost.h). Read from a Hugging Face config.json, from the model
// catalogue (catalogue.h), or from its one-line text form, which is how a plan
// keeps it (plan field model.architecture):
//
//   llama hidden=4096 layers=32 heads=32 kv_heads=8 ffn=14336 vocab=128256 positions=131072
//
// Families: decoder-only transformers as transformers builds them (llama, qwen2,
// mistral, mixtral, gpt2), the vision transformer (vit, as ViTForImageClassification),
// the trainer's patch autoencoder (tae_mlp) and a convolutional video autoencoder
// (conv_video: a list of convolutions at fractions of the frame's resolution).

#include "text/text.h"

#include <string>
#include <string_view>
#include <vector>

namespace traindeck::model {

enum class Family { Llama, Gpt2, Vit, TaeMlp, ConvVideo };

// One convolution of a conv_video model: `in`→`out` channels, a k×k×k kernel
// (k³ weights per channel pair; 3-D over time and space), at 1/scale of the
// frame's height and width.
struct Conv {
    long long in = 0, out = 0, kernel = 3, scale = 1;
    friend bool operator==(const Conv&, const Conv&) = default;
};

struct Architecture {
    std::string type;            // the config's model_type: "llama", "qwen2", "mistral", "mixtral", "gpt2", "vit", "tae_mlp", "conv_video"
    long long hidden = 0;        // hidden_size / n_embd; tae_mlp: the width D
    long long layers = 0;        // transformer blocks; tae_mlp: L
    long long heads = 0;
    long long kvHeads = 0;       // grouped-query attention: K/V heads (= heads without GQA)
    long long headDim = 0;       // per head (hidden / heads unless the config says)
    long long ffn = 0;           // intermediate_size (per expert for a mixture of experts)
    long long vocab = 0;
    long long positions = 0;     // max_position_embeddings / n_positions: the longest sequence
    bool tiedEmbeddings = false;
    bool attentionBias = false;  // llama's attention_bias (q, k, v, o)
    bool mlpBias = false;        // llama's mlp_bias
    bool qkvBias = false;        // qwen2 (q, k, v), vit's qkv_bias
    long long experts = 0;       // mixtral's num_local_experts; 0: dense
    long long expertsPerToken = 0;
    long long imageSize = 0, patchSize = 0, channels = 3, labels = 0;  // vit
    std::vector<Conv> convs;     // conv_video
    friend bool operator==(const Architecture&, const Architecture&) = default;

    Family family() const;
    bool isLanguageModel() const { return family() == Family::Llama || family() == Family::Gpt2; }
    long long qDim() const { return heads * headDim; }
    long long kvDim() const { return kvHeads * headDim; }
};

// The model types a config.json may name, for the one line that lists them.
const std::vector<std::string>& knownModelTypes();

// Reads a config.json's text. On failure returns false and a one-line `error`.
bool architectureFromHfConfig(std::string_view json, Architecture& out, Text& error);
// The same from a file (error names the path).
bool architectureFromHfConfigFile(const std::string& path, Architecture& out, Text& error);

// The one-line text form and back; parse checks every value.
std::string architectureText(const Architecture&);
bool parseArchitecture(std::string_view text, Architecture& out, Text& error);

}  // namespace traindeck::model
