#include "metrics/alarm.h"

namespace traindeck::metrics {

bool Alarm::failing() const {
    return kind == AlarmKind::NonFiniteLoss || kind == AlarmKind::RankError || kind == AlarmKind::NodeLost ||
           kind == AlarmKind::PreflightFailed ||
           kind == AlarmKind::Failed;
}

bool Alarm::problem() const { return failing() || kind == AlarmKind::Stalled; }

Text endStatusText(const std::string& status) {
    if (status == "completed") return Text(TD_TEXT("WatchCommand", "completed"));
    if (status == "failed") return Text(TD_TEXT("WatchCommand", "failed"));
    if (status == "interrupted") return Text(TD_TEXT("WatchCommand", "interrupted"));
    return Text::value(status);
}

const char* alarmKey(AlarmKind kind) {
    switch (kind) {
    case AlarmKind::NonFiniteLoss: return "nonfinite_loss";
    case AlarmKind::RankError: return "rank_error";
    case AlarmKind::NodeLost: return "node_lost";
    case AlarmKind::PreflightFailed: return "preflight_failed";
    case AlarmKind::Stalled: return "stalled";
    case AlarmKind::Restarted: return "restarted";
    case AlarmKind::Relaunched: return "relaunched";
    case AlarmKind::Ended: return "ended";
    case AlarmKind::Failed: return "failed";
    }
    return "unknown";
}

Text Alarm::text() const {
    const Text stepText = Text::value(std::to_string(step));
    switch (kind) {
    case AlarmKind::NonFiniteLoss:
        return Text(TD_TEXT("Watch", "%1 is not finite at step %2"), {Text::value(metric), stepText});
    case AlarmKind::RankError:
        return Text(TD_TEXT("Watch", "rank %1 failed at step %2: %3"),
                    {Text::value(std::to_string(rank)), stepText, Text::value(printable(detail, 200))});
    case AlarmKind::NodeLost:
        if (rank < 0)
            return Text(TD_TEXT("Watch", "a node is lost: %1"), {Text::value(printable(detail, 200))});
        return Text(TD_TEXT("Watch", "node %1 is lost: %2"),
                    {Text::value(std::to_string(rank)), Text::value(printable(detail, 200))});
    case AlarmKind::PreflightFailed:
        return Text(TD_TEXT("Watch", "node %1 failed its pre-flight check (%2), so the run did not start: %3"),
                    {Text::value(rank < 0 ? std::string("?") : std::to_string(rank)), Text::value(metric),
                     Text::value(printable(detail, 200))});
    case AlarmKind::Stalled:
        return Text(TD_TEXT("Watch", "no new step since step %1 for %2 s"), {stepText, Text::value(detail)});
    case AlarmKind::Restarted:
        return Text(TD_TEXT("Watch", "restarted at step %1: later points replace the earlier ones"), {stepText});
    case AlarmKind::Relaunched:
        if (step < 0)
            return metric.empty() ? Text(TD_TEXT("Watch", "attempt %1 began; the attempt before logged no step"),
                                         {Text::value(detail)})
                                  : Text(TD_TEXT("Watch", "attempt %1 began; the attempt before ended before its first step: %2"),
                                         {Text::value(detail), endStatusText(metric)});
        if (metric.empty())
            return Text(TD_TEXT("Watch", "attempt %1 began after step %2"), {Text::value(detail), stepText});
        return Text(TD_TEXT("Watch", "attempt %1 began after step %2 (the attempt before: %3)"),
                    {Text::value(detail), stepText, endStatusText(metric)});
    case AlarmKind::Ended:
        if (step < 0)
            return Text(TD_TEXT("Watch", "the run ended before its first step: %1"), {endStatusText(metric)});
        return Text(TD_TEXT("Watch", "the run ended at step %1: %2"), {stepText, endStatusText(metric)});
    case AlarmKind::Failed:
        if (step < 0)
            return Text(TD_TEXT("Watch", "the run failed before its first step"));
        return Text(TD_TEXT("Watch", "the run failed at step %1"), {stepText});
    }
    return {};
}

}  // namespace traindeck::metrics
