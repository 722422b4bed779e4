#include "metrics/metrics_line.h"

#include "metrics/json_fields.h"

namespace traindeck::metrics {

std::optional<double> MetricsLine::value(std::string_view key) const {
    for (const auto& [k, v] : values)
        if (k == key)
            return v;
    return std::nullopt;
}

std::optional<MetricsLine> readMetricsLine(std::string_view line) {
    using namespace json;
    thread_local Reader reader;
    thread_local Fields f;
    thread_local std::string padded;
    padded.assign(line);
    padded.resize(line.size() + simdjson::SIMDJSON_PADDING);
    if (!reader.read(padded.data(), line.size(), padded.size(), f) || f.event.empty() || !f.has(kV))
        return std::nullopt;
    MetricsLine out;
    if (!f.time(out.time))
        return std::nullopt;
    out.event = std::string(f.event);
    out.status = std::string(f.status);
    out.kind = std::string(f.kind);
    out.message = std::string(f.message);
    std::int64_t n;
    if (f.has(kStep)) {
        if (!f.step(n))
            return std::nullopt;
        out.step = n;
    }
    if (f.integer(kRank, 0, kMaxRank, n))
        out.rank = int(n);
    if (f.integer(kNode, 0, kMaxRank, n))
        out.node = int(n);
    for (int i = 0; i < kNumCount; ++i) {
        const auto key = Num(i);
        if (key == kV || key == kTime || key == kStep || key == kRank || key == kNode)
            continue;
        double v;
        if (f.value(key, v))
            out.values.emplace_back(std::string(kNumKeys[std::size_t(i)]), v);
    }
    std::vector<std::pair<std::string_view, double>> extras;
    f.extraValues(extras);
    for (const auto& [k, v] : extras)
        out.values.emplace_back(std::string(k), v);
    return out;
}

}  // namespace traindeck::metrics
