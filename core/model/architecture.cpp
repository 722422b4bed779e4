#include "model/architecture.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <fstream>
#include <sstream>

namespace traindeck::model {
namespace {

using nlohmann::json;

Text val(std::string v) { return Text::value(std::move(v)); }

std::string joined(const std::vector<std::string>& items) {
    std::string s;
    for (const std::string& i : items) s += (s.empty() ? "" : ", ") + i;
    return s;
}

// A whole number from the config; `fallback` when absent or null.
long long integer(const json& c, const char* key, long long fallback) {
    const auto it = c.find(key);
    if (it == c.end() || it->is_null()) return fallback;
    if (it->is_number_integer()) return it->get<long long>();
    if (it->is_number_float()) return static_cast<long long>(it->get<double>());
    throw std::invalid_argument(key);
}

bool flag(const json& c, const char* key, bool fallback) {
    const auto it = c.find(key);
    if (it == c.end() || it->is_null()) return fallback;
    if (!it->is_boolean()) throw std::invalid_argument(key);
    return it->get<bool>();
}

// Every count must be positive where the family uses it: a config with a zero or
// negative size is not a model.
bool checked(const Architecture& a, Text& error) {
    const std::vector<std::pair<const char*, long long>> sizes =
        a.family() == Family::TaeMlp      ? std::vector<std::pair<const char*, long long>>{{"width", a.hidden}, {"layers", a.layers}}
        : a.family() == Family::ConvVideo ? std::vector<std::pair<const char*, long long>>{{"convs", (long long)a.convs.size()}}
        : a.family() == Family::Vit       ? std::vector<std::pair<const char*, long long>>{{"hidden", a.hidden}, {"layers", a.layers}, {"heads", a.heads}, {"ffn", a.ffn}, {"image", a.imageSize}, {"patch", a.patchSize}, {"channels", a.channels}}
                                          : std::vector<std::pair<const char*, long long>>{{"hidden", a.hidden}, {"layers", a.layers}, {"heads", a.heads}, {"kv_heads", a.kvHeads}, {"head_dim", a.headDim}, {"ffn", a.ffn}, {"vocab", a.vocab}};
    for (const auto& [name, v] : sizes)
        if (v <= 0 || v > 100'000'000) {
            error = Text(TD_TEXT("ModelMessages", "the architecture's %1 must be a positive size, got %2"),
                         {val(name), val(std::to_string(v))});
            return false;
        }
    const std::pair<const char*, long long> others[] = {
        {"expert_ffn", a.expertFfn}, {"shared_ffn", a.sharedFfn}, {"first_dense", a.firstDense}, {"q_lora", a.qLoraRank},
        {"kv_lora", a.kvLoraRank},   {"rope_dim", a.ropeHeadDim}, {"v_dim", a.vHeadDim},          {"window", a.window},
        {"global_every", a.globalEvery}, {"norms", a.norms}};
    for (const auto& [name, v] : others)
        if (v < 0 || v > 100'000'000) {
            error = Text(TD_TEXT("ModelMessages", "the architecture's %1 must be a positive size, got %2"),
                         {val(name), val(std::to_string(v))});
            return false;
        }
    if (a.sparseStep <= 0 || a.sparseStep > 1000) {
        error = Text(TD_TEXT("ModelMessages", "the architecture's %1 must be a positive size, got %2"),
                     {val("sparse_step"), val(std::to_string(a.sparseStep))});
        return false;
    }
    if (a.family() == Family::Llama && a.heads % a.kvHeads != 0) {
        error = Text(TD_TEXT("ModelMessages", "%1 attention heads cannot be shared by %2 key/value heads"),
                     {val(std::to_string(a.heads)), val(std::to_string(a.kvHeads))});
        return false;
    }
    if (a.experts > 0 && (a.expertsPerToken <= 0 || a.expertsPerToken > a.experts)) {
        error = Text(TD_TEXT("ModelMessages", "a mixture of %1 experts needs 1 to %1 experts per token, got %2"),
                     {val(std::to_string(a.experts)), val(std::to_string(a.expertsPerToken))});
        return false;
    }
    if (a.latentAttention() && (a.ropeHeadDim >= a.headDim || a.vHeadDim <= 0)) {
        error = Text(TD_TEXT("ModelMessages", "latent attention needs a rotary part smaller than the head (%1 of %2) and "
                                              "a value head, got %3"),
                     {val(std::to_string(a.ropeHeadDim)), val(std::to_string(a.headDim)), val(std::to_string(a.vHeadDim))});
        return false;
    }
    if (a.family() == Family::Vit && a.imageSize % a.patchSize != 0) {
        error = Text(TD_TEXT("ModelMessages", "the image size %1 is not a multiple of the patch size %2"),
                     {val(std::to_string(a.imageSize)), val(std::to_string(a.patchSize))});
        return false;
    }
    return true;
}

// Labels of a classification head: id2label's size, else num_labels, else transformers' default 2.
long long labelCount(const json& c) {
    if (const auto it = c.find("id2label"); it != c.end() && it->is_object() && !it->empty()) return (long long)it->size();
    return integer(c, "num_labels", 2);
}

// A decoder family: its model_type, the defaults of its transformers config class for the keys
// the planner reads (a config.json may leave them out: Gemma 3's text_config names four), and
// what its block holds beyond the plain decoder. A new family is a row here.
struct DecoderFamily {
    const char* type;
    const char* defaults;           // JSON: the config class's defaults
    const char* expertsKey = "";    // the routed experts' count; "" for a dense family
    const char* expertFfnKey = "moe_intermediate_size";  // each expert's width
    bool qkvBias = false;           // q, k and v always with bias (Qwen2)
    QkNorm qkNorm = QkNorm::None;
    long long norms = 2;
    bool attentionBiasKey = true;   // the family's attention reads attention_bias (q, k, v and o)
    bool mlpBiasKey = false;        // its MLP reads mlp_bias
    bool sinks = false, routerBias = false, expertBias = false;
    bool latent = false;            // multi-head latent attention
    const char* globalEveryKey = "";  // the key of the window pattern's period, if any
    long long globalEvery = 0;      // the period when the config names none (0: every layer windowed)
    bool windowNeedsSwitch = false; // Qwen2/3: the window applies only with use_sliding_window
};

const DecoderFamily kDecoders[] = {
    {"llama", R"({"vocab_size": 32000, "hidden_size": 4096, "intermediate_size": 11008, "num_hidden_layers": 32,
                  "num_attention_heads": 32, "max_position_embeddings": 2048})",
     "", "", false, QkNorm::None, 2, true, true},
    {"granite", R"({"vocab_size": 32000, "hidden_size": 4096, "intermediate_size": 11008, "num_hidden_layers": 32,
                    "num_attention_heads": 32, "max_position_embeddings": 2048})",
     "", "", false, QkNorm::None, 2, true, true},
    {"mistral", R"({"vocab_size": 32000, "hidden_size": 4096, "intermediate_size": 14336, "num_hidden_layers": 32,
                    "num_attention_heads": 32, "num_key_value_heads": 8, "max_position_embeddings": 131072,
                    "sliding_window": 4096})",
     "", "", false, QkNorm::None, 2, false},
    {"mixtral", R"({"vocab_size": 32000, "hidden_size": 4096, "intermediate_size": 14336, "num_hidden_layers": 32,
                    "num_attention_heads": 32, "num_key_value_heads": 8, "max_position_embeddings": 131072,
                    "num_local_experts": 8, "num_experts_per_tok": 2})",
     "num_local_experts", "intermediate_size", false, QkNorm::None, 2, false},
    {"qwen2", R"({"vocab_size": 151936, "hidden_size": 4096, "intermediate_size": 22016, "num_hidden_layers": 32,
                  "num_attention_heads": 32, "max_position_embeddings": 32768, "sliding_window": 4096})",
     "", "", true, QkNorm::None, 2, false, false, false, false, false, false, "", 0, true},
    {"qwen3", R"({"vocab_size": 151936, "hidden_size": 4096, "intermediate_size": 22016, "num_hidden_layers": 32,
                  "num_attention_heads": 32, "head_dim": 128, "max_position_embeddings": 32768, "sliding_window": 4096})",
     "", "", false, QkNorm::PerHead, 2, true, false, false, false, false, false, "", 0, true},
    {"qwen3_moe", R"({"vocab_size": 151936, "hidden_size": 2048, "intermediate_size": 6144, "num_hidden_layers": 24,
                      "num_attention_heads": 32, "num_key_value_heads": 4, "max_position_embeddings": 32768,
                      "num_experts": 128, "num_experts_per_tok": 8, "moe_intermediate_size": 768,
                      "sliding_window": 4096})",
     "num_experts", "moe_intermediate_size", false, QkNorm::PerHead, 2, true, false, false, false, false, false, "", 0,
     true},
    {"gemma2", R"({"vocab_size": 256000, "hidden_size": 2304, "intermediate_size": 9216, "num_hidden_layers": 26,
                   "num_attention_heads": 8, "num_key_value_heads": 4, "head_dim": 256, "max_position_embeddings": 8192,
                   "tie_word_embeddings": true, "sliding_window": 4096, "final_logit_softcapping": 30.0})",
     "", "", false, QkNorm::None, 4, true, false, false, false, false, false, "", 2},
    {"gemma3_text", R"({"vocab_size": 262208, "hidden_size": 2304, "intermediate_size": 9216, "num_hidden_layers": 26,
                        "num_attention_heads": 8, "num_key_value_heads": 4, "head_dim": 256,
                        "max_position_embeddings": 131072, "tie_word_embeddings": true, "sliding_window": 4096})",
     "", "", false, QkNorm::PerHead, 4, true, false, false, false, false, false, "sliding_window_pattern", 6},
    {"phi3", R"({"vocab_size": 32064, "hidden_size": 3072, "intermediate_size": 8192, "num_hidden_layers": 32,
                 "num_attention_heads": 32, "max_position_embeddings": 4096})",
     "", "", false, QkNorm::None, 2, false},
    {"olmo2", R"({"vocab_size": 50304, "hidden_size": 4096, "intermediate_size": 11008, "num_hidden_layers": 32,
                  "num_attention_heads": 32, "max_position_embeddings": 2048})",
     "", "", false, QkNorm::Whole, 2, true},
    {"deepseek_v2", R"({"vocab_size": 102400, "hidden_size": 5120, "intermediate_size": 12288, "num_hidden_layers": 60,
                        "num_attention_heads": 128, "max_position_embeddings": 163840, "moe_intermediate_size": 1536,
                        "n_routed_experts": 160, "n_shared_experts": 2, "num_experts_per_tok": 6, "kv_lora_rank": 512,
                        "q_lora_rank": 1536, "qk_nope_head_dim": 128, "qk_rope_head_dim": 64, "v_head_dim": 128})",
     "n_routed_experts", "moe_intermediate_size", false, QkNorm::None, 2, true, true, false, false, false, true},
    {"deepseek_v3", R"({"vocab_size": 129280, "hidden_size": 7168, "intermediate_size": 18432, "num_hidden_layers": 61,
                        "num_attention_heads": 128, "max_position_embeddings": 4096, "moe_intermediate_size": 2048,
                        "n_routed_experts": 256, "n_shared_experts": 1, "num_experts_per_tok": 8, "kv_lora_rank": 512,
                        "q_lora_rank": 1536, "qk_nope_head_dim": 128, "qk_rope_head_dim": 64, "v_head_dim": 128,
                        "first_k_dense_replace": 3})",
     "n_routed_experts", "moe_intermediate_size", false, QkNorm::None, 2, true, false, false, false, false, true},
    {"gpt_oss", R"({"vocab_size": 201088, "hidden_size": 2880, "intermediate_size": 2880, "num_hidden_layers": 36,
                    "num_attention_heads": 64, "num_key_value_heads": 8, "head_dim": 64, "max_position_embeddings": 131072,
                    "num_local_experts": 128, "num_experts_per_tok": 4, "attention_bias": true, "sliding_window": 128})",
     "num_local_experts", "intermediate_size", false, QkNorm::None, 2, true, false, true, true, true, false, "", 2},
};

