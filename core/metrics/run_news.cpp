#include "metrics/run_news.h"

#include <algorithm>

namespace traindeck::metrics {

bool RunNews::changed(const Run& run) {
    Seen& seen = m_seen[&run];
    if (seen.generation == run.generation())
        return false;
    seen.generation = run.generation();
    return true;
}

bool RunNews::newStep(const Run& run) {
    Seen& seen = m_seen[&run];
    if (run.lastStep() <= seen.step)
        return false;
    seen.step = run.lastStep();
    return true;
}

std::span<const Alarm> RunNews::newAlarms(const Run& run) {
    Seen& seen = m_seen[&run];
    const std::vector<Alarm>& all = run.alarms();
    const std::size_t from = std::min(seen.alarms, all.size());
    seen.alarms = all.size();
    return std::span<const Alarm>(all).subspan(from);
}

}  // namespace traindeck::metrics
