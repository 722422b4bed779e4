#include "plan/goal.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace traindeck {
namespace {

std::string stripped(std::string_view s) {
    const auto b = s.find_first_not_of(" \t");
    if (b == std::string_view::npos) return {};
    return std::string(s.substr(b, s.find_last_not_of(" \t") - b + 1));
}

// The furthest deadline read: beyond it a run is not planned (and hours stay finite).
constexpr double kMaxDeadlineHours = 100 * 8766.0;  // 100 years

// "36h", "1.5d": a number and one unit; any number, checked by the caller.
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
    // strtod: an overflowing number ("1e308d" in hours) reads as infinite, not as an error.
    const std::string number = s.substr(0, s.size() - 1);
    if (number.find_first_not_of("0123456789.eE+-") != std::string::npos) return std::nullopt;
    char* end = nullptr;
    const double v = std::strtod(number.c_str(), &end);
    if (end != number.c_str() + number.size()) return std::nullopt;
    return v * unit;
}

// "2026-11-30T09:00[:00][Z|+08:00]" (or a space for the T): seconds since the epoch.
// `noSuchDay`: the text has the form but names a day its month lacks (2026-02-30).
std::optional<std::time_t> isoMoment(const std::string& s, bool& noSuchDay) {
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
    const std::time_t at = timegm(&t);
    // 2026-02-30 is normalised to March 2nd: a day the month does not have is no date.
    std::tm back{};
    gmtime_r(&at, &back);
    noSuchDay = back.tm_mday != d || back.tm_mon != mo - 1;
    return at - offset;
}

}  // namespace

std::optional<double> deadlineHours(std::string_view text, std::time_t now, Text& error) {
    const std::string s = stripped(text);
    const auto inRange = [&](double hours) -> std::optional<double> {
        if (hours > kMaxDeadlineHours) {
            error = Text(TD_TEXT("CoreMessages", "the deadline %1 is more than 100 years away: give one a run can meet"),
                         {Text::value(s)});
            return std::nullopt;
        }
        return hours;
    };
    if (const std::optional<double> hours = durationHours(s)) {
        if (*hours > 0) return inRange(*hours);
        error = Text(TD_TEXT("CoreMessages", "a deadline of %1 leaves no time: give a duration above zero, such as 36h"),
                     {Text::value(s)});
        return std::nullopt;
    }
    bool noSuchDay = false;
    if (const std::optional<std::time_t> at = isoMoment(s, noSuchDay)) {
        if (noSuchDay) {
            error = Text(TD_TEXT("CoreMessages", "%1 is not a date: that month has no such day"), {Text::value(s)});
            return std::nullopt;
        }
        const double hours = std::difftime(*at, now) / 3600.0;
        if (hours > 0) return inRange(hours);
        error = Text(TD_TEXT("CoreMessages", "the deadline %1 has passed"), {Text::value(s)});
        return std::nullopt;
    }
    error = Text(TD_TEXT("CoreMessages", "expected a duration such as 36h, 90m or 2d, or a date and time such as "
                                         "2026-11-30T09:00, got '%1'"),
                 {Text::value(s)});
    return std::nullopt;
}

}  // namespace traindeck
