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

bool isCompleting(const JobStatus& s) { return s.state == JobState::Running && s.name == "COMPLETING"; }

Text jobStatusText(const JobStatus& s) {
    const Text nodes = Text::value(s.nodes), name = Text::value(s.name), why = jobReasonText(s.reason);
    // How an end reads: Slurm's word and status, then its reason in words where it says more.
    const auto ended = [&](const Text& how) {
        if (why.empty() || s.reason == "NonZeroExitCode" || s.reason == "RaisedSignal") return how;
        return Text(TD_TEXT("Scheduler", "%1 (%2)"), {how, why});
    };
    switch (s.state) {
    case JobState::Pending:
        return why.empty() ? Text(TD_TEXT("Scheduler", "pending")) : Text(TD_TEXT("Scheduler", "pending: %1"), {why});
    case JobState::Running:
        if (isCompleting(s))
            return s.nodes.empty() ? Text(TD_TEXT("Scheduler", "completing: its tasks ended, Slurm is releasing its nodes"))
                                   : Text(TD_TEXT("Scheduler", "completing: its tasks ended, Slurm is releasing %1"), {nodes});
        return s.nodes.empty() ? Text(TD_TEXT("Scheduler", "running")) : Text(TD_TEXT("Scheduler", "running on %1"), {nodes});
    case JobState::Completed:
        return Text(TD_TEXT("Scheduler", "%1, exit code 0"), {name});
    case JobState::Failed:
    case JobState::Cancelled:
        if (s.signal != 0)
            return ended(Text(TD_TEXT("Scheduler", "%1, ended by signal %2"), {name, Text::value(std::to_string(s.signal))}));
        return ended(Text(TD_TEXT("Scheduler", "%1, exit code %2"), {name, Text::value(std::to_string(s.exitCode))}));
    case JobState::Gone:
        return jobStateText(s.state);
    }
    return Text::value("?");
}

}  // namespace traindeck::scheduler
