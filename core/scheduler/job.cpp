#include "job.h"

namespace traindeck::scheduler {

bool isFinal(JobState s) { return s != JobState::Pending && s != JobState::Running; }

const char* jobStateName(JobState s) {
    switch (s) {
    case JobState::Pending: return "pending";
    case JobState::Running: return "running";
    case JobState::Completed: return "completed";
    case JobState::Failed: return "failed";
    case JobState::Cancelled: return "cancelled";
    case JobState::Gone: return "gone";
    }
    return "?";
}

Text jobStateText(JobState s) {
    switch (s) {
    case JobState::Pending: return Text(TD_TEXT("Scheduler", "pending"));
    case JobState::Running: return Text(TD_TEXT("Scheduler", "running"));
    case JobState::Completed: return Text(TD_TEXT("Scheduler", "completed"));
    case JobState::Failed: return Text(TD_TEXT("Scheduler", "failed"));
    case JobState::Cancelled: return Text(TD_TEXT("Scheduler", "cancelled"));
    case JobState::Gone: return Text(TD_TEXT("Scheduler", "no longer known to the scheduler"));
    }
    return Text::value("?");
}

Text jobStatusText(const JobStatus& s) {
    const Text nodes = Text::value(s.nodes), reason = Text::value(s.reason), name = Text::value(s.name);
    switch (s.state) {
    case JobState::Pending:
        return s.reason.empty() || s.reason == "None" ? Text(TD_TEXT("Scheduler", "pending"))
                                                      : Text(TD_TEXT("Scheduler", "pending (%1)"), {reason});
    case JobState::Running:
        return s.nodes.empty() ? Text(TD_TEXT("Scheduler", "running")) : Text(TD_TEXT("Scheduler", "running on %1"), {nodes});
    case JobState::Completed:
        return Text(TD_TEXT("Scheduler", "%1, exit code 0"), {name});
    case JobState::Failed:
    case JobState::Cancelled:
        if (s.signal != 0)
            return Text(TD_TEXT("Scheduler", "%1, ended by signal %2"), {name, Text::value(std::to_string(s.signal))});
        return Text(TD_TEXT("Scheduler", "%1, exit code %2"), {name, Text::value(std::to_string(s.exitCode))});
    case JobState::Gone:
        return jobStateText(s.state);
    }
    return Text::value("?");
}

}  // namespace traindeck::scheduler
