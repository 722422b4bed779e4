#pragma once
// What a follower of runs has not seen yet: whether a run changed since the
// last look, its new last step, its new alarms. Both faces follow with it:
// `traindeck watch --follow` prints a line per new step and new alarm, the
// Watch page redraws a changed run and raises its new alarms (banner, tray,
// marks on the loss card). Alarms are only ever appended (Run::raise), so the
// count already seen says which are new.

#include "metrics/run.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <span>

namespace traindeck::metrics {

class RunNews {
public:
    // True when the run changed since the last call (Run::generation; a run
    // untouched since it was made has not).
    bool changed(const Run& run);
    // True when the run's last step is beyond the one seen at the last call.
    bool newStep(const Run& run);
    // The run's alarms raised since the last call (all of them the first time).
    std::span<const Alarm> newAlarms(const Run& run);

private:
    struct Seen {
        std::uint64_t generation = 0;
        std::int64_t step = -1;
        std::size_t alarms = 0;
    };
    std::map<const Run*, Seen> m_seen;
};

}  // namespace traindeck::metrics