// What an unknown model_type is read as: the plain decoder (llama's block), with experts
// where the config names them.
constexpr const char* kDecoderKeys[] = {"hidden_size", "num_hidden_layers", "num_attention_heads", "intermediate_size",
                                        "vocab_size"};

const DecoderFamily* findDecoder(const std::string& type) {
    for (const DecoderFamily& f : kDecoders)
        if (type == f.type) return &f;
    return nullptr;
}

// The period of a layer_types list ("sliding_attention", "full_attention", ...): the index
// of its first full layer plus one, 0 where every layer slides; -1 where none slides.
long long globalPeriod(const json& types) {
    long long sliding = 0, firstFull = -1, i = 0;
    for (const json& t : types) {
        if (t.is_string() && t.get<std::string>() == "sliding_attention") ++sliding;
        else if (firstFull < 0) firstFull = i;
        ++i;
    }
    if (sliding == 0) return -1;
    return firstFull < 0 ? 0 : firstFull + 1;
}

Architecture decoderFromConfig(const json& config, const std::string& type, const DecoderFamily& f) {
    json c = json::parse(f.defaults);
    for (const auto& [key, value] : config.items()) c[key] = value;
    Architecture a;
    a.type = type;
    a.hidden = integer(c, "hidden_size", 4096);
    a.layers = integer(c, "num_hidden_layers", 32);
    a.heads = integer(c, "num_attention_heads", 32);
    a.ffn = integer(c, "intermediate_size", 11008);
    a.kvHeads = integer(c, "num_key_value_heads", a.heads);
    a.headDim = integer(c, "head_dim", a.heads > 0 ? a.hidden / a.heads : 0);
    a.vocab = integer(c, "vocab_size", 32000);
    a.positions = integer(c, "max_position_embeddings", 2048);
    a.tiedEmbeddings = flag(c, "tie_word_embeddings", false);
    a.attentionBias = f.attentionBiasKey && flag(c, "attention_bias", false);
    a.mlpBias = f.mlpBiasKey && flag(c, "mlp_bias", false);
    a.qkvBias = f.qkvBias;
    a.qkNorm = f.qkNorm;
    a.norms = f.norms;
    a.sinks = f.sinks;
    if (f.latent) {
        a.qLoraRank = integer(c, "q_lora_rank", 0);
        a.kvLoraRank = integer(c, "kv_lora_rank", 512);
        a.ropeHeadDim = integer(c, "qk_rope_head_dim", 64);
        a.headDim = integer(c, "qk_nope_head_dim", 128) + a.ropeHeadDim;
        a.vHeadDim = integer(c, "v_head_dim", 128);
        a.kvHeads = a.heads;
    }
    const char* expertsKey = *f.expertsKey ? f.expertsKey
                             : !f.latent && c.contains("num_local_experts") ? "num_local_experts"
                             : c.contains("num_experts")                  ? "num_experts"
                                                                          : "n_routed_experts";
    a.experts = integer(c, expertsKey, 0);
    if (a.experts > 0) {
        a.expertsPerToken = integer(c, "num_experts_per_tok", 2);
        a.expertFfn = integer(c, *f.expertFfnKey ? f.expertFfnKey : "moe_intermediate_size", a.ffn);
        if (a.expertFfn == a.ffn) a.expertFfn = 0;
        a.sharedFfn = integer(c, "n_shared_experts", 0) * integer(c, "moe_intermediate_size", a.ffn);
        a.firstDense = integer(c, "first_k_dense_replace", 0);
        a.sparseStep = integer(c, "decoder_sparse_step", 1);
        if (const auto it = c.find("mlp_only_layers"); it != c.end() && it->is_array())
            for (const json& l : *it)
                if (l.is_number_integer()) a.denseLayers.push_back(l.get<long long>());
        a.routerBias = f.routerBias;
        a.expertBias = f.expertBias;
    }
    // The sliding window: Qwen applies it only with use_sliding_window; layer_types, where the
    // config has it, says which layers slide; else the family's period.
    const bool windowOn = !f.windowNeedsSwitch || flag(c, "use_sliding_window", false);
    a.window = windowOn ? integer(c, "sliding_window", 0) : 0;
    a.globalEvery = *f.globalEveryKey ? integer(c, f.globalEveryKey, f.globalEvery) : f.globalEvery;
    if (const auto it = c.find("layer_types"); it != c.end() && it->is_array()) {
        const long long period = globalPeriod(*it);
        if (period < 0) a.window = 0;
        else a.globalEvery = period;
    }
    if (a.window > 0 && a.globalEvery == 1) a.window = 0;  // every layer attends to all
    if (a.window == 0) a.globalEvery = 0;
    a.logitSoftcap = c.contains("final_logit_softcapping") && !c["final_logit_softcapping"].is_null();
    return a;
}

