#pragma once
// What a metric's key says about its unit, for any key a script logs: the
// protocol's names and the conventions users follow (`*_s` seconds, `*_gb`
// gigabytes, `*_per_s` a rate, `lr`; the protocol's `gpu_mem_gb` is GiB). One place, so the window's cards and
// `traindeck watch` label a user's scalar alike.

#include "text/text.h"

#include <string>
#include <string_view>

namespace traindeck::metrics {

// "s", "ms", "GB", "GiB", "MB", "dB", "/s", "samples/s", "steps/s" or "" (unitless or unknown).
std::string unitOf(std::string_view metric);
// The key without its unit suffix, for a title: "data_time_s" → "data_time".
std::string nameWithoutUnit(std::string_view metric);
// A metric as a title or a summary's row names it: the protocol's own metrics in
// words of the interface's language ("comm_time_s" → "communication time",
// "eval_psnr" → "evaluation PSNR"); any other key as the script wrote it, less its
// unit suffix ("data_time_s" → "data_time"). The unit is unitOf's.
Text metricName(std::string_view metric);
// A value with its unit as a person reads it: 4 significant digits ("0.134 s", "45.2 GB", "3e-05").
std::string withUnit(double value, std::string_view metric);

// The same in the interface's words, as the window's summary says it: a time under a
// second in ms ("26.66 ms", "0.192 s" as "192 ms"), seconds and ms in the language's
// units ("192 毫秒"); other units as withUnit writes them.
Text valueText(double value, std::string_view metric);
// A card's title: metricName with its unit, the unit in the language's words
// ("communication time (s)", "通信时间（秒）", "eval_psnr (dB)").
Text metricTitle(std::string_view metric);

}  // namespace traindeck::metrics
