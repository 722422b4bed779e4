#pragma once
// Durations as both faces write them: the `traindeck plan` table, the Layouts page's
// columns and the plots' axes. One scale for a set of durations (the time to finish of
// every compared layout), so a row of the table and the bars of its plot read in the
// same unit: "0.72 h" beside "5.29 h", not "43 min" beside "5.29 h", and never hours
// on an axis whose bars the table writes in seconds.

#include "text/text.h"

#include <vector>

namespace traindeck {

struct DurationScale {
    enum class Unit { Seconds, Minutes, Hours };
    Unit unit = Unit::Hours;
    // A duration in hours times this is in the scale's unit: 3600, 60 or 1.
    double perHour() const;
    // The unit as an axis names it: "seconds", "minutes", "hours" (context "Durations").
    Text name() const;
};

// The scale a person reads `hours` in: seconds under a minute, minutes under an hour,
// hours above ("0.0377 min" and "0.283 h" are hard to picture).
DurationScale durationScale(double hours);
// One scale for a set: the largest duration's (an axis's top, a row's longest run).
// Hours for an empty set.
DurationScale durationScale(const std::vector<double>& hours);

// A duration given in hours as a person reads it: "17 min", "5.29 h", "62.5 h (2.6 days)"
// (the days beside from two days up).
Text durationText(double hours);
// ... in `scale`'s unit, as the other durations of its set: "0.72 h".
Text durationText(double hours, DurationScale scale);

}  // namespace traindeck
