#include "watch/run_calibration.h"

#include "plan/calibrate.h"
#include "plan/plan_fields.h"
#include "plan/run_speed.h"

#include <optional>

namespace traindeck::watch {

RunCalibration calibrateFromRuns(const Plan& plan, const std::vector<const metrics::Run*>& runs) {
    Text why;
    for (const metrics::Run* run : runs) {
        const std::optional<RunSpeed> speed = runSpeedOf(*run, run->name(), why);
        if (!speed)
            continue;
        if (std::optional<Text> refusal = runPlanMismatch(plan, *speed))
            return {{}, std::move(*refusal)};
        // The plan's points in the field's own list syntax, and the measured one after them.
        std::string points = findPlanField("calibration")->get(plan);
        if (!points.empty())
            points += ',';
        points += calibrationText(speed->calibration);
        return {points, {}};
    }
    if (why.empty())
        why = Text(TD_TEXT("RunCalibration", "No shown run has a measured samples/s and the layout it ran on (the trainer's start event)."));
    return {{}, why};
}

}  // namespace traindeck::watch
