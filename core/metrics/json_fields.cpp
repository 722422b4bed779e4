#include "metrics/json_fields.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <string>

namespace traindeck::metrics::json {
namespace {

constexpr std::size_t kPadding = simdjson::SIMDJSON_PADDING;

// A non-finite token as a quoted string (how quoteTokens() rewrote it): its value.
bool tokenValue(std::string_view s, double& out) {
    if (s == "NaN")
        out = std::numeric_limits<double>::quiet_NaN();
    else if (s == "Infinity")
        out = std::numeric_limits<double>::infinity();
    else if (s == "-Infinity")
        out = -std::numeric_limits<double>::infinity();
    else
        return false;
    return true;
}

// The line with each bare NaN, Infinity and -Infinity (outside strings) quoted,
// so that simdjson reads them as strings the field loop turns back into numbers.
// False when the line has none.
bool quoteTokens(std::string_view line, std::string& out) {
    out.clear();
    bool inString = false, changed = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (inString) {
            out += c;
            if (c == '\\' && i + 1 < line.size())
                out += line[++i];
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"') {
            inString = true;
            out += c;
            continue;
        }
        std::string_view token;
        for (std::string_view t : {std::string_view("NaN"), std::string_view("Infinity"), std::string_view("-Infinity")})
            if (line.substr(i, t.size()) == t)
                token = t;
        if (token.empty()) {
            out += c;
            continue;
        }
        out += '"';
        out += token;
        out += '"';
        i += token.size() - 1;
        changed = true;
    }
    return changed;
}

}  // namespace

int numIndex(std::string_view key) {
    // By length first: a key is compared with the few of its length only (every field of every line asks).
    static const auto byLength = [] {
        std::array<std::vector<int>, 20> table;
        for (int i = 0; i < kNumCount; ++i)
            table[kNumKeys[std::size_t(i)].size()].push_back(i);
        return table;
    }();
    if (key.size() >= byLength.size())
        return -1;
    for (int i : byLength[key.size()])
        if (kNumKeys[std::size_t(i)] == key)
            return i;
    return -1;
}

void Fields::clear() {
    present = nulls = nonfinite = 0;
    event = status = kind = message = runId = backend = precision = device = model = state = host = check = firstFailure = {};
    checkpointing = fsdp = modelType = {};
    modelParameters = 0;
    firstFailureNode = -1;
    ok = true;
    extra.clear();
    extraNulls.clear();
    extraNonfinite.clear();
}

bool Fields::value(Num n, double& out) const {
    if (has(n)) {
        out = num[n];
        return true;
    }
    if ((nulls & nonfinite) & (1u << n)) {
        out = std::numeric_limits<double>::quiet_NaN();
        return true;
    }
    return false;
}

void Fields::extraValues(std::vector<std::pair<std::string_view, double>>& out) const {
    out = extra;
    for (std::string_view key : extraNulls)
        for (std::string_view listed : extraNonfinite)
            if (listed == key) {
                out.emplace_back(key, std::numeric_limits<double>::quiet_NaN());
                break;
            }
}

bool Fields::integer(Num n, double lo, double hi, std::int64_t& out) const {
    if (!has(n))
        return false;
    const double d = num[n];
    if (!(d >= lo && d <= hi))  // also false for NaN
        return false;
    out = std::int64_t(d);
    return true;
}

bool Fields::time(double& out) const {
    if (!has(kTime)) {
        out = 0;
        return true;
    }
    if (!std::isfinite(num[kTime]) || num[kTime] < 0)
        return false;
    out = num[kTime];
    return true;
}

