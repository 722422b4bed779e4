#include "text/clock_text.h"

#include <algorithm>
#include <cmath>

namespace traindeck {

namespace {

std::tm localTime(double at) {
    // Bounded: a run of years still has a date; beyond, the far future reads as such.
    const std::time_t when = std::time_t(std::llround(std::clamp(at, -1e11, 1e11)));
    std::tm local{};
    localtime_r(&when, &local);
    return local;
}

std::string written(const char* format, const std::tm& local) {
    char text[48];
    return std::strftime(text, sizeof text, format, &local) ? text : "";
}

}  // namespace

std::string clockText(double at, std::time_t now) {
    const std::tm local = localTime(at);
    std::tm today{};
    localtime_r(&now, &today);
    const bool sameDay = local.tm_year == today.tm_year && local.tm_yday == today.tm_yday;
    const char* format = sameDay ? "%H:%M" : "%Y-%m-%d %H:%M";
    return written(format, local);
}

std::string clockAfter(double seconds) {
    const std::time_t now = std::time(nullptr);
    return clockText(double(now) + seconds, now);
}

std::string isoClockAfter(double seconds) {
    return written("%Y-%m-%dT%H:%M:%S%z", localTime(double(std::time(nullptr)) + seconds));
}

}  // namespace traindeck