Architecture fromConfig(const json& c, const std::string& type) {
    Architecture a;
    a.type = type;
    if (type == "gpt2") {
        a.hidden = integer(c, "n_embd", 768);
        a.layers = integer(c, "n_layer", 12);
        a.heads = integer(c, "n_head", 12);
        a.kvHeads = a.heads;
        a.headDim = a.heads > 0 ? a.hidden / a.heads : 0;
        a.ffn = integer(c, "n_inner", 4 * a.hidden);
        a.vocab = integer(c, "vocab_size", 50257);
        a.positions = integer(c, "n_positions", 1024);
        a.tiedEmbeddings = true;  // GPT2LMHeadModel's lm_head is the token embedding
        return a;
    }
    if (type == "vit") {
        a.hidden = integer(c, "hidden_size", 768);
        a.layers = integer(c, "num_hidden_layers", 12);
        a.heads = integer(c, "num_attention_heads", 12);
        a.ffn = integer(c, "intermediate_size", 3072);
        a.kvHeads = a.heads;
        a.headDim = a.heads > 0 ? a.hidden / a.heads : 0;
        a.imageSize = integer(c, "image_size", 224);
        a.patchSize = integer(c, "patch_size", 16);
        a.channels = integer(c, "num_channels", 3);
        a.qkvBias = flag(c, "qkv_bias", true);
        a.labels = labelCount(c);
        a.positions = (a.patchSize > 0 ? (a.imageSize / a.patchSize) * (a.imageSize / a.patchSize) : 0) + 1;
        return a;
    }
    if (const DecoderFamily* f = findDecoder(type)) return decoderFromConfig(c, type, *f);
    a = decoderFromConfig(c, type, kDecoders[0]);
    a.assumed = true;
    return a;
}

