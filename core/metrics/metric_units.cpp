#include "metrics/metric_units.h"
#include "text/lower_case.h"
#include "text/number_text.h"

#include <cctype>
#include <cmath>
#include <cstdio>

namespace traindeck::metrics {
namespace {

struct Suffix {
    std::string_view suffix, unit;
};
// Longest first: "_per_s" before "_s".
constexpr Suffix kSuffixes[] = {{"samples_per_s", "samples/s"}, {"steps_per_s", "steps/s"}, {"tokens_per_s", "tokens/s"},
                                {"_per_s", "/s"},  {"_ms", "ms"}, {"_s", "s"},   {"_sec", "s"}, {"_seconds", "s"},
                                {"_gb", "GB"},     {"_gib", "GiB"}, {"_mb", "MB"}, {"_mib", "MiB"}, {"_db", "dB"}};

}  // namespace

std::string unitOf(std::string_view metric) {
    const std::string m = lowerCase(metric);
    if (m == "gpu_mem_gb")
        return "GiB";  // the protocol's own field, GiB whatever its name says (docs/metrics-protocol.md)
    for (const Suffix& s : kSuffixes)
        if (m.ends_with(s.suffix))
            return std::string(s.unit);
    if (m == "psnr" || m.ends_with("/psnr") || m.ends_with("_psnr"))
        return "dB";
    return {};
}

std::string nameWithoutUnit(std::string_view metric) {
    const std::string m = lowerCase(metric);
    for (const Suffix& s : kSuffixes)
        if (m.ends_with(s.suffix) && s.suffix.starts_with("_") && m.size() > s.suffix.size())
            return std::string(metric.substr(0, metric.size() - s.suffix.size()));
    return std::string(metric);
}

Text metricName(std::string_view metric) {
    static const struct {
        std::string_view key;
        TextTemplate name;
    } protocol[] = {
        {"loss", TD_TEXT("MetricNames", "loss")},
        {"psnr", TD_TEXT("MetricNames", "PSNR")},
        {"lr", TD_TEXT("MetricNames", "learning rate")},
        {"grad_norm", TD_TEXT("MetricNames", "gradient norm")},
        {"step_time_s", TD_TEXT("MetricNames", "step time")},
        {"comm_time_s", TD_TEXT("MetricNames", "communication time")},
        {"host_s", TD_TEXT("MetricNames", "host time")},
        {"samples_per_s", TD_TEXT("MetricNames", "samples/s")},
        {"steps_per_s", TD_TEXT("MetricNames", "steps/s")},
        {"tokens_per_s", TD_TEXT("MetricNames", "tokens/s")},
        {"gpu_mem_gb", TD_TEXT("MetricNames", "GPU memory")},
        {"eval_loss", TD_TEXT("MetricNames", "evaluation loss")},
        {"eval_psnr", TD_TEXT("MetricNames", "evaluation PSNR")},
        {"epoch", TD_TEXT("MetricNames", "epoch")},
        {"samples_seen", TD_TEXT("MetricNames", "samples seen")},
    };
    for (const auto& p : protocol)
        if (metric == p.key)
            return Text(p.name);
    return Text::value(nameWithoutUnit(metric));
}

std::string withUnit(double value, std::string_view metric) {
    char buf[48];
    if (std::isnan(value))
        return "nan";
    if (std::isinf(value))
        return value > 0 ? "inf" : "-inf";
    std::snprintf(buf, sizeof buf, "%.4g", value);
    const std::string unit = unitOf(metric);
    if (unit.empty())
        return buf;
    return std::string(buf) + (unit.starts_with("/") ? "" : " ") + unit;
}

Text valueText(double value, std::string_view metric) {
    const std::string unit = unitOf(metric);
    if (!std::isfinite(value) || (unit != "s" && unit != "ms"))
        return Text::value(withUnit(value, metric));
    const double ms = unit == "s" ? value * 1e3 : value;
    // Under a second in ms, as the window writes every time (a step's 0.192 s is 192 ms).
    if (ms != 0 && std::abs(ms) < 1000)
        return Text(TD_TEXT("MetricUnits", "%1 ms"), {Text::value(significant(ms, 4))});
    return Text(TD_TEXT("MetricUnits", "%1 s"), {Text::value(significant(ms / 1e3, 4))});
}

Text metricTitle(std::string_view metric) {
    const Text name = metricName(metric);
    const std::string unit = unitOf(metric);
    if (unit.empty())
        return name;
    const Text unitWords = unit == "s"    ? Text(TD_TEXT("MetricUnits", "s"))
                           : unit == "ms" ? Text(TD_TEXT("MetricUnits", "ms"))
                                          : Text::value(unit);
    return Text(TD_TEXT("MetricUnits", "%1 (%2)"), {name, unitWords});
}

}  // namespace traindeck::metrics
