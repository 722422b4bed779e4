#pragma once
// What the dashboard and `traindeck watch` call out as it happens.

#include "text/text.h"

#include <cstdint>
#include <string>

namespace traindeck::metrics {

enum class AlarmKind {
    NonFiniteLoss,  // the loss became NaN or Inf
    RankError,      // a rank wrote an `error` event
    NodeLost,       // the launcher saw a node lost or exit with a failure
    PreflightFailed,  // a node failed the launcher's pre-flight checks: the run never started there
    Stalled,        // no new step for several times the run's median step interval
    Restarted,      // steps went back (a resume from a checkpoint): older points were replaced
    Relaunched,     // a new attempt began after the run had ended (Run::Restart)
    Ended,          // the run's `end` event: completed or interrupted
    Failed,         // the run's `end` event with status failed
};

struct Alarm {
    AlarmKind kind = AlarmKind::Ended;
    std::int64_t step = -1;  // -1: not tied to a step
    double time = 0;         // Unix seconds when it happened (the event's time, or when it was seen)
    int rank = -1;           // NodeLost, PreflightFailed: the node
    std::string metric;      // NonFiniteLoss: the series; Ended/Failed: the status; PreflightFailed: the check;
                             // Relaunched: how the attempt before ended
    std::string detail;      // the error's kind and message, the stall's length, Relaunched: the attempt …

    // A failing alarm makes `traindeck watch` exit 1: a non-finite loss, an error, a failed end.
    bool failing() const;
    // A problem now: failing, or a stall. The Watch page's banner lists these
    // (Run::problems) and its tray announces them as they come.
    bool problem() const;
    Text text() const;
};

// "nonfinite_loss", "rank_error", … for --json and CSV.
const char* alarmKey(AlarmKind kind);

// A run's end status (an `end` event's "completed", "failed", "interrupted") in words
// of the interface's language; any other as written.
Text endStatusText(const std::string& status);

}  // namespace traindeck::metrics