bool parseInteger(std::string_view s, long long& out) {
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && end == s.data() + s.size();
}

}  // namespace

Family Architecture::family() const {
    if (type == "gpt2") return Family::Gpt2;
    if (type == "vit") return Family::Vit;
    if (type == "tae_mlp") return Family::TaeMlp;
    if (type == "conv_video") return Family::ConvVideo;
    return Family::Llama;
}

bool Architecture::moeLayer(long long layer) const {
    if (experts == 0 || layer < firstDense || (layer + 1) % sparseStep != 0) return false;
    return std::find(denseLayers.begin(), denseLayers.end(), layer) == denseLayers.end();
}

long long Architecture::moeLayers() const {
    long long n = 0;
    for (long long i = 0; i < layers; ++i) n += moeLayer(i);
    return n;
}

bool Architecture::windowedLayer(long long layer) const {
    return window > 0 && (globalEvery == 0 || (layer + 1) % globalEvery != 0);
}

long long Architecture::windowedLayers() const {
    long long n = 0;
    for (long long i = 0; i < layers; ++i) n += windowedLayer(i);
    return n;
}

const std::vector<std::string>& knownModelTypes() {
    static const std::vector<std::string> types = [] {
        std::vector<std::string> t;
        for (const DecoderFamily& f : kDecoders) t.push_back(f.type);
        t.insert(t.begin() + 1, "gemma3");  // read through its text_config
        t.push_back("gpt2");
        t.push_back("vit");
        return t;
    }();
    return types;
}

