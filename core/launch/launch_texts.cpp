#include "launch_texts.h"

#include <csignal>
#include <cstring>

namespace traindeck::launch {

namespace {

Text number(long long n) { return Text::value(std::to_string(n)); }

}  // namespace

Text nodeStateText(const NodeRow& row) {
    if (!row.state) {
        if (row.checkFailed) return Text(TD_TEXT("Launch", "check failed"));
        return row.notStarted ? Text(TD_TEXT("Launch", "not started")) : Text();
    }
    if (*row.state == NodeState::Exited && row.status >= 0)
        return Text(TD_TEXT("Launch", "exited %1"), {number(row.status)});
    return stateText(*row.state);
}

Text nodeReasonText(const NodeRow& row) {
    if (!row.reason.empty()) return row.reason;
    if (row.state != NodeState::Exited) return {};
    // A node the launcher stopped was not what failed: say so, and how it ended when a signal ended it.
    // One it stopped because it had failed ended by the launcher's SIGTERM, or as it failed: a rank
    // killed from outside (an OOM killer, kill -9) reads "killed (SIGKILL)", never "stopped".
    const char* signal = row.status > 128 && row.status < 128 + 65 ? sigabbrev_np(row.status - 128) : nullptr;
    if (row.stopped || (row.stoppedForItsFailure && row.status == 128 + SIGTERM)) {
        const Text stopped =
            signal ? Text(TD_TEXT("Launch", "stopped (SIG%1)"), {Text::value(signal)}) : Text(TD_TEXT("Launch", "stopped"));
        // What the stop saved, where the workload speaks the metrics protocol (a `checkpoint` event
        // once one is durable); a workload that reports nothing is not said to have saved nothing.
        if (row.checkpointStep && !row.checkpointPath.empty())
            return Text(TD_TEXT("Launch", "%1; checkpoint written: %2"), {stopped, Text::value(row.checkpointPath)});
        if (row.checkpointStep)
            return Text(TD_TEXT("Launch", "%1; checkpoint of step %2 written"), {stopped, number(*row.checkpointStep)});
        if (row.lastStep) return Text(TD_TEXT("Launch", "%1; no checkpoint was reported"), {stopped});
        return stopped;
    }
    // A status the exit itself explains (a signal's 128 + N, none at all) is said; a plain one is the state's.
    if (row.status < 0 || signal) return exitText(row.status);
    return {};
}

Text nodeSummaryText(const NodeRow& row) {
    const Text state = nodeStateText(row), reason = nodeReasonText(row);
    if (state.empty()) return reason.empty() ? Text(TD_TEXT("Launch", "not started")) : reason;
    if (reason.empty()) return state;
    return Text(TD_TEXT("Launch", "%1: %2"), {state, reason});
}

Text preflightText(const Event& e) {
    return Text(e.ok ? TD_TEXT("Launch", "ok   %1: %2") : TD_TEXT("Launch", "FAIL %1: %2"), {Text::value(e.check), e.message});
}

Text endText(const LaunchEnd& end) {
    switch (end.status) {
    case EndStatus::DryRun: return Text(TD_TEXT("Launch", "Every node passed the checks: ready to start."));
    case EndStatus::Completed: return Text(TD_TEXT("Launch", "The run completed: every node exited 0."));
    case EndStatus::Interrupted: return Text(TD_TEXT("Launch", "The run was stopped; every node has ended."));
    case EndStatus::Failed:
        if (end.kind == FailureKind::Node)  // the reason names the node's host
            return Text(TD_TEXT("Launch", "Node %1 failed first: %2. Every other node was stopped."), {number(end.node), end.why});
        if (end.node < 0) return Text(TD_TEXT("Launch", "Nothing was started: %1"), {end.why});
        return Text(TD_TEXT("Launch", "Nothing was started. Node %1: %2"), {number(end.node), end.why});
    }
    return {};
}

Text dryRunField() { return Text::field("launch.dry_run", "--dry-run"); }

Text endLine(const LaunchEnd& end) {
    switch (end.status) {
    case EndStatus::Completed: return Text(TD_TEXT("Launch", "completed"));
    case EndStatus::DryRun: return Text(TD_TEXT("Launch", "pre-flight passed, nothing started or copied (%1)"), {dryRunField()});
    case EndStatus::Interrupted: return Text(TD_TEXT("Launch", "interrupted"));
    case EndStatus::Failed: return Text(TD_TEXT("Launch", "failed: %1"), {end.why});
    }
    return {};
}

Text jobSubmittedText(const std::string& jobId) { return Text(TD_TEXT("Launch", "submitted job %1"), {Text::value(jobId)}); }

Text jobAttachedText(const std::string& jobId, const std::string& runDir) {
    return Text(TD_TEXT("Launch", "attached to job %1 of run folder %2"), {Text::value(jobId), Text::value(runDir)});
}

Text jobStoppingText(const std::string& jobId, double graceSeconds) {
    if (jobId.empty()) return Text(TD_TEXT("Launch", "stopping before the job was submitted"));
    return Text(TD_TEXT("Launch", "stopping job %1: SIGTERM to its tasks, scancel after %2 s; waiting until Slurm says it ended"),
                {Text::value(jobId), number(static_cast<long long>(graceSeconds))});
}

Text jobEndText(const LaunchEnd& end, const std::string& jobId, const std::string& runDir) {
    const Text job = Text::value(jobId);
    switch (end.status) {
    case EndStatus::Completed: return Text(TD_TEXT("Launch", "job %1 completed"), {job});
    case EndStatus::DryRun:
        return Text(TD_TEXT("Launch", "checked against the cluster: it can take this plan; its files are in %1"),
                    {Text::value(runDir + "/files")});
    case EndStatus::Interrupted:
        if (jobId.empty()) return Text(TD_TEXT("Launch", "interrupted"));
        // The stop first; how Slurm then ended the job (often FAILED, exit code 143) after.
        return end.why.empty() ? Text(TD_TEXT("Launch", "job %1 was stopped"), {job})
                               : Text(TD_TEXT("Launch", "job %1 was stopped (Slurm: %2)"), {job, end.why});
    case EndStatus::Failed:
        return jobId.empty() ? Text(TD_TEXT("Launch", "failed: %1"), {end.why})
                             : Text(TD_TEXT("Launch", "job %1 failed: %2"), {job, end.why});
    }
    return {};
}

}  // namespace traindeck::launch
