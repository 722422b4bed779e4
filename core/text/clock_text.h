#pragma once
// A moment as both faces write it (when a run ends: the `traindeck plan` table's
// "finishes" row, the Layouts page's column and the timeline's labels): in the user's
// time zone, the time alone when it is today, else with the whole date, year first
// ("2026-11-28 15:44": "11-28" alone reads as another date in another country).
// Digits only: the same in every language.

#include <ctime>
#include <string>

namespace traindeck {

// `at` and `now` in seconds since the epoch; `now` says which day is today.
std::string clockText(double at, std::time_t now);
// The moment `seconds` from now.
std::string clockAfter(double seconds);
// The same moment for scripts (`traindeck plan --json`): ISO 8601 with the zone's offset.
std::string isoClockAfter(double seconds);

}  // namespace traindeck