Text assumedDecoderText(const Architecture& a) {
    return Text(TD_TEXT("ModelMessages", "model_type '%1' is not a family TrainDeck knows; read as a Llama-like decoder: "
                                         "rotary attention, two RMSNorms per block, a gated MLP of intermediate_size%2, "
                                         "biases only where attention_bias or mlp_bias says, embeddings tied only where "
                                         "tie_word_embeddings says"),
                {val(printable(a.type)), val(a.experts > 0 ? " (" + std::to_string(a.experts) + " experts, " +
                                                                 std::to_string(a.expertsPerToken) + " per token)"
                                                           : std::string())});
}

bool architectureFromHfConfig(std::string_view text, Architecture& out, Text& error) {
    json c;
    try {
        c = json::parse(text);
    } catch (const json::exception& e) {
        error = Text(TD_TEXT("ModelMessages", "not a config.json: %1"), {val(printable(e.what()))});
        return false;
    }
    if (!c.is_object() || !c.contains("model_type") || !c["model_type"].is_string()) {
        error = Text(TD_TEXT("ModelMessages", "the config has no model_type (known: %1)"), {val(joined(knownModelTypes()))});
        return false;
    }
    // A model that nests its text model (Gemma 3, vision-language models): the text model is trained.
    if (const auto it = c.find("text_config"); it != c.end() && it->is_object()) {
        json inner = *it;
        if (!inner.contains("model_type") || !inner["model_type"].is_string())
            inner["model_type"] = c["model_type"].get<std::string>() + "_text";
        for (const char* key : {"tie_word_embeddings"})
            if (c.contains(key) && !inner.contains(key)) inner[key] = c[key];
        c = std::move(inner);
    }
    std::string type = c["model_type"].get<std::string>();
    if (type == "gemma3") type = "gemma3_text";  // its text model, given flat
    const bool known = std::find(knownModelTypes().begin(), knownModelTypes().end(), type) != knownModelTypes().end();
    if (!known) {
        // A standard decoder under a name not known here: its sizes must be there; a model
        // whose architectures name no causal language model (BERT's ForMaskedLM) is not one.
        std::vector<std::string> missing;
        for (const char* key : kDecoderKeys)
            if (!c.contains(key) || !c[key].is_number_integer()) missing.push_back(key);
        bool causal = true;
        if (const auto it = c.find("architectures"); it != c.end() && it->is_array() && !it->empty()) {
            causal = false;
            for (const json& name : *it)
                causal = causal || (name.is_string() && (name.get<std::string>().ends_with("ForCausalLM") ||
                                                         name.get<std::string>().ends_with("ForConditionalGeneration")));
        }
        if (!missing.empty() || !causal) {
            error = missing.empty()
                        ? Text(TD_TEXT("ModelMessages", "unknown model_type '%1' whose architectures name no causal "
                                                        "language model (known: %2)"),
                               {val(printable(type)), val(joined(knownModelTypes()))})
                        : Text(TD_TEXT("ModelMessages", "unknown model_type '%1' without the keys of a decoder (%2 "
                                                        "missing; known: %3)"),
                               {val(printable(type)), val(joined(missing)), val(joined(knownModelTypes()))});
            return false;
        }
    }
    Architecture a;
    try {
        a = fromConfig(c, type);
    } catch (const std::exception& e) {
        error = Text(TD_TEXT("ModelMessages", "the config's %1 has the wrong type"), {val(printable(e.what()))});
        return false;
    }
    if (!checked(a, error)) return false;
    out = std::move(a);
    return true;
}

