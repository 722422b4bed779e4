#include "text/duration_text.h"

#include "text/number_text.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace traindeck {

double DurationScale::perHour() const {
    switch (unit) {
    case Unit::Seconds: return 3600;
    case Unit::Minutes: return 60;
    case Unit::Hours: break;
    }
    return 1;
}

Text DurationScale::name() const {
    switch (unit) {
    case Unit::Seconds: return Text(TD_TEXT("Durations", "seconds"));
    case Unit::Minutes: return Text(TD_TEXT("Durations", "minutes"));
    case Unit::Hours: break;
    }
    return Text(TD_TEXT("Durations", "hours"));
}

DurationScale durationScale(double hours) {
    if (hours < 1.0 / 60)
        return {DurationScale::Unit::Seconds};
    if (hours < 1)
        return {DurationScale::Unit::Minutes};
    return {DurationScale::Unit::Hours};
}

DurationScale durationScale(const std::vector<double>& hours) {
    double longest = -1;
    for (const double h : hours)
        if (std::isfinite(h))
            longest = std::max(longest, h);
    return longest < 0 ? DurationScale{} : durationScale(longest);
}

Text durationText(double hours) { return durationText(hours, durationScale(hours)); }

Text durationText(double hours, DurationScale scale) {
    const Text number = Text::value(estimateText(hours * scale.perHour()));
    switch (scale.unit) {
    case DurationScale::Unit::Seconds: return Text(TD_TEXT("Durations", "%1 s"), {number});
    case DurationScale::Unit::Minutes: return Text(TD_TEXT("Durations", "%1 min"), {number});
    case DurationScale::Unit::Hours: break;
    }
    if (hours < 48)
        return Text(TD_TEXT("Durations", "%1 h"), {number});
    // "173.5 h" is hard to picture too: the days beside.
    char days[32];
    std::snprintf(days, sizeof days, "%.1f", hours / 24);
    return Text(TD_TEXT("Durations", "%1 h (%2 days)"), {number, Text::value(days)});
}

}  // namespace traindeck
