#pragma once
// One line of the metrics protocol (metrics-protocol.md), read by the same
// reader the dashboard uses, for any part that looks at lines one at a time
// (the launcher recognising a node's metrics lines among its output, a face
// showing the latest step). Thread-safe: each thread reads with its own parser.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace traindeck::metrics {

struct MetricsLine {
    std::string event;                 // "start", "step", "rank", "eval", "end", …
    double time = 0;                   // Unix seconds; 0 when the line did not say
    std::optional<std::int64_t> step;  // checked: in [0, 2^53]
    std::optional<int> rank, node;     // checked: in [0, 65536]
    std::string status;                // `end`: completed, failed, interrupted
    std::string kind, message;         // `error`: what failed and the trainer's words
    // Every other numeric key in the line's order: the protocol's (loss,
    // samples_per_s, …) and a user's own; NaN or ±Inf where the line said so
    // (a null listed in "nonfinite", or Python's bare NaN/Infinity tokens).
    std::vector<std::pair<std::string, double>> values;

    std::optional<double> value(std::string_view key) const;
};

// Nothing when the line is not one of the protocol's (not a JSON object with
// "v" and "event") or its numbers cannot be true (a step of 1e30, a negative time).
std::optional<MetricsLine> readMetricsLine(std::string_view line);

}  // namespace traindeck::metrics
