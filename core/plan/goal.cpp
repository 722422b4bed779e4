#include "plan/goal.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <string>

namespace traindeck {
namespace {

std::string stripped(std::string_view s) {
    const auto b = s.find_first_not_of(" \t");
    if (b == std::string_view::npos) return {};
    return std::string(s.substr(b, s.find_last_not_of(" \t") - b + 1));
}

// "36h", "1.5d": a number and one unit.
std::optional<double> durationHours(const std::string& s) {
    if (s.size() < 2) return std::nullopt;
    double unit = 0;
    switch (s.back()) {
    case 's': unit = 1.0 / 3600; break;
    case 'm': unit = 1.0 / 60; break;
    case 'h': unit = 1; break;
    case 'd': unit = 24; break;
    default: return std::nullopt;
    }
    double v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size() - 1, v);
    if (ec != std::errc() || end != s.data() + s.size() - 1 || !std::isfinite(v) || v <= 0) return std::nullopt;
    return v * unit;
}

// "2026-11-30T09:00[:00][Z|+08:00]" (or a space for the T): seconds since the epoch.
std::optional<std::time_t> isoMoment(const std::string& s) {
    int y = 0, mo = 0, d = 0, h = 0, mi = 0, sec = 0, used = 0;
    char sep = 0;
    if (std::sscanf(s.c_str(), "%4d-%2d-%2d%c%2d:%2d%n", &y, &mo, &d, &sep, &h, &mi, &used) != 6 ||
        (sep != 'T' && sep != ' '))
        return std::nullopt;
    std::string rest = s.substr(size_t(used));
    if (rest.size() >= 3 && rest[0] == ':') {
        int n = 0;
        if (std::sscanf(rest.c_str(), ":%2d%n", &sec, &n) != 1) return std::nullopt;
        rest = rest.substr(size_t(n));
    }
    long offset = 0;  // seconds east of UTC
    if (!rest.empty() && rest != "Z") {
        int oh = 0, om = 0;
        char sign = 0;
        if (std::sscanf(rest.c_str(), "%c%2d:%2d", &sign, &oh, &om) != 3 || (sign != '+' && sign != '-') || rest.size() != 6)
            return std::nullopt;
        offset = (sign == '-' ? -1 : 1) * (oh * 3600L + om * 60L);
    }
    if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || sec > 60) return std::nullopt;
    std::tm t{};
    t.tm_year = y - 1900;
    t.tm_mon = mo - 1;
    t.tm_mday = d;
    t.tm_hour = h;
    t.tm_min = mi;
    t.tm_sec = sec;
    return timegm(&t) - offset;
}

}  // namespace

std::optional<double> deadlineHours(std::string_view text, std::time_t now, Text& error) {
    const std::string s = stripped(text);
    if (const std::optional<double> hours = durationHours(s)) return hours;
    if (const std::optional<std::time_t> at = isoMoment(s)) {
        const double hours = std::difftime(*at, now) / 3600.0;
        if (hours > 0) return hours;
        error = Text(TD_TEXT("CoreMessages", "the deadline %1 has passed"), {Text::value(s)});
        return std::nullopt;
    }
    error = Text(TD_TEXT("CoreMessages", "expected a duration such as 36h, 90m or 2d, or a date and time such as "
                                         "2026-11-30T09:00, got '%1'"),
                 {Text::value(s)});
    return std::nullopt;
}

}  // namespace traindeck
