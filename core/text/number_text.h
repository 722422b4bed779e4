#pragma once
// Numbers as text: as messages and worked formulas print them, and exactly, as
// files keep them.

#include <charconv>
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

// `digits` significant digits, as printf's %g ("1.23e+04" for large magnitudes).
inline std::string significant(double value, int digits) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.*g", digits, value);
    return buf;
}

}  // namespace traindeck