bool architectureFromHfConfigFile(const std::string& path, Architecture& out, Text& error) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        error = Text(TD_TEXT("ModelMessages", "cannot read %1"), {val(printable(path))});
        return false;
    }
    std::stringstream buffer;
    buffer << in.rdbuf();
    if (architectureFromHfConfig(buffer.str(), out, error)) return true;
    error = Text(TD_TEXT("ModelMessages", "%1: %2"), {val(printable(path)), error});
    return false;
}

namespace {

// A decoder's switches as its family sets them: what its text form need not say.
Architecture familySwitches(const std::string& type) {
    Architecture a;
    a.type = type;
    a.tiedEmbeddings = type == "gpt2";
    a.qkvBias = type == "vit";
    if (const DecoderFamily* f = findDecoder(type)) {
        a.qkvBias = f->qkvBias;
        a.qkNorm = f->qkNorm;
        a.norms = f->norms;
        a.sinks = f->sinks;
        a.routerBias = f->routerBias;
        a.expertBias = f->expertBias;
    }
    return a;
}

std::string layerList(const std::vector<long long>& layers) {
    std::string s;
    for (long long l : layers) s += (s.empty() ? "" : "/") + std::to_string(l);
    return s;
}

}  // namespace

std::string architectureText(const Architecture& a) {
    std::string s = a.type;
    auto add = [&](const char* key, long long v) { s += std::string(" ") + key + "=" + std::to_string(v); };
    switch (a.family()) {
    case Family::TaeMlp:
        add("width", a.hidden);
        add("layers", a.layers);
        return s;
    case Family::ConvVideo:
        s += " convs=";
        for (size_t i = 0; i < a.convs.size(); ++i) {
            const Conv& c = a.convs[i];
            if (i) s += '/';
            s += std::to_string(c.in) + ":" + std::to_string(c.out) + ":" + std::to_string(c.kernel) + ":" +
                 std::to_string(c.scale);
        }
        return s;
    case Family::Vit:
        add("hidden", a.hidden), add("layers", a.layers), add("heads", a.heads), add("ffn", a.ffn);
        add("image", a.imageSize), add("patch", a.patchSize), add("channels", a.channels), add("labels", a.labels);
        add("qkv_bias", a.qkvBias);
        return s;
    case Family::Gpt2:
    case Family::Llama:
        break;
    }
    const Architecture family = familySwitches(a.type);
    add("hidden", a.hidden), add("layers", a.layers), add("heads", a.heads), add("kv_heads", a.kvHeads);
    add("head_dim", a.headDim), add("ffn", a.ffn), add("vocab", a.vocab), add("positions", a.positions);
    add("tied", a.tiedEmbeddings);
    if (a.attentionBias) add("attn_bias", 1);
    if (a.mlpBias) add("mlp_bias", 1);
    if (a.qkvBias != family.qkvBias) add("qkv_bias", a.qkvBias);
    if (a.qkNorm != family.qkNorm) add("qk_norm", static_cast<long long>(a.qkNorm));
    if (a.norms != family.norms) add("norms", a.norms);
    if (a.sinks != family.sinks) add("sinks", a.sinks);
    if (a.latentAttention()) add("q_lora", a.qLoraRank), add("kv_lora", a.kvLoraRank), add("rope_dim", a.ropeHeadDim), add("v_dim", a.vHeadDim);
    if (a.experts > 0) {
        add("experts", a.experts), add("top_k", a.expertsPerToken);
        if (a.expertFfn > 0) add("expert_ffn", a.expertFfn);
        if (a.sharedFfn > 0) add("shared_ffn", a.sharedFfn);
        if (a.firstDense > 0) add("first_dense", a.firstDense);
        if (a.sparseStep != 1) add("sparse_step", a.sparseStep);
        if (!a.denseLayers.empty()) s += " dense_layers=" + layerList(a.denseLayers);
        if (a.routerBias != family.routerBias) add("router_bias", a.routerBias);
        if (a.expertBias != family.expertBias) add("expert_bias", a.expertBias);
    }
    if (a.window > 0) add("window", a.window), add("global_every", a.globalEvery);
    if (a.logitSoftcap) add("softcap", 1);
    if (a.assumed) add("assumed", 1);
    return s;
}

