#pragma once
// A number as messages and worked formulas print it: `digits` significant
// digits, as printf's %g ("1.23e+04" for large magnitudes).

#include <cstdio>
#include <string>

namespace traindeck {

inline std::string significant(double value, int digits) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.*g", digits, value);
    return buf;
}

}  // namespace traindeck
