#include "metrics/alarm.h"

namespace traindeck::metrics {

bool Alarm::failing() const {
    return kind == AlarmKind::NonFiniteLoss || kind == AlarmKind::RankError || kind == AlarmKind::NodeLost ||
           kind == AlarmKind::Failed;
}

const char* alarmKey(AlarmKind kind) {
    switch (kind) {
    case AlarmKind::NonFiniteLoss: return "nonfinite_loss";
    case AlarmKind::RankError: return "rank_error";
    case AlarmKind::NodeLost: return "node_lost";
    case AlarmKind::Stalled: return "stalled";
    case AlarmKind::Restarted: return "restarted";
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
        return Text(TD_TEXT("Watch", "node %1 is lost: %2"),
                    {Text::value(std::to_string(rank)), Text::value(printable(detail, 200))});
    case AlarmKind::Stalled:
        return Text(TD_TEXT("Watch", "no new step since step %1 for %2 s"), {stepText, Text::value(detail)});
    case AlarmKind::Restarted:
        return Text(TD_TEXT("Watch", "restarted at step %1: later points replace the earlier ones"), {stepText});
    case AlarmKind::Ended:
        return Text(TD_TEXT("Watch", "the run ended at step %1: %2"), {stepText, Text::value(metric)});
    case AlarmKind::Failed:
        return Text(TD_TEXT("Watch", "the run failed at step %1"), {stepText});
    }
    return {};
}

}  // namespace traindeck::metrics