namespace {

// The items of an architecture's text form ("hidden=4096"): sizes and yes/no switches.
struct SizeKey { const char* key; long long Architecture::*member; };
const SizeKey kSizeKeys[] = {
    {"hidden", &Architecture::hidden},       {"width", &Architecture::hidden},     {"layers", &Architecture::layers},
    {"heads", &Architecture::heads},         {"kv_heads", &Architecture::kvHeads}, {"head_dim", &Architecture::headDim},
    {"ffn", &Architecture::ffn},             {"vocab", &Architecture::vocab},      {"positions", &Architecture::positions},
    {"experts", &Architecture::experts},     {"top_k", &Architecture::expertsPerToken},
    {"expert_ffn", &Architecture::expertFfn}, {"shared_ffn", &Architecture::sharedFfn},
    {"first_dense", &Architecture::firstDense}, {"sparse_step", &Architecture::sparseStep},
    {"q_lora", &Architecture::qLoraRank},    {"kv_lora", &Architecture::kvLoraRank}, {"rope_dim", &Architecture::ropeHeadDim},
    {"v_dim", &Architecture::vHeadDim},      {"norms", &Architecture::norms},
    {"window", &Architecture::window},       {"global_every", &Architecture::globalEvery},
    {"image", &Architecture::imageSize},     {"patch", &Architecture::patchSize},  {"channels", &Architecture::channels},
    {"labels", &Architecture::labels},
};
struct ToggleKey { const char* key; bool Architecture::*member; };
const ToggleKey kToggleKeys[] = {{"tied", &Architecture::tiedEmbeddings}, {"attn_bias", &Architecture::attentionBias},
                                 {"mlp_bias", &Architecture::mlpBias},     {"qkv_bias", &Architecture::qkvBias},
                                 {"sinks", &Architecture::sinks},          {"router_bias", &Architecture::routerBias},
                                 {"expert_bias", &Architecture::expertBias}, {"softcap", &Architecture::logitSoftcap},
                                 {"assumed", &Architecture::assumed}};

}  // namespace

