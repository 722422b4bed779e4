#pragma once
// Numbers as text: as messages and worked formulas print them, and exactly, as
// files keep them.

#include <charconv>
#include <cmath>
#include <cstdio>
#include <string>
#include <system_error>

namespace traindeck {

// The shortest text that reads back to the same double ("0.30000000000000004",
// "1e-300"; "inf", "-inf" and "nan" for those): plan fields, YAML, the command
// line, CSV exports.
inline std::string formatNumber(double value) {
    char buf[64];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, value);
    return ec == std::errc() ? std::string(buf, end) : std::string("nan");
}

// An estimate (GiB, seconds, samples/s, a learning rate) as every message and
// fix text shows it, and the window's figures too (gui/figure_format): three
// significant digits, the model's accuracy (a few percent: a fourth digit would
// claim what it does not know), whole numbers from 100 up rather than an
// exponent, digits grouped by thousands from five digits up (a four-digit number
// reads at a glance, a seven-digit one does not). "1306", "1,540,438", "66.5",
// "8.22", "0.0123", "3e-05".
inline int estimateDecimals(double value) {
    const double magnitude = value < 0 ? -value : value;
    if (!(magnitude < 1e15) || magnitude >= 100 || magnitude == 0)
        return 0;
    int decimals = 2;  // three digits for 1 <= magnitude < 10
    for (double m = magnitude; m < 1; m *= 10)
        ++decimals;
    return magnitude >= 10 ? 1 : decimals;
}
// A share as a signed percentage with one decimal: "+2.9%", "-12.0%", and "+0.0%" rather than
// "-0.0%" for a figure that is reproduced.
inline std::string signedPercentText(double share) {
    const double rounded = std::round(share * 1000) / 10;
    char buf[32];
    std::snprintf(buf, sizeof buf, "%+.1f%%", rounded == 0 ? 0.0 : rounded);
    return buf;
}
inline std::string estimateText(double value) {
    const double magnitude = value < 0 ? -value : value;
    char buf[64];
    if (magnitude != 0 && magnitude < 1e-3)  // a learning rate: 3e-05, not 0.0000300
        std::snprintf(buf, sizeof buf, "%.3g", value);
    else if (!(magnitude < 1e15))
        std::snprintf(buf, sizeof buf, "%g", value);
    else {
        std::snprintf(buf, sizeof buf, "%.*f", estimateDecimals(value), value);
        // "8.20" reads as 8.2: trailing zeros of the decimals say nothing.
        std::string s = buf;
        if (s.find('.') != std::string::npos) {
            s.erase(s.find_last_not_of('0') + 1);
            if (s.back() == '.') s.pop_back();
        }
        if (magnitude >= 9999.5)  // whole from 100 up: only digits after the sign
            for (int at = int(s.size()) - 3; at > (value < 0 ? 1 : 0); at -= 3)
                s.insert(std::size_t(at), 1, ',');
        return s;
    }
    return buf;
}

// A count as people write a model's size: "124M", "8.03B", "33.56M" (four significant
// digits, K left out: a model has millions); below a million, the estimate's digits.
inline std::string shortCountText(double count) {
    char buf[32];
    if (count >= 1e9)
        std::snprintf(buf, sizeof buf, "%.4gB", count / 1e9);
    else if (count >= 1e6)
        std::snprintf(buf, sizeof buf, "%.4gM", count / 1e6);
    else
        return estimateText(count);
    return buf;
}

// `digits` significant digits, as printf's %g ("1.23e+04" for large magnitudes).
inline std::string significant(double value, int digits) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.*g", digits, value);
    return buf;
}

}  // namespace traindeck
