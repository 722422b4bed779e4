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
    a.hidden = integer(c, "hidden_size", 4096);
    a.layers = integer(c, "num_hidden_layers", 32);
    a.heads = integer(c, "num_attention_heads", 32);
    a.ffn = integer(c, "intermediate_size", 11008);
    if (type == "vit") {
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
    a.kvHeads = integer(c, "num_key_value_heads", a.heads);
    a.headDim = integer(c, "head_dim", a.heads > 0 ? a.hidden / a.heads : 0);
    a.vocab = integer(c, "vocab_size", 32000);
    a.positions = integer(c, "max_position_embeddings", 2048);
    a.tiedEmbeddings = flag(c, "tie_word_embeddings", false);
    if (type == "llama") {
        a.attentionBias = flag(c, "attention_bias", false);
        a.mlpBias = flag(c, "mlp_bias", false);
    }
    a.qkvBias = type == "qwen2";  // Qwen2Attention: q, k and v projections with bias, o without
    if (type == "mixtral") {
        a.experts = integer(c, "num_local_experts", 8);
        a.expertsPerToken = integer(c, "num_experts_per_tok", 2);
    }
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

const std::vector<std::string>& knownModelTypes() {
    static const std::vector<std::string> types = {"llama", "qwen2", "mistral", "mixtral", "gpt2", "vit"};
    return types;
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
    const std::string type = c["model_type"].get<std::string>();
    bool known = false;
    for (const std::string& t : knownModelTypes()) known = known || t == type;
    if (!known) {
        error = Text(TD_TEXT("ModelMessages", "unknown model_type '%1' (known: %2)"), {val(printable(type)), val(joined(knownModelTypes()))});
        return false;
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
    add("hidden", a.hidden), add("layers", a.layers), add("heads", a.heads), add("kv_heads", a.kvHeads);
    add("head_dim", a.headDim), add("ffn", a.ffn), add("vocab", a.vocab), add("positions", a.positions);
    add("tied", a.tiedEmbeddings);
    if (a.attentionBias) add("attn_bias", 1);
    if (a.mlpBias) add("mlp_bias", 1);
    if (a.experts > 0) add("experts", a.experts), add("top_k", a.expertsPerToken);
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
    {"image", &Architecture::imageSize},     {"patch", &Architecture::patchSize},  {"channels", &Architecture::channels},
    {"labels", &Architecture::labels},
};
struct ToggleKey { const char* key; bool Architecture::*member; };
const ToggleKey kToggleKeys[] = {{"tied", &Architecture::tiedEmbeddings}, {"attn_bias", &Architecture::attentionBias},
                                 {"mlp_bias", &Architecture::mlpBias},     {"qkv_bias", &Architecture::qkvBias}};

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
    if (!typeKnown) {
        error = Text(TD_TEXT("ModelMessages", "unknown model type '%1' (known: %2)"),
                     {val(printable(a.type)), val(joined(knownModelTypes()) + ", tae_mlp, conv_video")});
        return false;
    }
    a.qkvBias = a.type == "qwen2" || a.type == "vit";
    a.tiedEmbeddings = a.type == "gpt2";
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
        long long v = 0;
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
