#include "plan/run_durations.h"

#include "plan/calibration_workload.h"

#include "metrics/median.h"

#include <cmath>

namespace traindeck {

RunDurations runDurations(const metrics::Run& run) {
    // Rates of the events that said both their amount and a positive duration.
    auto rates = [](const std::vector<metrics::RunInfo::Timed>& events, double scale) {
        std::vector<double> out;
        for (const metrics::RunInfo::Timed& t : events)
            if (t.amount > 0 && t.seconds > 0 && std::isfinite(t.amount / t.seconds))
                out.push_back(t.amount / t.seconds * scale);
        return out;
    };
    RunDurations d;
    const std::vector<double> writes = rates(run.info.checkpointWrites, 1e-9);
    d.checkpoints = int(writes.size());
    d.checkpointGBps = metrics::median(writes);
    const std::vector<double> evals = rates(run.info.evaluations, 1);
    d.evaluations = int(evals.size());
    d.evalSamplesPerS = metrics::median(evals);
    return d;
}

LearnedDurations learnedDurations(const Plan& plan) {
    LearnedDurations l;
    for (const Calibration& c : plan.calibrations) {
        if (c.workload.checkpointGBps <= 0 && c.workload.evalSpeedRatio <= 0)
            continue;
        if (calibrationRefusal(plan, c))
            continue;
        if (l.checkpointGBps <= 0)
            l.checkpointGBps = c.workload.checkpointGBps;
        if (l.evalSpeedRatio <= 0)
            l.evalSpeedRatio = c.workload.evalSpeedRatio;
    }
    return l;
}

}  // namespace traindeck