namespace {

// "nonfinite": ["loss", …]: its first kMaxListed names.
bool readNonfinite(simdjson::ondemand::value& val, Fields& f) {
    simdjson::ondemand::array arr;
    if (val.get_array().get(arr))
        return false;
    std::size_t listed = 0;
    for (auto el : arr) {
        if (++listed > kMaxListed)
            break;
        std::string_view name;
        if (el.get_string().get(name))
            continue;
        if (const int i = numIndex(name); i >= 0)
            f.nonfinite |= 1u << i;
        else
            f.extraNonfinite.push_back(name);
    }
    return true;
}

// The objects the protocol names: the start event's model, the launcher's first failure.
bool readObject(std::string_view key, simdjson::ondemand::value& val, Fields& f) {
    simdjson::ondemand::object obj;
    if (key == "model") {
        if (val.get_object().get(obj))
            return false;
        for (auto inner : obj) {
            std::string_view k, preset;
            double params;
            if (inner.unescaped_key().get(k))
                return false;
            if (k == "preset" && !inner.value().get_string().get(preset))
                f.model = preset;
            else if (k == "parameters" && !inner.value().get_double().get(params) && std::isfinite(params) &&
                     params > 0 && params <= kMaxInteger)
                f.modelParameters = params;
        }
    } else if (key == "first_failure") {  // {"node": i, "message": "…"}
        if (val.get_object().get(obj))
            return false;
        for (auto inner : obj) {
            std::string_view k;
            if (inner.unescaped_key().get(k))
                return false;
            if (k == "message") {
                std::string_view m;
                if (!inner.value().get_string().get(m))
                    f.firstFailure = m;
            } else if (k == "node") {
                double n;
                if (!inner.value().get_double().get(n))
                    f.firstFailureNode = n;
            }
        }
    }
    return true;
}

}  // namespace

bool Reader::read(const char* line, std::size_t length, std::size_t readable, Fields& f) {
    f.clear();
    if (readOnce(line, length, readable, f, false))
        return true;
    // Python's json.dumps writes NaN and Infinity bare: quote them and read again.
    if (!quoteTokens(std::string_view(line, length), quoted_))
        return false;
    const std::size_t quotedLength = quoted_.size();
    quoted_.resize(quotedLength + kPadding);
    f.clear();
    return readOnce(quoted_.data(), quotedLength, quoted_.size(), f, true);
}

bool Reader::readOnce(const char* line, std::size_t length, std::size_t readable, Fields& f, bool tokens) {
    using namespace simdjson;
    ondemand::document doc;
    if (parser_.iterate(padded_string_view(line, length, readable)).get(doc))
        return false;
    ondemand::object obj;
    if (doc.get_object().get(obj))
        return false;
    for (auto field : obj) {
        std::string_view key;
        if (field.unescaped_key().get(key))
            return false;
        ondemand::value val;
        if (field.value().get(val))
            return false;
        ondemand::json_type type;
        if (val.type().get(type))
            return false;
        switch (type) {
        case ondemand::json_type::number: {
            double d;
            if (val.get_double().get(d))
                return false;
            if (const int i = numIndex(key); i >= 0) {
                f.num[std::size_t(i)] = d;
                f.present |= 1u << i;
            } else {
                f.extra.emplace_back(key, d);
            }
            break;
        }
        case ondemand::json_type::null:
            if (const int i = numIndex(key); i >= 0)
                f.nulls |= 1u << i;
            else
                f.extraNulls.push_back(key);
            break;
        case ondemand::json_type::string: {
            std::string_view s;
            if (val.get_string().get(s))
                return false;
            double token;
            if (key == "event") f.event = s;
            else if (key == "status") f.status = s;
            else if (key == "kind") f.kind = s;
            else if (key == "message") f.message = s;
            else if (key == "run_id") f.runId = s;
            else if (key == "backend") f.backend = s;
            else if (key == "precision") f.precision = s;
            else if (key == "device") f.device = s;
            else if (key == "activation_checkpointing") f.checkpointing = s;
            else if (key == "fsdp") f.fsdp = s;
            else if (key == "model_type") f.modelType = s;
            else if (key == "state") f.state = s;
            else if (key == "host") f.host = s;
            else if (key == "check") f.check = s;
            else if (key == "first_failure") f.firstFailure = s;
            else if (tokens && tokenValue(s, token)) {  // a quoted NaN/Infinity token
                if (const int i = numIndex(key); i >= 0) {
                    f.num[std::size_t(i)] = token;
                    f.present |= 1u << i;
                } else {
                    f.extra.emplace_back(key, token);
                }
            }
            break;
        }
        case ondemand::json_type::boolean: {
            bool b;
            if (key == "ok" && !val.get_bool().get(b))
                f.ok = b;
            break;
        }
        case ondemand::json_type::array:
            if (key == "nonfinite" && !readNonfinite(val, f))
                return false;
            break;  // any other array, however long, is skipped unread
        case ondemand::json_type::object:
            if (!readObject(key, val, f))
                return false;
            break;
        default:
            break;
        }
    }
    return true;
}

}  // namespace traindeck::metrics::json