bool parseArchitecture(std::string_view text, Architecture& out, Text& error) {
    std::istringstream in{std::string(text)};
    Architecture a;
    if (!(in >> a.type)) {
        error = Text(TD_TEXT("ModelMessages", "expected a model type and sizes, like 'llama hidden=4096 layers=32 ...'"));
        return false;
    }
    const bool typeKnown = a.type == "tae_mlp" || a.type == "conv_video" ||
                           std::find(knownModelTypes().begin(), knownModelTypes().end(), a.type) != knownModelTypes().end();
    const std::string type = a.type;
    a = familySwitches(type);
    std::string item;
    while (in >> item) {
        const auto eq = item.find('=');
        const std::string key = item.substr(0, eq);
        const std::string value = eq == std::string::npos ? "" : item.substr(eq + 1);
        if (key == "convs") {
            std::istringstream list(value);
            std::string conv;
            while (std::getline(list, conv, '/')) {
                Conv c;
                long long* parts[] = {&c.in, &c.out, &c.kernel, &c.scale};
                std::istringstream fields(conv);
                std::string part;
                int n = 0;
                while (std::getline(fields, part, ':') && n < 4)
                    if (!parseInteger(part, *parts[n++]) || *parts[n - 1] <= 0) n = 99;
                if (n != 4) {
                    error = Text(TD_TEXT("ModelMessages", "expected convolutions as in:out:kernel:scale, got '%1'"), {val(printable(conv))});
                    return false;
                }
                a.convs.push_back(c);
            }
            continue;
        }
        if (key == "dense_layers") {
            std::istringstream list(value);
            std::string layer;
            long long l = 0;
            while (std::getline(list, layer, '/')) {
                if (!parseInteger(layer, l) || l < 0) {
                    error = Text(TD_TEXT("ModelMessages", "unknown or malformed architecture item '%1'"), {val(printable(item))});
                    return false;
                }
                a.denseLayers.push_back(l);
            }
            continue;
        }
        long long v = 0;
        if (key == "qk_norm") {
            if (!parseInteger(value, v) || v < 0 || v > 2) {
                error = Text(TD_TEXT("ModelMessages", "unknown or malformed architecture item '%1'"), {val(printable(item))});
                return false;
            }
            a.qkNorm = static_cast<QkNorm>(v);
            continue;
        }
        const auto size = std::find_if(std::begin(kSizeKeys), std::end(kSizeKeys),
                                       [&](const SizeKey& k) { return key == k.key; });
        const auto toggle = std::find_if(std::begin(kToggleKeys), std::end(kToggleKeys),
                                         [&](const ToggleKey& k) { return key == k.key; });
        const bool known = size != std::end(kSizeKeys) || toggle != std::end(kToggleKeys);
        if (!known || !parseInteger(value, v)) {
            error = Text(TD_TEXT("ModelMessages", "unknown or malformed architecture item '%1'"), {val(printable(item))});
            return false;
        }
        if (size != std::end(kSizeKeys)) a.*(size->member) = v;
        else a.*(toggle->member) = v != 0;
    }
    // A type not known here stands only as an assumed decoder (the config's own name kept).
    if (!typeKnown && !a.assumed) {
        error = Text(TD_TEXT("ModelMessages", "unknown model type '%1' (known: %2)"),
                     {val(printable(a.type)), val(joined(knownModelTypes()) + ", tae_mlp, conv_video")});
        return false;
    }
    if (a.family() == Family::Llama || a.family() == Family::Gpt2) {
        if (a.kvHeads == 0) a.kvHeads = a.heads;
        if (a.headDim == 0 && a.heads > 0) a.headDim = a.hidden / a.heads;
    }
    if (a.family() == Family::Vit) {
        a.kvHeads = a.heads;
        if (a.heads > 0) a.headDim = a.hidden / a.heads;
        if (a.patchSize > 0) a.positions = (a.imageSize / a.patchSize) * (a.imageSize / a.patchSize) + 1;
    }
    if (!checked(a, error)) return false;
    out = std::move(a);
    return true;
}

}  // namespace traindeck::model
